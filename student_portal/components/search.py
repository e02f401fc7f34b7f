"""The search text shown after an empty-state message (spec: "No notes found plus the search
text"), written as /youtube writes it."""

from __future__ import annotations

import reflex as rx


def no_match_detail(query: rx.Var) -> rx.Component:
    """` for "text"` after the message; nothing without a search."""
    return rx.cond(query.strip() != "", rx.el.span(' for "', query.strip(), '"'), rx.fragment())
