"""Sign-in page (/login): user name or email, and password (spec 2 "Login", 5, 8)."""

from __future__ import annotations

import reflex as rx

from student_portal import routes
from student_portal.accounts.texts import AccountText
from student_portal.components.account_forms import form_notice, page_link
from student_portal.components.layout import site_page
from student_portal.i18n import N_
from student_portal.i18n.texts import Text
from student_portal.state.auth import AuthState
from student_portal.state.login import LoginState

_FIELD = (
    "min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 "
    "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700"
)


def _field(label: str, name: str, input_type: str, autocomplete: str, **props) -> rx.Component:
    return rx.el.div(
        rx.el.label(label, html_for=f"login-{name}", class_name="text-sm font-medium text-slate-800"),
        rx.el.input(
            id=f"login-{name}",
            name=name,
            type=input_type,
            auto_complete=autocomplete,
            required=True,
            class_name=_FIELD,
            **props,
        ),
        class_name="flex flex-col gap-1",
    )


def login_form() -> rx.Component:
    return rx.el.form(
        _field(
            Text.IDENTITY_LABEL,
            "identity",
            "text",
            "username",
            auto_capitalize="none",
            spell_check=False,
            auto_focus=True,
        ),
        _field(Text.PASSWORD_LABEL, "password", "password", "current-password"),
        rx.cond(
            LoginState.error != "",
            rx.el.p(
                LoginState.error,
                role="alert",
                data_testid="login-error",
                class_name="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800",
            ),
            rx.fragment(),
        ),
        rx.cond(
            LoginState.unverified,
            rx.el.button(
                rx.cond(LoginState.resending, AccountText.SENDING, AccountText.RESEND_VERIFICATION),
                type="button",
                on_click=LoginState.resend_verification,
                disabled=LoginState.resending,
                aria_busy=LoginState.resending,
                data_testid="resend-verification",
                class_name="min-h-11 rounded-md border border-blue-700 px-4 py-2 font-semibold text-blue-800 "
                "hover:bg-blue-50 disabled:cursor-wait",
            ),
            rx.fragment(),
        ),
        rx.cond(LoginState.notice != "", form_notice(LoginState.notice, "login-notice"), rx.fragment()),
        rx.el.button(
            rx.cond(LoginState.signing_in, Text.SIGNING_IN, Text.SIGN_IN),
            type="submit",
            # Disabled until the page's script runs: the prerendered form would otherwise be
            # sent by the browser itself, putting the password in the address (GET).
            disabled=LoginState.signing_in | ~rx.State.is_hydrated,
            aria_busy=LoginState.signing_in,
            class_name="min-h-11 rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 "
            "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-800 "
            "disabled:cursor-wait disabled:bg-blue-500",
        ),
        on_submit=LoginState.submit,
        method="post",  # never a GET with the password in the address, even if sent natively
        # The fields keep their text after a failed attempt, like any sign-in form; the
        # password field is emptied by the browser when the page changes after success.
        reset_on_submit=False,
        class_name="flex flex-col gap-4",
    )


@site_page(
    route=routes.LOGIN,
    title=Text.LOGIN,
    description=N_("Sign in to Student Portal to read Uni Notes and tuition class material."),
    on_load=[AuthState.redirect_if_signed_in, LoginState.clear_error],
)
def login() -> rx.Component:
    return rx.el.section(
        rx.el.h1(Text.SIGN_IN_HEADING, class_name="text-2xl font-bold text-slate-900"),
        login_form(),
        rx.el.div(
            page_link(AccountText.FORGOT_PASSWORD, routes.FORGOT_PASSWORD, "forgot-password-link"),
            page_link(AccountText.CREATE_ACCOUNT, routes.SIGN_UP, "create-account-link"),
            class_name="flex flex-wrap justify-between gap-x-4 gap-y-2 text-sm",
        ),
        class_name="mx-auto flex w-full max-w-sm flex-col gap-6 rounded-xl border border-slate-200 bg-white "
        "p-6 shadow-sm sm:mt-8",
    )
