"""Sign up (/sign-up): email, password, confirm password; then "check your email"."""

from __future__ import annotations

import reflex as rx

from student_portal import routes
from student_portal.accounts.texts import AccountText
from student_portal.components.account_forms import (
    account_card,
    account_field,
    account_form,
    form_error,
    form_notice,
    new_password_fields,
    page_link,
    submit_button,
)
from student_portal.components.layout import site_page
from student_portal.i18n import N_
from student_portal.i18n.texts import Text
from student_portal.state.auth import AuthState
from student_portal.state.sign_up import SignUpState


@site_page(
    route=routes.SIGN_UP,
    title=AccountText.CREATE_ACCOUNT,
    description=N_("Create a free Student Portal account with your email address."),
    on_load=[AuthState.redirect_if_signed_in, SignUpState.reset_form],
)
def sign_up() -> rx.Component:
    return account_card(
        AccountText.SIGN_UP_HEADING,
        rx.cond(
            SignUpState.done != "",
            form_notice(SignUpState.done, "sign-up-done"),
            account_form(
                account_field(
                    Text.EMAIL_LABEL,
                    "sign-up-email",
                    "email",
                    "email",
                    "email",
                    auto_capitalize="none",
                    spell_check=False,
                    auto_focus=True,
                ),
                new_password_fields("sign-up", Text.PASSWORD_LABEL, Text.CONFIRM_PASSWORD_LABEL),
                form_error(SignUpState.error, "sign-up-error"),
                submit_button(AccountText.SIGN_UP, AccountText.SIGNING_UP, SignUpState.busy),
                on_submit=SignUpState.submit,
                form_id="sign-up-form",
            ),
        ),
        rx.el.p(
            AccountText.HAVE_ACCOUNT, " ", page_link(Text.SIGN_IN, routes.LOGIN), class_name="text-sm text-slate-700"
        ),
    )
