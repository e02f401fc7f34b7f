"""Uni Notes (/notes): sign-in, role notes or full, search, preview, download (spec 2, 5, 6, 8)."""

from __future__ import annotations

import contextlib
import re
import time
from urllib.parse import parse_qs, urlsplit, urlunsplit

import httpx
import pytest
from playwright.sync_api import Browser, Dialog, Page, expect

from student_portal import routes
from student_portal.constants import StorageKey
from student_portal.i18n.texts import Text
from tests.e2e.auth_support import (
    ReceivedFrames,
    at,
    expect_signed_in,
    sign_in_with_form,
    start_signed_in,
)
from tests.support.admin import superuser_token

# From the demo seed (pb_migrations/*_seed_demo.js).
NOTE_NAMES = [
    "Engineering Mathematics I - Lecture Notes (UoM)",
    "Data Structures & Algorithms - Kuppi Notes (UCSC)",
    "Principles of Microeconomics - Summary (Peradeniya)",
    "Organic Chemistry - Reaction Mechanisms (USJ)",
    "Circuit Theory - Tutorial Answers (Ruhuna)",
]
DRIVE_NOTE = "Accounting for Managers - Full Lecture Set (Drive)"
DRIVE_LINK = "https://drive.google.com/file/d/1AcT9mQ2wE4rT6yU8iO0pL3kJ5hG7fD9s/view?usp=sharing"
SLIDE_TITLE = "Exam season"


def _open_notes(page: Page, base_url: str, pocketbase, role: str, client_ip: str) -> None:
    start_signed_in(page, base_url, pocketbase.url, role, client_ip)
    page.goto(base_url + routes.NOTES)


def _documents(page: Page):
    return page.get_by_test_id("document")


def _note_data_in(text: str) -> list[str]:
    return [name for name in [*NOTE_NAMES, DRIVE_NOTE, "drive.google.com", "note_"] if name in text]


def test_anonymous_visitor_is_sent_to_login_and_back_to_notes(page: Page, base_url: str) -> None:
    frames = ReceivedFrames(page)
    page.goto(base_url + routes.NOTES)
    expect(page).to_have_url(at(base_url, routes.LOGIN))
    assert page.evaluate("key => sessionStorage.getItem(key)", StorageKey.REDIRECT) == "/notes"
    assert _note_data_in(frames.text) == []
    sign_in_with_form(page, "notes")
    expect(page).to_have_url(at(base_url, routes.NOTES))
    expect(_documents(page)).to_have_count(len(NOTE_NAMES) + 2)


@pytest.mark.parametrize("role", ["notes", "full"])
def test_roles_notes_and_full_see_every_note(
    sized_page: Page, base_url: str, demo_pocketbase, client_ip: str, role: str
) -> None:
    _open_notes(sized_page, base_url, demo_pocketbase, role, client_ip)
    documents = _documents(sized_page)
    expect(documents).to_have_count(len(NOTE_NAMES) + 2)
    # Spec 7: created ascending - the seed's order, the nameless one shown as Untitled Note.
    expect(documents.get_by_role("heading")).to_have_text([*NOTE_NAMES, Text.UNTITLED_NOTE, DRIVE_NOTE])
    expect(sized_page.get_by_test_id("unauthorized")).to_have_count(0)
    expect(sized_page.get_by_role("region", name=Text.UNI_NOTES)).to_contain_text(SLIDE_TITLE)


def test_role_basic_sees_unauthorized_and_receives_no_notes(
    page: Page, base_url: str, demo_pocketbase, client_ip: str
) -> None:
    frames = ReceivedFrames(page)
    _open_notes(page, base_url, demo_pocketbase, "basic", client_ip)
    expect(page.get_by_test_id("unauthorized")).to_contain_text(Text.UNAUTHORIZED)
    expect(_documents(page)).to_have_count(0)
    expect_signed_in(page)
    assert _note_data_in(frames.text) == []


def test_a_role_edited_in_the_browser_does_not_open_notes(
    page: Page, base_url: str, demo_pocketbase, client_ip: str
) -> None:
    frames = ReceivedFrames(page)
    auth = start_signed_in(page, base_url, demo_pocketbase.url, "basic", client_ip)
    edited = {"token": auth["token"], "record": {**auth["record"], "role": "full"}}
    page.evaluate("([k, v]) => localStorage.setItem(k, JSON.stringify(v))", [StorageKey.AUTH, edited])
    page.goto(base_url + routes.NOTES)
    expect(page.get_by_test_id("unauthorized")).to_be_visible()
    assert _note_data_in(frames.text) == []


def test_search_is_case_insensitive_and_says_what_found_nothing(
    page: Page, base_url: str, demo_pocketbase, client_ip: str
) -> None:
    _open_notes(page, base_url, demo_pocketbase, "notes", client_ip)
    expect(_documents(page)).to_have_count(len(NOTE_NAMES) + 2)
    search = page.get_by_role("searchbox", name=Text.SEARCH_NOTES)
    search.fill("CHEMISTRY")
    expect(_documents(page).get_by_role("heading")).to_have_text(["Organic Chemistry - Reaction Mechanisms (USJ)"])
    search.fill("quantum gravity")
    expect(_documents(page)).to_have_count(0)
    expect(page.get_by_role("status")).to_have_text(f'{Text.NO_NOTES_FOUND} for "quantum gravity"')


def test_an_external_note_opens_its_drive_link_in_a_new_tab(
    page: Page, base_url: str, demo_pocketbase, client_ip: str
) -> None:
    _open_notes(page, base_url, demo_pocketbase, "full", client_ip)
    note = _documents(page).filter(has_text=DRIVE_NOTE)
    link = note.get_by_role("link", name=re.compile(Text.OPEN_DRIVE_LINK))
    expect(link).to_have_attribute("href", DRIVE_LINK)
    expect(link).to_have_attribute("target", "_blank")
    expect(link).to_have_attribute("rel", "noopener noreferrer")
    # no preview or download of a Drive note (only its Save toggle)
    expect(note.get_by_role("button")).to_have_count(1)
    expect(note.get_by_test_id("save-button")).to_have_count(1)


def _preview_button(page: Page, name: str):
    return _documents(page).filter(has_text=name).get_by_role("button", name=re.compile(f"^{Text.PREVIEW}"))


def test_preview_shows_the_document_in_a_modal_and_closing_clears_its_address(
    sized_page: Page, base_url: str, demo_pocketbase, client_ip: str
) -> None:
    page = sized_page
    _open_notes(page, base_url, demo_pocketbase, "notes", client_ip)
    button = _preview_button(page, NOTE_NAMES[1])
    button.click()
    dialog = page.get_by_role("dialog", name=NOTE_NAMES[1])
    expect(dialog).to_be_visible()
    viewer = dialog.get_by_test_id("pdf-viewer")
    expect(viewer).to_have_attribute("data-src", re.compile(r"^/files/.+/note00000000002/.+\.pdf\?token="))
    assert httpx.get(base_url + viewer.get_attribute("data-src")).headers["content-type"] == "application/pdf"
    expect(viewer.locator(".pdf-text-layer").first).to_contain_text("Data Structures")
    expect(dialog.get_by_role("button", name=Text.CLOSE)).to_be_focused()  # focus moved into the modal
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.get_by_test_id("pdf-viewer")).to_have_count(0)
    expect(button).to_be_focused()  # and back to where it was
    button.click()
    expect(dialog.get_by_test_id("pdf-viewer")).to_have_count(1)
    dialog.get_by_role("button", name=Text.CLOSE).click()
    expect(dialog).to_be_hidden()
    expect(page.get_by_test_id("pdf-viewer")).to_have_count(0)


def test_download_fetches_the_file_with_a_short_lived_token(
    page: Page, base_url: str, demo_pocketbase, client_ip: str
) -> None:
    _open_notes(page, base_url, demo_pocketbase, "notes", client_ip)
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url) if "/files/" in r.url else None)
    with page.expect_download() as download:
        _documents(page).filter(has_text=NOTE_NAMES[0]).get_by_role(
            "button", name=re.compile(f"^{Text.DOWNLOAD}")
        ).click()
    assert download.value.suggested_filename.endswith(".pdf")
    query = parse_qs(urlsplit(requests[-1]).query)
    assert query["download"] == ["1"] and query["token"][0]


@contextlib.contextmanager
def _file_token_life(pocketbase, seconds: int):
    """Shorten the users' file-token life in PocketBase for the duration of a test."""
    admin = superuser_token(pocketbase.url)
    url = f"{pocketbase.url}/api/collections/users"
    before = httpx.get(url, headers={"Authorization": admin}).json()["fileToken"]["duration"]
    httpx.patch(url, headers={"Authorization": admin}, json={"fileToken": {"duration": seconds}}).raise_for_status()
    try:
        yield
    finally:
        httpx.patch(url, headers={"Authorization": admin}, json={"fileToken": {"duration": before}})


def test_a_file_address_copied_from_a_notes_session_does_not_work_for_anonymous_visitors(
    page: Page, base_url: str, demo_pocketbase, client_ip: str, browser: Browser
) -> None:
    """The file's own address never opens it; the address the preview used (with its file token)
    works only for the token's short life (PocketBase's default is 3 minutes; 10 s here)."""
    _open_notes(page, base_url, demo_pocketbase, "notes", client_ip)
    with _file_token_life(demo_pocketbase, 10):  # the shortest PocketBase allows
        _preview_button(page, NOTE_NAMES[0]).click()
        # The site's own /files/ address (relative in the page).
        address = base_url + page.get_by_role("dialog").get_by_test_id("pdf-viewer").get_attribute("data-src")
        issued = time.monotonic()
    parts = urlsplit(address)
    bare = urlunsplit(parts._replace(query=""))
    anonymous = browser.new_context()
    try:
        # The file's own address is not public: only a short-lived token opens it.
        assert anonymous.request.get(bare).status == 404
        assert anonymous.request.get(address).status == 200  # a real address, while fresh
        deadline = issued + 25
        while anonymous.request.get(address).status != 404:
            assert time.monotonic() < deadline, "a copied file token kept working"
            time.sleep(0.5)  # PocketBase's clock, not the browser's: nothing to fake here
    finally:
        anonymous.close()


def test_notes_say_loading_then_fail_politely_when_the_backend_is_down(
    page: Page, base_url: str, demo_pocketbase, client_ip: str, backend
) -> None:
    start_signed_in(page, base_url, demo_pocketbase.url, "notes", client_ip)
    backend.slow(1.5)
    page.goto(base_url + routes.NOTES)
    expect(page.get_by_role("status").filter(has_text=Text.LOADING_NOTES)).to_be_visible()
    expect(_documents(page)).to_have_count(len(NOTE_NAMES) + 2, timeout=15_000)
    backend.down()
    page.goto(base_url + routes.NOTES)
    expect(page.get_by_role("alert").filter(has_text=Text.FAILED_TO_LOAD_NOTES)).to_be_visible()
    expect(_documents(page)).to_have_count(0)


def test_preview_and_download_alert_when_the_file_cannot_be_fetched(
    page: Page, base_url: str, demo_pocketbase, client_ip: str, backend
) -> None:
    _open_notes(page, base_url, demo_pocketbase, "notes", client_ip)
    expect(_documents(page)).to_have_count(len(NOTE_NAMES) + 2)
    backend.down()
    alerts: list[str] = []

    def accept(dialog: Dialog) -> None:
        alerts.append(dialog.message)
        dialog.accept()

    page.on("dialog", accept)
    note = _documents(page).filter(has_text=NOTE_NAMES[0])
    note.get_by_role("button", name=re.compile(f"^{Text.PREVIEW}")).click()
    _wait_for(lambda: alerts == [Text.FAILED_FILE_PREVIEW], page)
    note.get_by_role("button", name=re.compile(f"^{Text.DOWNLOAD}")).click()
    _wait_for(lambda: alerts == [Text.FAILED_FILE_PREVIEW, Text.FAILED_FILE_DOWNLOAD], page)
    expect(page.locator("dialog[open]")).to_have_count(0)


def _wait_for(condition, page: Page, timeout_s: float = 10.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline, "condition not met in time"
        page.wait_for_timeout(100)  # lets Playwright deliver the page's events to us


def test_logging_out_in_another_tab_hides_the_notes_here(
    page: Page, base_url: str, demo_pocketbase, client_ip: str
) -> None:
    _open_notes(page, base_url, demo_pocketbase, "notes", client_ip)
    expect(_documents(page)).to_have_count(len(NOTE_NAMES) + 2)
    other_tab = page.context.new_page()
    other_tab.goto(base_url + routes.JOBS)
    other_tab.get_by_role("banner").get_by_role("button", name=Text.LOGOUT).click()
    expect(_documents(page)).to_have_count(0)
