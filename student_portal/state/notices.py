"""The bell (the header's "Notices" link with the unseen count) and /notices (issue 53).

Notices are public and cached like any content (one per change, for every follower), so both
read them from the worker's shared cache and refresh live when one arrives (@live). What is the
student's own, their follow keys and when they last opened /notices, is read once per session
(two small reads with their own token) and kept in backend-only vars: a page view then costs
the bell no PocketBase request at all. Following or opening /notices updates those vars.
"""

from __future__ import annotations

import logging
from bisect import bisect_right
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import cast

import reflex as rx

from student_portal import routes
from student_portal.constants import Limit
from student_portal.notices.describe import concerns, describe, follow_key, when
from student_portal.pocketbase import ClientResponseError, Notice, User, configured_client, content_cache
from student_portal.pocketbase.collections import Collection
from student_portal.state.auth import AuthState, Session, forget_on_logout
from student_portal.state.content import backend_failures, shared_view
from student_portal.state.follows import FollowState, key_of, own_follows
from student_portal.state.live import live
from student_portal.state.practice import server_token
from student_portal.state.signed_in import Phase, sign_in_gate

log = logging.getLogger(__name__)


@dataclass
class NoticeRow:
    id: str
    headline: str
    detail: str
    when: str  # when it changed, Colombo time
    href: str  # an English route: the page's link puts it in its language
    unseen: bool


def for_student(notices: list[Notice], keys: frozenset[str]) -> list[Notice]:
    """The notices of what a student follows, newest change first."""
    mine = [n for n in notices if concerns(n, keys)]
    return sorted(mine, key=lambda n: n.changed or datetime.min.replace(tzinfo=UTC), reverse=True)


def _newer(notice: Notice, seen: datetime | None) -> bool:
    return seen is None or (notice.changed is not None and notice.changed > seen)


def unseen_count(notices: list[Notice], keys: frozenset[str], seen: datetime | None) -> int:
    """Counted over every notice (BellIndex gives the same count from its index)."""
    return sum(1 for n in notices if concerns(n, keys) and _newer(n, seen))


_EPOCH = datetime.min.replace(tzinfo=UTC)


class BellIndex:
    """The cached notices by what they concern, made once per version of the list for every
    visitor (shared_view): a page view's count is then a few bisects, whatever the number of
    notices, instead of a pass over all of them."""

    def __init__(self, notices: list[Notice]) -> None:
        by_key: dict[str, list[datetime]] = {}
        self.jobs: list[Notice] = []
        for notice in notices:
            key = follow_key(notice)
            if key == "jobs":
                self.jobs.append(notice)
            elif key:
                by_key.setdefault(key, []).append(notice.changed or _EPOCH)
        self.by_key = {key: sorted(times) for key, times in by_key.items()}

    def unseen(self, keys: frozenset[str], seen: datetime | None) -> int:
        count = 0
        for key in keys:
            times = self.by_key.get(key)
            if times:
                count += len(times) - (bisect_right(times, seen) if seen else 0)
        if any(key.startswith("jobs:") for key in keys):
            count += sum(1 for n in self.jobs if _newer(n, seen) and concerns(n, keys))
        return count


async def _names() -> dict[str, str]:
    """teacher / folder id -> its name, from the shared cache."""
    names: dict[str, str] = {}
    for collection in (Collection.TEACHERS, Collection.OL_FOLDERS, Collection.AL_FOLDERS):
        try:
            for record in await content_cache().records(collection):
                names[record.id] = getattr(record, "display_name", "") or getattr(record, "name", "")
        except ClientResponseError:
            continue
    return names


def notice_rows(notices: list[Notice], names: dict[str, str], seen: datetime | None) -> list[NoticeRow]:
    rows = []
    for notice in notices[: Limit.NOTICES_SHOWN]:
        said = describe(notice, names.get(notice.teacher or notice.ol_folder or notice.al_folder, ""))
        if said is None:
            continue
        rows.append(
            NoticeRow(
                id=notice.id,
                headline=said.headline,
                detail=said.detail,
                when=when(notice.changed),
                href=said.href,
                unseen=_newer(notice, seen),
            )
        )
    return rows


async def _mine(session_user: str, token: str) -> tuple[frozenset[str], datetime | None]:
    """The student's follow keys and when they last opened /notices (their own token)."""
    follows = await own_follows(session_user, token)
    user = User.model_validate(await configured_client().get_one(Collection.USERS, session_user, token=token))
    return frozenset(k for f in follows if (k := key_of(f))), user.notices_seen


@live(Collection.NOTICES, handler="refresh")
class BellState(rx.State):
    unseen: int = 0
    _user: str = ""  # whose keys and seen time are kept below ("": read them again)
    _keys: list[str] = []
    _seen: datetime | None = None
    _follows_version: int = -1  # FollowState._version the keys were read at

    @rx.event(background=True)
    async def refresh(self):
        """On the bell's mount and when a notice changes: the unseen count, from the cache."""
        async with self:
            session = (await self.get_state(AuthState))._session()
            if session is None:
                self.unseen, self._user = 0, ""
                return
            version = (await self.get_state(FollowState))._version
            known = self._user == session.user_id and self._follows_version == version
            keys, seen = frozenset(self._keys), self._seen
        if not known:
            try:
                keys, seen = await _mine(session.user_id, session.token)
            except ClientResponseError as error:
                backend_failures.failed("bell", error)
                return
        try:
            notices = cast(list[Notice], await content_cache().records(Collection.NOTICES))
        except ClientResponseError as error:
            backend_failures.failed("bell", error)
            return
        index = shared_view((Collection.NOTICES,), "bell", lambda: BellIndex(notices))
        count = index.unseen(keys, seen)
        async with self:
            self._user, self._keys, self._seen, self.unseen = session.user_id, sorted(keys), seen, count
            self._follows_version = version


@forget_on_logout
@live(Collection.NOTICES, handler="refresh")
class NoticesState(rx.State):
    phase: str = Phase.CHECKING
    rows: list[NoticeRow] = []

    @rx.event(background=True)
    async def load(self):
        async with self:
            self.phase = Phase.CHECKING
        session = await sign_in_gate(self, routes.NOTICES)
        if not isinstance(session, Session):
            for event in session:
                yield event
            return
        await self._show(session.user.id, session.token)

    @rx.event(background=True)
    async def refresh(self):
        """A notice arrived while the page is open: shown at once, and seen."""
        async with self:
            if self.phase != Phase.READY:
                return
            stored = (await self.get_state(AuthState))._session()
        if stored is not None:
            await self._show(stored.user_id, stored.token)

    async def _show(self, user_id: str, token: str) -> None:
        try:
            keys, seen = await _mine(user_id, token)
            notices = for_student(cast(list[Notice], await content_cache().records(Collection.NOTICES)), keys)
            names = await _names()
        except ClientResponseError as error:
            backend_failures.failed("notices", error)
            async with self:
                self.phase = Phase.FAILED
            return
        rows = notice_rows(notices, names, seen)
        now = datetime.now(UTC)
        try:  # seen now: written by the server (the users rule refuses it from a browser)
            server = await server_token()
            await configured_client().update(
                Collection.USERS, user_id, {"notices_seen": now.isoformat().replace("T", " ")}, token=server
            )
        except ClientResponseError as error:
            log.info("notices: seen time not stored (status %s)", error.status)
        async with self:
            self.rows, self.phase = rows, Phase.READY
            bell = await self.get_state(BellState)
            bell._user, bell._keys, bell._seen, bell.unseen = user_id, sorted(keys), now, 0
