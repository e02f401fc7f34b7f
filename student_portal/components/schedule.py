"""The home page's Class Schedule: a month calendar and the classes of the chosen day."""

from __future__ import annotations

import reflex as rx

from student_portal.components.buttons import WHATSAPP, action_row
from student_portal.components.calendar import month_calendar
from student_portal.components.calendar_links import add_to_calendar
from student_portal.components.feedback import empty_message, loading_message
from student_portal.components.links import external_link
from student_portal.components.teachers import round_avatar
from student_portal.i18n.texts import Text
from student_portal.state.schedule import ClassCard, ScheduleState


def _teacher(item: ClassCard) -> rx.Component:
    return rx.el.div(
        rx.cond(
            item.teacher_avatar,
            round_avatar(item.teacher_avatar, "size-12", "p-2"),
            rx.el.span(aria_hidden="true", class_name="size-12 shrink-0 rounded-full bg-slate-200"),
        ),
        rx.el.p(
            rx.cond(item.teacher_loading, Text.LOADING_TEACHER, item.teacher_name),
            class_name="text-sm text-slate-700",
        ),
        class_name="flex items-center gap-3",
    )


def _class_item(item: ClassCard) -> rx.Component:
    return rx.el.li(
        rx.el.h4(item.name, class_name="font-semibold text-slate-900"),
        rx.el.p(
            rx.el.time(item.clock, class_name="font-medium"),
            rx.cond(item.minutes, rx.el.span(" · ", item.minutes)),
            class_name="text-sm text-slate-700",
        ),
        _teacher(item),
        action_row(
            # Spec: a green Join Zoom Class link (the green primary, as WhatsApp's).
            rx.cond(item.zoom_url, external_link(Text.JOIN_ZOOM_CLASS, href=item.zoom_url, class_name=WHATSAPP)),
            rx.cond(item.calendar_url, add_to_calendar(item.calendar_url, item.name)),
        ),
        data_testid="class-item",
        class_name="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4",
    )


def class_schedule() -> rx.Component:
    return rx.el.section(
        rx.el.h2(Text.CLASS_SCHEDULE, id="schedule-title", class_name="text-2xl font-bold"),
        rx.cond(
            ScheduleState.loading,
            loading_message(Text.LOADING_SCHEDULE),
            rx.el.div(
                month_calendar(
                    ScheduleState.day,
                    ScheduleState.pick_day,
                    marked_days=ScheduleState.class_days,
                    label=Text.CHOOSE_DAY,
                ),
                rx.el.div(
                    rx.el.h3(ScheduleState.day_label, aria_live="polite", class_name="font-semibold text-slate-800"),
                    rx.cond(
                        ScheduleState.day_classes,
                        rx.el.ul(rx.foreach(ScheduleState.day_classes, _class_item), class_name="grid gap-3"),
                        empty_message(Text.NO_CLASSES_TODAY),
                    ),
                    class_name="flex flex-col gap-3",
                ),
                class_name="grid items-start gap-6 md:grid-cols-2",
            ),
        ),
        aria_labelledby="schedule-title",
        class_name="flex flex-col gap-4",
    )
