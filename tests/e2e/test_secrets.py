"""What the server pushes to a browser never holds data or secrets that visitor may not have.

Read from the websocket frames Chromium receives (the whole state the page is sent, shown or
not): a signed-out visitor and a basic-role visitor opening /notes and /class/{id} get no note
names, no stored file names and no file tokens; a notes visitor gets a file token only for the
file they open, when they open it; and nobody receives another visitor's notes or session.
(Passwords and tokens in the site log: tests/e2e/test_auth.py and
tests/integration/test_secrets_in_logs.py.)
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from student_portal import routes
from student_portal.i18n.texts import Text
from tests.e2e.auth_support import ReceivedFrames, at, start_signed_in, stored_auth
from tests.e2e.conftest import next_client_ip
from tests.e2e.page_checks import new_visitor, sign_in_context
from tests.e2e.routes import DEMO_IDS
from tests.support.pocketbases import DEMO_PASSWORD
from tests.support.seeding import Seeder

FILE_TOKEN = re.compile(r"[?&]token=")


@pytest.fixture(scope="module")
def protected(demo_pocketbase) -> dict[str, list[str]]:
    """Names and stored file names of the demo's protected records, read as the superuser."""
    seeder = Seeder(demo_pocketbase)
    try:
        found: dict[str, list[str]] = {}
        for collection in ("Notes", "Class_Notes"):
            items = seeder.http.get(f"/api/collections/{collection}/records", params={"perPage": 500}).json()["items"]
            found[collection] = [i["name"] for i in items if i["name"]]
            found[collection + " files"] = [i["file"] for i in items if i["file"]]
        return found
    finally:
        seeder.close()


def _leaks(text: str, names: list[str]) -> list[str]:
    return [name for name in names if name in text]


@pytest.mark.parametrize("visitor", ["anonymous", "basic"])
@pytest.mark.parametrize("path", ["/notes", "/class/{teacher}"])
def test_visitors_without_access_receive_no_notes_files_or_file_tokens(
    page: Page, base_url: str, demo_pocketbase, client_ip: str, protected, visitor: str, path: str
) -> None:
    frames = ReceivedFrames(page)
    if visitor == "basic":
        start_signed_in(page, base_url, demo_pocketbase.url, "basic", client_ip)
    page.goto(base_url + path.format(**DEMO_IDS))
    if visitor == "anonymous":
        expect(page).to_have_url(at(base_url, routes.LOGIN))
    elif path == "/notes":
        expect(page.get_by_test_id("unauthorized")).to_be_visible()
    else:  # any signed-in user may see a class (spec 6): its notes' names, never their files
        expect(page.get_by_test_id("document").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    text = frames.text
    assert frames.frames, "no websocket frames were seen"
    assert _leaks(text, protected["Notes"]) == []
    assert _leaks(text, protected["Notes files"] + protected["Class_Notes files"]) == []
    assert not FILE_TOKEN.search(text)
    if visitor == "anonymous":
        assert _leaks(text, protected["Class_Notes"]) == []


def test_a_notes_visitor_gets_a_file_token_only_for_the_file_they_open(
    page: Page, base_url: str, demo_pocketbase, client_ip: str, protected
) -> None:
    frames = ReceivedFrames(page)
    start_signed_in(page, base_url, demo_pocketbase.url, "notes", client_ip)
    page.goto(base_url + routes.NOTES)
    documents = page.get_by_test_id("document")
    expect(documents.first).to_be_visible()
    assert _leaks(frames.text, protected["Notes"])  # the list itself did arrive
    assert _leaks(frames.text, protected["Notes files"]) == []
    assert not FILE_TOKEN.search(frames.text)
    before = len(frames.frames)
    documents.first.get_by_role("button", name=re.compile(f"^{Text.PREVIEW}")).click()
    expect(page.locator("dialog[open]").get_by_test_id("pdf-viewer")).to_be_attached()
    opened = "\n".join(frames.frames[before:])
    assert len(FILE_TOKEN.findall(opened)) >= 1
    assert len(_leaks(opened, protected["Notes files"])) == 1  # that file, and no other


def test_another_visitor_never_receives_this_visitors_notes_or_session(
    browser: Browser, base_url: str, demo_pocketbase, client_ip: str, protected
) -> None:
    reader = new_visitor(browser, client_ip)
    other = new_visitor(browser, next_client_ip())
    try:
        sign_in_context(reader, base_url, demo_pocketbase.url, "notes", DEMO_PASSWORD, client_ip)
        reading = reader.new_page()
        reading.goto(base_url + routes.NOTES)
        expect(reading.get_by_test_id("document").first).to_be_visible()
        session = json.loads(stored_auth(reading))
        watching = other.new_page()
        frames = ReceivedFrames(watching)
        for path in ("/", "/profile", "/notes"):
            watching.goto(base_url + path)
            reading.reload()  # the reader keeps loading notes meanwhile
            expect(reading.get_by_test_id("document").first).to_be_visible()
        expect(watching).to_have_url(at(base_url, routes.LOGIN))
        text = frames.text
        assert frames.frames
        assert _leaks(text, protected["Notes"] + protected["Notes files"]) == []
        assert session["token"] not in text
        assert session["record"]["email"] not in text and session["record"]["id"] not in text
    finally:
        reader.close()
        other.close()
