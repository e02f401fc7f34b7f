"""Several checks of one session at once (a page's loads each check it: /account has three): the
one that rewrites the stored item (trimmed to the fields we keep, or refreshed) leaves the others
with the same, signed-in student, never "signed out meanwhile" (which sent /account to /login)."""

from __future__ import annotations

import asyncio
import base64
import json
import time
from types import SimpleNamespace
from typing import Any

from student_portal.state import auth as auth_module
from student_portal.state.auth import AuthState, dump_stored_auth, parse_stored_auth, verified_session


def _token(user_id: str) -> str:
    claims = {"id": user_id, "exp": int(time.time()) + 7 * 24 * 3600, "type": "auth"}
    payload = base64.urlsafe_b64encode(json.dumps(claims).encode()).decode().rstrip("=")
    return f"e30.{payload}.signature"


class _Tab:
    """What verified_session uses of a background state: its lock and the stored item."""

    def __init__(self, item: str) -> None:
        self.auth = SimpleNamespace(stored_auth=item)
        self.auth._session = lambda: parse_stored_auth(self.auth.stored_auth)
        self.auth._clear = lambda: setattr(self.auth, "stored_auth", "")
        self.auth._store = lambda token, record: setattr(self.auth, "stored_auth", dump_stored_auth(token, record))

    async def __aenter__(self) -> _Tab:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None

    async def get_state(self, cls: type) -> Any:
        assert cls is AuthState
        return self.auth


class _PocketBase:
    def __init__(self, record: dict[str, Any]) -> None:
        self.record = record
        self.asked = 0

    async def get_one(self, collection: str, record_id: str, token: str) -> dict[str, Any]:
        self.asked += 1
        await asyncio.sleep(0)  # the checks interleave here, as they do waiting on PocketBase
        return self.record


def test_three_checks_at_once_all_find_the_signed_in_student(monkeypatch) -> None:
    record = {
        "id": "u1",
        "email": "full@demo.lk",
        "username": "full",
        "role": "full",
        "verified": True,
        "collectionName": "users",
        "mail_classes": "",
        "created": "2026-12-01 00:00:00.000Z",
    }
    pocketbase = _PocketBase(record)
    monkeypatch.setattr(auth_module, "configured_client", lambda: pocketbase)
    # As an earlier visit stored it: the whole record (the site keeps fewer fields when it writes).
    tab = _Tab(json.dumps({"token": _token("u1"), "record": record}))

    async def three() -> list[Any]:
        return await asyncio.gather(*(verified_session(tab) for _ in range(3)))  # type: ignore[arg-type]

    sessions = asyncio.run(three())
    assert [s.user.id if s else None for s in sessions] == ["u1", "u1", "u1"]
    assert parse_stored_auth(tab.auth.stored_auth).user_id == "u1"
    assert pocketbase.asked == 1  # one question for the page's three loads


def test_a_check_after_the_answer_asks_again(monkeypatch) -> None:
    """Only checks running at the same time share an answer: a sign-out elsewhere or a changed
    password shows on the next check."""
    record = {"id": "u1", "email": "full@demo.lk", "role": "full"}
    pocketbase = _PocketBase(record)
    monkeypatch.setattr(auth_module, "configured_client", lambda: pocketbase)
    tab = _Tab(dump_stored_auth(_token("u1"), record))

    async def checks() -> None:
        await verified_session(tab)  # type: ignore[arg-type]
        await verified_session(tab)  # type: ignore[arg-type]

    asyncio.run(checks())
    assert pocketbase.asked == 2
    assert auth_module._checks == {}


def test_a_student_signed_out_or_changed_meanwhile_is_not_returned(monkeypatch) -> None:
    record = {"id": "u1", "email": "full@demo.lk", "role": "full"}
    tab = _Tab(dump_stored_auth(_token("u1"), record))

    class _SwitchingPocketBase(_PocketBase):
        async def get_one(self, collection: str, record_id: str, token: str) -> dict[str, Any]:
            tab.auth.stored_auth = dump_stored_auth(_token("u2"), {"id": "u2"})  # in as someone else
            return self.record

    monkeypatch.setattr(auth_module, "configured_client", lambda: _SwitchingPocketBase(record))
    assert asyncio.run(verified_session(tab)) is None  # type: ignore[arg-type]
