"""Practising a past paper (/practice, issue 51): the answer sheet, marking on the server, the
key kept from the browser until Submit, answers kept across a reload, the countdown, attempts
kept for a signed-in student (and for one who signs in after), links from where papers are
listed, three languages."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Page, expect

from student_portal import routes
from student_portal.i18n import format_number, gettext, in_language, ngettext
from student_portal.i18n.languages import Language
from student_portal.i18n.texts import Text
from student_portal.utils.answer_keys import parse_key
from tests.e2e.auth_support import DEMO_USERS, ReceivedFrames, sign_in_with_form, start_signed_in
from tests.support.admin import emptied, records, superuser_client
from tests.support.pdfs import make_pdf

PHYSICS = "alitem000000013"  # the demo A/L MCQ: 50 questions, 5 options, 2 hours, explanations
PHYSICS_PATH = routes.practice("AL_Items", PHYSICS)
PHYSICS_FOLDER = "alfolder0000003"
ATTEMPTS = "/api/collections/attempts/records"


@pytest.fixture
def admin(demo_pocketbase) -> Iterator[httpx.Client]:
    """A content manager's client; every attempt is deleted before and after the test."""
    with emptied(demo_pocketbase.url, "attempts") as client:
        yield client


@pytest.fixture(scope="module")
def physics_key(demo_pocketbase) -> list[int]:
    with superuser_client(demo_pocketbase.url) as client:
        record = client.get(f"/api/collections/AL_Items/records/{PHYSICS}").json()
    key = parse_key(record["answers"])
    assert key is not None and key.questions == 50
    return list(key.answers)


def question(page: Page, number: int, name: str = "Question {number}"):
    return page.get_by_role("radiogroup", name=name.format(number=number), exact=True)


def choose(page: Page, number: int, option: int) -> None:
    question(page, number).get_by_role("radio", name=str(option), exact=True).check()


def open_sheet(page: Page, base_url: str, path: str = PHYSICS_PATH) -> None:
    page.goto(base_url + path)
    expect(page.get_by_test_id("practice-question")).to_have_count(50, timeout=30_000)


def wrong(right: int) -> int:
    return 1 if right != 1 else 2


def test_a_sheet_is_marked_with_corrections_and_explanations(page: Page, base_url: str, physics_key, admin):
    frames = ReceivedFrames(page)
    open_sheet(page, base_url)
    # each question a radio group "Question N" of options 1 to 5; the timer counts down from 2 hours
    expect(question(page, 12).get_by_role("radio")).to_have_count(5)
    expect(page.get_by_test_id("practice-timer")).to_contain_text(re.compile(r"1:59:\d\d"))
    choose(page, 1, physics_key[0])
    choose(page, 2, wrong(physics_key[1]))
    choose(page, 3, physics_key[2])
    # before Submit the key and the explanations are nowhere in the page or what the server sent
    sent_before = frames.text + page.content()
    key_text = " ".join("x" if a == 0 else str(a) for a in physics_key)
    for secret in (key_text, ", ".join(map(str, physics_key[:12])), ",".join(map(str, physics_key[:12])), "Planck"):
        assert secret not in sent_before, secret
    page.get_by_test_id("practice-submit").click()

    # Q37 is cancelled: right for everyone
    expect(page.get_by_test_id("practice-score")).to_have_text("3 / 50")
    expect(page.get_by_test_id("practice-percent")).to_have_text("6%")
    expect(page.get_by_test_id("practice-blank")).to_have_text("46 questions left blank")
    expect(page.get_by_test_id("practice-time")).to_contain_text("Time taken:")
    results = page.get_by_test_id("practice-result")
    expect(results).to_have_count(50)
    second = results.nth(1)
    expect(second).to_have_attribute("data-outcome", "wrong")
    expect(second).to_contain_text(f"Correct answer: {physics_key[1]}")
    expect(second).to_contain_text("Planck")  # its explanation
    expect(results.nth(0)).to_have_attribute("data-outcome", "right")
    expect(results.nth(36)).to_contain_text("Cancelled: marked right for everyone")
    expect(results.nth(49)).to_have_attribute("data-outcome", "blank")
    # signed out: offered to sign in; nothing stored; the browser's copy of the answers is gone
    expect(page.get_by_test_id("practice-sign-in")).to_be_visible()
    assert records(admin, "attempts") == []
    assert page.evaluate("k => localStorage.getItem(k)", f"practice:AL_Items:{PHYSICS}") is None
    # the marking scheme opens in the viewer
    page.get_by_test_id("practice-scheme").click()
    expect(page.get_by_test_id("practice-paper")).to_be_visible()
    # Try again: a fresh, blank sheet
    page.get_by_test_id("practice-again").click()
    expect(page.get_by_test_id("practice-question")).to_have_count(50)
    expect(question(page, 1).get_by_role("radio", checked=True)).to_have_count(0)


def test_answers_survive_a_reload_and_a_tap_clears_one(page: Page, base_url: str, physics_key):
    open_sheet(page, base_url)
    choose(page, 5, 4)
    choose(page, 6, 2)
    choose(page, 7, 3)
    question(page, 7).get_by_role("radio", name="3", exact=True).click()  # tapped again: blank
    expect(question(page, 7).get_by_role("radio", checked=True)).to_have_count(0)
    page.reload()
    expect(page.get_by_test_id("practice-question")).to_have_count(50)
    expect(question(page, 5).get_by_role("radio", name="4", exact=True)).to_be_checked()
    expect(question(page, 6).get_by_role("radio", name="2", exact=True)).to_be_checked()
    expect(question(page, 7).get_by_role("radio", checked=True)).to_have_count(0)


def _quiz(admin: httpx.Client, **fields: str) -> Iterator[str]:
    """A three-question paper (key 1 2 3) made for the test, deleted after it."""
    data = {"folder": PHYSICS_FOLDER, "type": "paper", "title": "Quiz", "answers": "1 2 3", **fields}
    created = admin.post(
        "/api/collections/AL_Items/records", data=data, files={"file": ("quiz.pdf", _tiny_pdf(), "application/pdf")}
    )
    assert created.status_code == 200, created.text
    yield created.json()["id"]
    admin.delete(f"/api/collections/AL_Items/records/{created.json()['id']}")


@pytest.fixture
def one_minute_paper(admin: httpx.Client) -> Iterator[str]:
    yield from _quiz(admin, minutes="1")


@pytest.fixture
def quiz(admin: httpx.Client) -> Iterator[str]:
    yield from _quiz(admin)


def _tiny_pdf() -> bytes:
    return make_pdf(["One-minute quiz"])


def test_the_sheet_is_handed_in_as_it_stands_when_the_time_is_up(page: Page, base_url: str, one_minute_paper):
    page.clock.install()
    page.goto(base_url + routes.practice("AL_Items", one_minute_paper))
    expect(page.get_by_test_id("practice-question")).to_have_count(3, timeout=30_000)
    expect(page.get_by_test_id("practice-timer")).to_contain_text(re.compile(r"[01]:\d\d"))
    choose(page, 1, 1)
    choose(page, 2, 3)
    page.clock.fast_forward("01:01")
    expect(page.get_by_test_id("practice-score")).to_have_text("1 / 3")
    expect(page.get_by_test_id("practice-blank")).to_have_text("1 question left blank")


def test_a_key_corrected_while_answering_marks_against_the_key_the_sheet_opened_with(
    page: Page, base_url: str, quiz, admin
):
    page.goto(base_url + routes.practice("AL_Items", quiz))
    expect(page.get_by_test_id("practice-question")).to_have_count(3, timeout=30_000)
    expect(page.get_by_test_id("practice-timer")).to_have_count(0)  # no minutes: no countdown
    choose(page, 1, 1)
    response = admin.patch(f"/api/collections/AL_Items/records/{quiz}", json={"answers": "4 4 4 4"})
    assert response.status_code == 200, response.text
    choose(page, 2, 2)
    page.reload()  # the same sheet, still the key it opened with
    expect(page.get_by_test_id("practice-question")).to_have_count(3)
    choose(page, 3, 3)
    page.get_by_test_id("practice-submit").click()
    expect(page.get_by_test_id("practice-score")).to_have_text("3 / 3")
    page.get_by_test_id("practice-again").click()  # a new sheet: the corrected key
    expect(page.get_by_test_id("practice-question")).to_have_count(4)


def test_a_signed_in_students_attempt_is_kept_and_listed_on_another_device(
    page: Page, base_url: str, demo_pocketbase, client_ip, admin, browser, physics_key
):
    start_signed_in(page, base_url, demo_pocketbase.url, "basic", client_ip)
    open_sheet(page, base_url)
    for number in range(1, 11):
        choose(page, number, physics_key[number - 1] or 1)
    page.get_by_test_id("practice-submit").click()
    expect(page.get_by_test_id("practice-score")).to_have_text("11 / 50")  # 10 right and the cancelled Q37
    expect(page.get_by_role("main").get_by_role("status").filter(has_text="saved")).to_be_visible()
    stored = records(admin, "attempts")
    assert [(a["score"], a["total"], a["record"], a["collection"]) for a in stored] == [(11, 50, PHYSICS, "AL_Items")]
    assert stored[0]["answers"]["1"] == (physics_key[0] or 1)

    other = browser.new_context(extra_http_headers={"X-Forwarded-For": client_ip})
    try:
        phone = other.new_page()
        start_signed_in(phone, base_url, demo_pocketbase.url, "basic", client_ip)
        open_sheet(phone, base_url)
        earlier = phone.get_by_test_id("practice-earlier")
        expect(earlier).to_have_count(1)
        expect(earlier).to_contain_text("11 / 50")
    finally:
        other.close()


def test_signed_out_practice_then_sign_in_keeps_the_attempt(page: Page, base_url: str, admin, physics_key):
    open_sheet(page, base_url)
    choose(page, 1, physics_key[0])
    page.get_by_test_id("practice-submit").click()
    expect(page.get_by_test_id("practice-score")).to_have_text("2 / 50")
    page.get_by_test_id("practice-sign-in").click()
    expect(page).to_have_url(re.compile(r"/login"))
    sign_in_with_form(page, DEMO_USERS["full"][1])
    expect(page).to_have_url(re.compile(r"/practice\?"))
    expect(page.get_by_test_id("practice-score")).to_have_text("2 / 50")
    expect(page.get_by_role("main").get_by_role("status").filter(has_text="saved")).to_be_visible()
    stored = records(admin, "attempts")
    assert [(a["score"], a["user"]) for a in stored] == [(2, "fulluser0000001")]
    expect(page.get_by_test_id("practice-earlier")).to_have_count(1)


def test_keyed_papers_are_practised_from_their_folder_and_from_search(page: Page, base_url: str):
    page.goto(f"{base_url}{routes.al_folder(PHYSICS_FOLDER)}?medium=all")
    card = page.get_by_test_id("item-card").filter(has_text="Paper I (MCQ)")
    link = card.get_by_test_id("practise-link")
    expect(link).to_have_text(re.compile("Practise"))
    # a paper without a key has no Practise
    expect(page.get_by_test_id("item-card").filter(has_not_text="(MCQ)").get_by_test_id("practise-link")).to_have_count(
        0
    )
    link.click()
    expect(page).to_have_url(re.compile(re.escape(PHYSICS_PATH)))
    expect(page.get_by_test_id("practice-question")).to_have_count(50)

    page.goto(f"{base_url}{routes.SEARCH}?q=MCQ")
    expect(page.get_by_test_id("practise-link").first).to_be_visible(timeout=30_000)
    page.get_by_test_id("practise-link").first.click()
    expect(page).to_have_url(re.compile(r"/practice\?c="))


def test_a_paper_without_a_key_or_no_paper_says_so(page: Page, base_url: str):
    page.goto(base_url + routes.practice("AL_Items", "alitem000000014"))
    expect(page.get_by_text(Text.PRACTICE_NO_KEY)).to_be_visible()
    page.goto(base_url + routes.practice("AL_Items", "nosuchrecord00"))
    expect(page.get_by_text(Text.READ_NOT_FOUND)).to_be_visible()
    page.goto(base_url + routes.practice("users", "basicuser000001"))
    expect(page.get_by_text(Text.READ_NOT_FOUND)).to_be_visible()


@pytest.mark.parametrize("language", [Language.SI, Language.TA], ids=str)
def test_the_sheet_and_marks_in_sinhala_and_tamil(page: Page, base_url: str, language: Language):
    with in_language(language):
        name = gettext("Question {number}")
        submit = gettext("Submit")
        blank = ngettext("{count} question left blank", "{count} questions left blank", 49).format(
            count=format_number(49)
        )
    assert "Question" not in name
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(f"{base_url}/{language.value}{PHYSICS_PATH}")
    expect(question(page, 12, name)).to_be_visible(timeout=30_000)
    expect(question(page, 12, name).get_by_role("radio")).to_have_count(5)
    # The floating chat link (bottom right) covers no option: the fifth ends left of it on every row.
    assert page.evaluate(
        """() => {
          const chat = document.querySelector('a.fixed[href^="https://wa.me"]').getBoundingClientRect();
          const options = [...document.querySelectorAll('[data-testid=practice-question] input[type=radio]')];
          return Math.max(...options.map((option) => option.getBoundingClientRect().right)) <= chat.left;
        }"""
    )
    page.get_by_role("button", name=submit).click()
    # all blank: only the cancelled question is right
    expect(page.get_by_test_id("practice-score")).to_have_text("1 / 50")
    expect(page.get_by_test_id("practice-blank")).to_have_text(blank)
    # the marks' switch (marks, paper, marking scheme) fits a phone: Tamil's names once widened the page to 413 px
    expect(page.get_by_test_id("practice-show-scheme")).to_be_visible()
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= 360
