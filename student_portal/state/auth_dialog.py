"""The header dialog's two tabs, for real (the spec's old dialog sent nothing): Login signs in
like /login, Sign Up makes an account like /sign-up (the same calls and answers)."""

from __future__ import annotations

import logging
from typing import Any

import reflex as rx

from student_portal.accounts.answers import form_text
from student_portal.i18n.texts import Text
from student_portal.pocketbase import ClientResponseError, configured_client
from student_portal.state.auth import AuthState
from student_portal.state.login import login_error_text
from student_portal.state.sign_up import create_account
from student_portal.utils.page_actions import run_page_action

log = logging.getLogger(__name__)

AUTH_DIALOG_ID = "auth-dialog"
SIGN_UP_MODE = "sign-up"


class AuthDialogState(rx.State):
    busy: bool = False
    error: str = ""
    done: str = ""  # after a sign-up: "check your email"

    @rx.event(background=True)
    async def submit(self, form: dict[str, Any]):
        async with self:
            if self.busy:
                return
            self.busy, self.error, self.done = True, "", ""
            client_ip = self.router.session.client_ip
        if form_text(form, "mode") == SIGN_UP_MODE:
            answer = await create_account(form, client_ip)
            async with self:
                self.busy = False
                self.done, self.error = (answer.text, "") if answer.done else ("", answer.text)
            return
        identity, password = form_text(form, "email").strip(), form_text(form, "password")
        error = Text.LOGIN_FAILED if not identity or not password else ""
        if not error:
            try:
                result = await configured_client().auth_with_password(identity, password, client_ip=client_ip)
            except ClientResponseError as failure:
                log.info("sign-in refused: status %s", failure.status)
                error = login_error_text(failure)
            else:
                async with self:
                    (await self.get_state(AuthState))._store(result.token, result.record)
        async with self:
            self.busy, self.error = False, error
        if not error:
            yield run_page_action("closeDialog", AUTH_DIALOG_ID, True)

    @rx.event
    def forget(self):
        """Cancel or close: the next opening starts afresh."""
        self.busy, self.error, self.done = False, "", ""
