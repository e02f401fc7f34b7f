"""The password rules the site shows and checks before asking PocketBase (which checks again):
the users collection's password field, as pb_migrations/1795301700_accounts.js sets it."""

from __future__ import annotations

from typing import Final

from student_portal.accounts.texts import AccountText

PASSWORD_MIN_CHARS: Final = 8
PASSWORD_MAX_CHARS: Final = 71  # bcrypt reads 72 bytes at most


def password_rules() -> str:
    return AccountText.password_rules(PASSWORD_MIN_CHARS, PASSWORD_MAX_CHARS)


def new_password_problem(password: str, confirm: str) -> str:
    """What is wrong with a new password and its confirmation, or "" when nothing is."""
    if not PASSWORD_MIN_CHARS <= len(password) <= PASSWORD_MAX_CHARS:
        return AccountText.password_length(PASSWORD_MIN_CHARS, PASSWORD_MAX_CHARS)
    if password != confirm:
        return AccountText.PASSWORDS_DIFFER
    return ""
