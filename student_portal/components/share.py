"""The Share button: the system share sheet where the browser has one (assets/share.js), else a
WhatsApp link that carries the title and address (works without script)."""

from __future__ import annotations

import reflex as rx

from student_portal.components.buttons import OUTLINE
from student_portal.components.icons import icon
from student_portal.components.links import external_link
from student_portal.constants import Text

SHARE_SCRIPT = "share.js"


def share_script() -> rx.Component:
    """For the page head: one small deferred file, cached by the browser."""
    return rx.el.script(src=rx.asset(SHARE_SCRIPT), defer=True)


def share_button(title: rx.Var[str], url: rx.Var[str], whatsapp: rx.Var[str]) -> rx.Component:
    """Left out when there is nothing to share (no address)."""
    return rx.cond(
        whatsapp != "",
        external_link(
            icon("share", "size-5"),
            Text.SHARE,
            rx.el.span(" ", title, class_name="sr-only"),
            href=whatsapp,
            data_share_url=url,
            data_share_title=title,
            data_testid="share",
            class_name=f"{OUTLINE} self-start",
        ),
    )
