"""What a page without built HTML of its own shows from the first paint until its scripts draw it.

The build writes each page's HTML with the page in it, except for addresses that hold an id (a
teacher's classes /class/<id>, a news item /news/<id>, an O/L or A/L folder /ol/<id>, /al/<id>) and
unknown addresses: those get React Router's one fallback page, which was empty, so a link to a
teacher or a news item shared on WhatsApp stayed blank until ~165 KB of scripts had come and run
(Lighthouse, slow 4G: first paint 1.5-1.8 s, against ~1.0 s for a page with its own HTML).
This frame is that fallback's body (rx.App's `hydrate_fallback`): the header bar with the site's
mark, and grey blocks where the page's content will be, until the page replaces it.

One fallback serves every language, so it holds no words but the site's name; nothing in it is
a link or a button (a tap before the page is drawn would otherwise lose the visitor's language).
"""

from __future__ import annotations

import reflex as rx

from student_portal.components.footer import FOOTER_ID
from student_portal.components.header import BAR, ROW, logo_badge
from student_portal.constants import SITE_NAME

_BLOCK = "rounded-lg bg-slate-200 motion-safe:animate-pulse"


def loading_frame() -> rx.Component:
    return rx.el.div(
        rx.el.header(
            rx.el.div(
                rx.el.div(
                    logo_badge(),
                    rx.el.span(SITE_NAME, class_name="font-semibold text-slate-900"),
                    class_name="flex items-center gap-2",
                ),
                class_name=ROW,
            ),
            class_name=BAR,
        ),
        rx.el.main(
            rx.el.div(class_name=f"h-8 w-2/3 max-w-md {_BLOCK}"),
            rx.el.div(class_name=f"h-4 w-full max-w-xl {_BLOCK}"),
            rx.el.div(
                *[rx.el.div(class_name=f"h-56 {_BLOCK}") for _ in range(4)],
                class_name="grid gap-4 sm:grid-cols-2 lg:grid-cols-4",
            ),
            aria_busy="true",
            data_testid="loading-frame",
            class_name="mx-auto flex min-h-screen w-full max-w-6xl flex-col gap-4 px-4 py-6",
        ),
        # Where every page's first paint may start (the `expect` link in student_portal.py waits
        # for the footer): here, the frame is complete.
        rx.el.div(id=FOOTER_ID),
    )
