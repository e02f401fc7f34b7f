"""The pages the account mails link to, and the request for a reset link.

- /forgot-password: the answer is the same whether or not the address has an account
  (PocketBase answers 204 either way; only a rate limit or an outage is said).
- /verify/{token}: confirms the address on load.
- /reset-password/{token}: a new password (and its confirmation); PocketBase then ends every
  earlier session of the account.
- /confirm-email/{token}: the account's password moves it to the new address.
The token comes from the address (route_arg); passwords from the form event, never state vars.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Any

import reflex as rx

from student_portal import routes
from student_portal.accounts.answers import account_error_text, form_text, looks_like_email
from student_portal.accounts.passwords import new_password_problem
from student_portal.accounts.texts import AccountText
from student_portal.i18n.texts import Text
from student_portal.pocketbase import ClientResponseError, configured_client
from student_portal.state.address import route_arg

log = logging.getLogger(__name__)


async def _asked(what: str, request: Awaitable[Any], refused_text: str) -> str:
    """Send one of PocketBase's account requests: "" when it went through, else the text to show
    (PocketBase's reason when it names one, `refused_text` for a 400 without one)."""
    try:
        await request
    except ClientResponseError as failure:
        log.info("%s refused: status %s", what, failure.status)
        return account_error_text(failure, refused_text)
    return ""


class ForgotPasswordState(rx.State):
    busy: bool = False
    error: str = ""
    sent: bool = False

    @rx.event(background=True)
    async def submit(self, form: dict[str, Any]):
        email = form_text(form, "email").strip()
        async with self:
            if self.busy:
                return
            if not looks_like_email(email):
                self.error, self.sent = AccountText.EMAIL_INVALID, False
                return
            self.busy, self.error, self.sent = True, "", False
            client_ip = self.router.session.client_ip
        # 400 is a malformed address; anything else about the account is never said.
        request = configured_client().request_password_reset(email, client_ip=client_ip)
        error = await _asked("password reset", request, AccountText.EMAIL_INVALID)
        async with self:
            self.busy, self.error, self.sent = False, error, not error

    @rx.event
    def reset_form(self):
        self.busy, self.error, self.sent = False, "", False


class VerifyEmailState(rx.State):
    verifying: bool = True
    verified: bool = False
    error: str = ""

    @rx.event(background=True)
    async def verify(self):
        async with self:
            self.verifying, self.verified, self.error = True, False, ""
            token = await route_arg(self, routes.TOKEN)
            client_ip = self.router.session.client_ip
        if token:
            request = configured_client().confirm_verification(token, client_ip=client_ip)
            error = await _asked("verification", request, AccountText.LINK_INVALID)
        else:
            error = AccountText.LINK_INVALID
        async with self:
            self.verifying, self.verified, self.error = False, not error, error


class ResetPasswordState(rx.State):
    busy: bool = False
    error: str = ""
    done: bool = False

    @rx.event(background=True)
    async def submit(self, form: dict[str, Any]):
        password, confirm = form_text(form, "password"), form_text(form, "confirm")
        async with self:
            if self.busy:
                return
            problem = new_password_problem(password, confirm)
            if problem:
                self.error = problem
                return
            self.busy, self.error = True, ""
            token = await route_arg(self, routes.TOKEN)
            client_ip = self.router.session.client_ip
        request = configured_client().confirm_password_reset(token, password, confirm, client_ip=client_ip)
        error = await _asked("password reset", request, AccountText.LINK_INVALID)
        async with self:
            self.busy, self.error, self.done = False, error, not error

    @rx.event
    def reset_form(self):
        self.busy, self.error, self.done = False, "", False


class ConfirmEmailState(rx.State):
    busy: bool = False
    error: str = ""
    done: bool = False

    @rx.event(background=True)
    async def submit(self, form: dict[str, Any]):
        password = form_text(form, "password")
        async with self:
            if self.busy:
                return
            if not password:
                self.error = AccountText.WRONG_PASSWORD
                return
            self.busy, self.error = True, ""
            token = await route_arg(self, routes.TOKEN)
            client_ip = self.router.session.client_ip
        request = configured_client().confirm_email_change(token, password, client_ip=client_ip)
        error = await _asked("email change", request, Text.BACKEND_UNAVAILABLE)
        async with self:
            self.busy, self.error, self.done = False, error, not error

    @rx.event
    def reset_form(self):
        self.busy, self.error, self.done = False, "", False
