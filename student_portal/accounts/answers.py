"""PocketBase's answers to the account calls, in the site's own words (never PocketBase's text).

PocketBase names a refused field in `data.<field>.code` (validation_not_unique, ...); which
field and code mean what is decided here, once, for every account page and the header dialog.
"""

from __future__ import annotations

import math
import re
from typing import Any

from student_portal.accounts.passwords import PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS
from student_portal.accounts.texts import AccountText
from student_portal.constants import Limit
from student_portal.i18n.texts import Text
from student_portal.pocketbase.errors import ClientResponseError

# PocketBase's answer to a correct password on an account its authRule (verified = true) refuses.
NOT_VERIFIED_STATUS = 403

# One address, no spaces, a dot in the domain: PocketBase checks it properly; this catches typos
# before a request is spent on them.
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def looks_like_email(text: str) -> bool:
    return len(text) <= Limit.SIGN_IN_FIELD_MAX_CHARS and _EMAIL.match(text) is not None


def form_text(form: Any, key: str) -> str:
    """A form field as text; "" when missing, not text or longer than any real one."""
    value = form.get(key) if isinstance(form, dict) else None
    return value if isinstance(value, str) and len(value) <= Limit.SIGN_IN_FIELD_MAX_CHARS else ""


def _field_codes(error: ClientResponseError) -> dict[str, str]:
    data = error.response.get("data")
    if not isinstance(data, dict):
        return {}
    codes = {}
    for field, detail in data.items():
        code = detail.get("code") if isinstance(detail, dict) else None
        if isinstance(field, str) and isinstance(code, str):
            codes[field] = code
    return codes


def account_error_text(error: ClientResponseError, fallback: str) -> str:
    """What an account page says about a refused call; `fallback` when nothing more is known."""
    if error.locked_for_s is not None and _field_codes(error).get("retryAfter") == "too_many_attempts":
        # This account: too many wrong passwords (pb_hooks/sign_in_limit.pb.js).
        return Text.account_locked(max(1, math.ceil(error.locked_for_s / 60)))
    if error.is_rate_limited:
        return AccountText.TOO_MANY_REQUESTS
    if error.status == 0 or error.status >= 500 or 200 <= error.status < 300:
        return Text.BACKEND_UNAVAILABLE
    codes = _field_codes(error)
    if "token" in codes:
        return AccountText.LINK_INVALID
    if "oldPassword" in codes:
        return AccountText.WRONG_PASSWORD
    if "email" in codes or "newEmail" in codes:
        code = codes.get("email") or codes.get("newEmail")
        return AccountText.EMAIL_TAKEN if code == "validation_not_unique" else AccountText.EMAIL_INVALID
    if "password" in codes:
        # confirm-email-change names `password` when it is wrong; elsewhere it is the new one.
        if codes["password"] == "validation_invalid_password":
            return AccountText.WRONG_PASSWORD
        return AccountText.password_length(PASSWORD_MIN_CHARS, PASSWORD_MAX_CHARS)
    if "passwordConfirm" in codes:
        return AccountText.PASSWORDS_DIFFER
    return fallback
