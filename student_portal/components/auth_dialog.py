"""The header's login / sign-up dialog (spec 2 "Header dialog", 5).

The spec keeps it as it was: tabs Login (email, password) and Sign Up (email, password, confirm
password), Cancel and submit; submitting only closes it, no request is made. Nothing in the
header opens it (sign-in happens on /login), like the spec's Book a Room dialog. It works
entirely in the browser: tabs are radio buttons, submit is `method="dialog"`. The old site
logged the entries (passwords included) to the console; we do not log them anywhere, and the
fields are emptied when it closes.
"""

from __future__ import annotations

import reflex as rx

from student_portal.components.dialog import NativeDialog, close_button
from student_portal.i18n.texts import Text
from student_portal.utils.page_actions import page_action_handler

AUTH_DIALOG_ID = "auth-dialog"
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


def _field(label: str, name: str, input_type: str, autocomplete: str, extra: str = "flex") -> rx.Component:
    field_id = f"{AUTH_DIALOG_ID}-{name}"
    return rx.el.div(
        rx.el.label(label, html_for=field_id, class_name="text-sm font-medium text-slate-800"),
        rx.el.input(id=field_id, name=name, type=input_type, auto_complete=autocomplete, class_name=_FIELD),
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
                _tab(Text.DIALOG_SIGN_UP_TAB, "sign-up", _SIGN_UP_TAB_ID, False),
                class_name="flex gap-1 rounded-lg bg-slate-100 p-1",
            ),
            _field(Text.EMAIL_LABEL, "email", "email", "email"),
            _field(Text.PASSWORD_LABEL, "password", "password", "current-password"),
            _field(Text.CONFIRM_PASSWORD_LABEL, "confirm", "password", "new-password", _SIGN_UP_ONLY),
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
                    class_name="min-h-11 rounded-md bg-blue-700 px-4 font-semibold text-white hover:bg-blue-800",
                ),
                class_name="flex justify-end gap-2",
            ),
            method="dialog",
            # No request, no event: the browser closes the dialog (method="dialog").
            on_submit=_EMPTY_AND_CLOSE,
            class_name="group flex flex-col gap-4 p-4",
        ),
        id=AUTH_DIALOG_ID,
        aria_labelledby=f"{AUTH_DIALOG_ID}-title",
        class_name="m-auto w-[min(26rem,94vw)] rounded-lg p-0 shadow-xl backdrop:bg-slate-900/60",
    )
