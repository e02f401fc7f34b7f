"""One page of a long list in the browser, the rest on the server (utils/paging.py).

A list state mixes in `PagedList`, declares the rows the browser draws (`page`), and fills them
with `_paged(matching)`, where `matching` is the whole filtered list, derived on the server from
the shared cache (`ContentCache.view` shares it between visitors):

    class JobsState(PagedList, rx.State):
        PAGE_SIZE: ClassVar[int] = Limit.JOBS_PAGE
        LIST_ID: ClassVar[str] = "jobs-list"                  # the id of the element whose children are the cards
        COUNT_WORDS: ClassVar[tuple[str, str]] = Np_("{count} job", "{count} jobs")          # "1,284 jobs"
        page: list[JobCard] = []

        async def _refresh_page(self):         # Show more (and filters) call this
            self.page = self._paged(await matching_jobs(...))

        def _address(self):                    # the page's address with its filters and ?show=
            return replace_address(JOBS_PATH, {"city": self.city, **self._show_query()})

`components/paging.py` draws the count and the Show more button. A filter change calls
`_first_page()` before refreshing; `load` reads `?show=` with `_shown_from(params)`. A list with a
loading face (`loading: bool = True` beside its `page`) starts its background `load` with
`await loading_while_empty(self)`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Protocol, TypeVar

import reflex as rx
from reflex.event import EventSpec

from student_portal.i18n import Np_
from student_portal.utils.page_actions import run_page_action
from student_portal.utils.paging import (
    SHOW_PARAM,
    count_label,
    first_rows,
    has_more,
    next_shown,
    show_param,
    shown_from_query,
)

T = TypeVar("T")


def focus_row(list_id: str, index: int) -> EventSpec:
    """An event that moves focus to child `index` of element `list_id` once it is drawn."""
    return run_page_action("focusRow", list_id, int(index))


class LoadingList(Protocol):
    """A list with a loading face. Each declares its typed `page` and `loading: bool = True`
    itself: not every list has the face (/notes has its phase), so the mixin declares neither."""

    loading: bool

    @property
    def page(self) -> Sequence[object]: ...

    async def __aenter__(self) -> object: ...

    async def __aexit__(self, *exc: object) -> None: ...


async def loading_while_empty(state: LoadingList) -> None:
    """At the start of a list's background load: the loading face only while its page has no
    rows (a visitor coming back keeps the cards while they refresh). The lock is taken, and an
    update sent, only when the flag changes: a first visit is already loading.

    A function, not a PagedList method: `self.loading = ...` in a method would have mypy believe
    every list has `loading`."""
    if state.loading != (not state.page):
        async with state:
            state.loading = not state.page


class PagedList(rx.State, mixin=True):
    """How far a visitor went in a list, its size, and Show more (see the module notes)."""

    shown: int = 0  # rows the visitor asked for (a whole number of pages)
    total: int = 0  # rows matching the filters, over the whole catalog
    count: str = ""  # "1,284 recordings"
    more: bool = False  # whether Show more has anything to add

    # Set by each list: rows per page, the id of the cards' parent element, count words.
    PAGE_SIZE: ClassVar[int] = 24
    LIST_ID: ClassVar[str] = "list"
    COUNT_WORDS: ClassVar[tuple[str, str]] = Np_("{count} item", "{count} items")

    def _shown_from(self, params: Mapping[str, Any]) -> int:
        return shown_from_query(params.get(SHOW_PARAM), self.PAGE_SIZE)

    def _first_page(self) -> None:
        self.shown = self.PAGE_SIZE

    def _show_query(self) -> dict[str, str]:
        """`{"show": "48"}` for the address once the visitor went past the first page."""
        return {SHOW_PARAM: show_param(self.shown, self.PAGE_SIZE)}

    def _paged(self, matching: Sequence[T] | None) -> list[T]:
        """The rows to send: the first `shown` of `matching`; sets the total, count and more."""
        rows = matching or ()
        self.shown = self.shown or self.PAGE_SIZE
        self.total = len(rows)
        self.count = count_label(self.total, *self.COUNT_WORDS)
        self.more = has_more(self.total, self.shown, self.PAGE_SIZE)
        return first_rows(rows, self.shown)

    async def _refresh_page(self) -> None:
        raise NotImplementedError

    def _address(self) -> EventSpec | None:
        return None

    @rx.event
    async def show_more(self):
        """Adds the next page; the address remembers it and focus moves to its first card."""
        before = self.shown
        self.shown = next_shown(self.shown, self.PAGE_SIZE)
        await self._refresh_page()
        events = [event for event in (self._address(),) if event is not None]
        if self.total > before and self.shown > before:
            events.append(focus_row(self.LIST_ID, before))
        return events
