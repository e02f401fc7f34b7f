"""The visitor's saved items (/saved): sign-in required, grouped by kind (issue 18).

One request reads every favourite with its item (`expand`), with the visitor's own token: the
Favourites rules return only theirs, and PocketBase expands an item only if the visitor may view
it. An item an admin deleted took its favourites with it (cascade); an item the visitor may no
longer view is left out. Each kind is shaped by its own page's row function, so the cards are
the ones of its home page.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import reflex as rx

from student_portal import routes
from student_portal.pocketbase import (
    City,
    ClassNote,
    ClassRecording,
    ClientResponseError,
    FolderItem,
    Hotel,
    Job,
    Note,
    Recording,
    Subject,
    configured_client,
    filter_eq,
    parse_record,
)
from student_portal.pocketbase.collections import Collection
from student_portal.state.auth import Session, forget_on_logout, sign_in_first
from student_portal.state.booking import HotelCard, hotel_card
from student_portal.state.class_page import VideoRow, class_note_rows, video_rows
from student_portal.state.content import backend_failures, public_rows
from student_portal.state.documents import DocumentRow, ProtectedDocuments, StoredFile
from student_portal.state.favourites import KINDS, Kind
from student_portal.state.jobs import JobCard, job_card
from student_portal.state.notes import note_rows
from student_portal.state.options import Option, option, usable
from student_portal.state.recordings import RecordingCard, recording_card, with_subject_names
from student_portal.state.resources import ItemCard, item_card
from student_portal.state.signed_in import Phase, sign_in_gate

SAVED_PATH = routes.SAVED

_MODELS: dict[str, type] = {
    Kind.RECORDING: Recording,
    Kind.OL_ITEM: FolderItem,
    Kind.AL_ITEM: FolderItem,
    Kind.NOTE: Note,
    Kind.CLASS_NOTE: ClassNote,
    Kind.CLASS_RECORDING: ClassRecording,
    Kind.JOB: Job,
    Kind.HOTEL: Hotel,
}


@dataclass
class SavedLists:
    """What /saved shows, newest saved first in each kind."""

    recordings: list[RecordingCard] = field(default_factory=list)
    ol_items: list[ItemCard] = field(default_factory=list)
    al_items: list[ItemCard] = field(default_factory=list)
    notes: list[DocumentRow] = field(default_factory=list)
    class_notes: list[DocumentRow] = field(default_factory=list)
    class_recordings: list[VideoRow] = field(default_factory=list)
    jobs: list[JobCard] = field(default_factory=list)
    hotels: list[HotelCard] = field(default_factory=list)
    files: dict[str, StoredFile] = field(default_factory=dict)  # document row id -> its file


def saved_items(favourites: list[dict[str, Any]]) -> dict[str, list[Any]]:
    """kind -> the expanded items (parsed records), in the favourites' order; items missing
    from `expand` (deleted, or no longer visible to the visitor) are left out."""
    found: dict[str, list[Any]] = {kind: [] for kind in KINDS}
    for favourite in favourites:
        kind = favourite.get("kind")
        if kind not in _MODELS:
            continue
        expanded = favourite.get("expand")
        item = parse_record(_MODELS[kind], expanded.get(kind) if isinstance(expanded, dict) else None)
        if item is not None and item.id:
            found[kind].append(item)
    return found


def saved_lists(favourites: list[dict[str, Any]], subjects: list[Option], cities: list[Option]) -> SavedLists:
    items = saved_items(favourites)
    notes, note_files = note_rows(items[Kind.NOTE])
    class_notes, class_files = class_note_rows(items[Kind.CLASS_NOTE])
    city_names = {c.value: c.label for c in cities}
    return SavedLists(
        recordings=with_subject_names([recording_card(r) for r in items[Kind.RECORDING]], subjects),
        ol_items=[item_card(i) for i in items[Kind.OL_ITEM]],
        al_items=[item_card(i) for i in items[Kind.AL_ITEM]],
        notes=notes,
        class_notes=class_notes,
        class_recordings=video_rows(items[Kind.CLASS_RECORDING]),
        jobs=[job_card(j) for j in items[Kind.JOB]],
        hotels=[hotel_card(h, city_names) for h in items[Kind.HOTEL]],
        files={**note_files, **class_files},
    )


@forget_on_logout
class SavedState(ProtectedDocuments, rx.State):
    phase: str = Phase.CHECKING
    recordings: list[RecordingCard] = []
    ol_items: list[ItemCard] = []
    al_items: list[ItemCard] = []
    notes: list[DocumentRow] = []
    class_notes: list[DocumentRow] = []
    class_recordings: list[VideoRow] = []
    jobs: list[JobCard] = []
    hotels: list[HotelCard] = []

    @rx.var
    def is_empty(self) -> bool:
        lists = (self.recordings, self.ol_items, self.al_items, self.notes, self.class_notes)
        return not any(lists) and not (self.class_recordings or self.jobs or self.hotels)

    @rx.event
    def sign_in(self):
        """The signed-out face's button: /login, then back here."""
        return sign_in_first(SAVED_PATH)

    @rx.event(background=True)
    async def load(self):
        async with self:
            self.reset()
        # Signed out, the page stays: it lists the files kept on this device, and offers sign-in.
        session = await sign_in_gate(self, SAVED_PATH, redirect=False)
        if not isinstance(session, Session):
            for event in session:
                yield event
            return
        try:
            favourites, subjects, cities = await asyncio.gather(
                configured_client().full_list(
                    Collection.FAVOURITES,
                    sort="-created",
                    filter=filter_eq("user", session.user.id),
                    expand=",".join(KINDS),
                    token=session.token,
                ),
                public_rows(Collection.SUBJECTS, Subject, option),
                public_rows(Collection.CITYS, City, option),
            )
        except ClientResponseError as error:
            backend_failures.failed("Favourites list", error)
            async with self:
                self.phase = Phase.FAILED
            return
        backend_failures.recovered("Favourites list")
        lists = saved_lists(favourites, usable(subjects), usable(cities))
        async with self:
            self.recordings, self.ol_items, self.al_items = lists.recordings, lists.ol_items, lists.al_items
            self.notes, self.class_notes, self.class_recordings = lists.notes, lists.class_notes, lists.class_recordings
            self.jobs, self.hotels = lists.jobs, lists.hotels
            self._remember_files([*lists.notes, *lists.class_notes], lists.files)
            self.phase = Phase.READY
