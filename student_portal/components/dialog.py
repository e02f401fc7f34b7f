"""A native <dialog> (no Radix): `showModal()` traps focus inside it, Esc closes it, and the
browser returns focus to the control that opened it."""

from __future__ import annotations

import reflex as rx
from reflex.event import no_args_event_spec

from student_portal.components.icons import icon
from student_portal.utils.page_actions import page_action_handler


class NativeDialog(rx.el.Dialog):
    """<dialog> with its `close` event (fired for Esc, the close button and form method=dialog)."""

    on_close: rx.EventHandler[no_args_event_spec]


def close_button(dialog_id: str, label: str) -> rx.Component:
    """An X button that closes the dialog in the browser (its `close` event does the rest)."""
    return rx.el.button(
        icon("close", "size-6"),
        rx.el.span(label, class_name="sr-only"),
        type="button",
        on_click=page_action_handler("closeDialog", dialog_id),
        class_name="flex size-11 shrink-0 items-center justify-center rounded-md text-slate-700 "
        "hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700",
    )
