"""Saved items (/saved, issue 18): the Save button on each kind's cards, round trips across
reloads and a second browser of the same user, sign-in first for visitors, admin deletions."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from student_portal.i18n.texts import Text
from tests.e2e.auth_support import at, pocketbase_auth, sign_in_with_form, start_signed_in, store_auth
from tests.e2e.routes import DEMO_IDS
from tests.support.admin import emptied, records

# kind -> (page, test id of its cards, the group's heading on /saved)
KINDS = {
    "recording": ("/youtube", "recording-card", Text.KUPPI_RECORDINGS),
    "ol_item": (f"/ol/{DEMO_IDS['ol']}", "item-card", "O/L papers and notes"),
    "al_item": (f"/al/{DEMO_IDS['al']}", "item-card", "A/L papers and notes"),
    "note": ("/notes", "document", Text.UNI_NOTES),
    "class_note": (f"/class/{DEMO_IDS['teacher']}", "document", Text.CLASS_NOTES),
    "class_recording": (f"/class/{DEMO_IDS['teacher']}", "class-video", Text.CLASS_RECORDINGS),
    "job": ("/jobs", "job-card", "Jobs"),
    "hotel": ("/booking", "hotel-card", "Rooms"),
}


@pytest.fixture
def admin(demo_pocketbase) -> Iterator[httpx.Client]:
    with emptied(demo_pocketbase.url, "Favourites") as client:
        yield client


def _save_button(card: Locator) -> Locator:
    return card.get_by_test_id("save-button")


def _group(page: Page, title: str) -> Locator:
    return page.get_by_role("region", name=title, exact=True)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_save_round_trip(
    kind: str, page: Page, browser: Browser, base_url: str, demo_pocketbase, client_ip: str, admin
) -> None:
    path, card_id, group = KINDS[kind]
    auth = start_signed_in(page, base_url, demo_pocketbase.url, "full", client_ip)
    page.goto(base_url + path)
    card = page.get_by_test_id(card_id).first
    name = card.get_by_role("heading").first.inner_text()
    button = _save_button(card)
    expect(button).to_have_attribute("aria-pressed", "false")
    expect(button).to_have_accessible_name(f"{Text.SAVE} {name}")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(button).to_contain_text(Text.SAVED)

    # stored in PocketBase, for this user and this kind
    saved = records(admin, "Favourites")
    assert [(r["user"], r["kind"]) for r in saved] == [(auth["record"]["id"], kind)]

    page.reload()
    expect(_save_button(page.get_by_test_id(card_id).first)).to_have_attribute("aria-pressed", "true")

    # /saved, in this browser and in another one signed in as the same user
    other = browser.new_context(extra_http_headers={"X-Forwarded-For": client_ip})
    try:
        second = other.new_page()
        store_auth(second, base_url, json.dumps({"token": auth["token"], "record": auth["record"]}))
        for visitor in (page, second):
            visitor.goto(base_url + "/saved")
            section = _group(visitor, group)
            expect(section.get_by_test_id(card_id)).to_have_count(1)
            expect(section.get_by_role("heading", name=name)).to_be_visible()
            expect(visitor.get_by_test_id("saved-" + kind)).to_have_count(1)
        # removed on the second device: gone from the first after a reload
        removed = _save_button(_group(second, group).get_by_test_id(card_id))
        removed.click()
        expect(removed).to_have_attribute("aria-pressed", "false")
    finally:
        other.close()
    assert records(admin, "Favourites") == []
    page.reload()
    expect(page.get_by_text(Text.NOTHING_SAVED)).to_be_visible()


def test_signed_out_visitor_signs_in_and_comes_back_with_the_item_saved(page: Page, base_url: str, admin) -> None:
    page.goto(base_url + "/jobs")
    card = page.get_by_test_id("job-card").first
    name = card.get_by_role("heading").first.inner_text()
    _save_button(card).click()
    expect(page).to_have_url(at(base_url, "/login"))
    sign_in_with_form(page, "basic")
    expect(page).to_have_url(at(base_url, "/jobs"))
    saved_card = page.get_by_test_id("job-card").filter(has=page.get_by_role("heading", name=name, exact=True))
    expect(_save_button(saved_card)).to_have_attribute("aria-pressed", "true")
    assert [r["kind"] for r in records(admin, "Favourites")] == ["job"]
    page.goto(base_url + "/saved")
    expect(_group(page, "Jobs").get_by_role("heading", name=name)).to_be_visible()


def test_saved_signed_out_offers_sign_in_and_comes_back(page: Page, base_url: str) -> None:
    page.goto(base_url + "/saved")
    prompt = page.get_by_test_id("saved-sign-in")
    expect(prompt).to_contain_text(Text.SAVED_SIGN_IN)
    expect(page).to_have_url(at(base_url, "/saved"))  # the page stays: files kept here show below
    expect(page.get_by_text(Text.NOTHING_SAVED)).to_have_count(0)
    prompt.get_by_role("button", name=Text.SIGN_IN).click()
    expect(page).to_have_url(at(base_url, "/login"))
    sign_in_with_form(page, "basic")
    expect(page).to_have_url(at(base_url, "/saved"))
    expect(page.get_by_text(Text.NOTHING_SAVED)).to_be_visible()


def test_saved_link_in_the_header_only_when_signed_in(
    page: Page, base_url: str, demo_pocketbase, client_ip: str
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(base_url + "/")
    page.locator("#phone-menu summary").click()
    menu = page.get_by_role("navigation", name="Menu")
    expect(menu.get_by_role("link", name=Text.SAVED)).to_have_count(0)
    start_signed_in(page, base_url, demo_pocketbase.url, "basic", client_ip)
    page.goto(base_url + "/")
    page.locator("#phone-menu summary").click()
    menu.get_by_role("link", name=Text.SAVED).click()
    expect(page).to_have_url(at(base_url, "/saved"))


def test_item_deleted_by_an_admin_leaves_saved_quietly(
    page: Page, base_url: str, demo_pocketbase, client_ip: str, admin
) -> None:
    job = admin.post("/api/collections/Jobs/records", json={"title": "Night shift tutor", "company": "Gone Ltd"})
    job.raise_for_status()
    job_id = job.json()["id"]
    try:
        auth = pocketbase_auth(demo_pocketbase.url, "basic", client_ip)
        created = httpx.post(
            f"{demo_pocketbase.url}/api/collections/Favourites/records",
            json={"user": auth["record"]["id"], "kind": "job", "job": job_id},
            headers={"Authorization": auth["token"]},
        )
        assert created.status_code == 200, created.text
        start_signed_in(page, base_url, demo_pocketbase.url, "basic", client_ip)
        page.goto(base_url + "/saved")
        expect(_group(page, "Jobs").get_by_role("heading", name="Night shift tutor")).to_be_visible()
    finally:
        admin.delete(f"/api/collections/Jobs/records/{job_id}")
    page.reload()
    expect(page.get_by_text(Text.NOTHING_SAVED)).to_be_visible()
    expect(page.get_by_role("alert")).to_have_count(0)


def test_basic_user_is_refused_saving_a_note_even_by_forging_the_event(
    page: Page, base_url: str, demo_pocketbase, client_ip: str, admin
) -> None:
    """The rule, not the page, refuses: a note id sent as a pending save is not stored."""
    start_signed_in(page, base_url, demo_pocketbase.url, "basic", client_ip)
    page.evaluate("() => sessionStorage.setItem('pending_save', 'note:note00000000001')")
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(base_url + "/jobs")
    expect(page.get_by_test_id("job-card").first).to_be_visible()
    page.wait_for_function(
        "() => sessionStorage.getItem('pending_save') === '\"\"' || !sessionStorage.getItem('pending_save')"
    )
    # The refusal's alert follows the pending save's clearing (another round trip): wait for it.
    for _ in range(40):
        if dialogs:
            break
        page.wait_for_timeout(250)
    assert records(admin, "Favourites") == []
    assert dialogs == [Text.SAVE_FAILED]
