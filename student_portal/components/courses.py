"""Static tuition class cards (/courses), built from local sample data at compile time."""

from __future__ import annotations

import reflex as rx

from student_portal import routes
from student_portal.components.buttons import SECONDARY, WHATSAPP
from student_portal.components.icons import icon
from student_portal.components.image import image
from student_portal.components.links import external_link, internal_link
from student_portal.constants import SHOP_WHATSAPP_NUMBER
from student_portal.i18n import format_number, ngettext
from student_portal.i18n.texts import Text
from student_portal.utils.phone import whatsapp_link
from student_portal.utils.sample_data import Tuition


def course_card(course: Tuition, *, eager: bool = False) -> rx.Component:
    return rx.el.article(
        image(
            src=course.cover_url,
            alt="",
            width=640,
            height=360,
            eager=eager,
            class_name="aspect-video w-full rounded-t-lg bg-slate-200 object-cover",
        ),
        rx.el.div(
            rx.el.div(
                rx.el.span(
                    icon("book", "size-4"),
                    ngettext("{count} Lesson", "{count} Lessons", course.count).format(
                        count=format_number(course.count)
                    ),
                    class_name="inline-flex items-center gap-1.5",
                ),
                rx.el.span(
                    icon("star", "size-4 fill-amber-400 text-amber-500"),
                    Text.COURSE_RATING,
                    class_name="inline-flex items-center gap-1",
                ),
                class_name="flex items-center justify-between text-sm text-slate-700",
            ),
            rx.el.h2(course.title, class_name="text-lg font-semibold text-slate-900"),
            rx.el.p(
                image(src=course.image_url, alt="", width=32, height=32, class_name="size-8 rounded-full"),
                course.instructor,
                class_name="flex items-center gap-2 text-sm text-slate-800",
            ),
            rx.el.div(
                external_link(
                    Text.JOIN_NOW,
                    rx.el.span(" ", course.title, class_name="sr-only"),
                    href=whatsapp_link(SHOP_WHATSAPP_NUMBER, Text.join_message(course.title)) or "",
                    class_name=f"{WHATSAPP} flex-1",
                ),
                internal_link(
                    Text.KNOW_DETAILS,
                    rx.el.span(" ", course.title, class_name="sr-only"),
                    href=routes.PROFILE,
                    class_name=f"{SECONDARY} flex-1",
                ),
                class_name="mt-auto flex flex-wrap gap-2 pt-2",
            ),
            class_name="flex flex-1 flex-col gap-3 p-4",
        ),
        data_testid="course-card",
        class_name="flex flex-col rounded-lg border border-slate-200 bg-white shadow-sm",
    )
