"""Kuppi recordings: the /youtube page (search, subject filter, slides) and the home preview.

Recordings and Subjects come newest first from the content cache, which also keeps the joined
and searched lists (shared by every visitor); the browser gets one page of cards at a time.
The address keeps the view: /youtube?q=<search>&subject=<subject id>&show=<cards shown>.
"""

from __future__ import annotations

import asyncio
import dataclasses
from dataclasses import dataclass
from typing import ClassVar

import reflex as rx
from reflex.event import EventSpec

from student_portal import routes
from student_portal.constants import Limit
from student_portal.i18n import Np_
from student_portal.i18n.texts import Text
from student_portal.pocketbase import Collection, ContentSlide, Recording, Subject
from student_portal.state.address import replace_address
from student_portal.state.content import SharedView, public_lists, public_rows
from student_portal.state.options import Option, option, usable
from student_portal.state.page_slides import PageSlide, page_slide, with_image
from student_portal.state.paging import PagedList, loading_while_empty
from student_portal.state.sections import Section
from student_portal.utils.filters import filter_by_category, folded_fields, search_folded
from student_portal.utils.query import bounded_text, query_choice, query_text
from student_portal.utils.youtube import youtube_id


@dataclass
class RecordingCard:
    id: str
    name: str
    subject_id: str
    video_id: str  # 11-character YouTube id; "" when the link has none (no video shown)
    subject: str = Text.SUBJECT_UNKNOWN  # the subject's name once joined with Subjects
    # No share address: the card shares its video's YouTube address, made in the browser from
    # video_id (components/recordings.py), so each row does not carry it twice more.


def recording_card(recording: Recording) -> RecordingCard:
    return RecordingCard(
        id=recording.id,
        name=recording.name,
        subject_id=recording.subject,
        video_id=youtube_id(recording.link) or "",
    )


def with_subject_names(cards: list[RecordingCard], subjects: list[Option]) -> list[RecordingCard]:
    """Each card labelled with its subject's name, or Unknown (spec 8) when there is none."""
    names = {s.value: s.label for s in subjects}
    return [dataclasses.replace(c, subject=names.get(c.subject_id, Text.SUBJECT_UNKNOWN)) for c in cards]


def searched_texts(cards: list[RecordingCard], subjects: list[Option]) -> list[tuple[str, ...]]:
    """What a search looks in, folded: each recording's name and its subject's name (the box
    says "e.g. Physics"); a recording without a known subject has only its name."""
    names = {s.value: s.label for s in subjects}
    return folded_fields((card.name, names.get(card.subject_id, "")) for card in cards)


def search_recordings(
    cards: list[RecordingCard], query: str, subject: str, subjects: list[Option] | None = None
) -> list[RecordingCard]:
    """Case-insensitive substring of the name or the subject's name (spec 5 searches the name;
    the box's own example is a subject); then the chosen subject ("" = all)."""
    found = search_folded(cards, searched_texts(cards, subjects or []), query)
    return filter_by_category(found, subject, "subject_id")


_SOURCES = ((Collection.RECORDINGS, Recording, recording_card), (Collection.SUBJECTS, Subject, option))


@dataclass(frozen=True)
class RecordingsView(SharedView):
    """Every recording card named with its subject, the texts a search looks in (folded), the
    subject choices: made once per version of the two lists and shared by every visitor (read-only)."""

    cards: list[RecordingCard]
    folded: list[tuple[str, ...]]
    subjects: list[Option]
    failed: bool = False
    LISTS: ClassVar[tuple[str, ...]] = (Collection.RECORDINGS, Collection.SUBJECTS)

    def matching(self, query: str, subject: str) -> list[RecordingCard]:
        """The recordings a search and subject choose, over the whole catalog; shared between
        visitors with the same filters while the lists are unchanged."""
        return self.filtered(
            (query.strip().casefold(), subject),
            lambda: filter_by_category(search_folded(self.cards, self.folded, query), subject, "subject_id"),
        )


def _recordings_view(recordings: list[RecordingCard], subjects: list[Option]) -> RecordingsView:
    cards = with_subject_names(recordings, subjects)
    return RecordingsView(cards, searched_texts(cards, subjects), subjects)


async def recordings_view() -> RecordingsView:
    recordings, subjects = await public_lists(*_SOURCES)
    options = usable(subjects)
    if recordings is None:
        return RecordingsView([], [], options, failed=True)
    return RecordingsView.shared(lambda: _recordings_view(recordings, options))


class RecordingsState(PagedList, Section, rx.State):
    PAGE_SIZE: ClassVar[int] = Limit.RECORDINGS_PAGE
    LIST_ID: ClassVar[str] = "recordings-grid"
    COUNT_WORDS: ClassVar[tuple[str, str]] = Np_("{count} recording", "{count} recordings")

    page: list[RecordingCard] = []  # /youtube: the cards shown, one page at a time
    preview: list[RecordingCard] = []  # home: the newest Limit.RECORDINGS_PREVIEW only
    subjects: list[Option] = []
    slides: list[PageSlide] = []
    query: str = ""
    subject: str = ""  # a Subjects id; "" = All
    loading: bool = True
    failed: bool = False

    def _address(self) -> EventSpec:
        return replace_address(routes.YOUTUBE, {"q": self.query.strip(), "subject": self.subject, **self._show_query()})

    async def _refresh_page(self) -> None:
        self._show_view(await recordings_view())

    def _show_view(self, view: RecordingsView) -> None:
        self.failed = view.failed
        self.subjects = view.subjects
        self.page = self._paged(view.matching(self.query, self.subject))

    @rx.event
    async def set_query(self, value: str):
        self.query = bounded_text(value)
        self._first_page()
        await self._refresh_page()
        return self._address()

    @rx.event
    async def set_subject(self, value: str):
        self.subject = bounded_text(value, Limit.CHOICE_MAX_CHARS)
        self._first_page()
        await self._refresh_page()
        return self._address()

    @staticmethod
    async def _fetch() -> list[RecordingCard] | None:
        view = await recordings_view()
        return None if view.failed else view.cards[: Limit.RECORDINGS_PREVIEW]

    def _show(self, preview: list[RecordingCard] | None) -> None:
        self.failed = preview is None
        self.preview = preview or []
        self.loading = False

    @rx.event(background=True)
    async def load_page(self):
        """On load of /youtube: the filters and how far the visitor went from the address,
        the first page(s) of matching cards, and the slides."""
        params = dict(self.router.url.query_parameters)
        await loading_while_empty(self)
        view, slides = await asyncio.gather(
            recordings_view(), public_rows(Collection.RECORDING_SLIDES, ContentSlide, page_slide)
        )
        async with self:
            self.query = query_text(params, "q")
            self.subject = query_choice(params, "subject", {o.value for o in view.subjects})
            self.shown = self._shown_from(params)
            self._show_view(view)
            self.slides = with_image(slides)
            self.loading = False
