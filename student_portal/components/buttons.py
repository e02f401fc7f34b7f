"""Button-looking links shared by the list pages. Every one is at least 44 px tall."""

from __future__ import annotations

import reflex as rx

from student_portal.components.icons import icon
from student_portal.components.links import external_link, internal_link, plain_link
from student_portal.i18n.texts import Text

_FOCUS = "focus-visible:outline-4 focus-visible:outline-offset-2"
_BUTTON = "inline-flex h-11 items-center justify-center gap-2 rounded-lg px-4 font-semibold"
PRIMARY = f"{_BUTTON} bg-blue-700 text-white hover:bg-blue-800 {_FOCUS} focus-visible:outline-blue-900"
WHATSAPP = f"{_BUTTON} bg-green-700 text-white hover:bg-green-800 {_FOCUS} focus-visible:outline-green-900"
OUTLINE = (
    f"{_BUTTON} border border-blue-700 bg-white text-blue-800 hover:bg-blue-50 {_FOCUS} focus-visible:outline-blue-900"
)


def show_more_link(href: str | rx.Var[str]) -> rx.Component:
    """Show More under a preview, to the page with the whole list."""
    return internal_link(Text.SHOW_MORE, href=href, class_name=f"{OUTLINE} self-center px-6")


def contact_link(
    label: str, href: rx.Var[str], icon_name: str, style: str, subject: rx.Var[str], *, external: bool = False
) -> rx.Component:
    """Call / WhatsApp / Email for a listing; left out when the listing has no usable value.

    `subject` (the company, the room) completes the accessible name: "Call DataX Lanka".
    """
    children = (icon(icon_name), label, rx.el.span(" ", subject, class_name="sr-only"))
    link = (
        external_link(*children, href=href, class_name=style)
        if external
        else plain_link(*children, href=href, class_name=style)
    )
    return rx.cond(href != "", link, rx.fragment())
