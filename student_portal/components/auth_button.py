"""The header's Login / Logout button."""

from __future__ import annotations

import reflex as rx

from student_portal.components.links import internal_link
from student_portal.constants import Text


def auth_button() -> rx.Component:
    return internal_link(
        Text.LOGIN,
        href="/login",
        class_name="ml-1 rounded-md bg-blue-700 px-3 py-2 text-sm font-semibold text-white hover:bg-blue-800",
    )
