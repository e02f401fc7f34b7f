"""The signed-in student's account (/account): change password, change email, sign out everywhere."""

from __future__ import annotations

import reflex as rx

from student_portal import routes
from student_portal.accounts.texts import AccountText
from student_portal.components.account_forms import (
    BUTTON,
    account_field,
    account_form,
    form_error,
    new_password_fields,
    submit_button,
)
from student_portal.components.feedback import error_message, loading_message
from student_portal.components.follow_button import following_list
from student_portal.components.layout import site_page
from student_portal.i18n import N_, gettext, gettext_with
from student_portal.i18n.texts import Text
from student_portal.state.account import AccountState
from student_portal.state.follows import FollowState
from student_portal.state.mail_choices import MailChoicesState
from student_portal.state.signed_in import Phase

_PANEL = "flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"


def _notice(text: rx.Var[str], test_id: str) -> rx.Component:
    return rx.cond(
        text != "",
        rx.el.p(
            text,
            role="status",
            data_testid=test_id,
            class_name="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900",
        ),
        rx.fragment(),
    )


def _panel(heading: str, *children: rx.Component) -> rx.Component:
    return rx.el.section(
        rx.el.h2(heading, class_name="text-lg font-semibold text-slate-900"), *children, class_name=_PANEL
    )


def _following() -> rx.Component:
    return rx.el.section(
        rx.el.h2(gettext("Following"), id="following", class_name="text-lg font-semibold text-slate-900"),
        following_list(
            FollowState.rows,
            gettext("You follow nothing yet. Follow a teacher, an O/L or A/L folder, or jobs to be told what is new."),
        ),
        aria_labelledby="following",
        data_testid="following",
        class_name=_PANEL,
    )


def _mail_choice(label: str, field_id: str, name: str, value: rx.Var[str], on_change) -> rx.Component:
    options = (
        ("now", gettext("At once")),
        ("daily", gettext("Daily digest")),
        ("weekly", gettext("Weekly digest")),
        ("none", gettext("No mail")),
    )
    return rx.el.div(
        rx.el.label(label, html_for=field_id, class_name="text-sm font-medium text-slate-800"),
        rx.el.select(
            *[rx.el.option(text, value=key) for key, text in options],
            id=field_id,
            name=name,
            value=value,
            on_change=on_change,
            class_name="min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900",
        ),
        class_name="flex flex-col gap-1",
    )


def _notice_mails() -> rx.Component:
    return _panel(
        gettext("Notices by mail"),
        rx.el.form(
            _mail_choice(
                gettext("Class changes and reminders"),
                "mail-classes",
                "classes",
                MailChoicesState.classes,
                MailChoicesState.set_classes,
            ),
            _mail_choice(
                gettext("New papers, notes and jobs"),
                "mail-other",
                "other",
                MailChoicesState.other,
                MailChoicesState.set_other,
            ),
            form_error(MailChoicesState.error, "mail-choices-error"),
            _notice(MailChoicesState.notice, "mail-choices-notice"),
            submit_button(gettext("Save"), AccountText.SAVING, MailChoicesState.busy),
            on_submit=MailChoicesState.save,
            class_name="flex flex-col gap-4",
        ),
    )


def _change_password() -> rx.Component:
    return _panel(
        AccountText.CHANGE_PASSWORD,
        account_form(
            account_field(
                AccountText.CURRENT_PASSWORD_LABEL,
                "account-old-password",
                "old_password",
                "password",
                "current-password",
            ),
            new_password_fields("account", AccountText.NEW_PASSWORD_LABEL, AccountText.CONFIRM_NEW_PASSWORD_LABEL),
            form_error(AccountState.password_error, "password-error"),
            _notice(AccountState.password_notice, "password-notice"),
            submit_button(AccountText.CHANGE_PASSWORD, AccountText.SAVING, AccountState.busy == "password"),
            on_submit=AccountState.change_password,
            form_id="change-password-form",
        ),
    )


def _change_email() -> rx.Component:
    return _panel(
        AccountText.CHANGE_EMAIL,
        account_form(
            account_field(
                AccountText.NEW_EMAIL_LABEL,
                "account-new-email",
                "new_email",
                "email",
                "email",
                auto_capitalize="none",
                spell_check=False,
            ),
            form_error(AccountState.email_error, "email-error"),
            _notice(AccountState.email_notice, "email-notice"),
            submit_button(AccountText.SEND_CONFIRMATION, AccountText.SENDING, AccountState.busy == "email"),
            on_submit=AccountState.change_email,
            form_id="change-email-form",
        ),
    )


def _sign_out_everywhere() -> rx.Component:
    busy = AccountState.busy == "everywhere"
    return _panel(
        AccountText.SIGN_OUT_EVERYWHERE,
        rx.el.p(AccountText.SIGN_OUT_EVERYWHERE_DETAIL, class_name="text-slate-700"),
        form_error(AccountState.everywhere_error, "everywhere-error"),
        rx.el.button(
            rx.cond(busy, AccountText.SIGNING_OUT_EVERYWHERE, AccountText.SIGN_OUT_EVERYWHERE),
            type="button",
            on_click=AccountState.sign_out_everywhere,
            disabled=busy,
            aria_busy=busy,
            class_name=f"self-start {BUTTON}",
        ),
    )


@site_page(
    route=routes.ACCOUNT,
    title=AccountText.ACCOUNT,
    description=N_("Your Student Portal account: password, email and sessions."),
    on_load=[AccountState.load, FollowState.load, MailChoicesState.load],
)
def account() -> rx.Component:
    return rx.el.div(
        rx.el.h1(AccountText.ACCOUNT, class_name="text-2xl font-bold text-slate-900"),
        rx.match(
            AccountState.phase,
            (
                Phase.READY,
                rx.fragment(
                    rx.el.p(
                        gettext_with(N_("Signed in as {email}"), email=AccountState.email),
                        data_testid="signed-in-as",
                        class_name="text-slate-700",
                    ),
                    _following(),
                    _notice_mails(),
                    _change_password(),
                    _change_email(),
                    _sign_out_everywhere(),
                ),
            ),
            (Phase.FAILED, error_message(Text.BACKEND_UNAVAILABLE)),
            loading_message(Text.LOADING),
        ),
        class_name="mx-auto flex w-full max-w-xl flex-col gap-6",
    )
