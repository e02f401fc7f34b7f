"""The pieces every account form is made of (sign up, forgot password, the mailed links' pages,
the account page): a labelled field, the password rules shown before submitting, the answer
(an error or a success message, each a live region) and the submit button.
Markup only: texts and states come from the callers."""

from __future__ import annotations

from typing import Any

import reflex as rx

from student_portal.accounts.passwords import PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS, password_rules
from student_portal.components.links import internal_link

FIELD = (
    "min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 "
    "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700"
)
BUTTON = (
    "min-h-11 rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 "
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-800 "
    "disabled:cursor-wait disabled:bg-blue-500"
)
LINK = "font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900"
CARD = "mx-auto flex w-full max-w-sm flex-col gap-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:mt-8"


def account_field(
    label: str, field_id: str, name: str, input_type: str, autocomplete: str, *, hint: str = "", **props
) -> rx.Component:
    """A labelled input; `hint` (the password rules) is shown under it and read with it."""
    hint_id = f"{field_id}-hint"
    if input_type == "password" and autocomplete == "new-password":
        props = {"min_length": PASSWORD_MIN_CHARS, "max_length": PASSWORD_MAX_CHARS, **props}
    return rx.el.div(
        rx.el.label(label, html_for=field_id, class_name="text-sm font-medium text-slate-800"),
        rx.el.input(
            id=field_id,
            name=name,
            type=input_type,
            auto_complete=autocomplete,
            required=True,
            class_name=FIELD,
            **({"aria_describedby": hint_id} if hint else {}),
            **props,
        ),
        rx.el.p(hint, id=hint_id, class_name="text-sm text-slate-600") if hint else rx.fragment(),
        class_name="flex flex-col gap-1",
    )


def new_password_fields(prefix: str, label: str, confirm_label: str) -> rx.Component:
    """A new password and its confirmation, with the rules shown before submitting."""
    return rx.fragment(
        account_field(label, f"{prefix}-password", "password", "password", "new-password", hint=password_rules()),
        account_field(confirm_label, f"{prefix}-confirm", "confirm", "password", "new-password"),
    )


def form_error(text: rx.Var[str], test_id: str) -> rx.Component:
    return rx.cond(
        text != "",
        rx.el.p(
            text,
            role="alert",
            data_testid=test_id,
            class_name="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800",
        ),
        rx.fragment(),
    )


def form_notice(text: rx.Var[str] | str, test_id: str) -> rx.Component:
    return rx.el.p(
        text,
        role="status",
        data_testid=test_id,
        class_name="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900",
    )


def submit_button(label: str, busy_label: str, busy: rx.Var[bool], test_id: str = "") -> rx.Component:
    return rx.el.button(
        rx.cond(busy, busy_label, label),
        type="submit",
        # Disabled until the page's script runs: the prerendered form would otherwise be sent by
        # the browser itself (see pages/login.py).
        disabled=busy | ~rx.State.is_hydrated,
        aria_busy=busy,
        class_name=BUTTON,
        **({"data_testid": test_id} if test_id else {}),
    )


def account_form(*children: rx.Component, on_submit: Any, form_id: str) -> rx.Component:
    return rx.el.form(
        *children,
        on_submit=on_submit,
        method="post",  # never a GET with a password in the address
        reset_on_submit=False,
        id=form_id,
        class_name="flex flex-col gap-4",
    )


def page_link(text: str, href: str, test_id: str = "") -> rx.Component:
    return internal_link(text, href=href, class_name=LINK, **({"data_testid": test_id} if test_id else {}))


def account_card(heading: str, *children: rx.Component) -> rx.Component:
    return rx.el.section(
        rx.el.h1(heading, class_name="text-2xl font-bold text-slate-900"),
        *children,
        class_name=CARD,
    )
