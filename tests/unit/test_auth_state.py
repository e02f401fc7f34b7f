"""The stored session: what counts as signed in, what the role is, and logout (spec 4, 5, 6)."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest

from student_portal.i18n.texts import Text
from student_portal.pocketbase import ClientResponseError
from student_portal.state import auth as auth_module
from student_portal.state.auth import AuthState, dump_stored_auth, parse_stored_auth
from student_portal.state.login import login_error_text
from tests.unit.test_tokens import jwt

FUTURE = 4_102_444_800  # 2100-01-01
PAST = 946_684_800  # 2000-01-01


def _state(stored: str = "") -> AuthState:
    state = AuthState(_reflex_internal_init=True)  # type: ignore[call-arg]
    state.stored_auth = stored
    return state


def stored(role: str = "notes", exp: float = FUTURE) -> str:
    return dump_stored_auth(jwt({"id": "u1", "exp": exp}), {"id": "u1", "role": role, "email": "a@b.lk"})


def test_no_stored_item_means_signed_out() -> None:
    state = _state()
    assert not state.is_authenticated
    assert state.role == ""
    assert not state.can_view_notes


@pytest.mark.parametrize(("role", "may_view"), [("basic", False), ("notes", True), ("full", True), ("", False)])
def test_role_notes_or_full_may_view_notes(role: str, may_view: bool) -> None:
    state = _state(stored(role))
    assert state.is_authenticated
    assert state.role == role
    assert state.can_view_notes is may_view


def test_an_expired_token_counts_as_signed_out() -> None:
    state = _state(stored("full", exp=PAST))
    assert not state.is_authenticated
    assert state.role == ""
    assert not state.can_view_notes


@pytest.mark.parametrize("raw", ["not json", "[]", '{"record": {}}', '{"token": 5}', '{"token": ""}'])
def test_an_unreadable_stored_item_counts_as_signed_out(raw: str) -> None:
    assert parse_stored_auth(raw) is None
    assert not _state(raw).is_authenticated


def test_only_the_needed_record_fields_are_stored() -> None:
    raw = dump_stored_auth(
        "t.o.k",
        {
            "id": "u1",
            "email": "a@b.lk",
            "role": "full",
            "name": "Private Name",
            "emailVisibility": False,
            "avatar": "x.png",
        },
    )
    assert json.loads(raw) == {"token": "t.o.k", "record": {"id": "u1", "email": "a@b.lk", "role": "full"}}


def test_the_token_never_appears_in_a_printed_session() -> None:
    token = jwt({"id": "u1", "exp": FUTURE})
    session = parse_stored_auth(dump_stored_auth(token, {"id": "u1"}))
    assert session is not None and session.user_id == "u1"
    assert token not in repr(session) and token not in str(session)


def test_a_signed_in_visitor_opening_login_is_sent_home() -> None:
    event = AuthState.redirect_if_signed_in.fn(_state(stored()))
    assert event is not None and "_redirect" in str(event) and '"/"' in str(event.args)


def test_login_page_forgets_an_expired_token() -> None:
    state = _state(stored(exp=PAST))
    assert AuthState.redirect_if_signed_in.fn(state) is None
    assert state.stored_auth == ""


async def _run_logout(state: AuthState) -> list:
    return [event async for event in AuthState.logout.fn(state)]


def test_logout_button_reads_logging_out_while_it_runs() -> None:
    async def first_step(state: AuthState) -> None:
        steps = AuthState.logout.fn(state)
        await steps.__anext__()
        assert state.logging_out and state.is_authenticated
        await steps.aclose()

    asyncio.run(first_step(_state(stored())))


def test_logout_clears_the_store_and_goes_home() -> None:
    state = _state(stored())
    events = asyncio.run(_run_logout(state))
    assert state.stored_auth == "" and not state.is_authenticated and not state.logging_out
    assert "_redirect" in str(events[-1])


def test_a_logout_failure_is_logged_and_the_visitor_still_ends_signed_out(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(_state: object) -> None:
        raise RuntimeError("state store unavailable")

    monkeypatch.setattr(auth_module, "_forgetters", [broken])
    state = _state(stored())
    with caplog.at_level(logging.ERROR, logger=auth_module.__name__):
        events = asyncio.run(_run_logout(state))
    assert state.stored_auth == "" and not state.logging_out
    assert "_redirect" in str(events[-1])
    assert "logout" in caplog.text


@pytest.mark.parametrize(
    ("status", "text"),
    [
        (400, Text.LOGIN_FAILED),
        (404, Text.LOGIN_FAILED),
        (429, Text.TOO_MANY_ATTEMPTS),
        (0, Text.BACKEND_UNAVAILABLE),
        (500, Text.BACKEND_UNAVAILABLE),
        (502, Text.BACKEND_UNAVAILABLE),
        (200, Text.BACKEND_UNAVAILABLE),
    ],
)
def test_login_errors_say_what_went_wrong(status: int, text: str) -> None:
    assert login_error_text(ClientResponseError(status=status)) == text


def _locked(seconds: object) -> ClientResponseError:
    """The 429 of pb_hooks/sign_in_limit.pb.js (PocketBase appends a full stop to the message)."""
    data = {"retryAfter": {"code": "too_many_attempts", "message": seconds}}
    return ClientResponseError(status=429, response={"status": 429, "message": "Too many attempts", "data": data})


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        ("900.", "Too many attempts, try again in 15 minutes."),
        ("61", "Too many attempts, try again in 2 minutes."),
        ("60.", "Too many attempts, try again in 1 minute."),
        ("5.", "Too many attempts, try again in 1 minute."),
    ],
)
def test_a_locked_account_is_told_how_many_minutes_to_wait(seconds: str, text: str) -> None:
    assert login_error_text(_locked(seconds)) == text == Text.account_locked(int(text.split()[-2]))


@pytest.mark.parametrize("seconds", [None, "", "soon", "-5", 900, "9" * 20])
def test_a_429_without_a_usable_wait_is_the_per_address_message(seconds: object) -> None:
    assert login_error_text(_locked(seconds)) == Text.TOO_MANY_ATTEMPTS


def test_logout_ends_the_token_at_pocketbase_and_a_failure_there_only_logs(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    ended: list[str] = []

    class Client:
        async def sign_out(self, token: str) -> None:
            ended.append(token)
            if len(ended) == 2:
                raise ClientResponseError(url="http://pb/api/student-portal/sign-out-everywhere", status=503)

    monkeypatch.setattr(auth_module, "configured_client", lambda: Client())

    async def log_out_twice() -> list:
        events = []
        for _ in range(2):
            state = _state(stored())
            token = parse_stored_auth(state.stored_auth).token  # type: ignore[union-attr]
            events += await _run_logout(state)
            await asyncio.gather(*auth_module._signing_out)
            assert ended[-1] == token
        return events

    with caplog.at_level(logging.WARNING, logger=auth_module.__name__):
        events = asyncio.run(log_out_twice())
    assert len(ended) == 2 and "_redirect" in str(events[-1])
    assert "could not end" in caplog.text and ended[0] not in caplog.text
