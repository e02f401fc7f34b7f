"""Kuppi recordings: the /youtube page (search, subject filter, slides) and the home preview.

Recordings and Subjects come newest first from the content cache. The address keeps the view:
/youtube?q=<search>&subject=<subject id>.
"""

from __future__ import annotations

import asyncio
import dataclasses
from dataclasses import dataclass

import reflex as rx

from student_portal import routes
from student_portal.constants import Limit, Text
from student_portal.pocketbase import Collection, ContentSlide, Recording, Subject
from student_portal.state.address import replace_address
from student_portal.state.content import public_rows
from student_portal.state.options import Option, option, usable
from student_portal.state.page_slides import PageSlide, page_slide, with_image
from student_portal.state.sections import load_sections
from student_portal.utils.filters import filter_by_category, search_by_name
from student_portal.utils.query import bounded_text, query_choice, query_text
from student_portal.utils.youtube import youtube_id


@dataclass
class RecordingCard:
    id: str
    name: str
    subject_id: str
    video_id: str  # 11-character YouTube id; "" when the link has none (no video shown)
    subject: str = Text.SUBJECT_UNKNOWN  # the subject's name once joined with Subjects


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


def search_recordings(cards: list[RecordingCard], query: str, subject: str) -> list[RecordingCard]:
    """Spec 5: case-insensitive substring on the name; then the chosen subject ("" = all)."""
    return filter_by_category(search_by_name(cards, query), subject, "subject_id")


class RecordingsState(rx.State):
    _recordings: list[RecordingCard] = []  # backend only: the page gets its views of it
    subjects: list[Option] = []
    slides: list[PageSlide] = []
    query: str = ""
    subject: str = ""  # a Subjects id; "" = All
    loading: bool = True
    failed: bool = False

    @rx.var
    def visible_recordings(self) -> list[RecordingCard]:
        return search_recordings(self._recordings, self.query, self.subject)

    @rx.var
    def preview_recordings(self) -> list[RecordingCard]:
        """Home: the newest Limit.RECORDINGS_PREVIEW recordings, whatever the page's filters."""
        return self._recordings[: Limit.RECORDINGS_PREVIEW]

    def _address(self) -> rx.event.EventSpec:
        return replace_address(routes.YOUTUBE, {"q": self.query.strip(), "subject": self.subject})

    @rx.event
    def set_query(self, value: str):
        self.query = bounded_text(value)
        return self._address()

    @rx.event
    def set_subject(self, value: str):
        self.subject = bounded_text(value, Limit.CHOICE_MAX_CHARS)
        return self._address()

    @rx.event(background=True)
    async def load(self):
        """The home page's preview: the recordings and their subjects only (a section)."""
        await load_sections(self, [RecordingsState])

    @staticmethod
    async def _fetch() -> tuple[list[RecordingCard] | None, list[Option] | None]:
        return await asyncio.gather(
            public_rows(Collection.RECORDINGS, Recording, recording_card),
            public_rows(Collection.SUBJECTS, Subject, option),
        )

    @rx.event(background=True)
    async def load_page(self):
        """On load of /youtube: the slides too, and the filters from the address."""
        async with self:
            params = dict(self.router.url.query_parameters)
            self.query = query_text(params, "q")
            self.loading = not self._recordings
        recordings, subjects, slides = await asyncio.gather(
            public_rows(Collection.RECORDINGS, Recording, recording_card),
            public_rows(Collection.SUBJECTS, Subject, option),
            public_rows(Collection.RECORDING_SLIDES, ContentSlide, page_slide),
        )
        async with self:
            options = self._show_lists(recordings, subjects)
            self.subject = query_choice(params, "subject", {o.value for o in options})
            self.slides = with_image(slides)

    def _show(self, lists: tuple[list[RecordingCard] | None, list[Option] | None] | None) -> None:
        self._show_lists(*(lists or (None, None)))

    def _show_lists(self, recordings: list[RecordingCard] | None, subjects: list[Option] | None) -> list[Option]:
        """Shows the recordings and subjects; returns the subjects usable as filter choices."""
        # Computed from the local lists: reading them back through the state wraps every item.
        options = usable(subjects)
        self.failed = recordings is None
        self.subjects = options
        self._recordings = with_subject_names(recordings or [], options)
        self.loading = False
        return options
