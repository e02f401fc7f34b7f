"""A list state's paging (state/paging.py) on RecordingsState: one page sent, Show more adds a
page and focuses its first card, filters start again at the first page (no server)."""

from __future__ import annotations

import asyncio

import pytest

from student_portal.constants import Limit
from student_portal.state import recordings as module
from student_portal.state.recordings import RecordingCard, RecordingsState, RecordingsView
from student_portal.utils.filters import folded_names

SIZE = Limit.RECORDINGS_PAGE


def _view(count: int) -> RecordingsView:
    cards = [RecordingCard(id=f"r{n}", name=f"Recording {n}", subject_id="s1", video_id="") for n in range(count)]
    return RecordingsView(cards, folded_names(cards), [])


@pytest.fixture
def state(monkeypatch: pytest.MonkeyPatch) -> RecordingsState:
    view = _view(SIZE * 2 + 5)

    async def shared_view() -> RecordingsView:
        return view

    monkeypatch.setattr(module, "recordings_view", shared_view)
    made = RecordingsState(_reflex_internal_init=True)  # type: ignore[call-arg]
    made.shown = SIZE
    made._show_view(view)
    return made


def _scripts(events) -> str:
    return " ".join(str(event) for event in events)


def test_the_browser_gets_one_page_and_the_count_of_all(state: RecordingsState) -> None:
    assert len(state.page) == SIZE and state.total == SIZE * 2 + 5 and state.more
    assert state.count == f"{SIZE * 2 + 5} recordings"


def test_show_more_adds_a_page_remembers_it_and_focuses_its_first_card(state: RecordingsState) -> None:
    events = asyncio.run(RecordingsState.show_more.fn(state))
    assert len(state.page) == SIZE * 2 and state.shown == SIZE * 2 and state.more
    assert f"show={SIZE * 2}" in _scripts(events)
    assert f'"{RecordingsState.LIST_ID}", {SIZE})' in _scripts(events)  # focus_row(list, first new)
    asyncio.run(RecordingsState.show_more.fn(state))
    assert len(state.page) == SIZE * 2 + 5 and not state.more


def test_a_search_starts_again_at_the_first_page_over_the_whole_list(state: RecordingsState) -> None:
    asyncio.run(RecordingsState.show_more.fn(state))
    events = asyncio.run(RecordingsState.set_query.fn(state, "Recording 2"))
    assert state.shown == SIZE and "show=" not in str(events)
    # "Recording 2", "Recording 20".."2x": found past the first page too
    matching = [f"r{n}" for n in range(SIZE * 2 + 5) if str(n).startswith("2")]
    assert int(matching[-1][1:]) >= SIZE
    assert [card.id for card in state.page] == matching[:SIZE]
