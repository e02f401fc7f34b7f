"""The light/dark theme: the toggle (header on wide screens, phone menu on phones) and the
script that applies it.

assets/head.js (components/head_script.py), loaded blocking in <head>, sets the `dark` class
on <html> before the first paint (no flash): the visitor's choice from the toggle (localStorage "theme": "dark" or
"light"), else the system setting, followed live while no choice was made (and across tabs).
Tailwind's `dark:` variant uses that class (rxconfig.py darkMode "class"), and so does
assets/styles/dark.css, which gives the palette its dark values.

The toggle is a plain button marked data-theme-toggle: the script's one click listener on the
document handles it, so it works before React has loaded and costs no server round trip. Which
of its two faces shows, and so its accessible name, follows the class through `dark:`: nothing
has to keep it up to date.
"""

from __future__ import annotations

import reflex as rx

from student_portal.components.icons import icon
from student_portal.i18n.texts import Text


def _face(name: str, label: str, shown: str, with_label: bool) -> rx.Component:
    return rx.el.span(
        icon(name, "size-5"),
        rx.el.span(label, class_name="" if with_label else "sr-only"),
        class_name=f"{shown} items-center gap-2",
    )


def theme_toggle(class_name: str, *, with_label: bool = False) -> rx.Component:
    return rx.el.button(
        _face("moon", Text.USE_DARK_THEME, "flex dark:hidden", with_label),
        _face("sun", Text.USE_LIGHT_THEME, "hidden dark:flex", with_label),
        type="button",
        data_theme_toggle="",
        class_name=f"{class_name} rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 "
        "focus-visible:outline-blue-700",
    )
