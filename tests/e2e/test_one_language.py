"""One language per page (issue 33): on /si/ and /ta/ the site's own words, not its content,
contain no English word, no Latin month or day name, no AM/PM and no US date. Every registered
route is checked signed out and signed in by the page sweep (tests/e2e/test_page_sweep.py, which
loads each page once for this and for its fit); here the PDF viewer's toolbar, which opens on a
click, and the check's own ability to fail. What counts as the site's words and as content:
tests/e2e/site_words.py."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from student_portal import routes
from student_portal.components.pdf_viewer import PAGE_COUNT
from student_portal.i18n import in_language, ngettext
from student_portal.i18n.languages import Language, in_language_path
from student_portal.i18n.texts import Text
from student_portal.search.documents import Kind
from tests.e2e.conftest import PHONE
from tests.e2e.page_checks import wait_for_content
from tests.e2e.routes import DEMO_IDS
from tests.e2e.site_words import SITE_TEXTS, Content, english_left, site_words_left

TRANSLATED = [Language.SI, Language.TA]


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


@pytest.mark.parametrize("query", ["room", "paper"])
@pytest.mark.parametrize("language", TRANSLATED, ids=str)
def test_search_results_write_prices_in_the_page_language(
    page: Page, base_url: str, content: Content, language: Language, query: str
) -> None:
    """Rooms ("room") and shop items ("paper": Books & Papers) show their prices in the page's
    language, though the search index is built once, in English."""
    page.set_viewport_size(PHONE)
    page.goto(base_url + in_language_path(f"{routes.SEARCH}?q={query}", language))
    kind = Kind.ROOMS if query == "room" else Kind.SHOP
    expect(page.locator(f'[data-testid="search-group"][data-kind="{kind}"]')).to_be_visible()
    left = site_words_left(page, content, language)
    assert not left, "\n" + "\n".join(left)
