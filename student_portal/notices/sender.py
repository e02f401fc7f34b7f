"""Notices by mail (issue 53), the half that talks to PocketBase, with the site's superuser
credential: class reminders, settling notices and fanning them out to their followers' mail
choices (`deliveries`), sending the mails due at once, and the digests.

Each step is safe to run again (`make send-digests` twice sends nothing more): a delivery is
unique per student and notice, and is marked sent once its mail went; a failed mail stays
pending with its next try (back-off) and is marked failed after the last, with the error, for
the admin UI. The site runs `tick` every Timing.NOTICE_TICK_S in one worker (scheduler.py).

    python -m student_portal.notices.sender digests [--all]   # make send-digests
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from student_portal.constants import Timing
from student_portal.i18n import in_language
from student_portal.notices.describe import CLASSES, Described, describe
from student_portal.notices.mail import (
    DAILY,
    NONE,
    NOW,
    WEEKLY,
    Item,
    backoff,
    by_user,
    choice,
    compose,
    digest_due,
    user_language,
)
from student_portal.pocketbase import ClientResponseError, Notice, PocketBaseClient, User
from student_portal.pocketbase.filters import filter_eq

log = logging.getLogger(__name__)

NOTICES, DELIVERIES, FOLLOWS = "notices", "deliveries", "follows"
WRITERS = 16  # mails sent at once
DELIVERY_CHUNK = 1000  # deliveries written in one request (one transaction)


def pb_time(moment: datetime) -> str:
    """A PocketBase date value / filter literal: "2026-12-07 03:30:00.000Z"."""
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


@dataclass
class Counts:
    reminders: int = 0
    settled: int = 0
    deliveries: int = 0  # delivery records written
    mails: int = 0
    failures: int = 0
    writes: int = 0  # every PocketBase write (for the benchmark)
    timings: dict[str, float] = field(default_factory=dict)


class NoticeMailer:
    def __init__(self, client: PocketBaseClient, token: Callable[[], Awaitable[str]], site: str) -> None:
        self.client, self._token, self.site = client, token, site
        self.counts = Counts()

    async def tick(self, now: datetime | None = None) -> Counts:
        now = now or datetime.now(UTC)
        await self.reminders(now)
        await self.settle(now)
        await self.send_now(now)
        await self.send_digests(now)
        return self.counts

    # ---- class reminders --------------------------------------------------------------------
    async def reminders(self, now: datetime) -> int:
        """A notice for each class starting within Timing.CLASS_REMINDER_BEFORE_S (one per class:
        a unique index, so several runs or workers make one)."""
        token = await self._token()
        soon = now + timedelta(seconds=Timing.CLASS_REMINDER_BEFORE_S)
        classes = await self.client.full_list(
            "Classes", filter=f'date > "{pb_time(now)}" && date <= "{pb_time(soon)}"', token=token
        )
        made = 0
        for record in classes:
            if not record.get("teacher"):
                continue
            snapshot = {k: record.get(k) for k in ("name", "date", "duration", "zoom")}
            body = {
                "kind": "class_reminder",
                "teacher": record["teacher"],
                "collection": "Classes",
                "record": record["id"],
                "after": snapshot,
                "settled": False,
                "changed": pb_time(now),
            }
            try:
                await self.client.create(NOTICES, body, token=token)
                made += 1
                self.counts.writes += 1
            except ClientResponseError as error:
                if error.status != 400:  # 400: already reminded
                    raise
        self.counts.reminders += made
        return made

    # ---- settling: one notice -> its followers' deliveries ----------------------------------
    async def settle(self, now: datetime) -> int:
        token = await self._token()
        quiet = pb_time(now - timedelta(seconds=Timing.NOTICE_SETTLE_S))
        due = await self.client.full_list(
            NOTICES,
            filter=f'settled = false && (kind = "class_reminder" || changed <= "{quiet}")',
            sort="changed",
            token=token,
        )
        for raw in due:
            notice = Notice.model_validate(raw)
            await self.fan_out(notice, now)
            await self.client.update(NOTICES, notice.id, {"settled": True}, token=await self._token())
            self.counts.writes += 1
            self.counts.settled += 1
        return len(due)

    async def followers(self, notice: Notice) -> list[User]:
        """Each student following what `notice` is about, once (their user records)."""
        from student_portal.notices.describe import concerns  # the jobs' words

        token = await self._token()
        for kind in ("teacher", "ol_folder", "al_folder"):
            target = getattr(notice, kind)
            if target:
                wanted = f"{filter_eq('kind', kind)} && {filter_eq(kind, target)}"
                break
        else:
            if notice.kind != "new_job":
                return []
            wanted = filter_eq("kind", "jobs")
        follows = await self.client.full_list(FOLLOWS, filter=wanted, expand="user", token=token)
        users: dict[str, User] = {}
        for follow in follows:
            user = (follow.get("expand") or {}).get("user")
            if not isinstance(user, dict) or user.get("id") in users:
                continue
            if notice.kind == "new_job":
                key = f"jobs:{follow.get('location') or ''}|{follow.get('contract') or ''}"
                if not concerns(notice, {key}):
                    continue
            users[user["id"]] = User.model_validate(user)
        return list(users.values())

    async def fan_out(self, notice: Notice, now: datetime) -> int:
        said = describe(notice)
        if said is None:
            return 0
        token = await self._token()
        rows = [{"user": u.id, "mode": choice(u, said.category)} for u in await self.followers(notice) if u.verified]
        rows = [row for row in rows if row["mode"] != NONE]
        written = 0
        for start in range(0, len(rows), DELIVERY_CHUNK):
            chunk = rows[start : start + DELIVERY_CHUNK]
            written += await self.client.write_deliveries(notice.id, chunk, pb_time(now), token=token)
        self.counts.deliveries += written
        self.counts.writes += written
        return written

    # ---- sending ----------------------------------------------------------------------------
    async def _pending(self, modes: tuple[str, ...], now: datetime) -> list[dict[str, Any]]:
        token = await self._token()
        which = " || ".join(filter_eq("mode", m) for m in modes)
        return await self.client.full_list(
            DELIVERIES,
            filter=f'state = "pending" && ({which}) && next_try <= "{pb_time(now)}"',
            sort="created",
            expand="user,notice",
            token=token,
        )

    async def _names(self) -> dict[str, str]:
        token = await self._token()
        names: dict[str, str] = {}
        for collection in ("Teachers", "OLFolders", "ALFolders"):
            for record in await self.client.full_list(collection, token=token):
                names[record["id"]] = str(record.get("name") or record.get("label") or "")
        return names

    def _items(self, rows: list[dict[str, Any]], names: dict[str, str]) -> dict[str, tuple[User, list[Item]]]:
        users: dict[str, User] = {}
        pairs: list[tuple[str, Item]] = []
        for row in rows:
            expand = row.get("expand") or {}
            if not isinstance(expand.get("user"), dict) or not isinstance(expand.get("notice"), dict):
                continue
            user = User.model_validate(expand["user"])
            notice = Notice.model_validate(expand["notice"])
            source = names.get(notice.teacher or notice.ol_folder or notice.al_folder, "")
            with in_language(user_language(user)):  # the mail's words are in the student's language
                said: Described | None = describe(notice, source)
            if said is None:
                continue
            users[user.id] = user
            when = notice.changed or datetime.now(UTC)
            pairs.append((user.id, Item(delivery=row["id"], notice=notice.id, when=when, said=said)))
        return {uid: (users[uid], items) for uid, items in by_user(pairs).items()}

    async def _mail(self, user: User, items: list[Item], mode: str, rows: dict[str, dict], now: datetime) -> None:
        mail_list = "classes" if all(i.said.category == CLASSES for i in items) else "other"
        if mode == NOW:
            mail_list = "classes" if items[0].said.category == CLASSES else "other"
        mail = compose(items, mode, user_language(user), self.site)
        token = await self._token()
        try:
            await self.client.send_notice_mail(user.id, mail_list, mail.subject, mail.text, mail.html, token=token)
        except ClientResponseError as error:
            self.counts.failures += 1
            log.warning("notice mail to a student failed (status %s): tried again later", error.status)
            for item in items:
                attempts = int(rows[item.delivery].get("attempts") or 0) + 1
                wait = backoff(attempts)
                change: dict[str, Any] = {"attempts": attempts, "error": str(error.message or error.status)[:500]}
                if wait is None:
                    change["state"] = "failed"
                    log.error("notice mail given up after %s attempts (delivery %s)", attempts, item.delivery)
                else:
                    change["next_try"] = pb_time(now + wait)
                await self.client.update(DELIVERIES, item.delivery, change, token=token)
                self.counts.writes += 1
            return
        self.counts.mails += 1
        await self.client.mark_sent([item.delivery for item in items], pb_time(now), token=token)
        self.counts.writes += len(items)

    async def send_now(self, now: datetime) -> int:
        """The mails of students who chose "at once": one mail per student and run."""
        rows = await self._pending((NOW,), now)
        if not rows:
            return 0
        by_id = {r["id"]: r for r in rows}
        mails = self._items(rows, await self._names())
        gate = asyncio.Semaphore(WRITERS)

        async def one(user: User, items: list[Item]) -> None:
            async with gate:
                await self._mail(user, items, NOW, by_id, now)

        await asyncio.gather(*(one(user, items) for user, items in mails.values()))
        return len(mails)

    async def send_digests(self, now: datetime, *, everything: bool = False) -> int:
        """The daily and weekly digests that are due (`everything`: every one waiting, now)."""
        sent = 0
        for mode in (DAILY, WEEKLY):
            rows = await self._pending((mode,), now)
            if not rows:
                continue
            by_id = {r["id"]: r for r in rows}
            names = await self._names()
            for user, items in self._items(rows, names).values():
                created = [_created(by_id[i.delivery]) for i in items]
                if not everything and not digest_due(min(created), mode, now):
                    continue
                await self._mail(user, items, mode, by_id, now)
                sent += 1
        return sent


def _created(row: dict[str, Any]) -> datetime:
    from student_portal.utils.dates import parse_pb_datetime

    return parse_pb_datetime(row.get("created")) or datetime.now(UTC)


async def _main(argv: list[str]) -> int:
    from student_portal.pocketbase import configured_client
    from student_portal.search.credential import configured_credential
    from student_portal.settings import settings

    if not argv or argv[0] != "digests":
        print(__doc__)
        return 2
    client = configured_client()
    credential = await asyncio.to_thread(configured_credential, client)
    if credential is None:
        print("no superuser credential (SEARCH_INDEXER_EMAIL / SEARCH_INDEXER_PASSWORD)")
        return 1
    mailer = NoticeMailer(client, credential.token, settings().site_address)
    now = datetime.now(UTC)
    await mailer.settle(now)
    sent = await mailer.send_digests(now, everything="--all" in argv)
    print(f"digests sent: {sent}; failed mails: {mailer.counts.failures}")
    return 0


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    logging.getLogger("httpx").setLevel(logging.WARNING)  # a line per request otherwise
    sys.exit(asyncio.run(_main(sys.argv[1:])))
