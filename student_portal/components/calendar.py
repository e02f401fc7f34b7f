"""A month calendar: `react-calendar` 6, wrapped (Reflex has none without Radix Themes).

Days are plain 'YYYY-MM-DD' strings on both sides: assets/month_calendar.js turns the clicked
Date into that string with the browser's own local calendar (`toISOString()` would give the
day before for anyone east of UTC, i.e. every Sri Lankan student), and builds the shown Date
from the string's parts the same way. The state decides which time zone a day means
(state/schedule.py: Asia/Colombo).

Its words are the page's language's, as the rest of the page writes them: month and weekday
names and patterns from the server's CLDR data (`utils.dates.browser_dates`), not the
browser's `Intl` (Chromium has no Sinhala: react-calendar wrote "November", "Sun" on /si/).

The calendar itself renders in the browser only: the calendar's "today" is the visitor's. Its
script (react-calendar, ~8 KB) is not part of the page's first download: assets/lazy_calendar.js
imports it when the calendar nears the viewport (`Limit.CALENDAR_NEAR_PX`) or is pointed at or
focused. Until then the spec's "Loading schedule..." stands in the box reserved for the
calendar: plain text while nothing is asked, a live status once the script is being fetched (a
status that stood until the student scrolled down kept every "has the page loaded?" check
waiting). If the script cannot be fetched (offline) a message says so, above a button that asks
again.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from student_portal.components.buttons import SECONDARY
from student_portal.components.feedback import error_message, loading_message, waiting_message
from student_portal.constants import Limit
from student_portal.i18n import current_language, gettext
from student_portal.i18n.languages import Language
from student_portal.i18n.texts import Text
from student_portal.utils.dates import browser_dates


def _picked_day(day: rx.Var[str]) -> tuple[rx.Var[str]]:
    return (day,)


class MonthCalendar(rx.Component):
    """react-calendar with day strings in and out (assets/month_calendar.js), imported when
    needed by assets/lazy_calendar.js."""

    library = rx.asset("lazy_calendar.js").importable_path
    lib_dependencies: list[str] = ["react-calendar@6.0.1"]
    tag = "LazyMonthCalendar"

    near_px: rx.Var[int]
    placeholder: rx.Var[rx.Component]
    loading: rx.Var[rx.Component]
    failed_message: rx.Var[rx.Component]
    retry: rx.Var[rx.Component]

    day: rx.Var[str]
    marked_days: rx.Var[list[str]]
    mark_class: rx.Var[str]
    calendar_type: rx.Var[str]
    locale: rx.Var[str]
    min_detail: rx.Var[str]
    max_detail: rx.Var[str]
    prev2_label: rx.Var[object]
    next2_label: rx.Var[object]
    prev_aria_label: rx.Var[str]
    next_aria_label: rx.Var[str]
    date_names: rx.Var[dict[str, object]]
    on_pick_day: rx.EventHandler[_picked_day]


_CALENDAR_LOCALES = {Language.EN: "en-GB", Language.SI: "si-LK", Language.TA: "ta-LK"}


def month_calendar(
    selected_day: rx.Var[str],
    on_pick: rx.EventHandler,
    *,
    marked_days: rx.Var[list[str]] | None = None,
    label: str = "",
) -> rx.Component:
    """A month view (no year jumps, weeks from Sunday) showing `selected_day`.

    `on_pick` receives the clicked day as 'YYYY-MM-DD'; days in `marked_days` get a dot.
    """
    props: dict[str, Any] = {}
    if marked_days is not None:
        props.update(marked_days=marked_days, mark_class="has-classes")
    return rx.el.div(
        MonthCalendar.create(
            near_px=Limit.CALENDAR_NEAR_PX,
            placeholder=waiting_message(Text.LOADING_SCHEDULE),
            loading=loading_message(Text.LOADING_SCHEDULE),
            failed_message=error_message(Text.CALENDAR_FAILED),
            retry=rx.el.button(Text.SHOW_CALENDAR, type="button", class_name=SECONDARY),
            # Until the calendar is here its box is the tab stop (assets/lazy_calendar.js).
            class_name="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 "
            "focus-visible:outline-blue-700",
            day=selected_day,
            calendar_type="gregory",
            # The page's language for what react-calendar still asks Intl (numbers); the names
            # and patterns come with the page (assets/month_calendar.js's formatters).
            locale=_CALENDAR_LOCALES[current_language.get()],
            date_names=browser_dates(current_language.get()),
            prev_aria_label=gettext("Previous month"),
            next_aria_label=gettext("Next month"),
            min_detail="month",
            max_detail="month",
            # A real null hides the year-jump buttons (Python None would drop the prop).
            prev2_label=rx.Var.create(None),
            next2_label=rx.Var.create(None),
            on_pick_day=on_pick,
            **props,
        ),
        role="group",
        aria_label=label or gettext("Calendar"),
        # Reserve a six-week month's height: nothing moves when the calendar replaces the
        # placeholder (the box grows with the calendar's own content otherwise).
        class_name="month-calendar flex min-h-[23rem] flex-col rounded-xl border border-slate-200 bg-white p-2",
    )
