"""Home page (/)."""

import reflex as rx

from student_portal.components.layout import site_page


@site_page(route="/", title="Home", description="Kuppi recordings, notes, tuition classes and past papers for Sri Lankan students.")
def home() -> rx.Component:
    return rx.el.section(
        rx.el.h1("Welcome to Student Portal", class_name="text-3xl font-bold"),
    )
