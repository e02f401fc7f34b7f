"""Kuppi recordings: the /youtube page (search, subject filter, slides) and the home preview.

Recordings and Subjects come newest first from the content cache. The address keeps the view:
/youtube?q=<search>&subject=<subject id>.
"""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from student_portal.constants import Limit, Text
from student_portal.pocketbase import Collection, Recording, Subject
from student_portal.state.address import replace_address
from student_portal.state.content import public_records
from student_portal.state.options import Option, options_from
from student_portal.state.slides import Slide, slide_rows
from student_portal.utils.query import query_choice, query_text

RECORDINGS_PATH = "/youtube"


@dataclass
class RecordingCard:
    id: str
    name: str
    subject_id: str
    subject: str  # the subject's name, or Unknown
    video_id: str  # 11-character YouTube id; "" when the link has none (no video shown)


def _video_id(link: str) -> str:
    # TEMP until utils.youtube lands on main.
    import re

    match = re.search(r"(?:v=|youtu\.be/|embed/|shorts/)([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])", link)
    return match.group(1) if match else ""


def recording_cards(recordings: list[Recording], subjects: list[Subject]) -> list[RecordingCard]:
    names = {s.id: s.name.strip() for s in subjects if s.name.strip()}
    return [
        RecordingCard(
            id=r.id,
            name=r.name,
            subject_id=r.subject,
            subject=names.get(r.subject, Text.SUBJECT_UNKNOWN),
            video_id=_video_id(r.link),
        )
        for r in recordings
    ]


class RecordingsState(rx.State):
    recordings: list[RecordingCard] = []
    subjects: list[Option] = []
    slides: list[Slide] = []
    query: str = ""
    subject: str = ""  # a Subjects id; "" = All
    loading: bool = True
    failed: bool = False

    @rx.var
    def visible_recordings(self) -> list[RecordingCard]:
        """Spec 5: case-insensitive substring on the name; then the chosen subject."""
        needle = self.query.strip().casefold()
        return [
            r for r in self.recordings
            if needle in r.name.casefold() and (not self.subject or r.subject_id == self.subject)
        ]

    @rx.var
    def preview_recordings(self) -> list[RecordingCard]:
        """Home: the newest Limit.RECORDINGS_PREVIEW recordings, whatever the page's filters."""
        return self.recordings[: Limit.RECORDINGS_PREVIEW]

    def _address(self) -> rx.event.EventSpec:
        return replace_address(RECORDINGS_PATH, {"q": self.query.strip(), "subject": self.subject})

    @rx.event
    def set_query(self, value: str):
        self.query = value
        return self._address()

    @rx.event
    def set_subject(self, value: str):
        self.subject = value
        return self._address()

    @rx.event(background=True)
    async def load(self):
        """On load of /youtube (filters from the address) and of the home page (the preview)."""
        async with self:
            params = dict(self.router.url.query_parameters)
            self.query = query_text(params, "q")
            self.loading = not self.recordings
        recordings, subjects, slides = await public_records(
            Collection.RECORDINGS, Collection.SUBJECTS, Collection.RECORDING_SLIDES
        )
        async with self:
            subject_records = [s for s in subjects or [] if isinstance(s, Subject)]
            self.failed = recordings is None
            self.recordings = recording_cards(
                [r for r in recordings or [] if isinstance(r, Recording)], subject_records
            )
            self.subjects = options_from(subject_records)
            self.subject = query_choice(params, "subject", {o.value for o in self.subjects})
            self.slides = slide_rows(slides)
            self.loading = False
