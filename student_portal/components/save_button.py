"""The Save (bookmark) toggle on a card: saved items are listed on /saved."""

from __future__ import annotations

import reflex as rx

from student_portal.components.icons import icon
from student_portal.i18n.texts import Text
from student_portal.state.favourites import FavouritesState

_SAVE = (
    "inline-flex h-11 shrink-0 items-center justify-center gap-1.5 rounded-lg border px-3 text-sm font-semibold "
    "focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-blue-900 disabled:cursor-wait"
)
_IDLE = f"{_SAVE} border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
_ON = f"{_SAVE} border-blue-700 bg-blue-50 text-blue-800 hover:bg-blue-100"


def save_button(kind: str, item_id: rx.Var[str], name: rx.Var[str], class_name: str = "") -> rx.Component:
    """Save / Saved for one item; a toggle (aria-pressed) whose accessible name ends with `name`."""
    key = rx.Var.create(f"{kind}:") + item_id
    saved = FavouritesState.saved.contains(key)
    return rx.el.button(
        rx.cond(saved, icon("bookmark", "size-5 fill-current"), icon("bookmark", "size-5")),
        rx.el.span(rx.cond(saved, Text.SAVED, Text.SAVE)),
        rx.el.span(" ", name, class_name="sr-only"),
        type="button",
        aria_pressed=rx.cond(saved, "true", "false"),
        disabled=FavouritesState.busy == key,
        on_click=FavouritesState.toggle(kind, item_id),
        data_testid="save-button",
        class_name=rx.cond(saved, f"{_ON} {class_name}", f"{_IDLE} {class_name}"),
    )
