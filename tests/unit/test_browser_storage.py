"""What a worker keeps of each tab's browser storage, to build a state Redis lost with it
(student_portal/reflex_internals/browser_storage.py; the rebuild itself, on a real Redis, is in
tests/integration/test_redis_layout_fixes.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

import student_portal.pages  # noqa: F401 - every page, so every state (not the app module: it patches Reflex)
from student_portal.constants import Limit, Timing
from student_portal.reflex_internals import browser_storage
from student_portal.server import event_guard
from student_portal.state.auth import AuthState
from student_portal.state.favourites import FavouritesState
from student_portal.state.search import SearchState


@pytest.fixture(autouse=True)
def nothing_kept(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(browser_storage, "_kept", type(browser_storage._kept)())
    yield


def _auth(stored: str) -> AuthState:
    state = AuthState(_reflex_internal_init=True)  # type: ignore[call-arg]
    state.stored_auth = stored
    return state


def test_only_browser_storage_is_kept_per_tab_and_state() -> None:
    pending = FavouritesState(_reflex_internal_init=True)  # type: ignore[call-arg]
    pending.pending = "job:1"
    browser_storage.remember("tab", _auth("signed in"))
    browser_storage.remember("tab", pending)
    browser_storage.remember("tab", SearchState(_reflex_internal_init=True))  # type: ignore[call-arg]
    assert browser_storage._kept["tab"] == {
        AuthState: {"stored_auth": "signed in"},
        FavouritesState: {"pending": "job:1"},
    }

    with browser_storage.restoring("tab"):
        assert browser_storage.restored_values(_auth("")) == {"stored_auth": "signed in"}
    with browser_storage.restoring("another tab"):
        assert browser_storage.restored_values(_auth("")) == {}
    assert browser_storage.restored_values(_auth("")) == {}, "outside a lost tree's snapshot: the defaults"


def test_the_longest_unwritten_tabs_go_first_past_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Limit, "TABS_WITH_KEPT_STORAGE", 3)
    for tab in ("a", "b", "c"):
        browser_storage.remember(tab, _auth(tab))
    browser_storage.remember("a", _auth("a again"))  # written again: the newest
    browser_storage.remember("d", _auth("d"))
    assert list(browser_storage._kept) == ["c", "a", "d"]
    assert len(browser_storage._kept) == 3


@pytest.mark.parametrize(("dropped", "kept"), [(True, False), (False, True)])
def test_a_closed_tabs_values_go_with_its_state(monkeypatch: pytest.MonkeyPatch, dropped, kept) -> None:
    """Dropped: the tab did not come back. Kept: it came back, or an event held its state."""
    monkeypatch.setattr(Timing, "CLOSED_TAB_KEPT_S", 0.0)
    monkeypatch.setattr(event_guard, "_active", set())

    async def forget_closed_tab(_app, _token) -> bool:
        return dropped

    monkeypatch.setattr(event_guard.reflex_internals, "forget_closed_tab", forget_closed_tab)
    browser_storage.remember("tab", _auth("signed in"))
    asyncio.run(event_guard.disconnected(None, "sid", "tab"))  # type: ignore[arg-type]
    assert ("tab" in browser_storage._kept) is kept
