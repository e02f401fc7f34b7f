"""Live updates: an admin's change in PocketBase shows on a page that is already open, no reload.

The admin edits PocketBase directly (REST, as superuser); the site hears of it over PocketBase
realtime and refreshes the open pages that show the collection. Issue 6's 2 s target is measured by
`make bench` (benchmarks/live_updates.py); these tests prove the behaviour with room for a busy CI.
"""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime

import httpx
from playwright.sync_api import Locator, Page, expect

from student_portal.i18n.texts import Text
from student_portal.pocketbase import Collection
from tests.support.admin import (
    created,
    pocketbase_date,
    records,
    restored,
    seconds_since,
    update,
    watch_for_text,
)

SHOWN_MS = 10_000  # shown without a reload; the 2 s target is measured by `make bench`
SETTLE_MS = 10_000  # the first change after a start or a backend switch may meet a reconnect


def news_headline(page: Page, title: str) -> Locator:
    """The slide of the home news carousel with this title, shown or not."""
    return page.locator("#carousel-home-news h3").filter(has_text=re.compile(f"^{re.escape(title)}$"))


def mark_page(page: Page) -> None:
    page.evaluate("window.__still_the_same_page = true")


def assert_not_reloaded(page: Page) -> None:
    assert page.evaluate("window.__still_the_same_page === true"), "the page was reloaded"


def test_news_switched_on_appears_in_the_open_home_carousel(page: Page, base_url: str, admin: httpx.Client) -> None:
    target = records(admin, Collection.NEWS)[-1]
    with restored(admin, Collection.NEWS, target, "active"):
        page.goto(base_url + "/")
        # Switched off first: the slide leaves the open page (the live path is up).
        update(admin, Collection.NEWS, target["id"], active=False)
        expect(news_headline(page, target["title"])).to_have_count(0, timeout=SETTLE_MS)
        mark_page(page)

        started = watch_for_text(page, "#carousel-home-news h3", target["title"])
        update(admin, Collection.NEWS, target["id"], active=True)
        expect(news_headline(page, target["title"])).to_have_count(1, timeout=SHOWN_MS)
        print(f"\nnews switched on -> on the open page in {seconds_since(page, started):.3f} s")
        assert_not_reloaded(page)
        # The carousel counts it: one dot per active item.
        active = sum(1 for item in records(admin, Collection.NEWS) if item["active"])
        expect(
            page.locator("#carousel-home-news").get_by_role("button", name=re.compile(r"^Show news item "))
        ).to_have_count(active)


def test_a_new_class_today_appears_in_the_open_schedule_and_leaves_when_deleted(
    page: Page, base_url: str, admin: httpx.Client
) -> None:
    teacher = records(admin, Collection.TEACHERS)[0]
    name = f"Live revision {uuid.uuid4().hex[:6]}"
    page.goto(base_url + "/")
    schedule = page.get_by_role("region", name=Text.CLASS_SCHEDULE)
    # The schedule's data is here (the calendar's placeholder may say the same words, as no status).
    expect(schedule.get_by_role("status").filter(has_text=Text.LOADING_SCHEDULE)).to_have_count(0, timeout=SETTLE_MS)
    mark_page(page)
    now = pocketbase_date(datetime.now(UTC))  # starts now: today in Colombo too

    started = watch_for_text(page, "[data-testid=class-item] h4", name)
    with created(
        admin,
        Collection.CLASSES,
        name=name,
        date=now,
        duration=60,
        teacher=teacher["id"],
        zoom="https://zoom.us/j/1234567890",
    ) as lesson:
        item = schedule.get_by_test_id("class-item").filter(has_text=name)
        expect(item).to_have_count(1, timeout=SHOWN_MS)
        print(f"\nnew class -> on the open page in {seconds_since(page, started):.3f} s")
        expect(item).to_contain_text(teacher["name"])
        expect(item.get_by_role("link", name=Text.JOIN_ZOOM_CLASS)).to_have_attribute(
            "href", "https://zoom.us/j/1234567890"
        )
        admin.delete(f"/api/collections/Classes/records/{lesson['id']}").raise_for_status()
        expect(item).to_have_count(0, timeout=SHOWN_MS)
    assert_not_reloaded(page)
