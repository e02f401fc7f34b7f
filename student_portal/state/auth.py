"""The visitor's sign-in session (spec 4 "Auth", 5, 6).

The PocketBase token and auth record live in the browser's local storage under
`pocketbase_auth` (as the spec's client store did), so a session survives a reload and is
shared by every tab; Reflex restores it into this state on each page load and follows changes
made in other tabs (`sync=True`).

What is trusted where: the browser may edit its own storage, so the stored record (its role)
only decides what the header shows. Access to protected data is decided by PocketBase: pages
that show it call `verified_session`, which asks PocketBase for the user's record with the
token (or refreshes a token close to expiry) and uses the role PocketBase answers, and then
fetch with that token, so PocketBase's own rules apply. Tokens and passwords are never logged.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import reflex as rx
from reflex.event import EventSpec

from student_portal import routes
from student_portal.constants import StorageKey, Timing
from student_portal.i18n import localized
from student_portal.pocketbase import ClientResponseError, User, configured_client, parse_record
from student_portal.pocketbase.collections import Collection
from student_portal.pocketbase.records import NOTES_ROLES
from student_portal.state.content import backend_failures
from student_portal.utils.page_actions import run_page_action
from student_portal.utils.tokens import is_token_valid, needs_refresh, token_claims

log = logging.getLogger(__name__)

# The auth record fields kept in the browser (spec 3: id, email, collectionId, collectionName,
# verified; plus the user name and role the site shows and decides on).
_RECORD_FIELDS = ("id", "email", "username", "role", "verified", "collectionId", "collectionName")

# PocketBase answers these for a token it no longer accepts (a garbage token reads as a guest,
# so viewing one's own record then gives 404).
_REJECTED_STATUSES = frozenset({401, 403, 404})


@dataclass(frozen=True)
class StoredAuth:
    """The parsed `pocketbase_auth` item: {token, record}."""

    token: str
    record: dict[str, Any]

    @property
    def user_id(self) -> str:
        claim = (token_claims(self.token) or {}).get("id")
        if isinstance(claim, str) and claim:
            return claim
        record_id = self.record.get("id")
        return record_id if isinstance(record_id, str) else ""

    def __repr__(self) -> str:  # never print the token
        return f"StoredAuth(token='***', user_id={self.user_id!r})"


@dataclass(frozen=True)
class Session:
    """A session PocketBase has just confirmed: its (possibly refreshed) token and the user."""

    token: str
    user: User

    def __repr__(self) -> str:
        return f"Session(token='***', user_id={self.user.id!r}, role={self.user.role!r})"


def parse_stored_auth(raw: str) -> StoredAuth | None:
    """The stored item, or None when it is empty or not the {token, record} JSON we write."""
    if not raw:
        return None
    try:
        data = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    token, record = data.get("token"), data.get("record")
    if not isinstance(token, str) or not token:
        return None
    return StoredAuth(token=token, record=record if isinstance(record, dict) else {})


def dump_stored_auth(token: str, record: dict[str, Any]) -> str:
    kept = {key: record[key] for key in _RECORD_FIELDS if key in record}
    return json.dumps({"token": token, "record": kept}, separators=(",", ":"))


def sign_in_first(path: str) -> list[EventSpec]:
    """Events that remember `path` (for after sign-in) and open /login in its place."""
    # In the language of the page the visitor is on (/si/notes): sign-in comes back to it.
    remember = run_page_action("rememberPath", StorageKey.REDIRECT, localized(path))
    return [remember, rx.redirect(localized(routes.LOGIN), replace=True)]


# Logout's calls ending the token at PocketBase, kept until done (they run after the tab's lock).
_signing_out: set[asyncio.Task[None]] = set()


async def _end_token(token: str) -> None:
    try:
        await configured_client().sign_out(token)
    except ClientResponseError as error:
        log.warning("logout: could not end the token at PocketBase (status %s)", error.status)


# States that hold protected data register a function clearing it, so logout can forget it.
_forgetters: list[Callable[[rx.State], Any]] = []


def forget_on_logout(state_cls: type[rx.State]) -> type[rx.State]:
    """Class decorator: reset this state when its visitor logs out."""

    async def forget(any_state: rx.State) -> None:
        (await any_state.get_state(state_cls)).reset()

    _forgetters.append(forget)
    return state_cls


async def forget_protected(state: rx.State) -> None:
    """Clear every state registered with `forget_on_logout`, and the stored sign-in (logout, a
    rejected session, a closed tab)."""
    for forget in _forgetters:
        await forget(state)
    (await state.get_state(AuthState))._clear()


class AuthState(rx.State):
    # JSON {token, record}; see dump_stored_auth.
    stored_auth: str = rx.LocalStorage("", name=StorageKey.AUTH, sync=True)
    logging_out: bool = False

    # --- what the page shows --------------------------------------------------------------
    # Not cached: whether a token has expired depends on the clock, not only on the storage.
    @rx.var(cache=False)
    def is_authenticated(self) -> bool:
        return self._session() is not None

    @rx.var(cache=False)
    def role(self) -> str:
        session = self._session()
        role = session.record.get("role") if session else ""
        return role if isinstance(role, str) else ""

    @rx.var(cache=False)
    def can_view_notes(self) -> bool:
        """For the header and links only; the notes page asks PocketBase (verified_session)."""
        return self.role in NOTES_ROLES

    # --- helpers (not events) ---------------------------------------------------------------
    def _session(self) -> StoredAuth | None:
        """The stored session, or None when there is none or its token has expired."""
        stored = parse_stored_auth(self.stored_auth)
        if stored is None or not is_token_valid(stored.token, time.time()):
            return None
        return stored

    def _store(self, token: str, record: dict[str, Any]) -> None:
        self.stored_auth = dump_stored_auth(token, record)

    def _clear(self) -> None:
        self.stored_auth = ""

    # --- events --------------------------------------------------------------------------------
    @rx.event
    def redirect_if_signed_in(self):
        """/login on load: a signed-in visitor has nothing to do there."""
        if self.is_authenticated:
            return rx.redirect(localized(routes.HOME), replace=True)
        if self.stored_auth and self._session() is None:
            self._clear()  # an expired or unreadable token: forget it
        return None

    @rx.event
    async def logout(self):
        """Spec 4: clear the store and the state, end the token at PocketBase, then go home; a
        failure is only logged."""
        if self.logging_out:
            return
        self.logging_out = True
        yield
        stored = parse_stored_auth(self.stored_auth)
        if stored is not None:
            # The token ends too (a copy replayed later opens nothing), without holding this
            # tab's lock while PocketBase answers.
            ending = asyncio.get_running_loop().create_task(_end_token(stored.token))
            _signing_out.add(ending)
            ending.add_done_callback(_signing_out.discard)
        try:
            await forget_protected(self)
        except Exception:
            log.exception("logout: could not clear a page's protected data")
        finally:
            self._clear()
            self.logging_out = False
        # Offline copies of signed-in pages and kept protected files leave the device too.
        yield rx.call_script("window.studentPortalOffline?.forgetSignedIn()")
        yield rx.redirect(localized(routes.HOME))


# The checks of one session that run at the same time (a page's loads each check it: /account
# has three) share one question to PocketBase: one check per page load, and one refresh of a
# token near its end, not three. A check started after that answer asks again (a sign-out or a
# changed password elsewhere shows at once).
_checks: dict[str, tuple[asyncio.AbstractEventLoop, asyncio.Future[tuple[str, dict[str, Any]]]]] = {}


async def _ask_pocketbase(stored: StoredAuth) -> tuple[str, dict[str, Any]]:
    client = configured_client()
    if needs_refresh(stored.token, time.time(), Timing.TOKEN_REFRESH_MARGIN_S):
        refreshed = await client.auth_refresh(stored.token)
        return refreshed.token, refreshed.record
    return stored.token, await client.get_one(Collection.USERS, stored.user_id, token=stored.token)


async def _shared_check(stored: StoredAuth) -> tuple[str, dict[str, Any]]:
    """(token, user record) for `stored` as PocketBase answers; raises ClientResponseError."""
    loop = asyncio.get_running_loop()
    held = _checks.get(stored.token)
    if held is None or held[0] is not loop or held[1].done():
        asking = asyncio.ensure_future(_ask_pocketbase(stored))
        _checks[stored.token] = (loop, asking)
        asking.add_done_callback(functools.partial(_forget_check, stored.token))
        held = (loop, asking)
    # Shielded: one page's load cancelled (its tab closed) cancels no other's check.
    return await asyncio.shield(held[1])


def _forget_check(token: str, done: asyncio.Future[Any]) -> None:
    if token in _checks and _checks[token][1] is done:
        del _checks[token]


async def verified_session(state: rx.State) -> Session | None:
    """In a background task: the visitor's session as PocketBase sees it now, or None.

    None when the visitor has no valid stored token or PocketBase rejects it (the stored item is
    then cleared: signed out). A token close to expiry is refreshed and stored. Other failures
    (PocketBase down) raise ClientResponseError: the page shows its error face.
    """
    async with state:
        auth = await state.get_state(AuthState)
        stored = auth._session()
        if stored is None:
            if auth.stored_auth:
                auth._clear()
            return None
    try:
        token, record = await _shared_check(stored)
    except ClientResponseError as error:
        if error.status not in _REJECTED_STATUSES:
            raise
        log.info("stored session rejected by PocketBase (status %s): signed out", error.status)
        async with state:
            auth = await state.get_state(AuthState)
            current = parse_stored_auth(auth.stored_auth)
            if current is not None and current.token == stored.token:
                # Signed out by the site: what the session showed goes too (the page's offline
                # copies go with the stored item: assets/offline.js).
                await forget_protected(state)
        return None
    user = parse_record(User, record)
    backend_failures.recovered("session check")
    async with state:
        auth = await state.get_state(AuthState)
        # Logged out, or in as someone else, meanwhile. The same student's item rewritten by a
        # check running beside this one (a page's loads each check: /account has three; the
        # record trimmed, refreshed or changed) is still this session: comparing the whole item
        # sent a signed-in student on /account to /login, and from there home.
        current = parse_stored_auth(auth.stored_auth)
        if current is None or current.user_id != stored.user_id:
            return None
        auth._store(token, record)
    if user is None or not user.id:
        return None
    return Session(token=token, user=user)
