"""Controls that filter a list: a labelled native <select> and a search box.

Native elements: no script to download, the phone's own picker, keyboard support for free.
Each has a visible label (screen readers and voice control both need one) and a 44 px height.
"""

from __future__ import annotations

import reflex as rx

from student_portal.components.icons import icon
from student_portal.state.options import Option

_CONTROL = (
    "h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 "
    "focus:border-blue-700 focus:outline-2 focus:outline-blue-700"
)


def _labelled(label: str, control: rx.Component, control_id: str) -> rx.Component:
    return rx.el.div(
        rx.el.label(label, html_for=control_id, class_name="text-sm font-medium text-slate-700"),
        control,
        class_name="flex min-w-0 flex-col gap-1 sm:w-60",
    )


def select_filter(
    label: str,
    *,
    control_id: str,
    value: rx.Var[str],
    on_change: rx.EventHandler,
    options: rx.Var[list[Option]] | None = None,
    all_label: str | None = None,
    fixed: list[tuple[str, str]] | None = None,
) -> rx.Component:
    """A labelled dropdown: an optional "All" entry (value ""), then `fixed` or `options`."""
    choices: list[rx.Component] = []
    if all_label is not None:
        choices.append(rx.el.option(all_label, value=""))
    if fixed is not None:
        choices.extend(rx.el.option(text, value=val) for val, text in fixed)
    if options is not None:
        choices.append(rx.foreach(options, lambda option: rx.el.option(option.label, value=option.value)))
    return _labelled(
        label,
        rx.el.select(*choices, id=control_id, value=value, on_change=on_change, class_name=_CONTROL),
        control_id,
    )


def search_box(
    label: str, *, control_id: str, value: rx.Var[str], on_change: rx.EventHandler, placeholder: str = ""
) -> rx.Component:
    """A search field that filters as the student types (debounced: one update per pause)."""
    return _labelled(
        label,
        rx.el.div(
            rx.el.span(icon("search", "size-5"), class_name="pointer-events-none absolute top-3 left-3 text-slate-500"),
            rx.debounce_input(
                rx.el.input(
                    id=control_id,
                    type="search",
                    value=value,
                    on_change=on_change,
                    placeholder=placeholder,
                    auto_complete="off",
                    enter_key_hint="search",
                    class_name=f"{_CONTROL} pl-10",
                ),
                debounce_timeout=250,
            ),
            class_name="relative",
        ),
        control_id,
    )


def filter_bar(*controls: rx.Component) -> rx.Component:
    return rx.el.div(*controls, class_name="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end")
