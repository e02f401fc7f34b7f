""" "Ask for access" on /notes: a signed-in student without the notes role records a request in
PocketBase (Access_Requests, owner-only rules); content managers grant it in the admin UI."""

from __future__ import annotations

import logging

import reflex as rx

from student_portal.accounts.answers import account_error_text
from student_portal.accounts.texts import AccountText
from student_portal.i18n.texts import Text
from student_portal.pocketbase import ClientResponseError, configured_client, filter_eq
from student_portal.pocketbase.collections import Collection
from student_portal.state.auth import forget_on_logout, verified_session

log = logging.getLogger(__name__)

NOTES_ACCESS = "notes"  # the Access_Requests.access value for Uni Notes


@forget_on_logout
class AccessRequestState(rx.State):
    # The button waits for `load`: a click before it answered would race it, and a request the
    # click had just made would then read as one made earlier ("You already asked").
    checked: bool = False
    busy: bool = False
    sent: str = ""  # what the student is told once the request is recorded
    error: str = ""

    @rx.event(background=True)
    async def load(self):
        """On /notes for an account without the role: a request made earlier is said at once."""
        async with self:
            self.reset()
        earlier = False
        try:
            session = await verified_session(self)
            if session is not None:
                found = await configured_client().list(
                    Collection.ACCESS_REQUESTS,
                    per_page=1,
                    filter=filter_eq("user", session.user.id),
                    skip_total=True,
                    token=session.token,
                )
                earlier = bool(found.items)
        except ClientResponseError as failure:
            # The button still comes: asking again answers "already asked".
            log.info("access requests not read: status %s", failure.status)
        async with self:
            self.checked = True
            if earlier and not (self.busy or self.sent):
                self.sent = AccountText.ACCESS_ALREADY_REQUESTED

    @rx.event(background=True)
    async def ask(self):
        async with self:
            if self.busy or self.sent or not self.checked:
                return
            self.busy, self.error = True, ""
        sent, error = "", ""
        try:
            session = await verified_session(self)
            if session is None:
                error = Text.LOGIN_FAILED
            else:
                await configured_client().request_access(session.user.id, NOTES_ACCESS, token=session.token)
                sent = AccountText.ACCESS_REQUESTED
        except ClientResponseError as failure:
            if _already_asked(failure):
                sent = AccountText.ACCESS_ALREADY_REQUESTED
            else:
                log.info("access request refused: status %s", failure.status)
                error = account_error_text(failure, Text.BACKEND_UNAVAILABLE)
        async with self:
            self.busy, self.sent, self.error = False, sent, error


def _already_asked(error: ClientResponseError) -> bool:
    """PocketBase's answer to a second request (the unique index on user and access)."""
    data = error.response.get("data")
    if error.status != 400 or not isinstance(data, dict):
        return False
    return any(isinstance(v, dict) and v.get("code") == "validation_not_unique" for v in data.values())
