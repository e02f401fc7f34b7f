"""Search inside papers, as a student sees it: a word that stands only on page 3 of a newly added
paper is found from the search box (English, Sinhala, Tamil, with a typo), the hit names the page
and marks the words, and opens the viewer at that page with the words marked in its text layer;
a Uni Note's words are invisible to visitors without the notes role."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from urllib.parse import quote_plus

import httpx
import pytest
from playwright.sync_api import Page, expect

from student_portal.i18n import in_language
from student_portal.i18n.languages import Language
from student_portal.i18n.texts import Text
from student_portal.search.documents import Kind
from tests.e2e.auth_support import start_signed_in
from tests.e2e.conftest import DESKTOP, PHONE
from tests.support.admin import records, superuser_client
from tests.support.pdfs import Page as PdfPage
from tests.support.pdfs import make_pdf

INDEXED_S = 60.0  # the bound: found within a minute of the upload
PAPER_TITLE = "Browser test physics paper"
WORD = "zebracorn"  # stands only on page 3
SINHALA = "ප්‍රකාශ"
TAMIL = "ஒளிச்சேர்க்கை"
NOTE_WORD = "narwhalite"


def _pdf(*pages) -> tuple[str, bytes, str]:
    return ("paper.pdf", make_pdf(pages), "application/pdf")


@pytest.fixture(scope="module")
def admin(demo_pocketbase) -> Iterator[httpx.Client]:
    with superuser_client(demo_pocketbase.url) as client:
        yield client


@pytest.fixture(scope="module")
def paper(admin: httpx.Client) -> Iterator[str]:
    folder = records(admin, "OLFolders")[0]["id"]
    pages = [
        "Cover page of the paper",
        "Instructions for candidates",
        f"Question 7: the {WORD} projectile is fired at an angle.",
        PdfPage(f"{SINHALA} සංශ්ලේෂණය", "sinhala"),
        PdfPage(f"{TAMIL} தாவரம்", "tamil"),
    ]
    response = admin.post(
        "/api/collections/OL_Items/records",
        data={"folder": folder, "type": "paper", "title": PAPER_TITLE},
        files={"file": _pdf(*pages)},
    )
    response.raise_for_status()
    record = response.json()["id"]
    yield record
    admin.delete(f"/api/collections/OL_Items/records/{record}")


@pytest.fixture(scope="module")
def protected_note(admin: httpx.Client) -> Iterator[str]:
    response = admin.post(
        "/api/collections/Notes/records",
        data={"name": "Browser test protected note"},
        files={"file": _pdf("Lecture one", f"the hidden word is {NOTE_WORD}")},
    )
    response.raise_for_status()
    record = response.json()["id"]
    yield record
    admin.delete(f"/api/collections/Notes/records/{record}")


def papers_group(page: Page):
    return page.locator(f'[data-testid="search-group"][data-kind="{Kind.PAPERS}"]')


def search_until_found(page: Page, url: str, title: str) -> None:
    """The indexer works in the background: ask again until the paper is there (bounded)."""
    deadline = time.monotonic() + INDEXED_S
    while True:
        page.goto(url)
        hit = page.get_by_test_id("hit-page")
        try:
            expect(hit.first).to_be_visible(timeout=5_000)
            return
        except AssertionError:
            if time.monotonic() > deadline:
                raise AssertionError(f"{title!r} not found inside its PDF within {INDEXED_S:.0f} s") from None


def test_a_word_on_page_3_is_found_named_marked_and_opens_the_viewer_there(page: Page, base_url: str, paper):
    page.set_viewport_size(DESKTOP)
    search_until_found(page, f"{base_url}/search?q={WORD}", PAPER_TITLE)
    link = papers_group(page).get_by_role("link").filter(has_text=PAPER_TITLE)
    expect(link.get_by_test_id("hit-page")).to_have_text(Text.found_on_page(3))
    expect(link.locator("mark")).to_have_text(WORD)
    href = link.get_attribute("href") or ""
    assert re.search(rf"/read\?c=OL_Items&id={paper}&page=3&q={WORD}$", href), href

    link.click()
    expect(page).to_have_url(re.compile(rf"/read/?\?c=OL_Items&id={paper}&page=3&q={WORD}$"))
    viewer = page.get_by_test_id("pdf-viewer")
    expect(viewer).to_have_attribute("data-target-page", "3", timeout=20_000)
    third = viewer.locator('[data-page="3"]')
    expect(third.locator("mark.pdf-hit")).to_have_text(WORD, timeout=20_000)
    expect(third).to_be_in_viewport()
    # The text layer is selectable text, not a picture of it.
    assert third.locator(".pdf-text-layer span").first.evaluate("e => getComputedStyle(e).userSelect") == "text"


def test_a_typo_and_sinhala_and_tamil_words_find_their_pages(page: Page, base_url: str, paper):
    page.set_viewport_size(PHONE)
    search_until_found(page, f"{base_url}/search?q=zebracorm", PAPER_TITLE)  # a typo
    with in_language(Language.SI):
        sinhala_page = Text.found_on_page(4)
    with in_language(Language.TA):
        tamil_page = Text.found_on_page(5)
    page.goto(f"{base_url}/si/search?q={quote_plus(SINHALA)}")
    link = papers_group(page).get_by_role("link").filter(has_text=PAPER_TITLE)
    expect(link.get_by_test_id("hit-page")).to_have_text(sinhala_page, timeout=15_000)
    expect(link.locator("mark")).to_have_text(SINHALA)
    page.goto(f"{base_url}/ta/search?q={quote_plus(TAMIL)}")
    link = papers_group(page).get_by_role("link").filter(has_text=PAPER_TITLE)
    expect(link.get_by_test_id("hit-page")).to_have_text(tamil_page, timeout=15_000)
    expect(link).to_have_attribute("href", re.compile(r"^/ta/read"))


def test_a_uni_notes_words_are_invisible_without_the_notes_role(
    page: Page, base_url: str, demo_pocketbase, protected_note, client_ip: str
):
    page.set_viewport_size(DESKTOP)
    start_signed_in(page, base_url, demo_pocketbase.url, "notes", client_ip)
    uni_notes = page.locator(f'[data-testid="search-group"][data-kind="{Kind.UNI_NOTES}"]')
    deadline = time.monotonic() + INDEXED_S
    while True:
        page.goto(f"{base_url}/search?q={NOTE_WORD}")
        try:
            expect(uni_notes.get_by_test_id("hit-page")).to_have_text(Text.found_on_page(2), timeout=5_000)
            break
        except AssertionError:
            if time.monotonic() > deadline:
                raise
    href = uni_notes.get_by_role("link").first.get_attribute("href") or ""
    # Signed out, and as a basic user: no hit, no count, no snippet; the shared link opens nothing.
    page.evaluate("() => window.localStorage.clear()")
    page.goto(f"{base_url}/search?q={NOTE_WORD}")
    expect(page.get_by_text(Text.no_results_for(NOTE_WORD))).to_be_visible(timeout=15_000)
    assert NOTE_WORD not in (page.locator("main").text_content() or "").replace(Text.no_results_for(NOTE_WORD), "")
    page.goto(base_url + href)
    expect(page.get_by_test_id("read-sign-in")).to_be_visible(timeout=15_000)
    start_signed_in(page, base_url, demo_pocketbase.url, "basic", client_ip)
    page.goto(f"{base_url}/search?q={NOTE_WORD}")
    expect(page.get_by_text(Text.no_results_for(NOTE_WORD))).to_be_visible(timeout=15_000)
    page.goto(base_url + href)
    expect(page.get_by_text(Text.READ_NOT_ALLOWED)).to_be_visible(timeout=15_000)
