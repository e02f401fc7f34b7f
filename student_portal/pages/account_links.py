"""The pages the account mails link to: /verify/{token}, /reset-password/{token},
/confirm-email/{token} (in the language the student signed up in: the mail's link says so)."""

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
from student_portal.components.feedback import loading_message
from student_portal.components.layout import site_page
from student_portal.i18n import N_
from student_portal.i18n.texts import Text
from student_portal.state.account_links import ConfirmEmailState, ResetPasswordState, VerifyEmailState


@site_page(
    route=routes.VERIFY_EMAIL,
    title=AccountText.VERIFY_HEADING,
    description=N_("Confirm the email address of your Student Portal account."),
    on_load=VerifyEmailState.verify,
)
def verify_email() -> rx.Component:
    return account_card(
        AccountText.VERIFY_HEADING,
        rx.cond(
            VerifyEmailState.verifying,
            loading_message(AccountText.VERIFYING),
            rx.cond(
                VerifyEmailState.verified,
                form_notice(AccountText.VERIFIED, "verified"),
                form_error(VerifyEmailState.error, "verify-error"),
            ),
        ),
        page_link(Text.SIGN_IN, routes.LOGIN, "verify-sign-in"),
    )


@site_page(
    route=routes.RESET_PASSWORD,
    title=AccountText.RESET_HEADING,
    description=N_("Choose a new password for your Student Portal account."),
    on_load=ResetPasswordState.reset_form,
)
def reset_password() -> rx.Component:
    return account_card(
        AccountText.RESET_HEADING,
        rx.cond(
            ResetPasswordState.done,
            form_notice(AccountText.PASSWORD_RESET_DONE, "password-reset-done"),
            account_form(
                new_password_fields("reset", AccountText.NEW_PASSWORD_LABEL, AccountText.CONFIRM_NEW_PASSWORD_LABEL),
                form_error(ResetPasswordState.error, "reset-error"),
                submit_button(AccountText.SAVE_PASSWORD, AccountText.SAVING, ResetPasswordState.busy),
                on_submit=ResetPasswordState.submit,
                form_id="reset-form",
            ),
        ),
        rx.el.div(
            page_link(Text.SIGN_IN, routes.LOGIN, "reset-sign-in"),
            page_link(AccountText.REQUEST_NEW_LINK, routes.FORGOT_PASSWORD),
            class_name="flex flex-wrap justify-between gap-2 text-sm",
        ),
    )


@site_page(
    route=routes.CONFIRM_EMAIL,
    title=AccountText.CONFIRM_EMAIL_HEADING,
    description=N_("Confirm the new email address of your Student Portal account."),
    on_load=ConfirmEmailState.reset_form,
)
def confirm_email() -> rx.Component:
    return account_card(
        AccountText.CONFIRM_EMAIL_HEADING,
        rx.cond(
            ConfirmEmailState.done,
            form_notice(AccountText.EMAIL_CHANGED, "email-changed"),
            account_form(
                rx.el.p(AccountText.CONFIRM_EMAIL_INTRO, class_name="text-slate-700"),
                account_field(
                    Text.PASSWORD_LABEL, "confirm-email-password", "password", "password", "current-password"
                ),
                form_error(ConfirmEmailState.error, "confirm-email-error"),
                submit_button(AccountText.CONFIRM_EMAIL, AccountText.SAVING, ConfirmEmailState.busy),
                on_submit=ConfirmEmailState.submit,
                form_id="confirm-email-form",
            ),
        ),
        page_link(Text.SIGN_IN, routes.LOGIN),
    )
