"""The header's Login / Logout button (spec "Layout", 2 "Login", 4 "Auth")."""

from __future__ import annotations

import reflex as rx

from student_portal import routes
from student_portal.components.auth_dialog import auth_dialog
from student_portal.components.icons import icon
from student_portal.components.links import internal_link
from student_portal.constants import StorageKey
from student_portal.i18n.texts import Text
from student_portal.state.auth import AuthState

_BUTTON = (
    "inline-flex min-h-11 shrink-0 items-center gap-1 rounded-md bg-blue-700 px-2 py-2 text-sm font-semibold "
    "sm:ml-1 sm:px-3 "
    "text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 "
    "focus-visible:outline-blue-800 disabled:cursor-wait disabled:bg-blue-500"
)


def login_link() -> rx.Component:
    # assets/head.js keeps the page to come back to after sign-in, under sessionStorage's key
    # named here, in the click itself: before the link navigates, and before the app has started.
    return internal_link(Text.LOGIN, href=routes.LOGIN, data_remember_page=StorageKey.REDIRECT, class_name=_BUTTON)


def logout_button() -> rx.Component:
    return rx.el.button(
        rx.cond(
            AuthState.logging_out,
            # Phones have no room for the long label beside the tabs: a spinner shows it there.
            rx.fragment(
                icon("spinner", "size-5 animate-spin sm:hidden"),
                rx.el.span(Text.LOGGING_OUT, class_name="sr-only sm:not-sr-only"),
            ),
            Text.LOGOUT,
        ),
        type="button",
        on_click=AuthState.logout,
        disabled=AuthState.logging_out,
        aria_busy=AuthState.logging_out,
        class_name=_BUTTON,
    )


def auth_button() -> rx.Component:
    return rx.fragment(
        rx.cond(AuthState.is_authenticated, logout_button(), login_link()),
        auth_dialog(),
    )
