"""Tuition classes as course cards (/courses), from local sample data."""

import reflex as rx

from student_portal import routes
from student_portal.components.courses import course_card
from student_portal.components.headings import page_heading
from student_portal.components.layout import site_page
from student_portal.i18n import N_, gettext
from student_portal.utils.sample_data import TUITION

_FIRST_ROW = 3


@site_page(
    route=routes.COURSES,
    title=N_("Courses"),
    description=N_("Tuition courses for A/L and O/L students in Sri Lanka: maths, physics, chemistry, ICT and more."),
)
def courses() -> rx.Component:
    return rx.el.div(
        page_heading(
            gettext("Courses"),
            gettext("Tuition courses by experienced teachers. Join on WhatsApp or see the teachers' classes."),
        ),
        rx.el.div(
            *[course_card(course, eager=i < _FIRST_ROW) for i, course in enumerate(TUITION)],
            class_name="grid gap-4 sm:grid-cols-2 lg:grid-cols-3",
        ),
        class_name="flex flex-col gap-6",
    )
