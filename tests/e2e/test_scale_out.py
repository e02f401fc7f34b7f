"""The production layout: several backend workers sharing visitors' state in Redis.

With REFLEX_REDIS_URL set, `reflex run --env prod` starts several workers (GRANIAN_WORKERS, else
Reflex's 2 x cores + 1, at most 8); here 2, as `make run-redis` on our 2-core machine. These tests
run last in the browser session (see conftest.py): the site is restarted once in this layout, on
the same port, with a Redis of its own. Each visitor (a browser context: its own tab token) has
its websocket on one of the workers.
"""

from __future__ import annotations

import pickle
import re
import time
from collections.abc import Iterator

import httpx
import pytest
import redis
from playwright.sync_api import Browser, Page, expect

from student_portal import routes
from student_portal.i18n.texts import Text
from student_portal.pocketbase import Collection
from student_portal.state.articles import ArticlesState
from student_portal.state.news import NewsState
from student_portal.state.schedule import ScheduleState
from student_portal.state.slides import SlidesState
from student_portal.state.social import SocialState
from tests.support.admin import records, restored, seconds_since, update, watch_for_text
from tests.support.redis_server import RedisServer

SHOWN_MS = 10_000  # shown without a reload; the 2 s target is measured by `make bench`
SETTLE_MS = 10_000
MAX_VISITORS = 16
# The site answers once one worker is up; on a busy machine the other may still be starting, and
# every new connection then lands on the first. Keep trying (a few pages open at a time) this long.
WORKERS_UP_S = 60


def worker_of(page: Page, store: redis.Redis) -> str:
    """The worker holding this tab's websocket, from Reflex's token manager records in Redis."""
    token = page.evaluate("window.sessionStorage.getItem('token')")
    assert token, "the page has no Reflex token yet"
    raw = store.get(f"token_manager_socket_record_{token}")
    assert raw is not None, f"no socket record for {token}"
    return pickle.loads(raw).instance_id


def news_headline(page: Page, title: str):
    return page.locator("#carousel-home-news h3").filter(has_text=re.compile(f"^{re.escape(title)}$"))


@pytest.fixture
def visitors_on_several_workers(
    redis_site, redis_server: RedisServer, browser: Browser, base_url: str
) -> Iterator[list[Page]]:
    """Home pages open in separate browser contexts until they sit on at least two workers."""
    store = redis.Redis.from_url(redis_server.url)
    contexts, pages, workers = [], [], set()
    try:
        deadline, tries = time.monotonic() + WORKERS_UP_S, 0
        while len(workers) < 2 or len(pages) < 4:
            if tries >= MAX_VISITORS and time.monotonic() > deadline:
                break
            tries += 1
            context = browser.new_context()
            page = context.new_page()
            page.goto(base_url + "/")
            expect(page.get_by_role("heading", name=Text.LATEST_NEWS)).to_be_visible()
            expect(
                page.get_by_role("region", name=Text.CLASS_SCHEDULE)
                .get_by_role("status")
                .filter(has_text=Text.LOADING_SCHEDULE)
            ).to_have_count(0)
            worker = worker_of(page, store)
            if worker in workers and len(pages) >= 4:
                context.close()  # one more on a worker we have: not needed, try again shortly
                time.sleep(0.5)
                continue
            contexts.append(context)
            pages.append(page)
            workers.add(worker)
        assert len(workers) >= 2, f"{tries} visitors in {WORKERS_UP_S} s all landed on one worker"
        yield pages
    finally:
        for context in contexts:
            context.close()
        store.close()


def test_news_switched_on_reaches_visitors_on_every_worker(
    visitors_on_several_workers: list[Page], admin: httpx.Client
) -> None:
    pages = visitors_on_several_workers
    target = records(admin, Collection.NEWS)[-1]
    with restored(admin, Collection.NEWS, target, "active"):
        update(admin, Collection.NEWS, target["id"], active=False)
        for page in pages:
            expect(news_headline(page, target["title"])).to_have_count(0, timeout=SETTLE_MS)
        starts = [watch_for_text(page, "#carousel-home-news h3", target["title"]) for page in pages]
        update(admin, Collection.NEWS, target["id"], active=True)
        for page in pages:
            expect(news_headline(page, target["title"])).to_have_count(1, timeout=SHOWN_MS)
        slowest = max(seconds_since(page, started) for page, started in zip(pages, starts, strict=True))
        print(f"\nnews switched on -> on all {len(pages)} open pages within {slowest:.3f} s")


def test_state_follows_the_visitor_across_reloads_and_workers(redis_site, page: Page, base_url: str) -> None:
    """A tab's state lives in Redis: a reload (whichever worker takes it) finds it again."""
    page.goto(base_url + "/")
    news = page.locator("#carousel-home-news")
    news.get_by_role("button", name=Text.PAUSE_SLIDESHOW).click()
    expect(news.get_by_role("button", name=Text.PLAY_SLIDESHOW)).to_be_visible()
    page.reload()
    expect(page.locator("#carousel-home-news").get_by_role("button", name=Text.PLAY_SLIDESHOW)).to_be_visible()


def test_pages_and_navigation_work_with_several_workers(redis_site, page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    expect(page.get_by_role("heading", name=Text.LATEST_NEWS)).to_be_visible()
    expect(page.locator("#carousel-home-news h3").first).to_be_attached()
    page.goto(base_url + routes.TALENT)
    expect(page.get_by_role("heading", name=Text.TALENTS, level=1)).to_be_visible()
    page.go_back()
    expect(page).to_have_url(base_url + "/")
    expect(page.locator("#carousel-home-news h3").first).to_be_attached()


def test_a_visitor_keeps_in_redis_what_is_theirs_and_the_shared_sections_come_back_each_view(
    redis_site, redis_server: RedisServer, page: Page, base_url: str
) -> None:
    """News, slides, social cards and articles are the same for everyone (SHARED_ONLY): no copy
    per visitor in Redis, and home reached inside the site, on any worker, shows them again;
    the schedule keeps the chosen day's cards and reads the classes again for another day."""
    store = redis.Redis.from_url(redis_server.url)
    try:
        page.goto(base_url + "/")
        expect(page.locator("#carousel-home-news h3").first).to_be_attached()
        token = page.evaluate("window.sessionStorage.getItem('token')")
        page.wait_for_timeout(500)  # the first answer's write
        kept = {key.decode().removeprefix(f"{token}_") for key in store.scan_iter(match=f"{token}_*")}
        for shared in (NewsState, SlidesState, SocialState, ArticlesState):
            assert shared.get_full_name() not in kept, shared.__name__
        assert ScheduleState.get_full_name() in kept
    finally:
        store.close()
    page.locator(f'footer a[href="{routes.SOCIAL}"]').click()  # /social, inside the site: its cards again
    expect(page).to_have_url(base_url + routes.SOCIAL)
    expect(page.locator("main article")).to_have_count(5)
    page.get_by_role("banner").get_by_role("link").first.click()  # home, inside the site
    expect(page).to_have_url(base_url + "/")
    expect(page.locator("#carousel-home-news h3").first).to_be_attached()
    expect(page.get_by_role("region", name=Text.SOCIAL).locator("article")).to_have_count(5)
    expect(page.get_by_role("region", name=Text.ARTICLES).locator("article").first).to_be_attached()
    schedule = page.get_by_role("region", name=Text.CLASS_SCHEDULE)
    schedule.get_by_role("group", name=Text.CHOOSE_DAY, exact=True).scroll_into_view_if_needed()
    days = page.locator(
        ".react-calendar__month-view__days__day:not(.react-calendar__month-view__days__day--neighboringMonth)"
    )
    days.and_(page.locator(":not(.has-classes)")).last.click()
    expect(schedule.get_by_text(Text.NO_CLASSES_TODAY)).to_be_visible()
    days.and_(page.locator(".has-classes")).first.click()  # a day with classes: read again from the cache
    expect(schedule.get_by_test_id("class-item").first).to_be_visible()
