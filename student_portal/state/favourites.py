"""Favourites: which items the signed-in visitor saved, and the Save button's toggle (issue 18).

PocketBase's API rules decide everything that matters (a user sees and changes only their own
favourites, and may only save what they may view); the site sends the visitor's own token.
The visitor's saved keys ("kind:id") are sent to the page so each Save button shows its state.
"""

from __future__ import annotations

import logging
import re
from typing import Any, Final

import reflex as rx

from student_portal.constants import StorageKey
from student_portal.i18n.texts import Text
from student_portal.pocketbase import ClientResponseError, PocketBaseClient, configured_client, filter_eq
from student_portal.pocketbase.collections import Collection
from student_portal.state.auth import AuthState, forget_on_logout, sign_in_first
from student_portal.state.content import backend_failures

log = logging.getLogger(__name__)


class Kind:
    """Kinds of saved item; each is also the name of its relation field in Favourites."""

    RECORDING: Final = "recording"
    OL_ITEM: Final = "ol_item"
    AL_ITEM: Final = "al_item"
    NOTE: Final = "note"
    CLASS_NOTE: Final = "class_note"
    CLASS_RECORDING: Final = "class_recording"
    JOB: Final = "job"
    HOTEL: Final = "hotel"


KINDS: Final = (
    Kind.RECORDING,
    Kind.OL_ITEM,
    Kind.AL_ITEM,
    Kind.NOTE,
    Kind.CLASS_NOTE,
    Kind.CLASS_RECORDING,
    Kind.JOB,
    Kind.HOTEL,
)

_RECORD_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def favourite_key(kind: str, item_id: str) -> str:
    return f"{kind}:{item_id}"


def parse_key(key: object) -> tuple[str, str] | None:
    """(kind, item id) of a "kind:id" key, or None when it is not one (it may come from the browser)."""
    if not isinstance(key, str):
        return None
    kind, _, item_id = key.partition(":")
    if kind not in KINDS or not _RECORD_ID.match(item_id):
        return None
    return kind, item_id


def favourite_ids(records: list[dict[str, Any]]) -> dict[str, str]:
    """key -> favourite record id, for the records of a Favourites list."""
    found: dict[str, str] = {}
    for record in records:
        kind = record.get("kind")
        item_id = record.get(kind) if isinstance(kind, str) else None
        if parse_key(favourite_key(str(kind), str(item_id))) and isinstance(record.get("id"), str):
            found[favourite_key(str(kind), str(item_id))] = record["id"]
    return found


def with_edits(ids: dict[str, str], edits: dict[str, str]) -> dict[str, str]:
    """The saved list as fetched, with the saves ("key" -> record id) and removals ("key" -> "")
    made while it was on its way: a tap right after the page opened must not be undone by the
    list that was read before it."""
    merged = dict(ids)
    for key, favourite_id in edits.items():
        if favourite_id:
            merged[key] = favourite_id
        else:
            merged.pop(key, None)
    return merged


def current_path(state: rx.State) -> str:
    url = state.router.url
    return url.path + (f"?{url.query}" if url.query else "")


@forget_on_logout
class FavouritesState(rx.State):
    saved: list[str] = []  # "kind:id" of every item the visitor saved
    busy: str = ""  # the key being saved or removed
    _favourite_ids: dict[str, str] = {}  # key -> Favourites record id
    _edits: dict[str, str] = {}  # saves/removals since the list was last asked for (with_edits)
    # A signed-out visitor's Save: kept in the tab through sign-in, applied on the next load.
    pending: str = rx.SessionStorage("", name=StorageKey.PENDING_SAVE)

    @rx.event(background=True)
    async def load(self):
        """On load of a page with Save buttons: the visitor's saved keys (none when signed out)."""
        async with self:
            session = (await self.get_state(AuthState))._session()
            pending = parse_key(self.pending)
            self._edits = {}
            if session is None:
                self.saved, self._favourite_ids = [], {}
                return
        client = configured_client()
        try:
            records = await client.full_list(
                Collection.FAVOURITES, sort="created", filter=filter_eq("user", session.user_id), token=session.token
            )
            ids = favourite_ids(records)
            if pending and favourite_key(*pending) not in ids:
                created = await saved_record(client, session.user_id, *pending, token=session.token)
                ids[favourite_key(*pending)] = created["id"]
            backend_failures.recovered("Favourites")
        except ClientResponseError as error:
            backend_failures.failed("Favourites", error)
            ids = None
        async with self:
            if ids is not None:
                ids = with_edits(ids, self._edits)
                self._favourite_ids, self.saved = ids, list(ids)
            self.pending = ""
        if ids is None and pending:
            yield rx.window_alert(Text.SAVE_FAILED)

    @rx.event(background=True)
    async def toggle(self, kind: str, item_id: str):
        """Save the item, or remove it when saved; a signed-out visitor signs in first."""
        key = favourite_key(kind, item_id)
        if parse_key(key) is None:
            return
        async with self:
            if self.busy:
                return
            session = (await self.get_state(AuthState))._session()
            if session is None:
                self.pending = key
                path = current_path(self)
            else:
                self.busy = key
                favourite_id = self._favourite_ids.get(key)
        if session is None:
            for event in sign_in_first(path):
                yield event
            return
        client = configured_client()
        failed = False
        try:
            if favourite_id:
                try:
                    await client.delete(Collection.FAVOURITES, favourite_id, token=session.token)
                except ClientResponseError as error:
                    if not error.is_not_found:  # already gone (another device): fine
                        raise
            else:
                created = await saved_record(client, session.user_id, kind, item_id, token=session.token)
        except ClientResponseError as error:
            log.info("favourite %s of %s refused: %s", "removal" if favourite_id else "save", kind, error.status)
            failed = True
        async with self:
            self.busy = ""
            if not failed:
                self._edits = {**self._edits, key: "" if favourite_id else created["id"]}
                ids = with_edits(self._favourite_ids, {key: self._edits[key]})
                self._favourite_ids, self.saved = ids, list(ids)
        if failed:
            yield rx.window_alert(Text.SAVE_FAILED)


async def saved_record(
    client: PocketBaseClient, user_id: str, kind: str, item_id: str, *, token: str
) -> dict[str, Any]:
    """The item saved: a new Favourites record, or the one another tab or device of the same
    student made meanwhile. PocketBase refuses a second (a unique index on user and item), and
    that refusal used to say "could not save" about an item that was saved."""
    try:
        return await client.create(Collection.FAVOURITES, {"user": user_id, "kind": kind, kind: item_id}, token=token)
    except ClientResponseError as refused:
        if refused.status != 400:
            raise
        try:
            return await client.first_item(
                Collection.FAVOURITES, f"{filter_eq('user', user_id)} && {filter_eq(kind, item_id)}", token=token
            )
        except ClientResponseError:
            raise refused from None
