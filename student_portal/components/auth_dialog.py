"""The header's login / sign-up dialog (spec 2 "Header dialog", 5).

Tabs Login (email, password) and Sign Up (email, password, confirm password), Cancel and
submit, as the spec has them; the spec's old dialog only closed on submit, ours signs in or
makes the account (state/auth_dialog.py: the same calls and answers as /login and /sign-up).
Nothing in the header opens it (sign-in happens on /login), like the spec's Book a Room dialog.
Tabs are radio buttons (the chosen one travels with the form as `mode`). The old site logged
the entries (passwords included) to the console; we do not log them anywhere, and the fields
are emptied when it closes.
"""

from __future__ import annotations

import reflex as rx

from student_portal.accounts.passwords import password_rules
from student_portal.components.account_forms import form_error, form_notice
from student_portal.components.dialog import NativeDialog, close_button
from student_portal.i18n.texts import Text
from student_portal.state.auth_dialog import AUTH_DIALOG_ID, SIGN_UP_MODE, AuthDialogState
from student_portal.utils.page_actions import page_action_handler

_SIGN_UP_TAB_ID = f"{AUTH_DIALOG_ID}-sign-up"

_FIELD = (
    "min-h-11 w-full rounded-md border border-slate-400 px-3 py-2 text-base text-slate-900 "
    "focus-visible:outline-2 focus-visible:outline-blue-700"
)
_TAB = (
    "flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-md px-3 text-sm "
    "font-semibold text-slate-700 has-[:checked]:bg-white has-[:checked]:text-blue-800 "
    "has-[:checked]:shadow has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-700"
)
# Shown only while the Sign Up tab is chosen.
_SIGN_UP_ONLY = f"hidden group-has-[#{_SIGN_UP_TAB_ID}:checked]:flex"

_EMPTY_AND_CLOSE = page_action_handler("closeDialog", AUTH_DIALOG_ID, True)


def _tab(label: str, value: str, tab_id: str, checked: bool) -> rx.Component:
    return rx.el.label(
        rx.el.input(type="radio", name="mode", value=value, id=tab_id, default_checked=checked, class_name="sr-only"),
        label,
        class_name=_TAB,
    )


def _field(
    label: str, name: str, input_type: str, autocomplete: str, extra: str = "flex", hint: rx.Component | None = None
) -> rx.Component:
    field_id = f"{AUTH_DIALOG_ID}-{name}"
    return rx.el.div(
        rx.el.label(label, html_for=field_id, class_name="text-sm font-medium text-slate-800"),
        rx.el.input(id=field_id, name=name, type=input_type, auto_complete=autocomplete, class_name=_FIELD),
        hint if hint is not None else rx.fragment(),
        class_name=f"{extra} flex-col gap-1",
    )


def auth_dialog() -> rx.Component:
    return NativeDialog.create(
        rx.el.form(
            rx.el.div(
                rx.el.h2(Text.LOGIN, id=f"{AUTH_DIALOG_ID}-title", class_name="text-lg font-semibold"),
                close_button(AUTH_DIALOG_ID, Text.CLOSE),
                class_name="flex items-center justify-between",
            ),
            rx.el.fieldset(
                rx.el.legend(Text.LOGIN, class_name="sr-only"),
                _tab(Text.DIALOG_LOGIN_TAB, "login", f"{AUTH_DIALOG_ID}-login", True),
                _tab(Text.DIALOG_SIGN_UP_TAB, SIGN_UP_MODE, _SIGN_UP_TAB_ID, False),
                class_name="flex gap-1 rounded-lg bg-slate-100 p-1",
            ),
            _field(Text.EMAIL_LABEL, "email", "email", "email"),
            _field(
                Text.PASSWORD_LABEL,
                "password",
                "password",
                "current-password",
                hint=rx.el.p(password_rules(), class_name=f"{_SIGN_UP_ONLY} text-sm text-slate-600"),
            ),
            _field(Text.CONFIRM_PASSWORD_LABEL, "confirm", "password", "new-password", _SIGN_UP_ONLY),
            form_error(AuthDialogState.error, "auth-dialog-error"),
            rx.cond(AuthDialogState.done != "", form_notice(AuthDialogState.done, "auth-dialog-done"), rx.fragment()),
            rx.el.div(
                rx.el.button(
                    Text.CANCEL,
                    type="button",
                    on_click=_EMPTY_AND_CLOSE,
                    class_name="min-h-11 rounded-md border border-slate-300 px-4 font-semibold "
                    "text-slate-800 hover:bg-slate-100",
                ),
                rx.el.button(
                    Text.SUBMIT,
                    type="submit",
                    disabled=AuthDialogState.busy,
                    aria_busy=AuthDialogState.busy,
                    class_name="min-h-11 rounded-md bg-blue-700 px-4 font-semibold text-white hover:bg-blue-800 "
                    "disabled:cursor-wait disabled:bg-blue-500",
                ),
                class_name="flex justify-end gap-2",
            ),
            method="post",  # never a GET with the password in the address
            on_submit=AuthDialogState.submit,
            reset_on_submit=False,
            class_name="group flex flex-col gap-4 p-4",
        ),
        id=AUTH_DIALOG_ID,
        on_close=AuthDialogState.forget,  # the next opening starts afresh
        aria_labelledby=f"{AUTH_DIALOG_ID}-title",
        class_name="m-auto w-[min(26rem,94vw)] rounded-lg p-0 shadow-xl backdrop:bg-slate-900/60",
    )
