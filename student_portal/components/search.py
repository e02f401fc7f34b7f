"""The search text shown after an empty-state message (spec: "No notes found plus the search
text"), written as /youtube writes it."""

from __future__ import annotations

import reflex as rx

from student_portal.i18n import gettext


def no_match_detail(query: rx.Var) -> rx.Component:
    """` for "text"` after the message; nothing without a search."""
    before, after = gettext(' for "{query}"').format(query="\0").split("\0")
    return rx.cond(query.strip() != "", rx.el.span(before, query.strip(), after), rx.fragment())
