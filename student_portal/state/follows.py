"""Following (issue 53): the teachers, O/L and A/L folders and job searches a signed-in student
follows, their Follow buttons and the "Following" list on /account.

The follows collection takes no writes through PocketBase's API: the site's server writes them
with its superuser credential, after confirming the visitor's session with PocketBase and
checking the cap (Limit.FOLLOWS). The student reads their own list with their own token (an
owner-only rule). Each follow is a key on the page ("teacher:<id>", "ol_folder:<id>",
"al_folder:<id>", "jobs:<location>|<contract>") so every Follow button knows its state.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any, Final

import reflex as rx

from student_portal import routes
from student_portal.constants import Limit
from student_portal.i18n import N_, gettext
from student_portal.pocketbase import (
    ClientResponseError,
    Follow,
    configured_client,
    content_cache,
    filter_eq,
    parse_records,
)
from student_portal.pocketbase.collections import Collection
from student_portal.state.auth import AuthState, forget_on_logout, sign_in_first, verified_session
from student_portal.state.content import backend_failures
from student_portal.state.favourites import current_path
from student_portal.state.practice import server_token

log = logging.getLogger(__name__)


class FollowKind:
    TEACHER: Final = "teacher"
    OL_FOLDER: Final = "ol_folder"
    AL_FOLDER: Final = "al_folder"
    JOBS: Final = "jobs"


TARGET_KINDS: Final = (FollowKind.TEACHER, FollowKind.OL_FOLDER, FollowKind.AL_FOLDER)
_RECORD_ID = re.compile(r"^[a-z0-9]{1,40}$")
_WORDS_MAX = 80  # the location and contract fields' length in the migration

CAP_TEXT = N_("You follow {count} things, the most one account can. Unfollow something on your account page first.")
FAILED_TEXT = N_("That could not be saved. Please try again.")


def _words(value: object) -> str:
    """A job search's word as stored: one line, trimmed, without the key's separator."""
    text = " ".join(str(value or "").replace("|", " ").split())
    return text[:_WORDS_MAX]


def jobs_key(location: object = "", contract: object = "") -> str:
    return f"{FollowKind.JOBS}:{_words(location)}|{_words(contract)}"


def follow_key(kind: str, target: str) -> str:
    return f"{kind}:{target}"


def parse_key(key: object) -> dict[str, str] | None:
    """The follows record's fields of a key (it may come from the browser), or None."""
    if not isinstance(key, str):
        return None
    kind, _, rest = key.partition(":")
    if kind in TARGET_KINDS and _RECORD_ID.match(rest):
        return {"kind": kind, kind: rest}
    if kind == FollowKind.JOBS and rest.count("|") == 1:
        location, contract = rest.split("|")
        if (location, contract) == (_words(location), _words(contract)):
            return {"kind": kind, "location": location, "contract": contract}
    return None


def key_of(follow: Follow) -> str | None:
    if follow.kind in TARGET_KINDS:
        target = getattr(follow, follow.kind)
        return follow_key(follow.kind, target) if target else None
    if follow.kind == FollowKind.JOBS:
        return jobs_key(follow.location, follow.contract)
    return None


def decision(followed: dict[str, str], key: str, cap: int = Limit.FOLLOWS) -> str:
    """What a tap on `key` does: "unfollow", "follow", or "cap" (already `cap` follows)."""
    if key in followed:
        return "unfollow"
    return "cap" if len(followed) >= cap else "follow"


@dataclass
class FollowRow:
    key: str
    kind: str  # "Teacher", "O/L folder", ... in the page's language
    name: str
    href: str


def jobs_name(location: str, contract: str) -> str:
    if location and contract:
        return gettext("{contract} jobs in {location}").format(contract=contract, location=location)
    if location:
        return gettext("Jobs in {location}").format(location=location)
    if contract:
        return gettext("{contract} jobs").format(contract=contract)
    return gettext("All new jobs")


async def follow_rows(follows: list[Follow]) -> list[FollowRow]:
    """The /account list: each follow with its kind, name and link (names from the shared cache;
    a teacher or folder gone meanwhile is left out: its follow goes with it)."""
    cache = content_cache()
    names: dict[str, dict[str, str]] = {}
    for kind, collection in (
        (FollowKind.TEACHER, Collection.TEACHERS),
        (FollowKind.OL_FOLDER, Collection.OL_FOLDERS),
        (FollowKind.AL_FOLDER, Collection.AL_FOLDERS),
    ):
        try:
            records = await cache.records(collection)
        except ClientResponseError:
            records = []
        names[kind] = {
            r.id: (getattr(r, "display_name", "") if kind != FollowKind.TEACHER else getattr(r, "name", "")) or r.id
            for r in records
        }
    kinds = {
        FollowKind.TEACHER: gettext("Teacher"),
        FollowKind.OL_FOLDER: gettext("O/L folder"),
        FollowKind.AL_FOLDER: gettext("A/L folder"),
        FollowKind.JOBS: gettext("Jobs"),
    }
    links = {
        FollowKind.TEACHER: routes.class_page,
        FollowKind.OL_FOLDER: routes.ol_folder,
        FollowKind.AL_FOLDER: routes.al_folder,
    }
    rows = []
    for follow in follows:
        key = key_of(follow)
        if key is None:
            continue
        if follow.kind == FollowKind.JOBS:
            rows.append(FollowRow(key, kinds[follow.kind], jobs_name(follow.location, follow.contract), routes.JOBS))
            continue
        target = getattr(follow, follow.kind)
        name = names[follow.kind].get(target)
        if name:
            rows.append(FollowRow(key, kinds[follow.kind], name, links[follow.kind](target)))
    return rows


async def _as_server(call):
    """`call(token)` with the server's superuser token (state/practice.py keeps it)."""
    return await call(await server_token())


async def own_follows(user_id: str, token: str) -> list[Follow]:
    records = await configured_client().full_list(
        Collection.FOLLOWS, sort="created", filter=filter_eq("user", user_id), token=token
    )
    return parse_records(Follow, records)


@forget_on_logout
class FollowState(rx.State):
    following: list[str] = []  # every key the visitor follows
    rows: list[FollowRow] = []  # for /account
    busy: str = ""  # the key being followed or unfollowed
    message: str = ""  # the cap's or a failure's text, shown beside the buttons
    _ids: dict[str, str] = {}  # key -> follows record id
    _version: int = 0  # counts this tab's follow changes: the bell reads the follows again

    @rx.var
    def job_rows(self) -> list[FollowRow]:
        """The job searches followed (under /jobs' form)."""
        return [row for row in self.rows if row.key.startswith(f"{FollowKind.JOBS}:")]

    @rx.event(background=True)
    async def load(self):
        """On load of a page with Follow buttons (and /account): the visitor's follows."""
        async with self:
            session = (await self.get_state(AuthState))._session()
            self.message = ""
            if session is None:
                self.following, self.rows, self._ids = [], [], {}
                return
        try:
            follows = await own_follows(session.user_id, session.token)
            rows = await follow_rows(follows)
            backend_failures.recovered("follows")
        except ClientResponseError as error:
            backend_failures.failed("follows", error)
            return
        async with self:
            self._show(follows, rows)

    def _show(self, follows: list[Follow], rows: list[FollowRow]) -> None:
        ids = {key: f.id for f in follows if (key := key_of(f))}
        self._ids, self.following, self.rows = ids, list(ids), rows

    @rx.event(background=True)
    async def toggle(self, key: str):
        """Follow `key`, or unfollow it when followed; a signed-out visitor signs in first."""
        async for event in self._toggle(key, unfollow=True):
            yield event

    @rx.event(background=True)
    async def follow_jobs(self, form: dict[str, Any]):
        """The /jobs form: follow new jobs, optionally only in a location or of a contract (a
        search already followed stays followed)."""
        async for event in self._toggle(jobs_key(form.get("location"), form.get("contract")), unfollow=False):
            yield event

    async def _toggle(self, key: str, *, unfollow: bool):
        fields = parse_key(key)
        if fields is None:
            return
        async with self:
            if self.busy or (not unfollow and key in self.following):
                return
            signed_in = (await self.get_state(AuthState))._session() is not None
            path = current_path(self)
            if signed_in:
                self.busy, self.message = key, ""
        if not signed_in:
            for event in sign_in_first(path):
                yield event
            return
        message = await self._change(key, fields)
        async with self:
            self.busy, self.message = "", message

    async def _change(self, key: str, fields: dict[str, str]) -> str:
        """Follow or unfollow as the server, for the session PocketBase confirms; "" or a message."""
        try:
            session = await verified_session(self)
        except ClientResponseError:
            return gettext(FAILED_TEXT)
        if session is None:
            return gettext(FAILED_TEXT)
        client = configured_client()
        try:
            follows = await own_follows(session.user.id, session.token)
            ids = {k: f.id for f in follows if (k := key_of(f))}
            action = decision(ids, key)
            if action == "unfollow":
                await _as_server(lambda token: client.delete(Collection.FOLLOWS, ids[key], token=token))
            elif action == "cap":
                message = gettext(CAP_TEXT).format(count=len(ids))
                async with self:
                    self._show(follows, await follow_rows(follows))
                return message
            else:
                body = {**fields, "user": session.user.id}
                try:
                    await _as_server(lambda token: client.create(Collection.FOLLOWS, body, token=token))
                except ClientResponseError as error:
                    if error.status != 400:  # 400: followed meanwhile from another tab (unique index)
                        raise
            follows = await own_follows(session.user.id, session.token)
            rows = await follow_rows(follows)
        except ClientResponseError as error:
            log.info("follow change refused: status %s", error.status)
            return gettext(FAILED_TEXT)
        async with self:
            self._show(follows, rows)
            self._version += 1
        return ""
