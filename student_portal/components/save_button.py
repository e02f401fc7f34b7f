"""The Save (bookmark) toggle on a card: saved items are listed on /saved."""

from __future__ import annotations

import reflex as rx

from student_portal.components.buttons import ICON, ICON_ON, icon_label
from student_portal.components.icons import icon
from student_portal.i18n.texts import Text
from student_portal.state.favourites import FavouritesState


def save_button(kind: str, item_id: rx.Var[str], name: rx.Var[str]) -> rx.Component:
    """Save / Saved for one item: an ICON toggle (aria-pressed) whose accessible name ends with
    `name`; the bookmark fills when the item is saved."""
    key = rx.Var.create(f"{kind}:") + item_id
    saved = FavouritesState.saved.contains(key)
    label = rx.cond(saved, Text.SAVED, Text.SAVE)
    return rx.el.button(
        rx.cond(saved, icon("bookmark", "size-5 fill-current"), icon("bookmark", "size-5")),
        icon_label(label, name),
        type="button",
        title=label,
        aria_pressed=rx.cond(saved, "true", "false"),
        disabled=FavouritesState.busy == key,
        on_click=FavouritesState.toggle(kind, item_id),
        data_testid="save-button",
        class_name=rx.cond(saved, ICON_ON, ICON),
    )
