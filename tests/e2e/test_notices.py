"""Notices (issue 53): the bell counts a change while the page is open (a content manager's
save, through PocketBase's hook and the realtime path), /notices lists it newest first in
three languages at 360 px, and opening it marks it seen."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.e2e.auth_support import start_signed_in
from tests.e2e.routes import DEMO_IDS
from tests.support.admin import records, superuser_client

BASIC = "basicuser000001"


@pytest.fixture
def admin(demo_pocketbase) -> Iterator[httpx.Client]:
    client = superuser_client(demo_pocketbase.url)
    yield client
    client.close()


@pytest.fixture
def a_class(admin: httpx.Client) -> Iterator[dict]:
    """One of the demo teacher's classes, put back as it was afterwards (and its notices gone)."""
    before = {n["id"] for n in records(admin, "notices")}
    original = records(admin, "Classes", filter=f'teacher = "{DEMO_IDS["teacher"]}"')[0]
    yield original
    client = admin
    client.patch(f"/api/collections/Classes/records/{original['id']}", json={"date": original["date"]})
    for notice in records(client, "notices"):
        if notice["id"] not in before:
            client.delete(f"/api/collections/notices/records/{notice['id']}")
    for follow in records(client, "follows"):
        client.delete(f"/api/collections/follows/records/{follow['id']}")
    client.patch(f"/api/collections/users/records/{BASIC}", json={"notices_seen": ""})


def test_the_bell_counts_a_class_change_while_the_page_is_open(
    page: Page, base_url: str, demo_pocketbase, client_ip: str, admin: httpx.Client, a_class: dict
) -> None:
    now = datetime.now(UTC).isoformat().replace("T", " ")
    admin.patch(f"/api/collections/users/records/{BASIC}", json={"notices_seen": now})
    made = admin.post(
        "/api/collections/follows/records", json={"user": BASIC, "kind": "teacher", "teacher": DEMO_IDS["teacher"]}
    )
    assert made.status_code == 200, made.text
    page.set_viewport_size({"width": 360, "height": 800})
    start_signed_in(page, base_url, demo_pocketbase.url, "basic", client_ip)
    page.goto(base_url + "/jobs")
    bell = page.get_by_role("link", name="Notices", exact=True)
    expect(bell).to_be_visible()

    for open_notice in records(admin, "notices", filter=f'record = "{a_class["id"]}" && settled = false'):
        admin.patch(f"/api/collections/notices/records/{open_notice['id']}", json={"settled": True})  # mailed
    # the content manager moves the class (the admin UI saves through the same API)
    moved = admin.patch(f"/api/collections/Classes/records/{a_class['id']}", json={"date": "2026-12-20 04:30:00.000Z"})
    assert moved.status_code == 200, moved.text
    counted = page.get_by_role("link", name="Notices, unseen: 1")
    expect(counted).to_be_visible(timeout=15_000)
    expect(page.get_by_test_id("bell-count")).to_have_text("1")

    counted.click()
    notices = page.get_by_test_id("notice")
    expect(notices.first).to_contain_text(f"Class moved: {a_class['name']}")
    expect(notices.first).to_contain_text("Sun, 20 Dec")
    expect(notices.first.get_by_role("link")).to_have_attribute("href", f"/class/{DEMO_IDS['teacher']}")
    expect(page.get_by_test_id("bell-count")).to_have_count(0)  # seen
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    for prefix, heading, moved_words in (("/si", "දැනුම්දීම්", "පන්තිය වෙනස් විය"), ("/ta", "அறிவிப்புகள்", "வகுப்பு மாற்றப்பட்டது")):
        page.goto(f"{base_url}{prefix}/notices")
        expect(page.get_by_role("heading", level=1)).to_have_text(heading)
        expect(page.get_by_test_id("notice").first).to_contain_text(moved_words)
        expect(page.get_by_role("link", name=heading, exact=True)).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
