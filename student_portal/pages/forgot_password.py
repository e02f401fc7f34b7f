"""Forgot password (/forgot-password): the same answer whether or not the address has an account."""

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
    page_link,
    submit_button,
)
from student_portal.components.layout import site_page
from student_portal.i18n import N_
from student_portal.i18n.texts import Text
from student_portal.state.account_links import ForgotPasswordState


@site_page(
    route=routes.FORGOT_PASSWORD,
    title=AccountText.FORGOT_HEADING,
    description=N_("Get a link by email to choose a new Student Portal password."),
    on_load=ForgotPasswordState.reset_form,
)
def forgot_password() -> rx.Component:
    return account_card(
        AccountText.FORGOT_HEADING,
        rx.el.p(AccountText.FORGOT_INTRO, class_name="text-slate-700"),
        rx.cond(
            ForgotPasswordState.sent,
            form_notice(AccountText.RESET_SENT, "reset-sent"),
            account_form(
                account_field(
                    Text.EMAIL_LABEL,
                    "forgot-email",
                    "email",
                    "email",
                    "email",
                    auto_capitalize="none",
                    spell_check=False,
                    auto_focus=True,
                ),
                form_error(ForgotPasswordState.error, "forgot-error"),
                submit_button(AccountText.SEND_RESET_LINK, AccountText.SENDING, ForgotPasswordState.busy),
                on_submit=ForgotPasswordState.submit,
                form_id="forgot-form",
            ),
        ),
        page_link(AccountText.BACK_TO_SIGN_IN, routes.LOGIN),
    )
