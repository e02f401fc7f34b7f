"""The count above a long list and the Show more button under it (state/paging.py)."""

from __future__ import annotations

import reflex as rx

from student_portal.components.buttons import SECONDARY
from student_portal.i18n.texts import Text


def list_count(state: type[rx.State]) -> rx.Component:
    """ "1,284 recordings": how many match the filters, over the whole catalog (a live region,
    so a screen reader hears the new count after a search)."""
    return rx.cond(
        state.total > 0,
        rx.el.p(
            state.count,
            role="status",
            aria_live="polite",
            data_testid="list-count",
            class_name="text-sm text-slate-600",
        ),
        rx.fragment(),
    )


def show_more_button(state: type[rx.State]) -> rx.Component:
    """Adds the next page of cards; gone once every matching card is shown."""
    return rx.cond(
        state.more,
        rx.el.button(
            Text.SHOW_MORE_ROWS,
            type="button",
            on_click=state.show_more,
            data_testid="show-more",
            class_name=f"{SECONDARY} self-center px-6",
        ),
        rx.fragment(),
    )
