"""The exam tools against the demo's sample figures: marks -> each subject's z and the Z-score
(/z-score) -> the courses of a district it would have reached (/cut-offs), in three languages
and at 360 px; bad marks and addresses get a message, never a wrong number."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from student_portal import routes
from student_portal.i18n import gettext, in_language, pgettext
from student_portal.i18n.languages import Language, in_language_path
from student_portal.pages.zscore import ESTIMATE
from tests.support.demo_records import demo_records

NARROW = {"width": 360, "height": 780}
# The hand-worked example of tests/unit/test_zscore.py, on the demo's 2024 physical science figures.
MARKS = {"Combined Mathematics": ("75", "1.665"), "Physics": ("68", "1.338"), "Chemistry": ("82", "1.872")}
Z = "1.625"


def _words(language: Language, text: str) -> str:
    with in_language(language):
        return gettext(text)


def _fits(page: Page, width: int) -> None:
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= width


def _enter_marks(page: Page) -> None:
    for number, (subject, (mark, _)) in enumerate(MARKS.items(), start=1):
        page.locator(f"#subject-{number}").select_option(subject)
        page.locator(f"#mark-{number}").fill(mark)


def _reached(demo_pocketbase, district: str, z: float) -> list[str]:
    cut = demo_records(demo_pocketbase, "Cut_Offs", filter=f'district="{district}" && year=2024')
    return sorted(c["course"] + " " + c["university"] for c in cut if c["cutoff"] <= z)


@pytest.mark.parametrize("language", [Language.EN, Language.SI, Language.TA])
def test_marks_to_z_score_to_the_courses_it_reaches_at_360_px(
    page: Page, base_url: str, demo_pocketbase, language: Language
) -> None:
    page.set_viewport_size(NARROW)
    page.goto(base_url + in_language_path(routes.Z_SCORE, language))
    main = page.get_by_role("main")
    expect(main.get_by_role("heading", level=1)).to_have_text(_words(language, "Z-score estimator"))
    expect(page.get_by_test_id("sample-notice")).to_be_visible()  # the demo's figures say so
    expect(main.get_by_role("note").first).to_have_text(_words(language, ESTIMATE))
    _enter_marks(page)
    for subject, (_, z) in MARKS.items():
        # Each z in an <output> named by its subject (a status screen readers announce).
        expect(main.get_by_role("status", name=subject, exact=True)).to_have_text(z)
    expect(main.get_by_role("status", name=_words(language, "Z-score"), exact=True)).to_have_text(Z)
    with in_language(language):
        figures = gettext("mean {mean}, standard deviation {sd}").format(mean="38.2", sd="22.1")
    expect(main).to_contain_text(figures)
    _fits(page, NARROW["width"])

    main.get_by_test_id("to-cut-offs").click()
    expect(page).to_have_url(re.compile(re.escape(in_language_path(routes.CUT_OFFS, language)) + r"/?\?z=1\.625$"))
    expect(page.get_by_role("heading", level=1)).to_have_text(_words(language, "University cut-offs"))
    expect(page.get_by_role("textbox", name=_words(language, "Your estimated Z-score"))).to_have_value(Z)
    page.get_by_label(_words(language, "District")).select_option("Colombo")
    expect(page).to_have_url(re.compile(r"district=colombo&z=1\.625"))
    table = page.get_by_test_id("cut-offs-table")
    expect(table.get_by_role("columnheader")).to_have_text([_words(language, "Course and university"), "2024", "2023"])
    with in_language(language):
        colombo = pgettext("district", "Colombo")
    expect(table.locator("caption")).to_contain_text(colombo)
    rows = table.get_by_test_id("cut-off-row")
    expect(rows).to_have_count(10)
    marked = rows.filter(has=page.get_by_test_id("reached"))
    reached = _reached(demo_pocketbase, "Colombo", float(Z))
    expect(marked).to_have_count(len(reached))
    names = [re.sub(r"\s+", " ", t).strip() for t in marked.locator("th span:nth-child(-n+2)").all_inner_texts()]
    assert sorted(" ".join(names[i : i + 2]) for i in range(0, len(names), 2)) == reached
    _fits(page, NARROW["width"])


def test_cut_offs_are_sorted_highest_first_with_the_year_before(page: Page, base_url: str, demo_pocketbase) -> None:
    page.goto(base_url + routes.cut_offs(district="jaffna"))
    rows = page.get_by_test_id("cut-off-row")
    expect(rows).to_have_count(10)
    latest = [float(t) for t in rows.locator("td:nth-child(2)").all_inner_texts()]
    assert latest == sorted(latest, reverse=True)
    demo = demo_records(demo_pocketbase, "Cut_Offs", filter='district="Jaffna" && year=2023')
    before = sorted(f"{c['cutoff']:.4f}" for c in demo)
    assert sorted(rows.locator("td:nth-child(3)").all_inner_texts()) == before
    expect(page.get_by_test_id("reached")).to_have_count(0)  # no Z-score entered: nothing marked


def test_a_shared_address_opens_its_district_search_and_z_score(page: Page, base_url: str) -> None:
    page.goto(base_url + routes.cut_offs(district="kandy", z="2", query="enginering"))  # a typo, as typed
    expect(page.get_by_label("District")).to_have_value("Kandy")
    expect(page.get_by_label("Course or university")).to_have_value("enginering")
    rows = page.get_by_test_id("cut-off-row")
    expect(rows).to_have_count(2)
    expect(rows.locator("th")).to_contain_text(["Engineering", "Engineering"])
    expect(page.get_by_test_id("reached")).to_have_count(2)
    page.get_by_label("Course or university").fill("Peradeniya")  # a university
    expect(rows).to_have_count(3)
    expect(page).to_have_url(re.compile(r"district=kandy&z=2&q=Peradeniya"))


def test_a_z_score_that_is_no_number_marks_nothing_and_says_why(page: Page, base_url: str) -> None:
    page.goto(base_url + routes.cut_offs(district="colombo", z="99"))
    expect(page.get_by_role("main").get_by_role("alert")).to_have_text("Enter a Z-score from -5 to 5, such as 1.625.")
    expect(page.get_by_test_id("cut-off-row")).to_have_count(10)
    expect(page.get_by_test_id("reached")).to_have_count(0)


def test_bad_marks_and_a_subject_twice_get_a_message_never_a_number(page: Page, base_url: str) -> None:
    page.goto(base_url + routes.Z_SCORE)
    _enter_marks(page)
    z_score = page.get_by_role("status", name="Z-score", exact=True)
    expect(z_score).to_have_text(Z)
    page.locator("#mark-2").fill("120")
    problems = page.get_by_test_id("subject-problem")
    expect(problems).to_have_text(["Enter a mark from 0 to 100."])
    expect(z_score).to_be_hidden()
    expect(page.get_by_role("status", name="Physics", exact=True)).to_be_hidden()
    expect(page.get_by_role("main")).to_contain_text("Correct the marked subjects to see your Z-score.")
    page.locator("#mark-2").fill("68")
    page.locator("#subject-3").select_option("Physics")
    expect(problems).to_have_text(["This subject is chosen twice: choose three different subjects."] * 2)
    expect(z_score).to_be_hidden()
    page.locator("#subject-3").select_option("Chemistry")
    expect(z_score).to_have_text(Z)


def test_the_al_pages_link_to_the_exam_tools(page: Page, base_url: str) -> None:
    page.goto(base_url + routes.AL_FOLDERS)
    links = page.get_by_test_id("exam-tools-links")
    expect(links.get_by_role("link", name="Z-score estimator")).to_have_attribute("href", routes.Z_SCORE)
    expect(links.get_by_role("link", name="University cut-offs")).to_have_attribute("href", routes.CUT_OFFS)
    page.goto(base_url + routes.OL_FOLDERS)
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    expect(page.get_by_test_id("exam-tools-links")).to_have_count(0)  # O/L students have no Z-score yet
