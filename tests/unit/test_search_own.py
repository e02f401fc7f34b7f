"""A visitor's own documents in search (student_portal/state/search.py): what their role allows
now, not a minute ago (issue 36, finding 8)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

from student_portal.pocketbase import User
from student_portal.search.index import Document
from student_portal.state import search
from student_portal.state.auth import AuthState, Session, StoredAuth

NOTE = Document(id="n1", kind="notes", title="Uni note: thermodynamics", href="/notes", detail="")


class _Tab:
    """The part of a background state _own_documents uses: its lock and its own-documents state."""

    def __init__(self) -> None:
        self.own = SimpleNamespace(_documents=[], _token="", _at=0.0, _role="")
        stored = StoredAuth(token="tok", record={"id": "u1"})
        self.auth = SimpleNamespace(_session=lambda: stored)

    async def __aenter__(self) -> _Tab:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None

    async def get_state(self, cls: type) -> SimpleNamespace:
        return self.auth if cls is AuthState else self.own


def test_a_role_taken_away_reaches_search_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    role = ["notes"]

    async def verified_session(_state: object) -> Session:
        return Session(token="tok", user=User.model_validate({"id": "u1", "role": role[0]}))

    async def protected_documents(_token: str, can_view_notes: bool) -> tuple[list[Document], bool]:
        return ([NOTE] if can_view_notes else []), False

    monkeypatch.setattr(search, "verified_session", verified_session)
    monkeypatch.setattr(search, "protected_documents", protected_documents)
    tab = _Tab()

    async def search_now() -> list[Document]:
        async with tab:
            snapshot = await search.own_snapshot(tab)  # type: ignore[arg-type]
        own = await search._own_documents(tab, snapshot)  # type: ignore[arg-type]
        assert own.signed_in and not own.failed
        assert own.notes == (role[0] == "notes")  # and the page index's access follows the role
        return own.documents

    assert asyncio.run(search_now()) == [NOTE]
    role[0] = "basic"  # an admin takes the role away, seconds later
    assert asyncio.run(search_now()) == []
    role[0] = "notes"
    assert asyncio.run(search_now()) == [NOTE]
