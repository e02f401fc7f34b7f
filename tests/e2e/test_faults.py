"""Faults rehearsed with real processes (issue 36).

- PocketBase killed and restarted while a student browses and saves: every save either lands or
  the student is told it did not (none is silently lost), and the open page carries on without a
  reload once PocketBase is back.
- Redis restarted (empty) under signed-in students of the production layout: they stay signed in
  (their session is in their browser's storage), carry on in the open page and after a reload,
  and nobody sees another student's state.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from student_portal.components.header import SAVED_ITEM
from student_portal.i18n.texts import Text
from tests.e2e.auth_support import DEMO_USERS, expect_signed_in, start_signed_in
from tests.e2e.conftest import next_client_ip
from tests.support.admin import emptied, pocketbase_date, records, superuser_client, update

SAVE_TOLD_WITHIN_MS = 30_000  # the client's timeout and retries, then the alert


@pytest.fixture
def admin(demo_pocketbase) -> Iterator[httpx.Client]:
    with emptied(demo_pocketbase.url, "Favourites") as client:
        yield client


def _kill(server) -> None:
    """SIGKILL: PocketBase gets no chance to say goodbye (a crash, the OOM killer)."""
    assert server.process is not None
    server.process.kill()
    server.process.wait()
    server.process = None


def test_pocketbase_killed_and_restarted_while_a_student_saves(
    page: Page, base_url: str, demo_pocketbase, client_ip: str, admin: httpx.Client
) -> None:
    auth = start_signed_in(page, base_url, demo_pocketbase.url, "full", client_ip)
    page.goto(base_url + "/jobs")
    cards = page.get_by_test_id("job-card")
    expect(cards.first).to_be_visible()
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    first, second = (cards.nth(n).get_by_test_id("save-button") for n in (0, 1))
    first.click()
    expect(first).to_have_attribute("aria-pressed", "true")  # saved before the crash

    _kill(demo_pocketbase)
    try:
        second.click()
        deadline = time.monotonic() + SAVE_TOLD_WITHIN_MS / 1000
        while not dialogs and time.monotonic() < deadline:
            page.wait_for_timeout(200)
        assert dialogs == [Text.SAVE_FAILED], "the student is told the save did not happen"
        expect(second).to_have_attribute("aria-pressed", "false")
        expect(first).to_have_attribute("aria-pressed", "true")
    finally:
        demo_pocketbase.start()

    # Back: the same tap now lands, on the same page (no reload), and the list agrees with PocketBase.
    second.click()
    expect(second).to_have_attribute("aria-pressed", "true", timeout=15_000)
    saved = records(admin, "Favourites")
    assert sorted((r["user"], r["kind"]) for r in saved) == [(auth["record"]["id"], "job")] * 2
    assert dialogs == [Text.SAVE_FAILED]
    # Browsing on inside the site: the next page's content comes, still without a reload.
    marker = page.evaluate("() => (window.__notReloaded = true)")
    page.get_by_role("banner").get_by_role("link", name=SAVED_ITEM.title, exact=True).first.click()
    expect(page.get_by_test_id("job-card")).to_have_count(2, timeout=15_000)
    assert marker and page.evaluate("() => window.__notReloaded === true")


@pytest.fixture
def notes_student_follows_jobs(demo_pocketbase) -> Iterator[tuple[httpx.Client, dict]]:
    """The "notes" demo student follows every new job and has seen every notice so far; the demo's
    new-job notice is handed to the test and put back afterwards."""
    with superuser_client(demo_pocketbase.url) as admin:
        student = records(admin, "users", filter=f'email = "{DEMO_USERS["notes"][0]}"')[0]
        job_notice = records(admin, "notices", filter='kind = "new_job"')[0]
        follow = admin.post("/api/collections/follows/records", json={"user": student["id"], "kind": "jobs"})
        assert follow.status_code == 200, follow.text
        update(admin, "users", student["id"], notices_seen=pocketbase_date(datetime.now(UTC)))
        try:
            yield admin, job_notice
        finally:
            update(admin, "notices", job_notice["id"], changed=job_notice["changed"])
            update(admin, "users", student["id"], notices_seen=student["notices_seen"])
            admin.delete(f"/api/collections/follows/records/{follow.json()['id']}")


def test_redis_restarted_students_stay_signed_in_and_see_only_their_own(
    redis_site, redis_server, browser: Browser, base_url: str, demo_pocketbase, notes_student_follows_jobs
) -> None:
    admin, job_notice = notes_student_follows_jobs
    students = []
    for role in ("full", "notes"):
        address = next_client_ip()
        context = browser.new_context(extra_http_headers={"X-Forwarded-For": address})
        page = context.new_page()
        start_signed_in(page, base_url, demo_pocketbase.url, role, address)
        page.goto(base_url + "/account")
        # At once, though the tab's previous page (/login) closed a moment ago: a lock left by
        # its hydrate once held this page for 10 s (redis_layout.lock_given_back).
        expect(page.get_by_test_id("signed-in-as")).to_contain_text(DEMO_USERS[role][0])
        expect(page.get_by_role("link", name="Notices", exact=True)).to_be_visible()
        students.append((role, context, page))
    try:
        redis_server.restart()  # every tab's state on the server is gone with it

        # A change the open pages show at once, which each tab's worker now handles on a state tree
        # Redis no longer has: the bell counts it only if the tab is still signed in there (once
        # it showed "Login" until a reload, reflex_internals/browser_storage.py).
        update(admin, "notices", job_notice["id"], changed=pocketbase_date(datetime.now(UTC) + timedelta(minutes=1)))
        notes_page = dict((role, page) for role, _, page in students)["notes"]
        expect(notes_page.get_by_test_id("bell-count")).to_have_text("1")

        for role, _, page in students:
            others = [DEMO_USERS[r][0] for r, _, _ in students if r != role]
            # In the open page, without a reload: the header is signed in, and the next page
            # inside the site comes, signed in.
            saved = page.get_by_role("banner").get_by_role("link", name=SAVED_ITEM.title, exact=True).first
            expect(saved).to_be_visible()
            saved.click()
            expect(page.get_by_role("heading", level=1)).to_be_visible(timeout=30_000)
            expect_signed_in(page)
            # And after a reload, the account page is this student's own.
            page.goto(base_url + "/account")
            expect(page.get_by_test_id("signed-in-as")).to_contain_text(DEMO_USERS[role][0], timeout=30_000)
            expect_signed_in(page)
            text = page.locator("main").text_content() or ""
            assert not any(email in text for email in others), text
    finally:
        for _, context, _ in students:
            context.close()
