"""A month calendar: `react-calendar` 6, wrapped (Reflex has none without Radix Themes).

Days are plain 'YYYY-MM-DD' strings on both sides. The browser turns a clicked day into that
string with its own local calendar (`toLocaleDateString('sv-SE')`; `toISOString()` would give
the day before for anyone east of UTC, i.e. every Sri Lankan student), and builds the shown
Date from the string's parts the same way. The state decides which time zone a day means
(state/schedule.py: Asia/Colombo).

It renders in the browser only (NoSSRComponent): the calendar's "today" is the visitor's.
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex_base.vars import VarData

_DAY_FROM_DATE = "{date}.toLocaleDateString('sv-SE')"


def _clicked_day(value: rx.Var) -> tuple[rx.Var[str]]:
    return (rx.Var(_DAY_FROM_DATE.format(date=value)).to(str),)


class ReactCalendar(rx.NoSSRComponent):
    library = "react-calendar@6.0.1"
    tag = "Calendar"
    is_default = True

    value: rx.Var[object]
    calendar_type: rx.Var[str]
    locale: rx.Var[str]
    min_detail: rx.Var[str]
    max_detail: rx.Var[str]
    prev2_label: rx.Var[object]
    next2_label: rx.Var[object]
    tile_class_name: rx.Var[object]
    on_click_day: rx.EventHandler[_clicked_day]

    def add_imports(self) -> dict[str, Any]:
        # Our look for the month view (react-calendar's own CSS would beat Tailwind: see the file).
        return {"": rx.asset("calendar.css", shared=True).importable_path}


def _date_of(day: rx.Var[str]) -> rx.Var:
    """'YYYY-MM-DD' -> a local JS Date of that calendar day (never shifted by a time zone)."""
    return rx.Var(
        f"((d) => {{ const [y, m, n] = String(d).split('-').map(Number); "
        f"return y ? new Date(y, m - 1, n) : new Date(); }})({day!s})",
        _var_data=day._get_all_var_data(),
    )


def _marked_days(days: rx.Var[list[str]], class_name: str) -> rx.Var:
    """tileClassName: `class_name` on the month tiles whose day is in `days`."""
    return rx.Var(
        f"(({{date, view}}) => (view === 'month' && ({days!s} ?? []).includes("
        f"{_DAY_FROM_DATE.format(date='date')}) ? '{class_name}' : null))",
        _var_data=VarData.merge(days._get_all_var_data()),
    )


def month_calendar(
    selected_day: rx.Var[str],
    on_pick: rx.EventHandler,
    *,
    marked_days: rx.Var[list[str]] | None = None,
    label: str = "Calendar",
) -> rx.Component:
    """A month view (no year jumps, weeks from Sunday) showing `selected_day`.

    `on_pick` receives the clicked day as 'YYYY-MM-DD'; days in `marked_days` get a dot.
    """
    props = {}
    if marked_days is not None:
        props["tile_class_name"] = _marked_days(marked_days, "has-classes")
    return rx.el.div(
        ReactCalendar.create(
            value=_date_of(selected_day),
            calendar_type="gregory",
            locale="en-GB",
            min_detail="month",
            max_detail="month",
            # A real null hides the year-jump buttons (Python None would drop the prop).
            prev2_label=rx.Var.create(None),
            next2_label=rx.Var.create(None),
            on_click_day=on_pick,
            **props,
        ),
        role="group",
        aria_label=label,
        # Reserve the month's height: the calendar renders only once its script is loaded.
        class_name="month-calendar min-h-[22rem] rounded-xl border border-slate-200 bg-white p-2",
    )
