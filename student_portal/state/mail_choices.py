"""Notice mails (issue 53): a student's choices on /account, and the one-click unsubscribe page
(/unsubscribe/{token}, signed out: PocketBase checks the token it signed)."""

from __future__ import annotations

import logging
from typing import Any

import reflex as rx

from student_portal import routes
from student_portal.i18n import N_, gettext
from student_portal.notices.describe import CLASSES, OTHER
from student_portal.notices.mail import CHOICES, choice
from student_portal.pocketbase import ClientResponseError, configured_client
from student_portal.pocketbase.collections import Collection
from student_portal.state.address import route_arg
from student_portal.state.auth import forget_on_logout, verified_session
from student_portal.state.practice import server_token

log = logging.getLogger(__name__)

FIELDS = {CLASSES: "mail_classes", OTHER: "mail_other"}
SAVED = N_("Saved. We will mail you as you chose.")
NOT_SAVED = N_("That could not be saved. Please try again.")
LINK_INVALID = N_("This unsubscribe link is not valid, or has expired. Choose what we mail you on your account page.")
UNSUBSCRIBED = {
    CLASSES: N_("Done: we will no longer mail you about class changes and reminders."),
    OTHER: N_("Done: we will no longer mail you about new papers, notes and jobs."),
}


@forget_on_logout
class MailChoicesState(rx.State):
    classes: str = ""
    other: str = ""
    busy: bool = False
    notice: str = ""
    error: str = ""

    @rx.event(background=True)
    async def load(self):
        try:
            session = await verified_session(self)
        except ClientResponseError:
            return
        if session is None:
            return
        async with self:
            self.classes, self.other = choice(session.user, CLASSES), choice(session.user, OTHER)
            self.notice = self.error = ""

    @rx.event
    def set_classes(self, value: str):
        if value in CHOICES:
            self.classes, self.notice = value, ""

    @rx.event
    def set_other(self, value: str):
        if value in CHOICES:
            self.other, self.notice = value, ""

    @rx.event(background=True)
    async def save(self, form: dict[str, Any]):
        wanted = {kind: str(form.get(kind) or "") for kind in FIELDS}
        if any(value not in CHOICES for value in wanted.values()):
            return
        async with self:
            if self.busy:
                return
            self.busy, self.notice, self.error = True, "", ""
        notice, error = "", ""
        try:
            session = await verified_session(self)
            if session is None:
                raise ClientResponseError(status=401, message="signed out")
            body = {FIELDS[kind]: value for kind, value in wanted.items()}
            # Written by the server: the users rule refuses these fields from a browser.
            token = await server_token()
            await configured_client().update(Collection.USERS, session.user.id, body, token=token)
            notice = gettext(SAVED)
        except ClientResponseError as failure:
            log.info("mail choices not saved: status %s", failure.status)
            error = gettext(NOT_SAVED)
        async with self:
            self.busy, self.notice, self.error = False, notice, error
            if not error:
                self.classes, self.other = wanted[CLASSES], wanted[OTHER]


class UnsubscribeState(rx.State):
    working: bool = True
    done: str = ""
    error: str = ""

    @rx.event(background=True)
    async def unsubscribe(self):
        async with self:
            self.working, self.done, self.error = True, "", ""
            token = await route_arg(self, routes.TOKEN)
        done, error = "", gettext(LINK_INVALID)
        if token:
            try:
                mail_list = await configured_client().unsubscribe(token)
                if mail_list in UNSUBSCRIBED:
                    done, error = gettext(UNSUBSCRIBED[mail_list]), ""
            except ClientResponseError as failure:
                log.info("unsubscribe refused: status %s", failure.status)
        async with self:
            self.working, self.done, self.error = False, done, error
