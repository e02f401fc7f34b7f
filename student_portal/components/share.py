"""The Share button: a WhatsApp link that carries the title and address (made in the browser),
or the system share sheet where the browser has one: both in assets/share_link.js."""

from __future__ import annotations

import reflex as rx
from reflex.vars import FunctionStringVar, VarData

from student_portal.components.buttons import ICON, SECONDARY, icon_label
from student_portal.components.icons import icon
from student_portal.components.links import external_link
from student_portal.i18n.texts import Text
from student_portal.routes.links import SHARE_TEXT_CHARS, WHATSAPP_SHARE

_WHATSAPP_LINK: FunctionStringVar = FunctionStringVar.create(
    "whatsappLink", _var_data=VarData(imports={rx.asset("share_link.js").importable_path: ["whatsappLink"]})
)


def whatsapp_link(title: rx.Var[str], url: rx.Var[str]) -> rx.Var[str]:
    """https://wa.me/?text=<title> <url>, percent-encoded in the browser ("" without an address)."""
    return _WHATSAPP_LINK.call(WHATSAPP_SHARE, title, url, SHARE_TEXT_CHARS).to(str)


def share_button(title: rx.Var[str], url: rx.Var[str], *, words: bool = False) -> rx.Component:
    """Left out when there is nothing to share (no address). An ICON button on a card; with
    `words` (a page's own Share, under a news item) a SECONDARY one."""
    children = (
        (icon("share"), rx.el.span(Text.SHARE), rx.el.span(" ", title, class_name="sr-only"))
        if words
        else (icon("share"), icon_label(Text.SHARE, title))
    )
    return rx.cond(
        url != "",
        external_link(
            *children,
            href=whatsapp_link(title, url),
            title=None if words else Text.SHARE,
            data_share_url=url,
            data_share_title=title,
            data_testid="share",
            class_name=f"{SECONDARY} self-start" if words else ICON,
        ),
    )
