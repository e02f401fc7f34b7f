"""Calendar links: "Add to calendar" for one class, and a teacher's subscribable feed.

Plain <a> elements (`plain_link`: React Router would take these addresses for pages) to files
the server builds (student_portal/sharing): a phone hands an .ics download to its calendar app,
and a webcal:// address to its subscription dialog. No script.
"""

from __future__ import annotations

import reflex as rx

from student_portal.components.buttons import SECONDARY
from student_portal.components.icons import icon
from student_portal.components.links import plain_link
from student_portal.i18n.texts import Text

_LINK = SECONDARY


def add_to_calendar(href: rx.Var[str], name: rx.Var[str]) -> rx.Component:
    """One class as an .ics file; its name is told to screen readers (many such links a day)."""
    return plain_link(
        icon("calendar", "size-5"),
        Text.ADD_TO_CALENDAR,
        rx.el.span(": ", name, class_name="sr-only"),
        href=href,
        download="class.ics",
        type="text/calendar",
        data_testid="add-to-calendar",
        class_name=_LINK,
    )


def calendar_subscription(subscribe_url: rx.Var[str], feed_url: rx.Var[str]) -> rx.Component:
    """A teacher's upcoming classes: subscribe (webcal://), or copy the .ics address."""
    return rx.cond(
        feed_url != "",
        rx.el.div(
            rx.el.div(
                plain_link(
                    icon("calendar", "size-5"),
                    Text.SUBSCRIBE_TO_CLASSES,
                    href=subscribe_url,
                    data_testid="calendar-subscribe",
                    class_name=_LINK,
                ),
                plain_link(
                    Text.CALENDAR_FEED,
                    href=feed_url,
                    type="text/calendar",
                    data_testid="calendar-feed",
                    class_name="inline-flex min-h-11 items-center px-2 font-medium text-blue-800 underline",
                ),
                class_name="flex flex-wrap items-center gap-2",
            ),
            rx.el.p(Text.CALENDAR_FEED_HINT, class_name="text-sm text-slate-600"),
            class_name="flex flex-col items-center gap-1 sm:items-start",
        ),
    )
