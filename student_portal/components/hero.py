"""The home page's hero: welcome, four shortcuts and the five social channels."""

from __future__ import annotations

import reflex as rx

from student_portal.components.icons import icon
from student_portal.components.links import external_link, internal_link
from student_portal.i18n import gettext
from student_portal.i18n.texts import Text
from student_portal.routes.navigation import HOME_SHORTCUTS, SOCIAL_CHANNELS


def hero() -> rx.Component:
    return rx.el.section(
        rx.el.h1(Text.WELCOME, class_name="text-3xl font-bold tracking-tight sm:text-4xl"),
        rx.el.p(Text.WELCOME_LEAD, class_name="max-w-2xl text-lg text-blue-50"),
        rx.el.nav(
            *[
                internal_link(
                    gettext(label),
                    href=url,
                    class_name="flex min-h-11 items-center justify-center rounded-lg bg-white px-4 py-2 text-center "
                    "font-semibold text-blue-800 shadow-sm hover:bg-blue-50 focus-visible:outline-2 "
                    "focus-visible:outline-offset-2 focus-visible:outline-white",
                )
                for label, url in HOME_SHORTCUTS
            ],
            aria_label=gettext("Shortcuts"),
            class_name="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap",
        ),
        rx.el.div(
            rx.el.h2(Text.FOLLOW_US, class_name="text-sm font-semibold tracking-wide text-blue-100 uppercase"),
            rx.el.ul(
                *[
                    rx.el.li(
                        external_link(
                            gettext(label),
                            icon("external", "size-4"),
                            href=url,
                            class_name="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-white/40 "
                            "px-4 text-sm font-medium text-white hover:bg-white/10 focus-visible:outline-2 "
                            "focus-visible:outline-white",
                        )
                    )
                    for label, url in SOCIAL_CHANNELS
                ],
                class_name="flex flex-wrap gap-2",
            ),
            class_name="flex flex-col gap-2",
        ),
        class_name="flex flex-col gap-5 rounded-2xl bg-gradient-to-br from-blue-800 to-blue-600 px-5 py-8 "
        "text-white sm:px-8 sm:py-10",
    )
