"""Button-looking links shared by the list pages. Every one is at least 44 px tall."""

from __future__ import annotations

import reflex as rx

from student_portal.components.links import internal_link
from student_portal.constants import Text

_FOCUS = "focus-visible:outline-4 focus-visible:outline-offset-2"
PRIMARY = f"inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-blue-700 px-4 font-semibold text-white hover:bg-blue-800 {_FOCUS} focus-visible:outline-blue-900"
WHATSAPP = f"inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-green-700 px-4 font-semibold text-white hover:bg-green-800 {_FOCUS} focus-visible:outline-green-900"
OUTLINE = f"inline-flex h-11 items-center justify-center gap-2 rounded-lg border border-blue-700 bg-white px-4 font-semibold text-blue-800 hover:bg-blue-50 {_FOCUS} focus-visible:outline-blue-900"


def show_more_link(href: str | rx.Var[str]) -> rx.Component:
    """Show More under a preview, to the page with the whole list."""
    return internal_link(Text.SHOW_MORE, href=href, class_name=f"{OUTLINE} self-center px-6")
