"""We Are Proud: the site's fixed figures (spec 9: 63, 20, 4)."""

from __future__ import annotations

import reflex as rx

from student_portal.i18n import format_number, gettext
from student_portal.i18n.texts import Text


def proud_stats() -> rx.Component:
    # The old site printed this block twice (a duplicated block in its markup); one copy
    # says the same thing, so we show it once.
    return rx.el.section(
        rx.el.h2(Text.WE_ARE_PROUD, id="proud-title", class_name="text-2xl font-bold"),
        rx.el.dl(
            *[
                rx.el.div(
                    rx.el.dt(gettext(label), class_name="text-sm font-medium text-slate-600"),
                    rx.el.dd(format_number(figure), class_name="text-4xl font-bold text-blue-700"),
                    class_name="flex flex-col-reverse items-center gap-1 rounded-xl bg-white p-5 text-center shadow-sm",
                )
                for figure, label in Text.STATS
            ],
            class_name="grid gap-3 sm:grid-cols-3",
        ),
        aria_labelledby="proud-title",
        class_name="flex flex-col gap-4",
    )
