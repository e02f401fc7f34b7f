"""The "connection lost" toast in the page's language (assets/connection_toast.js).

Reflex's own connection toast is part of its app-wide overlay, compiled once and in English; the
app drops it (reflex_internals.without_connection_overlay) and the common layout renders this one,
built per language like the page around it: its texts are in each language's compiled page."""

from __future__ import annotations

import reflex as rx

from student_portal.i18n.texts import Text


class ConnectionToast(rx.Component):
    library = "$/public/connection_toast.js"
    tag = "ConnectionToast"
    is_default = True

    title: rx.Var[str]
    description: rx.Var[str]


def connection_toast() -> rx.Component:
    return ConnectionToast.create(title=Text.CONNECTION_LOST, description=Text.CONNECTION_LOST_DETAIL)
