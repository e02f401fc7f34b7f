"""One language per page (issue 33): on /si/ and /ta/ the site's own words, not its content,
contain no English word, no Latin month or day name, no AM/PM and no US date: every registered
route (read from the app) signed out and signed in, with its calendar drawn, and the PDF viewer's
toolbar. What counts as the site's words and as content: tests/e2e/site_words.py."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from student_portal.components.pdf_viewer import PAGE_COUNT
from student_portal.i18n import in_language, ngettext
from student_portal.i18n.languages import Language, in_language_path
from student_portal.i18n.texts import Text
from tests.e2e.conftest import PHONE
from tests.e2e.page_checks import new_visitor, sign_in_context, wait_for_content
from tests.e2e.routes import ALL_ROUTES, DEMO_IDS, Route
from tests.e2e.site_words import SITE_TEXTS, Content, demo_content, english_left
from tests.support.pocketbases import DEMO_PASSWORD

TRANSLATED = [Language.SI, Language.TA]
# Every route as a signed-out visitor sees it, and every route signed in (the header's account
# controls, saved marks, the pages only a member sees), as the user who may see everything.
VISITS = [(route, False) for route in ALL_ROUTES if not route.signed_in] + [(route, True) for route in ALL_ROUTES]
MEMBER = "full"

# Brings every part of the page near the screen once (sections drawn when near, the calendar
# fetched when near), then back to the top.
SCROLL_THROUGH = """async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50)));
  for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
    scrollTo(0, y);
    await frame();
  }
  scrollTo(0, 0);
}"""


@pytest.fixture(scope="module")
def content(demo_pocketbase) -> Content:
    return demo_content(demo_pocketbase.url)


def _site_words_left(page: Page, content: Content, language: Language) -> list[str]:
    wait_for_content(page)
    page.evaluate(SCROLL_THROUGH)
    calendar = page.locator("[data-calendar]")
    for index in range(calendar.count()):
        expect(calendar.nth(index)).to_have_attribute("data-calendar", "ready")
    wait_for_content(page)
    page.wait_for_load_state("networkidle")
    return english_left(page.evaluate(SITE_TEXTS), content, language)


@pytest.mark.parametrize("language", TRANSLATED, ids=str)
@pytest.mark.parametrize(
    ("route", "signed_in"), VISITS, ids=[f"{r.template}-{'in' if s else 'out'}" for r, s in VISITS]
)
def test_the_site_writes_only_the_page_language(
    browser: Browser,
    base_url: str,
    demo_pocketbase,
    client_ip: str,
    content: Content,
    route: Route,
    signed_in: bool,
    language: Language,
) -> None:
    context = new_visitor(browser, client_ip, viewport=PHONE)
    try:
        if signed_in:
            sign_in_context(context, base_url, demo_pocketbase.url, MEMBER, DEMO_PASSWORD, client_ip)
        page = context.new_page()
        page.goto(base_url + in_language_path(route.path(DEMO_IDS), language))
        expect(page.locator("html")).to_have_attribute("lang", language.value)
        if route.signed_out_view and not signed_in:
            expect(page.get_by_test_id(route.signed_out_view)).to_be_visible()
        if "?q=" in route.template:  # search results come after "Searching...", not a "Loading" status
            expect(page.get_by_test_id("search-group").first).to_be_visible()
        left = _site_words_left(page, content, language)
        assert not left, "\n" + "\n".join(left)
    finally:
        context.close()


@pytest.mark.parametrize("language", [Language.EN, *TRANSLATED], ids=str)
def test_the_pdf_viewer_counts_pages_in_the_page_language(
    page: Page, base_url: str, demo_pocketbase, content: Content, language: Language
) -> None:
    """The demo paper has one page: "1 page" (the catalog's singular), not "1 pages"."""
    page.set_viewport_size(PHONE)
    # Every medium: a Tamil page shows the Tamil medium first, and the demo folder has no Tamil paper.
    page.goto(base_url + in_language_path(f"/ol/{DEMO_IDS['ol']}?medium=all", language))
    wait_for_content(page)
    with in_language(language):
        preview, one_page = Text.PREVIEW, ngettext(*PAGE_COUNT, 1).format(count=1)
    page.get_by_role("button", name=preview).first.click()
    viewer = page.get_by_test_id("pdf-viewer")
    expect(viewer.locator('.pdf-page[data-rendered="true"]').first).to_be_visible(timeout=20_000)
    expect(viewer.locator(".pdf-count")).to_have_text(one_page)
    if language is not Language.EN:
        assert english_left(viewer.get_by_role("toolbar").evaluate(SITE_TEXTS), content, language) == []


def test_the_check_finds_planted_english(page: Page, base_url: str, content: Content) -> None:
    """The check can fail: a planted English label, a Latin month and a US date are found, the
    switch's "English" (lang="en") and a stored title are not."""
    page.goto(base_url + "/si/jobs")
    wait_for_content(page)
    page.wait_for_load_state("networkidle")  # hydrated: React will not redraw over the plant
    title = page.get_by_test_id("job-card").get_by_role("heading").first.inner_text()
    page.evaluate(
        """() => document.querySelector('main').insertAdjacentHTML('beforeend',
        '<p id="planted">Posted <time>28 Nov 2026</time> 11/28/2026 <span aria-label="Close"></span></p>')"""
    )
    found = english_left(page.evaluate(SITE_TEXTS), content, Language.SI)
    assert any("'Posted'" in line for line in found)
    assert any("Nov" in line for line in found)
    assert any("11/28/2026" in line for line in found)
    assert any("@aria-label: 'Close'" in line for line in found)
    assert not any(title in line for line in found)
    assert not any("'English'" in line for line in found)
