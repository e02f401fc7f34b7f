"""PocketBase's account flows for the `users` collection: sign up, verification, password reset,
email change, password change, sign out everywhere, and a student's request for access.

Mixed into PocketBaseClient. Calls a visitor makes without a session carry the visitor's
address (`client_ip`, sent as X-Forwarded-For), so PocketBase's per-address rate limits count
visitors and not the site's server. Passwords and tokens are sent, never kept or logged.
Knows nothing of Reflex.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from student_portal.pocketbase.collections import Collection

_USERS = f"/api/collections/{Collection.USERS}"
SIGN_OUT_EVERYWHERE_PATH = "/api/student-portal/sign-out-everywhere"  # pb_hooks/accounts.pb.js
NOTICE_MAIL_PATH = "/api/student-portal/notice-mail"  # pb_hooks/notice_mail.pb.js
UNSUBSCRIBE_PATH = "/api/student-portal/unsubscribe"  # pb_hooks/notice_mail.pb.js
DELIVERIES_PATH = "/api/student-portal/deliveries"  # pb_hooks/notice_mail.pb.js
DELIVERIES_SENT_PATH = "/api/student-portal/deliveries-sent"  # pb_hooks/notice_mail.pb.js


class AccountCalls:
    """The account half of PocketBaseClient (its `_send` and `_client_ip_header` do the work)."""

    if TYPE_CHECKING:

        async def _send(
            self,
            method: str,
            path: str,
            *,
            params: dict[str, Any] | None = None,
            json_body: dict[str, Any] | None = None,
            token: str | None = None,
            headers: dict[str, str] | None = None,
        ) -> dict[str, Any]: ...

    @staticmethod
    def _forwarded(client_ip: str | None) -> dict[str, str]:
        from student_portal.pocketbase.client import _client_ip_header

        return _client_ip_header(client_ip)

    async def sign_up(
        self, email: str, password: str, password_confirm: str, *, language: str, client_ip: str | None = None
    ) -> dict[str, Any]:
        """Create an account (role basic, unverified: PocketBase's rules and hooks decide, and
        its hook mails the verification link). Returns the new record."""
        body = {"email": email, "password": password, "passwordConfirm": password_confirm, "language": language}
        return await self._send("POST", f"{_USERS}/records", json_body=body, headers=self._forwarded(client_ip))

    async def request_verification(self, email: str, *, client_ip: str | None = None) -> None:
        """Mail the verification link again (204 whether or not the address has an account)."""
        await self._send(
            "POST", f"{_USERS}/request-verification", json_body={"email": email}, headers=self._forwarded(client_ip)
        )

    async def confirm_verification(self, token: str, *, client_ip: str | None = None) -> None:
        await self._send(
            "POST", f"{_USERS}/confirm-verification", json_body={"token": token}, headers=self._forwarded(client_ip)
        )

    async def request_password_reset(self, email: str, *, client_ip: str | None = None) -> None:
        """Mail a password-reset link (204 whether or not the address has an account)."""
        await self._send(
            "POST", f"{_USERS}/request-password-reset", json_body={"email": email}, headers=self._forwarded(client_ip)
        )

    async def confirm_password_reset(
        self, token: str, password: str, password_confirm: str, *, client_ip: str | None = None
    ) -> None:
        """Set a new password with a mailed token; every earlier session of the account ends."""
        body = {"token": token, "password": password, "passwordConfirm": password_confirm}
        await self._send("POST", f"{_USERS}/confirm-password-reset", json_body=body, headers=self._forwarded(client_ip))

    async def request_email_change(self, new_email: str, *, token: str, client_ip: str | None = None) -> None:
        """Mail a confirmation link to `new_email` (the signed-in account's own request; the
        visitor's address, so PocketBase's per-address limit counts visitors, not the site)."""
        await self._send(
            "POST",
            f"{_USERS}/request-email-change",
            json_body={"newEmail": new_email},
            token=token,
            headers=self._forwarded(client_ip),
        )

    async def confirm_email_change(self, token: str, password: str, *, client_ip: str | None = None) -> None:
        """Move the account to the new address, with the mailed token and the account's password."""
        await self._send(
            "POST",
            f"{_USERS}/confirm-email-change",
            json_body={"token": token, "password": password},
            headers=self._forwarded(client_ip),
        )

    async def change_password(
        self, user_id: str, old_password: str, password: str, password_confirm: str, *, token: str
    ) -> dict[str, Any]:
        """The signed-in account's new password; PocketBase then rejects every earlier token."""
        body = {"oldPassword": old_password, "password": password, "passwordConfirm": password_confirm}
        path = f"{_USERS}/records/{user_id}"
        return await self._send("PATCH", path, json_body=body, token=token)

    async def sign_out_everywhere(self, *, token: str) -> None:
        """Every token of the account stops working (a new token key: pb_hooks/accounts.pb.js)."""
        await self._send("POST", SIGN_OUT_EVERYWHERE_PATH, token=token)

    async def send_notice_mail(
        self, user_id: str, mail_list: str, subject: str, text: str, html: str, *, token: str
    ) -> None:
        """A notice mail to a student through PocketBase's mail settings (a superuser's `token`);
        PocketBase puts that student's unsubscribe link for `mail_list` where the text says
        {unsubscribe}, and in the List-Unsubscribe header."""
        body = {"user": user_id, "list": mail_list, "subject": subject, "text": text, "html": html}
        await self._send("POST", NOTICE_MAIL_PATH, json_body=body, token=token)

    async def write_deliveries(self, notice_id: str, rows: list[dict[str, str]], next_try: str, *, token: str) -> int:
        """A notice's deliveries ({user, mode} each) in one transaction; how many were new."""
        body = {"notice": notice_id, "deliveries": rows, "next_try": next_try}
        answer = await self._send("POST", DELIVERIES_PATH, json_body=body, token=token)
        written = answer.get("written")
        return written if isinstance(written, int) else 0

    async def mark_sent(self, delivery_ids: list[str], sent_at: str, *, token: str) -> None:
        """The deliveries of a mail that went, marked sent in one transaction."""
        body = {"ids": delivery_ids, "sent_at": sent_at}
        await self._send("POST", DELIVERIES_SENT_PATH, json_body=body, token=token)

    async def unsubscribe(self, link_token: str) -> str:
        """The list ("classes", "other") a mailed unsubscribe link's token turned off (no sign-in:
        the token is signed by PocketBase); 400 ClientResponseError for a forged or old one."""
        answer = await self._send("POST", UNSUBSCRIBE_PATH, json_body={"token": link_token})
        return str(answer.get("list") or "")

    async def request_access(self, user_id: str, access: str, *, token: str) -> dict[str, Any]:
        """Record that the signed-in student asks for `access` (content managers grant it)."""
        path = f"/api/collections/{Collection.ACCESS_REQUESTS}/records"
        return await self._send("POST", path, json_body={"user": user_id, "access": access}, token=token)
