"""The header's Login / Logout button (spec "Layout", 2 "Login", 4 "Auth")."""

from __future__ import annotations

import reflex as rx

from student_portal import routes
from student_portal.accounts.texts import AccountText
from student_portal.components.auth_dialog import auth_dialog
from student_portal.components.icons import icon
from student_portal.components.links import internal_link
from student_portal.constants import StorageKey
from student_portal.i18n.texts import Text
from student_portal.state.auth import AuthState
from student_portal.utils.page_actions import page_action_handler

_BUTTON = (
    "inline-flex min-h-11 shrink-0 items-center gap-1 rounded-md bg-blue-700 px-2 py-2 text-sm font-semibold "
    "sm:ml-1 sm:px-3 "
    "text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 "
    "focus-visible:outline-blue-800 disabled:cursor-wait disabled:bg-blue-500"
)

# Runs in the click itself, before the link navigates: the page to come back to after sign-in.
_REMEMBER_PAGE = page_action_handler("rememberPath", StorageKey.REDIRECT)


def login_link() -> rx.Component:
    return internal_link(Text.LOGIN, href=routes.LOGIN, on_click=_REMEMBER_PAGE, class_name=_BUTTON)


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


def account_link() -> rx.Component:
    """The signed-in student's account page (an icon: the header has no room for a word on phones)."""
    return internal_link(
        icon("user", "size-5"),
        rx.el.span(AccountText.ACCOUNT, class_name="sr-only"),
        href=routes.ACCOUNT,
        title=AccountText.ACCOUNT,
        data_testid="account-link",
        # Only from 1536 px: below, the header's row is full (measured at 360 and 1280 px), and the
        # link is in the menu below 1024 px (components/header.py).
        class_name="hidden size-11 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 "
        "focus-visible:outline-2 focus-visible:outline-blue-700 2xl:flex",
    )


def auth_button() -> rx.Component:
    return rx.fragment(
        rx.cond(AuthState.is_authenticated, rx.fragment(account_link(), logout_button()), login_link()),
        auth_dialog(),
    )
