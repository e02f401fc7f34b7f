"""A signed-in student's history (issue 52): the recordings they watched, with the second reached,
and the papers and notes they read in the viewer, with the page; the home page's Continue row.

Written by the site's server with its superuser credential (the history collection takes no
writes through the API), for the user of a session PocketBase has confirmed: the owner never
comes from the browser. Read with the student's own token (PocketBase's rules: their own only).
One entry per student and thing; a save updates it. Saves never interrupt anything: a failed one
is logged, and the page goes on.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from dataclasses import dataclass
from datetime import UTC, datetime

import reflex as rx

from student_portal import routes
from student_portal.constants import Limit, Timing
from student_portal.i18n import format_number, gettext
from student_portal.pocketbase import ClientResponseError, HistoryEntry, configured_client, parse_records
from student_portal.pocketbase.collections import Collection
from student_portal.pocketbase.filters import filter_eq, filter_literal
from student_portal.search.indexer import SOURCES
from student_portal.state.auth import AuthState, forget_on_logout, verified_session
from student_portal.state.content import backend_failures
from student_portal.state.server_credential import as_server as _as_server
from student_portal.utils.history import (
    DOCUMENT,
    MAX_PAGE,
    VIDEO,
    clock,
    is_record_id,
    is_video_id,
    percent_done,
    resume_at,
    short_title,
    thing_key,
    video_position,
    whole,
)

log = logging.getLogger(__name__)


@dataclass
class HistoryRow:
    """One entry as the Continue row and /my-study show it."""

    id: str
    kind: str  # VIDEO or DOCUMENT
    title: str
    video_id: str  # a recording's YouTube id ("" for a document)
    start: int  # where a recording opens (seconds)
    href: str  # a document's viewer address at its page ("" for a recording)
    where: str  # "at 12:40" / "page 6"
    percent: int  # a recording's share watched, 0-100 (0: not known)


def history_row(entry: HistoryEntry) -> HistoryRow:
    position, duration = int(entry.position or 0), int(entry.duration or 0)
    if entry.kind == VIDEO:
        start = resume_at(position, duration)
        where = (
            gettext("Watched to the end")
            if duration and start == 0 and position
            else gettext("At {time}").format(time=clock(start))
        )
        return HistoryRow(
            id=entry.id,
            kind=VIDEO,
            title=entry.title or gettext("Recording"),
            video_id=entry.record,
            start=start,
            href="",
            where=where,
            percent=percent_done(position, duration),
        )
    page = max(1, position)
    return HistoryRow(
        id=entry.id,
        kind=DOCUMENT,
        title=entry.title or gettext("Document"),
        video_id="",
        start=0,
        href=routes.read(entry.collection, entry.record, page),
        where=gettext("Page {page}").format(page=format_number(page)),
        percent=0,
    )


# ---- the server's writes -------------------------------------------------------------------------


async def remember(user_id: str, fields: dict, known_id: str = "") -> str:
    """Store one entry for `user_id` (created, or the existing one updated); its id, "" on failure."""
    client = configured_client()
    body = {**fields, "user": user_id}
    try:
        if known_id:
            try:
                await _as_server(lambda token: client.update(Collection.HISTORY, known_id, body, token=token))
                return known_id
            except ClientResponseError as error:
                if error.status != 404:  # forgotten meanwhile: made again below
                    raise
        try:
            made = await _as_server(lambda token: client.create(Collection.HISTORY, body, token=token))
            await _prune(user_id)
            return str(made.get("id", ""))
        except ClientResponseError as error:
            if error.status != 400:
                raise
        # Already there (another tab or device made it): found and updated.
        existing = await _as_server(
            lambda token: client.first_item(Collection.HISTORY, _thing_filter(body), token=token)
        )
        entry_id = str(existing.get("id", ""))
        await _as_server(lambda token: client.update(Collection.HISTORY, entry_id, body, token=token))
        return entry_id
    except ClientResponseError as error:
        log.warning("history: a %s could not be saved (status %s)", fields.get("kind"), error.status)
        return ""


async def _prune(user_id: str) -> None:
    """Keep a student's newest Limit.HISTORY_MAX_ENTRIES entries: the oldest beyond are deleted
    (after a new entry only: an update does not add one). A failure leaves them to the next one."""
    try:
        await _delete_oldest(user_id)
    except ClientResponseError as error:
        log.warning("history: the oldest entries could not be pruned (status %s)", error.status)


async def _delete_oldest(user_id: str) -> None:
    client = configured_client()
    owned = filter_eq("user", user_id)
    counted = await _as_server(lambda token: client.list(Collection.HISTORY, per_page=1, filter=owned, token=token))
    extra = counted.total_items - Limit.HISTORY_MAX_ENTRIES
    if extra <= 0:
        return
    oldest = await _as_server(
        lambda token: client.list(Collection.HISTORY, per_page=extra, sort=OLDEST_FIRST, filter=owned, token=token)
    )
    for record in oldest.items:
        await _delete(str(record.get("id", "")))


async def _delete(entry_id: str) -> None:
    """One entry deleted by the server; one gone already (another tab) is no failure."""
    client = configured_client()
    try:
        await _as_server(lambda token: client.delete(Collection.HISTORY, entry_id, token=token))
    except ClientResponseError as error:
        if error.status != 404:
            raise


def _thing_filter(body: dict) -> str:
    return " && ".join(filter_eq(field, body[field]) for field in ("user", "kind", "collection", "record"))


async def forget_entries(user_id: str, entry_ids: list[str] | None = None) -> bool:
    """Delete some of `user_id`'s entries (None: all of them) from PocketBase; True when done."""
    client = configured_client()
    owned = filter_eq("user", user_id)

    async def owned_ids(wanted: str) -> list[str]:
        records = await _as_server(lambda token: client.full_list(Collection.HISTORY, filter=wanted, token=token))
        return [str(r.get("id", "")) for r in records]

    try:
        if entry_ids is None:
            found = await owned_ids(owned)
        else:
            # Only entries of this user (the ids come from the browser).
            found = []
            for entry_id in entry_ids:
                found += await owned_ids(f"{owned} && {filter_eq('id', entry_id)}")
        for entry_id in found:
            await _delete(entry_id)
        return True
    except ClientResponseError as error:
        log.warning("history: entries could not be deleted (status %s)", error.status)
        return False


# Newest first, the id breaking a tie: the order a cursor (`older_than`) continues.
NEWEST_FIRST = "-updated,-id"
OLDEST_FIRST = "updated,id"


def pocketbase_time(moment: datetime) -> str:
    """A time as PocketBase stores and compares it: "2026-12-07 06:50:30.123Z"."""
    moment = moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)
    return moment.strftime("%Y-%m-%d %H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def older_than(cursor: tuple[datetime, str]) -> str:
    """The filter of the entries after `cursor` (the last shown entry's updated and id) in
    NEWEST_FIRST order: a list continued from there skips none when one shown was deleted."""
    updated, entry_id = cursor
    when = filter_literal(pocketbase_time(updated))
    return f"(updated < {when} || (updated = {when} && id < {filter_literal(entry_id)}))"


def cursor_of(entry: HistoryEntry) -> tuple[datetime, str] | None:
    return (entry.updated, entry.id) if entry.updated and entry.id else None


async def recent(
    token: str,
    user_id: str,
    kind: str,
    *,
    per_page: int,
    after: tuple[datetime, str] | None = None,
) -> list[HistoryEntry] | None:
    """The student's entries of `kind`, newest first (`after`: those after that cursor), with
    their own token; None on failure."""
    wanted = f"{filter_eq('user', user_id)} && {filter_eq('kind', kind)}"
    if after is not None:
        wanted = f"{wanted} && {older_than(after)}"
    try:
        result = await configured_client().list(
            Collection.HISTORY,
            per_page=per_page,
            sort=NEWEST_FIRST,
            filter=wanted,
            skip_total=True,
            token=token,
        )
    except ClientResponseError as error:
        backend_failures.failed("history", error)
        return None
    return parse_records(HistoryEntry, result.items)


def asked_videos(video_ids: object, limit: int) -> list[str]:
    """The YouTube ids of an ask as the server takes them: ids only, each once, `limit` at most."""
    if not isinstance(video_ids, list):
        return []
    return list(dict.fromkeys(v for v in video_ids if is_video_id(v)))[:limit]


async def places_of(user_id: str, video_ids: list[str]) -> dict[str, int]:
    """Where each of these recordings opens for the student (those they watched): one read."""
    if not video_ids:
        return {}
    named = " || ".join(filter_eq("record", v) for v in video_ids)
    wanted = f"{filter_eq('user', user_id)} && {filter_eq('kind', VIDEO)} && ({named})"
    client = configured_client()
    result = await _as_server(
        lambda token: client.list(
            Collection.HISTORY, per_page=len(video_ids), filter=wanted, skip_total=True, token=token
        )
    )
    entries = parse_records(HistoryEntry, result.items)
    return {e.record: resume_at(int(e.position or 0), int(e.duration or 0)) for e in entries}


# A flood of saves (the browser saves every 20 s of playing at most, and on pause) writes no
# more: one write a student's thing per HISTORY_MIN_SAVE_GAP_S in this worker; a save inside the
# gap waits in `_waiting` (the latest place wins) and one task writes it when the gap is over,
# so the event itself never waits (a pause just after a save is kept, late by the gap at most).
_written_at: dict[tuple[str, str], float] = {}
_waiting: dict[tuple[str, str], tuple[dict, str]] = {}
_later_tasks: set[asyncio.Task] = set()
_WRITTEN_KEPT = 10_000  # entries of _written_at before the old ones are dropped


async def _coalesced(user_id: str, key: str, fields: dict, known_id: str) -> str:
    """Write now (the entry's id, "" on failure), or leave the place to a write at the gap's end ("")."""
    slot = (user_id, key)
    now = time.monotonic()
    wait = _written_at.get(slot, -math.inf) + Timing.HISTORY_MIN_SAVE_GAP_S - now
    if wait > 0:
        first = slot not in _waiting
        _waiting[slot] = (fields, known_id)
        if first:
            task = asyncio.get_running_loop().create_task(_write_later(slot, wait))
            _later_tasks.add(task)
            task.add_done_callback(_later_tasks.discard)
        return ""
    if len(_written_at) > _WRITTEN_KEPT:
        for old in [s for s, at in _written_at.items() if now - at > Timing.HISTORY_MIN_SAVE_GAP_S]:
            del _written_at[old]
    _written_at[slot] = now
    return await remember(user_id, fields, known_id)


async def _write_later(slot: tuple[str, str], wait: float) -> None:
    await asyncio.sleep(wait)
    fields, known_id = _waiting.pop(slot)
    _written_at[slot] = time.monotonic()
    await remember(slot[0], fields, known_id)


@forget_on_logout  # the Continue row and the session check leave with the session
class HistoryState(rx.State):
    # The home page's Continue row: empty for a visitor signed out or without history.
    continue_rows: list[HistoryRow] = []
    # Where the recordings this tab shows open for the student: YouTube id -> second (0: from the
    # start, a finished one); asked for by the pages' players (`want_places`), moved as they play.
    places: dict[str, int] = {}
    # backend only
    _user_id: str = ""
    _checked_at: float = 0.0
    _ids: dict[str, str] = {}  # thing_key -> the entry's id, once saved from this tab

    async def _user(self) -> str:
        """The signed-in student's id for a save ("" when signed out), PocketBase asked at most
        every HISTORY_SESSION_CHECK_S (and again whenever the stored sign-in changes)."""
        async with self:
            stored = (await self.get_state(AuthState))._session()
            if stored is None:
                return ""
            if self._user_id == stored.user_id and time.time() - self._checked_at < Timing.HISTORY_SESSION_CHECK_S:
                return self._user_id
        try:
            session = await verified_session(self)
        except ClientResponseError as error:
            backend_failures.failed("session check", error)
            return ""
        async with self:
            self._user_id = session.user.id if session else ""
            self._checked_at = time.time()
            return self._user_id

    async def _save(self, fields: dict) -> None:
        user_id = await self._user()
        if not user_id:
            return
        key = thing_key(fields["kind"], fields["collection"], fields["record"])
        async with self:
            known = self._ids.get(key, "")
        saved = await _coalesced(user_id, key, fields, known)
        if saved:
            async with self:
                self._ids[key] = saved

    def _keep_places(self, found: dict[str, int]) -> None:
        """`found` into `places`, the newest last; the oldest beyond Limit.PLACES_KEPT dropped."""
        kept = {k: v for k, v in self.places.items() if k not in found}
        kept.update(found)
        self.places = dict(list(kept.items())[-Limit.PLACES_KEPT :])

    @rx.event(background=True)
    async def want_places(self, video_ids: list[str]):
        """The places of the recordings a page shows (assets/youtube_video.js asks once for the
        players it mounts together): one small read of those entries, signed in only."""
        wanted = asked_videos(video_ids, Limit.PLACES_ASKED)
        if not wanted:
            return
        user_id = await self._user()
        if not user_id:
            return
        try:
            found = await places_of(user_id, wanted)
        except ClientResponseError as error:
            backend_failures.failed("history places", error)
            return
        async with self:
            if self._user_id == user_id:  # still the same student
                self._keep_places(found)

    @rx.event(background=True)
    async def watched(self, video_id: str, title: str, position: float, duration: float):
        """A recording's progress (assets/youtube_player.js: every HISTORY_SAVE_EVERY_S seconds of
        playing, on pause, at the end, when the page is left)."""
        if not is_video_id(video_id):
            return
        seconds, length = video_position(position, duration)
        if await self._user():
            # The next time a page shows it (this tab), it opens here: no read needed.
            async with self:
                self._keep_places({video_id: resume_at(seconds, length)})
        await self._save(
            {
                "kind": VIDEO,
                "collection": "",
                "record": video_id,
                "title": short_title(title, Limit.HISTORY_TITLE_MAX_CHARS),
                "position": seconds,
                "duration": length,
            }
        )

    async def read_at(self, collection: str, record_id: str, title: str, page: object) -> None:
        """A document's page reached in the viewer (ReadState calls it; the viewer reports pages)."""
        if collection not in SOURCES or not is_record_id(record_id):
            return
        await self._save(
            {
                "kind": DOCUMENT,
                "collection": collection,
                "record": record_id,
                "title": short_title(title, Limit.HISTORY_TITLE_MAX_CHARS),
                "position": max(1, whole(page, MAX_PAGE)),
                "duration": 0,
            }
        )

    @rx.event(background=True)
    async def page_read(self, collection: str, record_id: str, title: str, page: int):
        """A document's page reached in a viewer (assets/page_progress.js: when the scrolling
        stops, when the viewer goes, or later from the browser's store after reading offline)."""
        if not all(isinstance(v, str) for v in (collection, record_id, title)):
            return
        await self.read_at(collection, record_id, title, page)

    async def last_page(self, collection: str, record_id: str) -> int:
        """The page a signed-in student last reached in a document (0: none, or signed out)."""
        user_id = await self._user()
        if not user_id:
            return 0
        body = {"user": user_id, "kind": DOCUMENT, "collection": collection, "record": record_id}
        try:
            found = await _as_server(
                lambda token: configured_client().first_item(Collection.HISTORY, _thing_filter(body), token=token)
            )
        except ClientResponseError:
            return 0
        return whole(found.get("position"), MAX_PAGE)

    @rx.event(background=True)
    async def load_continue(self):
        """The Continue row: the latest recording and documents (signed in only; nothing otherwise)."""
        try:
            session = await verified_session(self)
        except ClientResponseError as error:
            backend_failures.failed("session check", error)
            return
        if session is None:
            async with self:
                self.continue_rows = []
            return
        videos = await recent(session.token, session.user.id, VIDEO, per_page=Limit.CONTINUE_ROW)
        documents = await recent(session.token, session.user.id, DOCUMENT, per_page=Limit.CONTINUE_ROW)
        entries = sorted(
            [*(videos or []), *(documents or [])], key=lambda e: e.updated.timestamp() if e.updated else 0, reverse=True
        )
        async with self:
            self._user_id, self._checked_at = session.user.id, time.time()
            self.continue_rows = [history_row(e) for e in entries[: Limit.CONTINUE_ROW]]
