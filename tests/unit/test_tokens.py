"""Reading a stored token's expiry (spec 5: valid if it has no expiry or the expiry is ahead)."""

from __future__ import annotations

import base64
import json

from hypothesis import given
from hypothesis import strategies as st

from student_portal.utils.tokens import is_token_valid, needs_refresh, token_claims, token_expiry


def jwt(claims: dict) -> str:
    def part(data: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(data).encode()).rstrip(b"=").decode()

    return f"{part({'alg': 'HS256', 'typ': 'JWT'})}.{part(claims)}.signature"


NOW = 1_800_000_000.0


def test_claims_are_read_without_the_signature() -> None:
    assert token_claims(jwt({"id": "u1", "exp": 5})) == {"id": "u1", "exp": 5}


def test_a_token_whose_expiry_has_passed_is_not_valid() -> None:
    assert not is_token_valid(jwt({"exp": NOW - 1}), NOW)
    assert not is_token_valid(jwt({"exp": NOW}), NOW)


def test_a_token_with_a_future_expiry_is_valid() -> None:
    assert is_token_valid(jwt({"exp": NOW + 1}), NOW)


def test_a_token_without_expiry_is_valid() -> None:
    assert is_token_valid(jwt({"id": "u1"}), NOW)
    assert token_expiry(jwt({"exp": "tomorrow"})) is None


def test_something_that_is_not_a_jwt_is_not_a_token() -> None:
    for junk in ["", "abc", "a.b", "a.!!!.c", "a.W10.c", jwt({"exp": NOW + 9}) + ".extra"]:
        assert not is_token_valid(junk, NOW), junk


def test_refresh_is_due_only_close_to_expiry() -> None:
    day = 86_400
    assert needs_refresh(jwt({"exp": NOW + day / 2}), NOW, day)
    assert not needs_refresh(jwt({"exp": NOW + 2 * day}), NOW, day)
    assert not needs_refresh(jwt({"exp": NOW - 1}), NOW, day)  # expired: too late to refresh
    assert not needs_refresh(jwt({}), NOW, day)


@given(st.text(max_size=200))
def test_reading_any_text_never_raises(text: str) -> None:
    token_claims(text)
    is_token_valid(text, NOW)
    needs_refresh(text, NOW, 60)
