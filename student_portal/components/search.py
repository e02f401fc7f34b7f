"""A labelled search box (case-insensitive search on names, spec 5)."""

from __future__ import annotations

import reflex as rx

from student_portal.components.icons import icon


def search_box(label: str, value: rx.Var, on_change, box_id: str) -> rx.Component:
    return rx.el.div(
        rx.el.label(label, html_for=box_id, class_name="sr-only"),
        rx.el.span(icon("search", "size-5"), class_name="pointer-events-none absolute top-3 left-3 text-slate-500"),
        rx.el.input(
            id=box_id,
            type="search",
            value=value,
            on_change=on_change.debounce(250),
            placeholder=label,
            auto_complete="off",
            class_name="min-h-11 w-full rounded-lg border border-slate-400 bg-white py-2 pr-3 pl-10 text-base "
            "text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-700",
        ),
        class_name="relative w-full sm:max-w-md",
    )


def no_match_detail(query: rx.Var) -> rx.Component:
    """The search text after an empty-state message: ` for "text"` (nothing without a search)."""
    return rx.cond(query.strip() != "", rx.el.span(' for "', query.strip(), '"'), rx.fragment())
