"""The /login form (spec 2 "Login", 4, 5, 8).

The password goes from the form's submit event straight into the PocketBase call: it is never
a state var (so never stored, persisted or sent back to the browser) and never logged.
"""

from __future__ import annotations

import logging
import math
from typing import Any

import reflex as rx

from student_portal import routes
from student_portal.accounts.answers import NOT_VERIFIED_STATUS, account_error_text, looks_like_email
from student_portal.accounts.texts import AccountText
from student_portal.constants import Limit, StorageKey
from student_portal.i18n import localized
from student_portal.i18n.texts import Text
from student_portal.pocketbase import ClientResponseError, configured_client
from student_portal.state.auth import AuthState
from student_portal.utils.page_actions import page_action
from student_portal.utils.redirects import safe_redirect_path

log = logging.getLogger(__name__)


def login_error_text(error: ClientResponseError) -> str:
    """What the login form says about a failed sign-in."""
    if error.locked_for_s is not None:  # this account: too many wrong passwords
        return Text.account_locked(max(1, math.ceil(error.locked_for_s / 60)))
    if error.is_rate_limited:  # this visitor's address: too many sign-ins
        return Text.TOO_MANY_ATTEMPTS
    if error.status == 0 or error.status >= 500 or 200 <= error.status < 300:
        # No answer, a server error, or an answer that was not a sign-in (garbage body).
        return Text.BACKEND_UNAVAILABLE
    if error.status == NOT_VERIFIED_STATUS:  # the right password, an address not verified yet
        return AccountText.NOT_VERIFIED
    return Text.LOGIN_FAILED


def _form_text(form: Any, key: str) -> str:
    """A form field as text; "" when missing, not text or longer than any real one."""
    value = form.get(key) if isinstance(form, dict) else None
    return value if isinstance(value, str) and len(value) <= Limit.SIGN_IN_FIELD_MAX_CHARS else ""


class LoginState(rx.State):
    signing_in: bool = False
    error: str = ""
    # The last sign-in was refused only because the address is not verified: offer the mail again.
    unverified: bool = False
    resending: bool = False
    notice: str = ""
    # The identity of that sign-in (server side only), where the verification mail goes again.
    _unverified_identity: str = ""

    @rx.event(background=True)
    async def submit(self, form: dict[str, Any]):
        identity = _form_text(form, "identity").strip()
        password = _form_text(form, "password")
        if not identity or not password:
            # Both are `required` in the form; this covers a crafted event.
            async with self:
                self.error = Text.LOGIN_FAILED
            return
        async with self:
            if self.signing_in:
                return
            self.signing_in = True
            self.error = ""
            self.notice = ""
            self.unverified = False
            # The visitor's address, so PocketBase's sign-in rate limit counts per visitor.
            client_ip = self.router.session.client_ip
        try:
            result = await configured_client().auth_with_password(identity, password, client_ip=client_ip)
        except ClientResponseError as error:
            log.info("sign-in refused: status %s", error.status)
            async with self:
                self.signing_in = False
                self.error = login_error_text(error)
                self.unverified = error.status == NOT_VERIFIED_STATUS
                self._unverified_identity = identity if self.unverified else ""
            return
        except Exception:
            log.exception("sign-in failed unexpectedly")
            async with self:
                self.signing_in = False
                self.error = Text.BACKEND_UNAVAILABLE
            return
        async with self:
            auth = await self.get_state(AuthState)
            auth._store(result.token, result.record)
            self.signing_in = False
        # Back to the page the visitor came from (saved by the header's Login button). The
        # item is taken out in the browser: rx.remove_session_storage would re-hydrate the
        # page, running /login's on_load again.
        take_path = page_action("takeRedirectPath", StorageKey.REDIRECT)
        yield rx.call_script(take_path, callback=LoginState.return_to_page)

    @rx.event
    def return_to_page(self, path: Any):
        # No saved page: the home page in the language of the login page.
        return rx.redirect(safe_redirect_path(path, home=localized(routes.HOME)), replace=True)

    @rx.event
    def clear_error(self):
        self.error = ""
        self.notice = ""
        self.unverified = False
        self._unverified_identity = ""

    @rx.event(background=True)
    async def resend_verification(self):
        """Mail the verification link again to the address of the refused sign-in."""
        async with self:
            if self.resending or not self.unverified:
                return
            email = self._unverified_identity
            if not looks_like_email(email):  # signed in with a user name: no address to send to
                self.error = AccountText.RESEND_NEEDS_EMAIL
                return
            self.resending = True
            client_ip = self.router.session.client_ip
        notice, error = AccountText.VERIFICATION_SENT, ""
        try:
            await configured_client().request_verification(email, client_ip=client_ip)
        except ClientResponseError as failure:
            log.info("verification mail refused: status %s", failure.status)
            notice, error = "", account_error_text(failure, Text.BACKEND_UNAVAILABLE)
        async with self:
            self.resending = False
            self.notice, self.error = notice, error
            self.unverified = not notice
