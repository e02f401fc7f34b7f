"""A real 404 page for unknown routes."""

import reflex as rx

from student_portal import routes
from student_portal.components.layout import site_page
from student_portal.components.links import internal_link
from student_portal.i18n import N_, gettext
from student_portal.i18n.texts import Text


@site_page(route=routes.NOT_FOUND, title=Text.PAGE_NOT_FOUND, description=N_("This page does not exist."))
def not_found() -> rx.Component:
    return rx.el.section(
        rx.el.p("404", class_name="text-6xl font-bold text-blue-700"),
        rx.el.h1(Text.PAGE_NOT_FOUND, class_name="text-2xl font-semibold"),
        rx.el.p(gettext("The link may be old or mistyped.")),
        internal_link(
            gettext("Go to the home page"),
            href=routes.HOME,
            class_name="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800",
        ),
        class_name="flex flex-col items-center gap-4 py-16 text-center",
    )
