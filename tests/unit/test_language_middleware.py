"""The language an event runs in comes from the page it was sent from (i18n/middleware.py)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest
from reflex.istate.data import RouterData
from reflex_base.event import Event
from reflex_base.utils import console

from student_portal.i18n import current_language
from student_portal.i18n.languages import Language
from student_portal.i18n.middleware import LanguageMiddleware, event_path


def _state(url: str = "") -> SimpleNamespace:
    return SimpleNamespace(router=RouterData.from_router_data({"asPath": url} if url else {}))


@pytest.mark.parametrize(
    ("router_data", "expected"),
    [
        ({"asPath": "/si/youtube?subject=x", "pathname": "/si/youtube"}, Language.SI),
        ({"asPath": "/ta/", "pathname": "/ta"}, Language.TA),
        ({"asPath": "/youtube?q=si", "pathname": "/youtube"}, Language.EN),
        ({"pathname": "/ta/jobs"}, Language.TA),
    ],
)
def test_the_events_own_page_decides(router_data, expected):
    # The state's router says otherwise: the event's address wins (it is the page it came from).
    state = _state("/elsewhere")
    event = Event(name="state.x", router_data=router_data)

    async def language_seen_by_the_handler() -> Language:
        await LanguageMiddleware().preprocess(None, state, event)
        return current_language.get()

    assert asyncio.run(language_seen_by_the_handler()) is expected


def test_without_router_data_the_state_router_decides():
    assert event_path(Event(name="state.x"), _state("/si/notes?page=2")) == "/si/notes"
    assert event_path(Event(name="state.x"), _state("/ta/shop")) == "/ta/shop"
    assert event_path(Event(name="state.x"), _state()) == "/"


def test_the_fallback_reads_no_deprecated_router_field(monkeypatch):
    # `router.page` is deprecated: every read runs Reflex's deprecation check, once per event.
    calls = []
    monkeypatch.setattr(console, "deprecate", lambda *a, **k: calls.append(k))
    assert event_path(Event(name="state.x"), _state("/si/notes")) == "/si/notes"
    assert calls == []
