"""Practising a keyed MCQ paper (/practice?c=<collection>&id=<record>), marked on the server.

The sheet opens with the paper's answer key read by the site's server with its superuser
credential (the key is a hidden field: the public API never gives it) into backend-only vars
(`_key`, `_explanations`): the browser gets the question numbers and options, and the key only
as the marks of a sheet it has handed in. The sheet is marked against the key as it was when it
opened, so a content manager's correction meanwhile never changes a sheet half answered. A
sheet is marked once (`_marked`): a second or replayed submit changes nothing, and a stored
attempt is unique per user and sheet in PocketBase too.

Signed in, the attempt is stored (by the server, with its credential: the attempts collection
takes no writes through the API) and the paper's earlier attempts are listed with the
student's own token. Signed out, the marks are shown and the attempt waits here (`_unsaved`)
for a sign-in from this tab: back on the page, it is stored.
"""

from __future__ import annotations

import logging
import re
import secrets
import time
from dataclasses import dataclass

import reflex as rx
from babel.numbers import format_percent

from student_portal import routes
from student_portal.constants import Limit, StorageKey
from student_portal.i18n import Np_, format_number, gettext, language, locale, ngettext
from student_portal.pocketbase import Attempt, ClientResponseError, FolderItem, configured_client, parse_records
from student_portal.pocketbase.collections import Collection
from student_portal.pocketbase.filters import filter_eq
from student_portal.search.indexer import is_pdf
from student_portal.state.auth import forget_on_logout, sign_in_first, verified_session
from student_portal.state.content import backend_failures
from student_portal.state.history import HistoryState
from student_portal.state.server_credential import as_server as _as_server
from student_portal.state.server_credential import server_token as server_token
from student_portal.utils.answer_keys import (
    BLANK,
    CANCELLED,
    RIGHT,
    AnswerKey,
    Marks,
    UnreadableKey,
    mark,
    parse_explanations,
    parse_key,
    sheet_answers,
)
from student_portal.utils.dates import format_clock, format_date, format_duration
from student_portal.utils.page_actions import run_page_action

log = logging.getLogger(__name__)

_RECORD_ID = re.compile(r"[a-z0-9]{1,40}")
KEYED: dict[str, str] = {Collection.OL_ITEMS: routes.OL, Collection.AL_ITEMS: routes.AL}
# A sheet's answers wait this long past its time for a late hand-in (a slow connection).
LATE_S = 60


MARKS_ID = "practice-marks"  # the marks' section: the page scrolls to it on Submit


class PracticePhase:
    LOADING = "loading"
    NOT_FOUND = "not_found"  # no such paper (or no file to show)
    NO_KEY = "no_key"  # a paper without an answer key
    FAILED = "failed"
    SHEET = "sheet"
    MARKED = "marked"


class Kept:
    """What became of a marked sheet's attempt."""

    NONE = ""
    SAVED = "saved"
    SIGN_IN = "sign_in"  # signed out: kept here until the student signs in
    FAILED = "failed"


@dataclass
class ResultRow:
    number: int
    outcome: str  # RIGHT, WRONG or BLANK
    outcome_text: str
    given: str  # "Your answer: 3" / "No answer"
    right: str  # "Correct answer: 4" / "Cancelled: marked right for everyone"
    explanation: str


@dataclass
class AttemptRow:
    when: str
    score: str
    time: str


# ---- texts ------------------------------------------------------------------------------------

SCORE = "{score} / {total}"
QUESTION_COUNT = Np_("{count} question", "{count} questions")
BLANK_COUNT = Np_("{count} question left blank", "{count} questions left blank")
WRONG_COUNT = Np_("{count} wrong answer", "{count} wrong answers")


def score_text(score: int, total: int) -> str:
    return SCORE.format(score=format_number(score), total=format_number(total))


def percent_text(marks: Marks) -> str:
    return format_percent(marks.score / marks.total if marks.total else 0, locale=locale(language()))


def result_rows(key: AnswerKey, marks: Marks, explanations: dict[int, str]) -> list[ResultRow]:
    outcome_texts = {RIGHT: gettext("Right"), BLANK: gettext("Left blank")}
    rows = []
    for number, (outcome, given, right) in enumerate(zip(marks.outcomes, marks.given, key.answers, strict=True), 1):
        rows.append(
            ResultRow(
                number=number,
                outcome=outcome,
                outcome_text=outcome_texts.get(outcome) or gettext("Wrong"),
                given=gettext("Your answer: {option}").format(option=given) if given else gettext("No answer"),
                right=(
                    gettext("Cancelled: marked right for everyone")
                    if right == CANCELLED
                    else gettext("Correct answer: {option}").format(option=right)
                ),
                explanation=explanations.get(number, ""),
            )
        )
    return rows


def attempt_row(attempt: Attempt) -> AttemptRow:
    when = " ".join(part for part in (format_date(attempt.created), format_clock(attempt.created)) if part)
    return AttemptRow(
        when=when,
        score=score_text(int(attempt.score or 0), int(attempt.total or 0)),
        time=format_duration(attempt.seconds),
    )


def store_key(collection: str, record_id: str) -> str:
    """The sheet's answers in the browser's localStorage (assets/answer_sheet.js)."""
    return f"{StorageKey.PRACTICE_SHEET_PREFIX}{collection}:{record_id}"


@forget_on_logout  # the earlier attempts and a sheet's marks leave with the session
class PracticeState(rx.State):
    phase: str = PracticePhase.LOADING
    title: str = ""
    paper_url: str = ""
    scheme_url: str = ""  # the marking scheme, shown once the sheet is marked
    viewer_url: str = ""  # what the viewer shows: the paper, or the marking scheme
    # The paper (collection, id) and the page it opens at: a signed-in student's place in it.
    paper_collection: str = ""
    paper_record: str = ""
    paper_page: int = 0
    back_href: str = ""
    show_paper: bool = False  # on a phone: the paper instead of the sheet
    questions: list[int] = []
    options: list[int] = []
    about: str = ""  # "50 questions · 2 hr"
    seconds_left: int = -1  # -1: no timer
    sheet_id: str = ""
    store_key: str = ""
    # marks
    score: str = ""
    percent: str = ""
    time_taken: str = ""
    blank_text: str = ""
    wrong_text: str = ""
    rows: list[ResultRow] = []
    kept: str = Kept.NONE
    earlier: list[AttemptRow] = []
    # backend only: never sent to the browser
    _paper: tuple[str, str] = ("", "")
    _key: tuple[int, ...] = ()
    _options: int = 0
    _explanations: dict[int, str] = {}
    _limit_s: int = 0  # the paper's time (0: none)
    _opened_at: float = 0.0
    _marked: bool = False
    _again: bool = False  # Try again: the next load opens a new sheet
    _unsaved: dict = {}  # a signed-out student's marked attempt, stored when they sign in

    def _clear(self) -> None:
        self.reset()

    def _seconds_left(self) -> int:
        if not self._limit_s:
            return -1
        return max(0, round(self._limit_s - (time.time() - self._opened_at)))

    @rx.event(background=True)
    async def load(self):
        async with self:
            params = self.router.url.query_parameters
            paper = (str(params.get("c", "")), str(params.get("id", "")))
            # The same paper again (a reload, back from signing in): its sheet or its marks stay.
            resume = paper == self._paper and self.phase in (PracticePhase.SHEET, PracticePhase.MARKED)
            if resume and not self._again:
                self.seconds_left = self._seconds_left() if self.phase == PracticePhase.SHEET else -1
            else:
                # A new sheet, with the key as it is now; a signed-out attempt of this paper still
                # waits for the sign-in.
                unsaved = self._unsaved if paper == self._paper else {}
                self._clear()
                self._paper, self._unsaved, resume = paper, unsaved, False
        if resume:
            await self._keep_and_list()
            return
        collection, record_id = paper
        if collection not in KEYED or not _RECORD_ID.fullmatch(record_id):
            async with self:
                self.phase = PracticePhase.NOT_FOUND
            return
        try:
            record = await _as_server(lambda token: configured_client().get_one(collection, record_id, token=token))
            backend_failures.recovered("answer key")
        except ClientResponseError as error:
            if error.status == 404:
                async with self:
                    self.phase = PracticePhase.NOT_FOUND
                return
            backend_failures.failed("answer key", error)
            async with self:
                self.phase = PracticePhase.FAILED
            return
        async with self:
            history = await self.get_state(HistoryState)
        page = await history.last_page(collection, record_id)  # 0: none, or signed out
        async with self:
            if self._paper != paper:  # the visitor moved on meanwhile
                return
            self._open(collection, record)
            self.paper_collection, self.paper_record, self.paper_page = collection, record_id, page
            opened = self.phase == PracticePhase.SHEET
        if opened:
            await self._keep_and_list()

    def _open(self, collection: str, record: dict) -> None:
        item = parse_records(FolderItem, [record])
        if not item or not is_pdf(item[0].file):
            self.phase = PracticePhase.NOT_FOUND
            return
        paper = item[0]
        client = configured_client()
        self.title = paper.title or paper.file
        self.paper_url = self.viewer_url = client.file_url(collection, paper.id, paper.file)
        self.scheme_url = client.file_url(collection, paper.id, paper.marking_scheme)
        self.back_href = routes.folder(KEYED[collection], paper.folder) if paper.folder else ""
        try:
            key = parse_key(record.get("answers"))
            explanations = parse_explanations(record.get("explanations"), key.questions if key else 0)
        except UnreadableKey as error:  # saved before the hook (or around it): as if unkeyed
            log.warning("practice: %s %s has an unreadable key: %s", collection, paper.id, error)
            key, explanations = None, {}
        if key is None:
            self.phase = PracticePhase.NO_KEY
            return
        self._key, self._options, self._explanations = key.answers, key.options, explanations
        self._limit_s = (paper.minutes or 0) * 60
        count = ngettext(*QUESTION_COUNT, key.questions).format(count=format_number(key.questions))
        self.about = " · ".join(part for part in (count, format_duration(self._limit_s)) if part)
        self._new_sheet()

    def _new_sheet(self) -> None:
        collection, record_id = self._paper
        self.questions = list(range(1, len(self._key) + 1))
        self.options = list(range(1, self._options + 1))
        self.sheet_id = secrets.token_hex(8)
        self.store_key = store_key(collection, record_id)
        self._opened_at = time.time()
        self._marked = False
        self.seconds_left = self._seconds_left()
        self.rows, self.score, self.percent, self.time_taken, self.kept = [], "", "", "", Kept.NONE
        self.blank_text = self.wrong_text = ""
        self.viewer_url, self.show_paper = self.paper_url, False
        self.phase = PracticePhase.SHEET

    @rx.event(background=True)
    async def submit(self, sheet_id: str, answers: dict):
        """The sheet handed in ({"12": 3, ...}): marked here against the key held since it opened."""
        async with self:
            if self.phase != PracticePhase.SHEET or self._marked or sheet_id != self.sheet_id:
                return  # a doubled or replayed submit (or an old sheet's): each sheet is marked once
            self._marked = True
            key = AnswerKey(self._key, self._options)
            given = sheet_answers(answers, key)
            marks = mark(key, given)
            seconds = max(0, round(time.time() - self._opened_at))
            if self._limit_s:
                seconds = min(seconds, self._limit_s)
            self._show(key, marks, seconds)
            collection, record_id = self._paper
            self._unsaved = {
                "collection": collection,
                "record": record_id,
                "answers": {str(n): option for n, option in enumerate(given, 1) if option},
                "score": marks.score,
                "total": marks.total,
                "seconds": seconds,
                "sheet": self.sheet_id,
            }
            forget = run_page_action("forgetStored", self.store_key)
        yield [forget, rx.scroll_to(MARKS_ID)]
        await self._keep_and_list()

    def _show(self, key: AnswerKey, marks: Marks, seconds: int) -> None:
        self.score = score_text(marks.score, marks.total)
        self.percent = percent_text(marks)
        self.time_taken = format_duration(seconds) or format_duration(1)
        wrong = marks.total - marks.score - marks.blank
        self.blank_text = (
            ngettext(*BLANK_COUNT, marks.blank).format(count=format_number(marks.blank)) if marks.blank else ""
        )
        self.wrong_text = ngettext(*WRONG_COUNT, wrong).format(count=format_number(wrong)) if wrong else ""
        self.rows = result_rows(key, marks, self._explanations)
        self.seconds_left = -1
        self.phase = PracticePhase.MARKED

    async def _keep_and_list(self) -> None:
        """Store a marked, unsaved attempt when the visitor is signed in; list their earlier ones."""
        try:
            session = await verified_session(self)
        except ClientResponseError as error:
            backend_failures.failed("session check", error)
            session = None
        async with self:
            unsaved, paper = dict(self._unsaved), self._paper
            if session is None and unsaved:
                self.kept = Kept.SIGN_IN
        if session is None:
            return
        if unsaved:
            kept = await _store(session.user.id, unsaved)
            async with self:
                if self._unsaved.get("sheet") == unsaved["sheet"]:
                    self._unsaved = {} if kept else self._unsaved
                    self.kept = Kept.SAVED if kept else Kept.FAILED
        earlier = await _earlier(session.token, session.user.id, paper)
        async with self:
            if self._paper == paper and earlier is not None:
                self.earlier = earlier

    @rx.event
    def try_again(self):
        """A fresh sheet of the same paper, opened as a new one (the key read again)."""
        if self.phase == PracticePhase.MARKED:
            self._again = True
            return PracticeState.load
        return None

    @rx.event
    def show(self, what: str):
        """On a phone: the paper, the marking scheme (once marked) or the sheet."""
        if what == "scheme" and self.phase == PracticePhase.MARKED and self.scheme_url:
            self.viewer_url, self.show_paper = self.scheme_url, True
        elif what == "paper":
            self.viewer_url, self.show_paper = self.paper_url, True
        else:
            self.viewer_url, self.show_paper = self.paper_url, False

    @rx.event
    def sign_in_to_keep(self):
        collection, record_id = self._paper
        return sign_in_first(routes.practice(collection, record_id))


async def _store(user_id: str, attempt: dict) -> bool:
    """The attempt written by the server; True when it is stored (now or by an earlier replay)."""
    body = {**attempt, "user": user_id}
    try:
        await _as_server(lambda token: configured_client().create(Collection.ATTEMPTS, body, token=token))
        return True
    except ClientResponseError as error:
        if error.status == 400 and _already_stored(error):
            return True
        log.warning("practice: the attempt could not be stored (status %s)", error.status)
        return False


def _already_stored(error: ClientResponseError) -> bool:
    fields = error.response.get("data")
    sheet = fields.get("sheet") if isinstance(fields, dict) else None
    return isinstance(sheet, dict) and sheet.get("code") == "validation_not_unique"


async def _earlier(token: str, user_id: str, paper: tuple[str, str]) -> list[AttemptRow] | None:
    collection, record_id = paper
    try:
        result = await configured_client().list(
            Collection.ATTEMPTS,
            per_page=Limit.PRACTICE_EARLIER_ATTEMPTS,
            sort="-created",
            filter=" && ".join(
                (filter_eq("user", user_id), filter_eq("collection", collection), filter_eq("record", record_id))
            ),
            skip_total=True,
            token=token,
        )
    except ClientResponseError as error:
        backend_failures.failed("earlier attempts", error)
        return None
    return [attempt_row(a) for a in parse_records(Attempt, result.items)]
