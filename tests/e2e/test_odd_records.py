"""Broken records never break a page (issue 7: "never breaks").

A PocketBase of its own holds the records an admin UI, an import or a deleted relation leave
behind (tests/support/odd_content.py): empty names, no pictures, prices of 0, 1 MB texts,
unicode-heavy titles, relations to missing records, dates that are not dates. Every route
renders from them with no script error, no error screen, no server exception in the site's log,
and the spec's words for missing values where they belong.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, expect

from student_portal.i18n.texts import Text
from tests.e2e.conftest import PHONE
from tests.e2e.page_checks import (
    PageWatch,
    SiteLog,
    expect_no_crash_screen,
    new_visitor,
    sign_in_context,
    wait_for_content,
)
from tests.e2e.routes import ALL_ROUTES, LANGUAGE_SAMPLE, Route
from tests.support.odd_content import ODD_PASSWORD, ODD_USER, OddIds, seed_odd
from tests.support.pocketbases import seeded_pocketbase

# Spec 8 "Missing values": where each of its words must show with these records.
DEFAULT_TEXTS: dict[str, list[str]] = {
    "/": [Text.PRICE_UNAVAILABLE, Text.SUBJECT_UNKNOWN],  # shop and recordings previews
    "/shop": [Text.PRICE_UNAVAILABLE],
    "/booking": [Text.PRICE_UNAVAILABLE, Text.NO_REVIEWS],
    "/youtube": [Text.SUBJECT_UNKNOWN],
    "/notes": [Text.UNTITLED_NOTE],
    "/class/{teacher}": [Text.UNTITLED_NOTE, Text.TEACHER_DESCRIPTION_DEFAULT],
}


@dataclass
class OddBackend:
    server: object
    ids: OddIds


@pytest.fixture(scope="module")
def odd_pocketbase(tmp_path_factory: pytest.TempPathFactory) -> Iterator[OddBackend]:
    with seeded_pocketbase(tmp_path_factory.mktemp("pb-odd"), seed_odd) as (server, ids):
        yield OddBackend(server, ids)


@pytest.fixture
def backend_home(odd_pocketbase: OddBackend):
    """Every test here runs on these records (tests/e2e/conftest.py)."""
    return odd_pocketbase.server


@pytest.mark.parametrize("route", [*ALL_ROUTES, *LANGUAGE_SAMPLE], ids=lambda r: r.template)
def test_every_route_renders_broken_records_without_a_crash(
    browser: Browser,
    base_url: str,
    site,
    odd_pocketbase: OddBackend,
    client_ip: str,
    route: Route,
) -> None:
    log = SiteLog(site)
    context = new_visitor(browser, client_ip, viewport=PHONE)
    try:
        if route.signed_in:
            sign_in_context(context, base_url, odd_pocketbase.server.url, ODD_USER, ODD_PASSWORD, client_ip)
        page = context.new_page()
        watch = PageWatch(page)
        page.goto(base_url + route.path(odd_pocketbase.ids.as_dict()))
        wait_for_content(page)
        expect_no_crash_screen(page)
        for text in DEFAULT_TEXTS.get(route.template, []):
            expect(page.get_by_role("main").get_by_text(text, exact=True).first).to_be_visible()
    finally:
        context.close()
    assert watch.errors == []
    assert watch.dialogs == []
    assert log.crashes() == []


def test_a_megabyte_news_item_opens_with_its_text(
    browser: Browser, base_url: str, odd_pocketbase: OddBackend, client_ip: str
) -> None:
    context = new_visitor(browser, client_ip, viewport=PHONE)
    try:
        page = context.new_page()
        watch = PageWatch(page)
        page.goto(f"{base_url}/news/oddnews00000002")
        expect(page.get_by_role("main")).to_contain_text("Long text. Long text.", timeout=30_000)
        expect_no_crash_screen(page)
    finally:
        context.close()
    assert watch.errors == []
