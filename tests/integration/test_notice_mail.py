"""Notices by mail (issue 53) against a real PocketBase that sends to a real SMTP server on
loopback (aiosmtpd): follow, change, one notice, one mail in the student's language with a
List-Unsubscribe header and a working one-click unsubscribe; reminders; digests sent once;
a failed mail tried again with back-off and never sent twice."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from student_portal.accounts.outbox import Outbox, mail_text
from student_portal.constants import Timing
from student_portal.notices.sender import NoticeMailer, pb_time
from student_portal.pocketbase import ClientResponseError, PocketBaseClient
from student_portal.server.one_click_unsubscribe import with_one_click_unsubscribe
from tests.integration.test_notices import gone
from tests.support.admin import superuser_token
from tests.support.pocketbases import start_pocketbase

SITE = "http://site.test"
USERS = {"basic": "basicuser000001", "notes": "notesuser000001", "full": "fulluser0000001"}


@pytest.fixture(scope="module")
def outbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Outbox]:
    with Outbox(tmp_path_factory.mktemp("outbox")) as box:
        yield box


@pytest.fixture(scope="module")
def mail_pocketbase(tmp_path_factory: pytest.TempPathFactory, outbox: Outbox) -> Iterator[str]:
    root: Path = tmp_path_factory.mktemp("notice-mail-pocketbase")
    server = start_pocketbase(root / "pb_data", env={**outbox.smtp_environment(), "DEPLOY_URL": SITE})
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="module")
def admin_token(mail_pocketbase: str) -> str:
    return superuser_token(mail_pocketbase)


@pytest.fixture(scope="module")
def admin(mail_pocketbase: str, admin_token: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=mail_pocketbase, headers={"Authorization": admin_token}, timeout=10) as http:
        yield http


@pytest.fixture
async def mailer(mail_pocketbase: str, admin_token: str) -> AsyncIterator[NoticeMailer]:
    async def token() -> str:
        return admin_token

    async with PocketBaseClient(mail_pocketbase) as client:
        yield NoticeMailer(client, token, SITE)


@pytest.fixture
def teacher(admin: httpx.Client) -> Iterator[str]:
    made = admin.post("/api/collections/Teachers/records", json={"name": "Ms. Mail Test"}).json()["id"]
    yield made
    gone(admin, made)


async def _no_page(scope, receive, send) -> None:
    raise AssertionError(f"the one-click POST reached the app: {scope['path']}")


def later(seconds: float = Timing.NOTICE_SETTLE_S + 5) -> datetime:
    return datetime.now(UTC) + timedelta(seconds=seconds)


def user(admin: httpx.Client, role: str, **fields) -> dict:
    answer = admin.patch(f"/api/collections/users/records/{USERS[role]}", json=fields)
    assert answer.status_code == 200, answer.text
    return answer.json()


def follow(admin: httpx.Client, role: str, **target) -> None:
    answer = admin.post("/api/collections/follows/records", json={"user": USERS[role], **target})
    assert answer.status_code == 200, answer.text


def deliveries(admin: httpx.Client, role: str) -> list[dict]:
    return admin.get(
        "/api/collections/deliveries/records", params={"filter": f'user = "{USERS[role]}"', "perPage": 500}
    ).json()["items"]


async def test_one_change_one_mail_in_sinhala_with_a_one_click_unsubscribe(admin, mailer, outbox, teacher):
    user(admin, "basic", language="si", mail_classes="", mail_other="")
    follow(admin, "basic", kind="teacher", teacher=teacher)
    body = {"name": "Physics revision", "date": "2030-12-14 10:30:00.000Z", "duration": 90, "teacher": teacher}
    made = admin.post("/api/collections/Classes/records", json=body).json()
    for minute in range(10):  # a burst of edits: one notice, one mail
        admin.patch(f"/api/collections/Classes/records/{made['id']}", json={"date": f"2030-12-15 04:3{minute}:00.000Z"})

    before = outbox.count()
    counts = await mailer.tick(later())
    mail = outbox.wait_for("basic@demo.lk", after=before)
    assert counts.mails == 1
    assert mail["subject"] == "නව පන්තියක්: Physics revision"  # added, then moved before it settled
    text = mail_text(mail)
    assert "2030" not in mail["subject"] and "ඉරිදා" in text  # Sunday in Colombo, in Sinhala
    header = str(mail["List-Unsubscribe"])
    link = re.search(r"<(http://site\.test/si/unsubscribe/[^>]+)>", header)
    assert link, header
    assert link.group(1) in text

    await mailer.tick(later())  # nothing new: no second mail
    await mailer.tick(later(3600))
    assert [m for m in outbox.messages[before:] if "basic@demo.lk" in str(m["to"])] == [mail]
    assert [d["state"] for d in deliveries(admin, "basic")] == ["sent"]

    # RFC 8058: the mail app's own Unsubscribe button POSTs to the link, no page, no sign-in
    assert str(mail["List-Unsubscribe-Post"]) == "List-Unsubscribe=One-Click"
    site = with_one_click_unsubscribe(_no_page, client=lambda: mailer.client)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=site), base_url=SITE) as mail_app:
        path = urlsplit(link.group(1)).path
        assert (await mail_app.post(path + "x", data={"List-Unsubscribe": "One-Click"})).status_code == 400
        mail_classes = admin.get(f"/api/collections/users/records/{USERS['basic']}").json()["mail_classes"]
        assert mail_classes == ""  # a forged link changed nothing
        assert (await mail_app.post(path, data={"List-Unsubscribe": "One-Click"})).status_code == 200
    assert admin.get(f"/api/collections/users/records/{USERS['basic']}").json()["mail_classes"] == "none"
    token = link.group(1).rsplit("/", 1)[1]
    assert await mailer.client.unsubscribe(token) == "classes"  # used again (the page): harmless
    for forged in (token[:-2] + "xx", "", "not-a-token", token.replace(".", "", 1)):
        with pytest.raises(ClientResponseError) as refused:
            await mailer.client.unsubscribe(forged)
        assert refused.value.status == 400

    # unsubscribed: the next change is in the site, not in the mail
    admin.patch(f"/api/collections/Classes/records/{made['id']}", json={"zoom": "https://zoom.us/j/1"})
    await mailer.tick(later())
    assert len(deliveries(admin, "basic")) == 1
    assert outbox.count() == before + 1


async def test_a_reminder_an_hour_before_with_the_zoom_link(admin, mailer, outbox, teacher):
    user(admin, "full", language="ta", mail_classes="now")
    follow(admin, "full", kind="teacher", teacher=teacher)
    soon = datetime.now(UTC) + timedelta(minutes=40)
    body = {"name": "Chemistry Q&A", "date": pb_time(soon), "teacher": teacher, "zoom": "https://zoom.us/j/555"}
    admin.post("/api/collections/Classes/records", json=body)
    before = outbox.count()
    await mailer.tick(later())
    await mailer.tick(later())  # twice: still one reminder
    mails = [m for m in outbox.messages[before:] if "full@demo.lk" in str(m["to"])]
    subjects = sorted(str(m["subject"]) for m in mails)
    assert len(mails) == 1, subjects  # the class's "new class" notice and its reminder, in one mail
    text = mail_text(mails[0])
    assert "https://zoom.us/j/555" in text and "புதிய வகுப்பு: Chemistry Q&A" in text
    reminders = admin.get(
        "/api/collections/notices/records", params={"filter": f'kind = "class_reminder" && teacher = "{teacher}"'}
    ).json()["items"]
    assert len(reminders) == 1


async def test_a_weekly_digest_goes_once_when_due(admin, mailer, outbox):
    user(admin, "notes", language="en", mail_other="weekly")
    folder = admin.post("/api/collections/OLFolders/records", json={"name": "Digest folder"}).json()["id"]
    try:
        follow(admin, "notes", kind="ol_folder", ol_folder=folder)
        for title in ("2025 Paper I", "2025 Paper II"):
            admin.post("/api/collections/OL_Items/records", json={"folder": folder, "title": title, "type": "paper"})
        before = outbox.count()
        await mailer.tick(later())
        assert [d["mode"] for d in deliveries(admin, "notes")] == ["weekly", "weekly"]
        assert await mailer.send_digests(later(3 * 24 * 3600)) == 0  # not a week yet
        assert await mailer.send_digests(later(8 * 24 * 3600)) == 1
        assert await mailer.send_digests(later(8 * 24 * 3600)) == 0  # idempotent
        assert await mailer.send_digests(later(), everything=True) == 0
        [digest] = [m for m in outbox.messages[before:] if "notes@demo.lk" in str(m["to"])]
        assert digest["subject"] == "Your weekly digest: 2 notices"
        text = mail_text(digest)
        assert "New paper: 2025 Paper I" in text and "New paper: 2025 Paper II" in text
        assert "List-Unsubscribe" in digest
    finally:
        admin.delete(f"/api/collections/OLFolders/records/{folder}")


async def test_a_failed_mail_is_tried_again_later_and_sent_once(admin, mailer, outbox, teacher):
    user(admin, "basic", language="en", mail_classes="now")
    follow(admin, "basic", kind="teacher", teacher=teacher)
    admin.post(
        "/api/collections/Classes/records",
        json={"name": "Retry", "date": "2030-01-01 04:30:00.000Z", "teacher": teacher},
    )

    async def busy(server, session, envelope) -> str:
        return "451 4.3.0 Mailbox busy, try again later"

    outbox.handle_DATA = busy  # type: ignore[method-assign]  # the mail server refuses for a while
    try:
        counts = await mailer.tick(later())
    finally:
        del outbox.handle_DATA
    assert counts.failures == 1
    [pending] = [d for d in deliveries(admin, "basic") if d["state"] == "pending"]
    assert pending["attempts"] == 1
    before = outbox.count()
    await mailer.tick(later(10))  # before its next try: nothing
    assert outbox.count() == before
    await mailer.tick(later(Timing.NOTICE_SETTLE_S + Timing.NOTICE_MAIL_BACKOFF_S[0] + 10))
    await mailer.tick(later(Timing.NOTICE_SETTLE_S + Timing.NOTICE_MAIL_BACKOFF_S[0] + 20))
    assert len([m for m in outbox.messages[before:] if "basic@demo.lk" in str(m["to"])]) == 1
    assert [d["state"] for d in deliveries(admin, "basic") if d["id"] == pending["id"]] == ["sent"]
