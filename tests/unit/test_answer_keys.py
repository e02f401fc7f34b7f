"""Answer keys, explanations and marking: the Python parser and PocketBase's hook
(pb/pb_hooks/answer_keys.js) read every form of tests/support/answer_keys.json alike."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from student_portal.build.service_worker import node_binary
from student_portal.utils.answer_keys import (
    BLANK,
    CANCELLED,
    RIGHT,
    WRONG,
    AnswerKey,
    UnreadableKey,
    mark,
    parse_explanations,
    parse_key,
    sheet_answers,
)

ROOT = Path(__file__).resolve().parents[2]
TABLE = json.loads((ROOT / "tests/support/answer_keys.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", TABLE["keys"], ids=lambda case: repr(case["key"]))
def test_key_forms(case):
    if "error" in case:
        with pytest.raises(UnreadableKey) as refused:
            parse_key(case["key"])
        assert str(refused.value) == case["error"]
        return
    key = parse_key(case["key"])
    if case["answers"] is None:
        assert key is None
    else:
        assert key is not None
        assert (list(key.answers), key.options) == (case["answers"], case["options"])


@pytest.mark.parametrize("case", TABLE["explanations"], ids=lambda case: repr(case["text"]))
def test_explanation_forms(case):
    if "error" in case:
        with pytest.raises(UnreadableKey) as refused:
            parse_explanations(case["text"], case["questions"])
        assert str(refused.value) == case["error"]
    else:
        found = parse_explanations(case["text"], case["questions"])
        assert {str(number): text for number, text in found.items()} == case["found"]


def test_the_hooks_parser_reads_the_table_as_python_does(tmp_path):
    script = ROOT / "tests/support/answer_keys_table.js"
    hooks = ROOT / "pb/pb_hooks/answer_keys.js"
    result = subprocess.run(
        [node_binary(), str(script), str(hooks), str(ROOT / "tests/support/answer_keys.json")],
        capture_output=True,
        text=True,
        check=True,
    )
    read = json.loads(result.stdout)
    for case, got in zip(TABLE["keys"], read["keys"], strict=True):
        if "error" in case:
            assert got == {"error": case["error"]}, case
        elif case["answers"] is None:
            assert got is None, case
        else:
            assert got == {"answers": case["answers"], "options": case["options"]}, case
    for case, got in zip(TABLE["explanations"], read["explanations"], strict=True):
        assert got == ({"error": case["error"]} if "error" in case else case["found"]), case


def test_a_key_of_200_questions_is_the_most():
    assert parse_key(" ".join(["1"] * 200)).questions == 200  # type: ignore[union-attr]
    with pytest.raises(UnreadableKey, match="Question 201"):
        parse_key(" ".join(["1"] * 201))


KEY = AnswerKey((3, 5, CANCELLED, 1), 5)


def test_all_right_all_wrong_and_blank():
    assert mark(KEY, (3, 5, 0, 1)).score == 4
    wrong = mark(KEY, (1, 1, 2, 2))
    assert (wrong.score, wrong.outcomes) == (1, (WRONG, WRONG, RIGHT, WRONG))  # the cancelled one is right
    blank = mark(KEY, (0, 0, 0, 0))
    assert (blank.score, blank.blank, blank.outcomes) == (1, 3, (BLANK, BLANK, RIGHT, BLANK))
    assert (blank.total, mark(KEY, (3, 5, 0, 1)).percent, blank.percent) == (4, 100, 25)


def test_cancelled_question_is_right_for_everyone_answered_or_not():
    for given in ((0, 0, 0, 0), (0, 0, 4, 0), (0, 0, 5, 0)):
        assert mark(KEY, given).outcomes[2] == RIGHT


def test_what_a_browser_sends_is_read_as_options_or_blank():
    raw = {"1": 3, "2": "5", "3": 9, "4": -1, "5": 2, "x": 1, "0": 1, "1e3": 2, "2.0": 1}
    assert sheet_answers(raw, KEY) == (3, 5, 0, 0)
    assert sheet_answers({"1": True}, KEY) == (0, 0, 0, 0)
    for hostile in (None, [], "1-3", 7, {"1": {"a": 1}}, {"1": None}):
        assert sheet_answers(hostile, KEY) == (0, 0, 0, 0)


def test_a_score_is_never_taken_from_the_sheet():
    # whatever else a forged sheet holds, only its options count
    forged = {"1": 1, "score": 50, "total": 50, "2": 1}
    assert mark(KEY, sheet_answers(forged, KEY)).score == 1
