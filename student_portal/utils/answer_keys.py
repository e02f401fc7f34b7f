"""Answer keys and explanations of MCQ papers as content managers type them, and marking.

The same rules as pb/pb_hooks/answer_keys.js, which refuses an unreadable key when it is saved
(both are held to tests/support/answer_keys.json). A key is either

- pairs, question-option: ``1-3, 2-5, 3-1`` (``-``, ``–`` or ``:``; commas, semicolons, spaces or
  new lines between them), every question from 1 to the last one given once; or
- options in question order: ``3 5 1 4`` (spaces, commas, semicolons or new lines between them).

An option is 1 to MAX_OPTIONS, or ``x`` for a question left out or cancelled: it is marked right
for everyone. Explanations are one per line, ``12: because ...`` (``12.``, ``12)`` or ``12 -`` too);
a line without a number carries on the explanation above it.

Pure: no Reflex, no PocketBase.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import islice

MAX_OPTIONS = 5  # Sri Lankan MCQ papers: A/L 5 options, O/L 4
MIN_OPTIONS = 4  # a sheet shows at least 4 (a short O/L key may use only 1 to 3)
MAX_QUESTIONS = 200
CANCELLED = 0  # in AnswerKey.answers: marked right for everyone

_PAIR_MARK = re.compile(r"\s*[-\u2013:]\s*")
_SEPARATORS = re.compile(r"[\s,;]+")
_NUMBER = re.compile(r"[0-9]{1,3}")
_LINES = re.compile(r"\r\n|\r|\n")
_EXPLANATION = re.compile(r"\s*([0-9]{1,3})\s*[:.)\-\u2013]\s*(.*)")


class UnreadableKey(ValueError):
    """A key or explanations that cannot be read; the message names the question."""


@dataclass(frozen=True)
class AnswerKey:
    answers: tuple[int, ...]  # question n's option at n - 1; CANCELLED for x
    options: int  # how many options the sheet offers each question

    @property
    def questions(self) -> int:
        return len(self.answers)


def _option(question: int, token: str) -> int:
    value = token.strip().lower()
    if value == "x":
        return CANCELLED
    if _NUMBER.fullmatch(value) and 1 <= int(value) <= MAX_OPTIONS:
        return int(value)
    raise UnreadableKey(
        f'Question {question}: "{token}" is not an option: write 1 to {MAX_OPTIONS}, or x for a cancelled question.'
    )


def _pairs(tokens: list[str]) -> list[int]:
    given: dict[int, int] = {}
    last = 0
    for token in tokens:
        if "-" not in token:
            where = f"After question {last}" if last else "At the start"
            raise UnreadableKey(
                f'{where}: "{token}" has no question number: write every answer as question-option (12-3), '
                "or only the options in order (3 5 1 4)."
            )
        parts = token.split("-")
        number_text, option_text = parts[0], parts[-1]
        if len(parts) != 2 or not _NUMBER.fullmatch(number_text):
            where = f"After question {last}" if last else "At the start"
            raise UnreadableKey(f'{where}: "{token}" cannot be read: write each answer as question-option, e.g. 12-3.')
        number = int(number_text)
        if not 1 <= number <= MAX_QUESTIONS:
            raise UnreadableKey(f"Question {number}: a paper has questions 1 to {MAX_QUESTIONS}.")
        if number in given:
            raise UnreadableKey(f"Question {number} is given twice.")
        given[number] = _option(number, option_text)
        last = number
    for number in range(1, max(given) + 1):
        if number not in given:
            raise UnreadableKey(f"Question {number} has no answer: write {number}-x if it was cancelled.")
    return [given[number] for number in range(1, len(given) + 1)]


def parse_key(text: object) -> AnswerKey | None:
    """The key in `text`, or None when there is none (empty). Raises UnreadableKey naming the question."""
    if not isinstance(text, str) or not text.strip():
        return None
    tokens = [token for token in _SEPARATORS.split(_PAIR_MARK.sub("-", text.strip())) if token]
    if not tokens:
        return None
    if any("-" in token for token in tokens):
        answers = _pairs(tokens)
    else:
        if len(tokens) > MAX_QUESTIONS:
            raise UnreadableKey(f"Question {MAX_QUESTIONS + 1}: a paper has questions 1 to {MAX_QUESTIONS}.")
        answers = [_option(number, token) for number, token in enumerate(tokens, start=1)]
    return AnswerKey(tuple(answers), max(MIN_OPTIONS, *answers))


def parse_explanations(text: object, questions: int) -> dict[int, str]:
    """Question number -> its explanation. Raises UnreadableKey for a line before any number, a
    question the key does not have (`questions`: the key's count) or one explained twice."""
    if not isinstance(text, str):
        return {}
    found: dict[int, str] = {}
    current = 0
    for line_number, line in enumerate(_LINES.split(text), start=1):
        if not line.strip():
            continue
        numbered = _EXPLANATION.fullmatch(line)
        if numbered is None:
            if not current:
                raise UnreadableKey(
                    f'Explanations, line {line_number}: start with the question number, e.g. "12: because ...".'
                )
            found[current] = f"{found[current]} {line.strip()}".strip()
            continue
        current = int(numbered.group(1))
        if not 1 <= current <= questions:
            raise UnreadableKey(f"Explanation for question {current}: the key has {questions} questions.")
        if current in found:
            raise UnreadableKey(f"Explanation for question {current} is given twice.")
        found[current] = numbered.group(2).strip()
    return found


# ---- marking ------------------------------------------------------------------------------------

RIGHT, WRONG, BLANK = "right", "wrong", "blank"


@dataclass(frozen=True)
class Marks:
    score: int
    total: int
    outcomes: tuple[str, ...]  # RIGHT, WRONG or BLANK for each question
    given: tuple[int, ...]  # the student's option for each question, 0 when blank

    @property
    def blank(self) -> int:
        return self.outcomes.count(BLANK)

    @property
    def percent(self) -> int:
        return round(100 * self.score / self.total) if self.total else 0


def sheet_answers(raw: object, key: AnswerKey) -> tuple[int, ...]:
    """What a browser sent ({"12": 3, ...}) as one option per question, 0 for blank. Anything
    else (a question the key lacks, an option out of range, not a number) counts as blank."""
    given = [0] * key.questions
    if isinstance(raw, dict):
        for question, option in islice(raw.items(), MAX_QUESTIONS * 2):  # a huge forged sheet: its start
            number = _whole(question)
            choice = _whole(option)
            if 1 <= number <= key.questions and 1 <= choice <= key.options:
                given[number - 1] = choice
    return tuple(given)


def _whole(value: object) -> int:
    if isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 3:
        return int(value)
    return 0


def mark(key: AnswerKey, given: tuple[int, ...]) -> Marks:
    """`given` (sheet_answers) against `key`: a cancelled question is right for everyone."""
    outcomes = tuple(
        RIGHT if right == CANCELLED or choice == right else BLANK if choice == 0 else WRONG
        for right, choice in zip(key.answers, given, strict=True)
    )
    return Marks(outcomes.count(RIGHT), key.questions, outcomes, given)
