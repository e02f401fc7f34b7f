"""A list state's paging (state/paging.py) on RecordingsState: one page sent, Show more adds a
page and focuses its first card, filters start again at the first page; the loading face of
/youtube's and /jobs' loads (no server)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest

from student_portal.constants import Limit
from student_portal.state import recordings as module
from student_portal.state.jobs import JobCard, JobsState
from student_portal.state.paging import LoadingList, loading_while_empty
from student_portal.state.recordings import RecordingCard, RecordingsState, RecordingsView, searched_texts

SIZE = Limit.RECORDINGS_PAGE


def _view(count: int) -> RecordingsView:
    cards = [RecordingCard(id=f"r{n}", name=f"Recording {n}", subject_id="s1", video_id="") for n in range(count)]
    return RecordingsView(cards, searched_texts(cards, []), [])


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


class _Background:
    """A list state as its background `load` holds it: written only under the lock, which it counts."""

    def __init__(self, state: LoadingList) -> None:
        self._state, self._held, self.locks = state, False, 0

    @property
    def page(self) -> Sequence[object]:
        return self._state.page

    @property
    def loading(self) -> bool:
        return self._state.loading

    @loading.setter
    def loading(self, value: bool) -> None:
        assert self._held, "loading written outside the lock"
        self._state.loading = value

    async def __aenter__(self) -> _Background:
        self._held, self.locks = True, self.locks + 1
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._held = False


def _job() -> JobCard:
    return JobCard(
        id="j1", title="Tutor", company="", logo_url="", is_new=False, featured=False,
        posted="", posted_iso="", contract="", location="",
    )  # fmt: skip


_ROWS = {RecordingsState: lambda: _view(1).cards, JobsState: lambda: [_job()]}


@pytest.mark.parametrize("list_state", list(_ROWS), ids=lambda cls: cls.__name__)
@pytest.mark.parametrize(
    ("has_rows", "loading", "locks", "loading_after"),
    [
        (False, True, 0, True),  # a first visit: already loading, no lock and no update
        (True, False, 0, False),  # back with its cards shown: they stay while they refresh
        (True, True, 1, False),
        (False, False, 1, True),  # back to an empty page (the last load failed): loading again
    ],
)
def test_a_list_load_shows_loading_only_while_empty_and_locks_only_to_change_it(
    list_state: type[RecordingsState | JobsState], has_rows: bool, loading: bool, locks: int, loading_after: bool
) -> None:
    made = list_state(_reflex_internal_init=True)  # type: ignore[call-arg]
    assert made.loading and not made.page  # the declared defaults: a first visit starts loading
    made.page = _ROWS[list_state]() if has_rows else []  # type: ignore[assignment]
    made.loading = loading
    background = _Background(made)
    asyncio.run(loading_while_empty(background))
    assert (background.locks, made.loading) == (locks, loading_after)
