"""The signed-in student's account page (/account): change password, change email, sign out
everywhere. Each action asks PocketBase with the visitor's confirmed session (verified_session),
so PocketBase's rules decide; passwords come from the form event, never state vars.

A new password makes PocketBase reject every earlier token (this device's too): the page signs
this device in again with the new password, so only the others are signed out.
"""

from __future__ import annotations

import logging
from typing import Any

import reflex as rx

from student_portal import routes
from student_portal.accounts.answers import account_error_text, form_text, looks_like_email
from student_portal.accounts.passwords import new_password_problem
from student_portal.accounts.texts import AccountText
from student_portal.i18n.texts import Text
from student_portal.pocketbase import ClientResponseError, configured_client
from student_portal.state.auth import AuthState, Session, forget_on_logout, verified_session
from student_portal.state.signed_in import Phase, sign_in_gate

log = logging.getLogger(__name__)


@forget_on_logout
class AccountState(rx.State):
    phase: str = Phase.CHECKING
    email: str = ""
    busy: str = ""  # which action is under way: "password", "email", "everywhere" or ""
    password_error: str = ""
    password_notice: str = ""
    email_error: str = ""
    email_notice: str = ""
    everywhere_error: str = ""

    @rx.event(background=True)
    async def load(self):
        async with self:
            self.reset()
        session = await sign_in_gate(self, routes.ACCOUNT)
        if not isinstance(session, Session):
            for event in session:
                yield event
            return
        async with self:
            self.email, self.phase = session.user.email, Phase.READY

    async def _session(self) -> Session | None:
        """The confirmed session for an action; None (and the page's error face) otherwise."""
        try:
            return await verified_session(self)
        except ClientResponseError:
            return None

    @rx.event(background=True)
    async def change_password(self, form: dict[str, Any]):
        old = form_text(form, "old_password")
        password, confirm = form_text(form, "password"), form_text(form, "confirm")
        async with self:
            if self.busy:
                return
            self.password_error, self.password_notice = "", ""
            problem = new_password_problem(password, confirm) if old else AccountText.WRONG_PASSWORD
            if problem:
                self.password_error = problem
                return
            self.busy = "password"
            client_ip = self.router.session.client_ip
        session = await self._session()
        error, notice = "", ""
        if session is None:
            error = Text.BACKEND_UNAVAILABLE
        else:
            try:
                await configured_client().change_password(session.user.id, old, password, confirm, token=session.token)
                renewed = await configured_client().auth_with_password(
                    session.user.email, password, client_ip=client_ip
                )
                async with self:
                    (await self.get_state(AuthState))._store(renewed.token, renewed.record)
                notice = AccountText.PASSWORD_CHANGED
            except ClientResponseError as failure:
                log.info("password change refused: status %s", failure.status)
                error = account_error_text(failure, Text.BACKEND_UNAVAILABLE)
        async with self:
            self.busy, self.password_error, self.password_notice = "", error, notice

    @rx.event(background=True)
    async def change_email(self, form: dict[str, Any]):
        new_email = form_text(form, "new_email").strip()
        async with self:
            if self.busy:
                return
            self.email_error, self.email_notice = "", ""
            if not looks_like_email(new_email):
                self.email_error = AccountText.EMAIL_INVALID
                return
            self.busy = "email"
            client_ip = self.router.session.client_ip
        session = await self._session()
        error, notice = "", ""
        if session is None:
            error = Text.BACKEND_UNAVAILABLE
        else:
            try:
                await configured_client().request_email_change(new_email, token=session.token, client_ip=client_ip)
                notice = AccountText.email_change_sent(new_email)
            except ClientResponseError as failure:
                log.info("email change request refused: status %s", failure.status)
                error = account_error_text(failure, Text.BACKEND_UNAVAILABLE)
        async with self:
            self.busy, self.email_error, self.email_notice = "", error, notice

    @rx.event(background=True)
    async def sign_out_everywhere(self):
        async with self:
            if self.busy:
                return
            self.busy, self.everywhere_error = "everywhere", ""
        session = await self._session()
        error = ""
        if session is None:
            error = Text.BACKEND_UNAVAILABLE
        else:
            try:
                await configured_client().sign_out_everywhere(token=session.token)
            except ClientResponseError as failure:
                log.info("sign out everywhere refused: status %s", failure.status)
                error = account_error_text(failure, Text.BACKEND_UNAVAILABLE)
        async with self:
            self.busy, self.everywhere_error = "", error
        if not error:
            # Every token is dead now: this device forgets its own as a logout does.
            yield AuthState.logout
