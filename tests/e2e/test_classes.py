"""Tuition classes: /profile and a teacher's class page /class/{teacherId} (spec 2, 5, 6, 7, 9)."""

from __future__ import annotations

import contextlib
import re
from urllib.parse import parse_qs, urlsplit

import httpx
from playwright.sync_api import Page, expect

from student_portal import routes
from student_portal.constants import Limit, StorageKey
from student_portal.i18n.texts import Text
from tests.e2e.auth_support import ReceivedFrames, at, sign_in_with_form, start_signed_in
from tests.support.admin import superuser_token

# From the demo seed.
TEACHERS = ["Dr. Nuwan Perera", "Ms. Dilani Jayasinghe", "Mr. Chaminda Bandara", "Ms. Tharushi Fernando"]
MATHS = "teacher00000001"  # 7 class notes, 8 recordings
CHEMISTRY = "teacher00000003"  # no description
PROMO_WHATSAPP = "https://wa.me/94771234567?text="


def _class_page(page: Page, base_url: str, pocketbase, client_ip: str, teacher: str = MATHS) -> None:
    start_signed_in(page, base_url, pocketbase.url, "basic", client_ip)
    page.goto(f"{base_url}/class/{teacher}")
    expect(page.get_by_role("heading", level=1)).to_be_visible()


def test_profile_lists_teachers_then_promotions(sized_page: Page, base_url: str) -> None:
    page = sized_page
    page.goto(base_url + routes.PROFILE)
    cards = page.get_by_test_id("teacher-card")
    expect(cards.get_by_role("heading")).to_have_text(TEACHERS)
    first = cards.first
    expect(first.get_by_role("img", name=TEACHERS[0])).to_be_visible()
    expect(first).to_contain_text("University of Moratuwa")
    expect(first.get_by_role("link", name=re.compile(Text.VIEW_CLASSES))).to_have_attribute(
        "href", routes.class_page(MATHS)
    )
    promotion = page.get_by_role("region", name=Text.PROMOTION)
    promos = promotion.get_by_test_id("promo-card")
    expect(promos).to_have_count(3)
    whatsapp = promos.first.get_by_role("link", name=Text.WHATSAPP_US)
    expect(whatsapp).to_have_attribute("href", re.compile("^" + re.escape(PROMO_WHATSAPP)))
    expect(whatsapp).to_have_attribute("target", "_blank")
    text = parse_qs(urlsplit(whatsapp.get_attribute("href")).query)["text"][0]
    assert text == "Hi Sir, I would like to join the 2027 A/L Combined Maths theory class."
    # Teachers come before the promotions.
    assert cards.first.bounding_box()["y"] < promos.first.bounding_box()["y"]


def test_class_page_needs_sign_in_and_returns_there_afterwards(page: Page, base_url: str) -> None:
    frames = ReceivedFrames(page)
    page.goto(f"{base_url}/profile")
    page.get_by_test_id("teacher-card").first.get_by_role("link", name=re.compile(Text.VIEW_CLASSES)).click()
    expect(page).to_have_url(at(base_url, routes.LOGIN))
    assert page.evaluate("key => sessionStorage.getItem(key)", StorageKey.REDIRECT) == routes.class_page(MATHS)
    assert "Integration - Part 1" not in frames.text
    sign_in_with_form(page, "basic")  # any signed-in user may see a class (spec 6)
    expect(page).to_have_url(at(base_url, routes.class_page(MATHS)))
    expect(page.get_by_role("heading", level=1)).to_have_text(TEACHERS[0])


def test_class_address_is_shareable_and_survives_a_reload(
    page: Page, base_url: str, demo_pocketbase, client_ip: str
) -> None:
    _class_page(page, base_url, demo_pocketbase, client_ip, teacher="teacher00000002")
    expect(page.get_by_role("heading", level=1)).to_have_text(TEACHERS[1])
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_have_text(TEACHERS[1])


def test_class_without_a_teacher_goes_to_the_teacher_list(page: Page, base_url: str) -> None:
    page.goto(base_url + routes.CLASS_INDEX)
    expect(page).to_have_url(at(base_url, routes.PROFILE))
    expect(page.get_by_test_id("teacher-card")).to_have_count(len(TEACHERS))


def test_teacher_header_defaults_the_description_and_has_a_back_button(
    page: Page, base_url: str, demo_pocketbase, client_ip: str
) -> None:
    _class_page(page, base_url, demo_pocketbase, client_ip, teacher=CHEMISTRY)
    expect(page.get_by_role("heading", level=1)).to_have_text(TEACHERS[2])
    expect(page.get_by_test_id("teacher-description")).to_have_text(Text.TEACHER_DESCRIPTION_DEFAULT)
    page.get_by_role("link", name=Text.BACK).click()
    expect(page).to_have_url(at(base_url, routes.PROFILE))


def _notes(page: Page):
    return page.get_by_role("region", name=Text.CLASS_NOTES).get_by_test_id("document")


def _videos(page: Page):
    return page.get_by_role("region", name=Text.CLASS_RECORDINGS).get_by_test_id("class-video")


def test_class_notes_show_at_most_five_and_search_by_name(
    sized_page: Page, base_url: str, demo_pocketbase, client_ip: str
) -> None:
    page = sized_page
    _class_page(page, base_url, demo_pocketbase, client_ip)
    expect(_notes(page)).to_have_count(Limit.CLASS_NOTES_MAX)  # of the teacher's 7
    search = page.get_by_role("searchbox", name=Text.SEARCH_NOTES)
    search.fill("VECTORS")
    expect(_notes(page).get_by_role("heading")).to_have_text(
        ["Vectors - Theory Handout", "Vectors - Past Paper Questions 2015-2025"]
    )
    search.fill("probability")  # the 7th note: found by search although beyond the first five
    expect(_notes(page).get_by_role("heading")).to_have_text(["Probability - Revision Sheet"])
    search.fill("thermodynamics")
    expect(_notes(page)).to_have_count(0)
    expect(page.get_by_role("region", name=Text.CLASS_NOTES).get_by_role("status")).to_have_text(
        f'{Text.NO_NOTES_FOUND} for "thermodynamics"'
    )
    # Only this teacher's notes: another teacher's note is never found here.
    search.fill("Newton")
    expect(_notes(page)).to_have_count(0)


def test_class_recordings_show_at_most_six_videos_and_search_by_name(
    sized_page: Page, base_url: str, demo_pocketbase, client_ip: str
) -> None:
    page = sized_page
    _class_page(page, base_url, demo_pocketbase, client_ip)
    expect(_videos(page)).to_have_count(Limit.CLASS_RECORDINGS_MAX)  # of the teacher's 8
    search = page.get_by_role("searchbox", name=Text.SEARCH_RECORDINGS)
    search.fill("integration")
    expect(_videos(page).get_by_role("heading")).to_have_text(["Integration - Lesson 1", "Integration - Lesson 2"])
    expect(_videos(page).first.locator("[data-video-id]")).to_have_attribute("data-video-id", "rs_6ILi8IHn")
    search.fill("2025 paper")  # the 8th recording
    expect(_videos(page)).to_have_count(1)
    search.fill("organic")
    expect(_videos(page)).to_have_count(0)
    expect(page.get_by_role("region", name=Text.CLASS_RECORDINGS).get_by_role("status")).to_have_text(
        f'{Text.NO_VIDEOS_FOUND} for "organic"'
    )


def test_class_note_preview_and_download_use_file_tokens(
    page: Page, base_url: str, demo_pocketbase, client_ip: str
) -> None:
    _class_page(page, base_url, demo_pocketbase, client_ip)
    note = _notes(page).filter(has_text="Integration - Part 1")
    note.get_by_role("button", name=re.compile(f"^{Text.PREVIEW}")).click()
    viewer = page.get_by_role("dialog", name="Integration - Part 1 (Standard Forms)").get_by_test_id("pdf-viewer")
    expect(viewer).to_have_attribute("data-src", re.compile(r"/classnote000001/.+\.pdf\?token=."))
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("pdf-viewer")).to_have_count(0)
    with page.expect_download() as download:
        note.get_by_role("button", name=re.compile(f"^{Text.DOWNLOAD}")).click()
    assert download.value.suggested_filename.endswith(".pdf")
    linked = _notes(page).filter(has_text="Past Paper Questions")
    expect(linked.get_by_role("link", name=re.compile(Text.OPEN_LINK))).to_have_attribute(
        "href", re.compile(r"^https://drive\.google\.com/")
    )


def test_an_unknown_teacher_shows_a_clear_not_found_state(
    page: Page, base_url: str, demo_pocketbase, client_ip: str
) -> None:
    start_signed_in(page, base_url, demo_pocketbase.url, "basic", client_ip)
    page.goto(base_url + "/class/nosuchteacher01")
    expect(page.get_by_test_id("teacher-not-found")).to_contain_text(Text.TEACHER_NOT_FOUND)
    page.get_by_role("link", name=Text.ALL_TEACHERS).click()
    expect(page).to_have_url(at(base_url, routes.PROFILE))


@contextlib.contextmanager
def _class_notes_closed_to_users(pocketbase):
    """Make PocketBase refuse Class_Notes lists to users (superusers only) for one test."""
    admin = superuser_token(pocketbase.url)
    url = f"{pocketbase.url}/api/collections/Class_Notes"
    before = httpx.get(url, headers={"Authorization": admin}).json()["listRule"]
    httpx.patch(url, headers={"Authorization": admin}, json={"listRule": None}).raise_for_status()
    try:
        yield
    finally:
        httpx.patch(url, headers={"Authorization": admin}, json={"listRule": before}).raise_for_status()


def test_class_notes_failure_says_so_instead_of_showing_sample_data(
    page: Page, base_url: str, demo_pocketbase, client_ip: str
) -> None:
    with _class_notes_closed_to_users(demo_pocketbase):
        _class_page(page, base_url, demo_pocketbase, client_ip)
        notes = page.get_by_role("region", name=Text.CLASS_NOTES)
        expect(notes.get_by_role("alert")).to_have_text(Text.CLASS_NOTES_LOAD_FAILED)
        expect(notes.get_by_test_id("document")).to_have_count(0)
        expect(_videos(page)).to_have_count(Limit.CLASS_RECORDINGS_MAX)  # the rest of the page still works
