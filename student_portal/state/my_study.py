"""My study (/my-study, issue 52): a signed-in student's recordings to continue, what they read
lately, and their practice per subject (scores over time, best and latest, the keyed papers of
that folder not yet attempted). Theirs: "Forget this" on each entry and "Clear my history"
delete from PocketBase; "Download my data" gives history, attempts, saved items and account as
one JSON file.

The lists come a page at a time (Limit.MY_STUDY_PAGE, Show more); the practice charts read the
latest Limit.MY_STUDY_ATTEMPTS attempts and the public papers and folders from the shared cache.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass
from datetime import UTC, datetime

import reflex as rx
from babel.numbers import format_percent

from student_portal import routes
from student_portal.constants import Limit
from student_portal.i18n import N_, format_number, gettext, language, locale, ngettext
from student_portal.pocketbase import (
    Attempt,
    ClientResponseError,
    Folder,
    FolderItem,
    HistoryEntry,
    configured_client,
    content_cache,
    filter_eq,
    parse_records,
)
from student_portal.pocketbase.collections import Collection
from student_portal.state.auth import Session, forget_on_logout, sign_in_first, verified_session
from student_portal.state.content import backend_failures
from student_portal.state.history import HistoryRow, HistoryState, cursor_of, forget_entries, history_row, recent
from student_portal.state.practice import score_text
from student_portal.state.signed_in import Phase, sign_in_gate
from student_portal.utils.dates import format_date
from student_portal.utils.history import DOCUMENT, VIDEO
from student_portal.utils.study import CHART_HEIGHT, CHART_WIDTH, Mark, Paper, chart_points, polyline, subjects

log = logging.getLogger(__name__)

MY_STUDY_PATH = routes.MY_STUDY
# A subject's folder papers offered as "not yet attempted".
UNTRIED_MAX = 5
# The O/L and A/L papers' collections, their folders and how a subject is named.
_LEVELS: dict[str, tuple[str, str]] = {
    Collection.OL_ITEMS: (Collection.OL_FOLDERS, "O/L"),
    Collection.AL_ITEMS: (Collection.AL_FOLDERS, "A/L"),
}
SCORES_IN = N_("Scores in {subject}")


@dataclass
class ScoreRow:
    """One attempt in a subject's table (and a point of its chart)."""

    when: str
    paper: str
    score: str  # "41 / 50"
    percent: str  # "82%"
    x: str  # the chart's point (its viewBox units)
    y: str


@dataclass
class PaperLink:
    title: str
    href: str


@dataclass
class SubjectRow:
    id: str  # "AL_Items:<folder>": the section's id
    name: str  # "A/L Physics"
    chart_name: str  # the chart's accessible name
    points: str  # the chart's polyline
    best: str
    latest: str
    count: str  # "5 attempts"
    scores: list[ScoreRow]
    untried: list[PaperLink]


def _percent(share: float) -> str:
    return format_percent(share, locale=locale(language()))


def subject_rows(
    attempts: list[Attempt], items: dict[str, list[FolderItem]], folders: dict[str, list[Folder]]
) -> list[SubjectRow]:
    titles = {(c, i.id): i.title or i.file for c, found in items.items() for i in found}
    folder_names = {(c, f.id): f.display_name for c, found in folders.items() for f in found}
    papers = [
        Paper(c, i.id, i.folder, i.title or i.file, bool(i.questions and i.file))
        for c, found in items.items()
        for i in found
    ]
    marks = [
        Mark(a.collection, a.record, a.created, int(a.score or 0), int(a.total or 0))
        for a in attempts
        if a.collection in _LEVELS and a.total
    ]
    rows = []
    for subject in subjects(marks, papers, untried_max=UNTRIED_MAX):
        level_folders, level = _LEVELS[subject.collection]
        name = f"{level} {folder_names.get((level_folders, subject.folder)) or gettext('Papers')}"
        shown = subject.marks[-Limit.PRACTICE_CHART_POINTS :]
        points = chart_points([m.share for m in shown])
        count = len(subject.marks)
        rows.append(
            SubjectRow(
                id=f"{subject.collection}:{subject.folder}",
                name=name,
                chart_name=gettext(SCORES_IN).format(subject=name) + ": " + ", ".join(_percent(m.share) for m in shown),
                points=polyline(points),
                best=score_text(subject.best.score, subject.best.total),
                latest=score_text(subject.latest.score, subject.latest.total),
                count=ngettext("{count} attempt", "{count} attempts", count).format(count=format_number(count)),
                scores=[
                    ScoreRow(
                        when=format_date(m.when),
                        paper=titles.get((m.collection, m.record), ""),
                        score=score_text(m.score, m.total),
                        percent=_percent(m.share),
                        x=f"{x:g}",
                        y=f"{y:g}",
                    )
                    for m, (x, y) in zip(shown, points, strict=True)
                ],
                untried=[PaperLink(p.title, routes.practice(p.collection, p.id)) for p in subject.not_attempted],
            )
        )
    return rows


async def _attempts(session: Session) -> list[Attempt]:
    result = await configured_client().list(
        Collection.ATTEMPTS,
        per_page=Limit.MY_STUDY_ATTEMPTS,
        sort="-created",
        filter=filter_eq("user", session.user.id),
        skip_total=True,
        token=session.token,
    )
    return parse_records(Attempt, result.items)


async def _practice(session: Session) -> list[SubjectRow]:
    attempts = await _attempts(session)
    if not attempts:
        return []
    cache = content_cache()
    items: dict[str, list[FolderItem]] = {
        c: [r for r in await cache.records(c) if isinstance(r, FolderItem)] for c in _LEVELS
    }
    folders: dict[str, list[Folder]] = {
        f: [r for r in await cache.records(f) if isinstance(r, Folder)] for f, _ in _LEVELS.values()
    }
    return subject_rows(attempts, items, folders)


def _last(entries: list[HistoryEntry]) -> tuple[datetime, str] | None:
    return cursor_of(entries[-1]) if entries else None


@forget_on_logout  # everything shown here is the student's
class MyStudyState(rx.State):
    phase: str = Phase.CHECKING
    videos: list[HistoryRow] = []
    documents: list[HistoryRow] = []
    more_videos: bool = False
    more_documents: bool = False
    practice: list[SubjectRow] = []
    practice_failed: bool = False
    confirming_clear: bool = False
    busy: bool = False
    note: str = ""  # what the last action did ("Cleared"), or why it failed; read out (role=status)
    # backend only: where each list goes on (its last shown entry's updated and id)
    _cursors: dict[str, tuple[datetime, str] | None] = {}

    @rx.var
    def is_empty(self) -> bool:
        return not (self.videos or self.documents or self.practice)

    @rx.event(background=True)
    async def load(self):
        async with self:
            self.reset()
        gate = await sign_in_gate(self, MY_STUDY_PATH, redirect=False)
        if not isinstance(gate, Session):
            for event in gate:
                yield event
            return
        per_page = Limit.MY_STUDY_PAGE + 1  # one more: whether there is a next page
        videos, documents = await asyncio.gather(
            recent(gate.token, gate.user.id, VIDEO, per_page=per_page),
            recent(gate.token, gate.user.id, DOCUMENT, per_page=per_page),
        )
        try:
            practice: list[SubjectRow] | None = await _practice(gate)
        except ClientResponseError as error:
            backend_failures.failed("practice progress", error)
            practice = None
        async with self:
            if videos is None or documents is None:
                self.phase = Phase.FAILED
                return
            self.more_videos = len(videos) > Limit.MY_STUDY_PAGE
            self.more_documents = len(documents) > Limit.MY_STUDY_PAGE
            videos, documents = videos[: Limit.MY_STUDY_PAGE], documents[: Limit.MY_STUDY_PAGE]
            self.videos = [history_row(e) for e in videos]
            self.documents = [history_row(e) for e in documents]
            self._cursors = {VIDEO: _last(videos), DOCUMENT: _last(documents)}
            self.practice, self.practice_failed = practice or [], practice is None
            self.phase = Phase.READY

    @rx.event(background=True)
    async def show_more(self, kind: str):
        """The next entries after the last one shown (a cursor, not a page number: an entry
        forgotten meanwhile moves no other out of reach)."""
        if kind not in (VIDEO, DOCUMENT):
            return
        session = await self._session()
        if session is None:
            return
        async with self:
            cursor = self._cursors.get(kind)
        per_page = Limit.MY_STUDY_PAGE + 1  # one more: whether there is a next page
        found = await recent(session.token, session.user.id, kind, per_page=per_page, after=cursor)
        async with self:
            if found is None:
                self.note = gettext("Could not load more. Please try again.")
                return
            more, found = len(found) > Limit.MY_STUDY_PAGE, found[: Limit.MY_STUDY_PAGE]
            shown = self.videos if kind == VIDEO else self.documents
            known = {r.id for r in shown}
            rows = [history_row(e) for e in found if e.id not in known]
            self._cursors[kind] = _last(found) or cursor
            if kind == VIDEO:
                self.videos, self.more_videos = shown + rows, more
            else:
                self.documents, self.more_documents = shown + rows, more

    async def _session(self) -> Session | None:
        try:
            return await verified_session(self)
        except ClientResponseError as error:
            backend_failures.failed("session check", error)
            async with self:
                self.note = gettext("Could not reach the server. Please try again.")
            return None

    @rx.event(background=True)
    async def forget(self, entry_id: str):
        """ "Forget this": the entry deleted from PocketBase (not hidden)."""
        session = await self._session()
        if session is None or not isinstance(entry_id, str):
            return
        done = await forget_entries(session.user.id, [entry_id])
        async with self:
            if done:
                self.videos = [r for r in self.videos if r.id != entry_id]
                self.documents = [r for r in self.documents if r.id != entry_id]
                self.note = gettext("Forgotten.")
                home = await self.get_state(HistoryState)
                home.continue_rows = [r for r in home.continue_rows if r.id != entry_id]
            else:
                self.note = gettext("Could not forget it. Please try again.")

    @rx.event
    def ask_clear(self, asking: bool):
        self.confirming_clear = bool(asking)

    @rx.event(background=True)
    async def clear(self):
        """ "Clear my history": every entry deleted from PocketBase (attempts stay: they are marks)."""
        async with self:
            if self.busy:
                return
            self.busy = True
        session = await self._session()
        done = session is not None and await forget_entries(session.user.id)
        async with self:
            self.busy, self.confirming_clear = False, False
            if done:
                self.videos, self.documents, self.more_videos, self.more_documents = [], [], False, False
                self.note = gettext("Your history is cleared.")
                (await self.get_state(HistoryState)).continue_rows = []
            else:
                self.note = gettext("Could not clear your history. Please try again.")

    @rx.event(background=True)
    async def download(self):
        """ "Download my data": history, attempts, saved items and account as one JSON file."""
        async with self:
            if self.busy:
                return
            self.busy = True
        session = await self._session()
        data = None
        if session is not None:
            try:
                data = await my_data(session)
            except ClientResponseError as error:
                backend_failures.failed("my data", error)
        async with self:
            self.busy = False
            if data is None:
                self.note = gettext("Could not prepare your data. Please try again.")
                return
        yield rx.download(data=data, filename="student-portal-my-data.json")

    @rx.event
    def sign_in(self):
        return sign_in_first(MY_STUDY_PATH)


# The account fields a student's own copy holds (never a token or a password's hash).
_ACCOUNT_FIELDS = ("id", "email", "username", "role", "verified", "created", "updated")
_RECORD_DROP = ("collectionId", "collectionName", "expand")


def _plain(record: dict) -> dict:
    return {k: v for k, v in record.items() if k not in _RECORD_DROP}


async def my_data(session: Session) -> str:
    """The student's own data as JSON, read with their own token (PocketBase's rules decide)."""
    client = configured_client()
    owned = filter_eq("user", session.user.id)
    account = await client.get_one(Collection.USERS, session.user.id, token=session.token)
    history, attempts, saved = await asyncio.gather(
        client.full_list(Collection.HISTORY, filter=owned, sort="-updated", token=session.token),
        client.full_list(Collection.ATTEMPTS, filter=owned, sort="-created", token=session.token),
        client.full_list(Collection.FAVOURITES, filter=owned, sort="-created", token=session.token),
    )
    return json.dumps(
        {
            "site": "Student Portal",
            "exported": datetime.now(UTC).isoformat(timespec="seconds"),
            "account": {k: account.get(k) for k in _ACCOUNT_FIELDS if k in account},
            "history": [_plain(r) for r in history],
            "attempts": [_plain(r) for r in attempts],
            "saved": [_plain(r) for r in saved],
        },
        ensure_ascii=False,
        indent=2,
    )


CHART_VIEW_BOX = f"0 0 {CHART_WIDTH} {CHART_HEIGHT}"
