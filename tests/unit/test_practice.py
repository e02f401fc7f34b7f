"""The practice page's pure parts: result rows, the Practise link of a card and of a search hit,
durations in three languages."""

from __future__ import annotations

from student_portal import routes
from student_portal.i18n import in_language
from student_portal.i18n.languages import Language
from student_portal.pocketbase import FolderItem
from student_portal.search.documents import folder_item
from student_portal.state.practice import result_rows, score_text, store_key
from student_portal.state.resources import practice_href
from student_portal.utils.answer_keys import BLANK, RIGHT, WRONG, AnswerKey, mark
from student_portal.utils.dates import format_duration


def item(**fields) -> FolderItem:
    return FolderItem.model_validate(
        {"id": "p1", "collectionName": "AL_Items", "collectionId": "c1", "file": "p.pdf", **fields}
    )


def test_only_a_keyed_paper_with_a_file_is_practised():
    assert practice_href(item(questions=50)) == routes.practice("AL_Items", "p1") == "/practice?c=AL_Items&id=p1"
    assert practice_href(item(questions=0)) == ""
    assert practice_href(item()) == ""
    assert practice_href(item(questions=50, file="")) == ""
    assert practice_href(FolderItem.model_validate({"id": "p1", "collectionName": "Jobs", "questions": 5})) == ""
    assert folder_item(item(questions=50, folder="f"), "al", "A/L", {}).practice == "/practice?c=AL_Items&id=p1"
    assert folder_item(item(folder="f"), "al", "A/L", {}).practice == ""


def test_result_rows_correct_and_explain():
    key = AnswerKey((3, 0, 2), 4)
    rows = result_rows(key, mark(key, (1, 0, 0)), {1: "Because."})
    assert [r.outcome for r in rows] == [WRONG, RIGHT, BLANK]
    assert (rows[0].given, rows[0].right, rows[0].explanation) == ("Your answer: 1", "Correct answer: 3", "Because.")
    assert rows[1].right == "Cancelled: marked right for everyone"
    assert (rows[2].given, rows[2].outcome_text) == ("No answer", "Left blank")


def test_score_and_store_key():
    assert score_text(38, 50) == "38 / 50"
    assert store_key("AL_Items", "p1") == "practice:AL_Items:p1"


def test_durations_in_three_languages():
    assert format_duration(13) == "13 sec"
    assert format_duration(125) == "2 min 5 sec"
    assert format_duration(2 * 3600) == "2 hr"
    assert format_duration(3600 + 12 * 60 + 5) == "1 hr 12 min"  # seconds only under 10 minutes
    for nothing in (0, -5, None, "12", float("nan"), True, 1e12):
        assert format_duration(nothing) == ""
    with in_language(Language.SI):
        assert format_duration(3600 + 12 * 60) == "පැය 1 මිනි 12"
    with in_language(Language.TA):
        assert "12" in format_duration(12 * 60) and "min" not in format_duration(12 * 60)
