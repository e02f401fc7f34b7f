"""Sign up (/sign-up and the header dialog's Sign Up tab): email, password, confirm password.

PocketBase makes the account (role basic, not verified: its rules and hooks decide, not the
site) and mails the verification link in the language of the page the student signed up on.
The passwords go from the form event into the call: never a state var, never logged.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import reflex as rx

from student_portal import i18n
from student_portal.accounts.answers import account_error_text, form_text, looks_like_email
from student_portal.accounts.passwords import new_password_problem
from student_portal.accounts.texts import AccountText
from student_portal.i18n.texts import Text
from student_portal.pocketbase import ClientResponseError, configured_client

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SignUpAnswer:
    """What the form says: `done` (the success message in `text`) or an error in `text`."""

    done: bool
    text: str


async def create_account(form: Any, client_ip: str | None) -> SignUpAnswer:
    """Check the form, then ask PocketBase for the account; the answer in the visitor's language."""
    email = form_text(form, "email").strip()
    password, confirm = form_text(form, "password"), form_text(form, "confirm")
    if not looks_like_email(email):
        return SignUpAnswer(False, AccountText.EMAIL_INVALID)
    problem = new_password_problem(password, confirm)
    if problem:
        return SignUpAnswer(False, problem)
    try:
        await configured_client().sign_up(email, password, confirm, language=i18n.language().value, client_ip=client_ip)
    except ClientResponseError as error:
        log.info("sign-up refused: status %s", error.status)
        return SignUpAnswer(False, account_error_text(error, AccountText.SIGN_UP_FAILED))
    except Exception:
        log.exception("sign-up failed unexpectedly")
        return SignUpAnswer(False, Text.BACKEND_UNAVAILABLE)
    return SignUpAnswer(True, AccountText.check_your_email(email))


class SignUpState(rx.State):
    busy: bool = False
    error: str = ""
    done: str = ""  # the success message: the form gives way to it

    @rx.event(background=True)
    async def submit(self, form: dict[str, Any]):
        async with self:
            if self.busy:
                return
            self.busy, self.error, self.done = True, "", ""
            client_ip = self.router.session.client_ip
        answer = await create_account(form, client_ip)
        async with self:
            self.busy = False
            self.done, self.error = (answer.text, "") if answer.done else ("", answer.text)

    @rx.event
    def reset_form(self):
        self.busy, self.error, self.done = False, "", ""
