"""The Z-score estimator (/z-score): stream, year, three subjects and their expected marks in;
each subject's z with the figures used, and the Z-score, out (student_portal/exams/zscore.py).

The published figures are read from the shared cache and arranged once per version of the list
for every visitor (`StatisticsView`); a visitor's state holds their stream's and year's choices
only. Every result is worked out on the server, in the visitor's language (Babel's numbers).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import ClassVar

import reflex as rx

from student_portal import routes
from student_portal.constants import Limit
from student_portal.exams.figures import STREAMS
from student_portal.exams.zscore import SUBJECTS, Estimate, Figure, Problem, estimate, rounded
from student_portal.i18n import format_number, gettext, pgettext
from student_portal.pocketbase import Collection, ExamStatistic
from student_portal.state.content import SharedView, public_rows
from student_portal.state.live import live
from student_portal.state.options import Option
from student_portal.utils.query import bounded_text

MARK_MAX_CHARS = 12  # "100.00" and then some: nobody's mark is longer


@dataclass(frozen=True)
class StatisticsView(SharedView):
    """The figures by stream and year (newest year first), shared by every visitor (read-only)."""

    # stream -> year -> subject -> (its figures, sample?)
    figures: dict[str, dict[int, dict[str, tuple[Figure | None, bool]]]]
    failed: bool = False
    LISTS: ClassVar[tuple[str, ...]] = (Collection.EXAM_STATISTICS,)

    def streams(self) -> list[str]:
        return [key for key in STREAMS if self.figures.get(key)]

    def years(self, stream: str) -> list[int]:
        return sorted(self.figures.get(stream, {}), reverse=True)

    def subjects(self, stream: str, year: int) -> dict[str, tuple[Figure | None, bool]]:
        return self.figures.get(stream, {}).get(year, {})


def _arranged(records: list[ExamStatistic]) -> StatisticsView:
    figures: dict[str, dict[int, dict[str, tuple[Figure | None, bool]]]] = {}
    for record in records:
        if record.stream in STREAMS and record.year and record.subject.strip():
            year = figures.setdefault(record.stream, {}).setdefault(record.year, {})
            year[record.subject.strip()] = (Figure.of(record.mean, record.sd), record.sample)
    for years in figures.values():
        for year_number, subjects in years.items():
            years[year_number] = dict(sorted(subjects.items(), key=lambda item: item[0].casefold()))
    return StatisticsView(figures)


def _record(record: ExamStatistic) -> ExamStatistic:
    return record


async def statistics_view() -> StatisticsView:
    records = await public_rows(Collection.EXAM_STATISTICS, ExamStatistic, _record)
    if records is None:
        return StatisticsView({}, failed=True)
    return StatisticsView.shared(lambda: _arranged(records))


@dataclass
class SubjectRow:
    """One subject's line of results, as the page shows it."""

    label: str  # "Subject 1"
    subject: str
    figures: str  # "mean 38.2, standard deviation 22.1"; "" until known
    z: str  # "1.665"; "" when not worked out
    message: str = ""  # why not, when the student must act


@dataclass
class Results:
    rows: list[SubjectRow] = field(default_factory=list)
    z: str = ""
    message: str = ""
    cut_offs_href: str = ""


def _number(value: Decimal, pattern: str) -> str:
    return format_number(float(value), pattern)


def _problem_text(problem: Problem | None, subject: str, year: int) -> str:
    if problem is Problem.BAD_MARK:
        return gettext("Enter a mark from 0 to 100.")
    if problem is Problem.TWICE:
        return gettext("This subject is chosen twice: choose three different subjects.")
    if problem is Problem.NO_FIGURE:
        return gettext("No published figures for {subject} in {year}.").format(
            subject=subject, year=format_number(year, "0")
        )
    return ""


def results(found: Estimate, year: int) -> Results:
    """What the page shows for an estimate, in the current language."""
    rows = []
    for number, result in enumerate(found.subjects, start=1):
        shown = result.figure
        figures = (
            gettext("mean {mean}, standard deviation {sd}").format(
                mean=_number(shown.mean, "0.0#"), sd=_number(shown.sd, "0.0#")
            )
            if shown is not None and result.problem is not Problem.TWICE
            else ""
        )
        rows.append(
            SubjectRow(
                label=gettext("Subject {number}").format(number=format_number(number)),
                subject=result.subject,
                figures=figures,
                z=_number(rounded(result.z), "0.000") if result.z is not None else "",
                message=_problem_text(result.problem, result.subject, year),
            )
        )
    if found.z is not None:
        z = _number(rounded(found.z), "0.000")
        href = routes.cut_offs(z=str(rounded(found.z)))  # English: the page's link adds /si or /ta
        return Results(rows, z, "", href)
    problems = found.problems
    if problems & {Problem.BAD_MARK, Problem.TWICE, Problem.NO_FIGURE}:
        message = gettext("Correct the marked subjects to see your Z-score.")
    else:
        message = gettext("Choose three subjects and enter a mark for each to see your Z-score.")
    return Results(rows, "", message, "")


@live(Collection.EXAM_STATISTICS, handler="refresh")
class ZScoreState(rx.State):
    streams: list[Option] = []
    years: list[Option] = []
    subject_options: list[Option] = []  # the chosen stream's and year's subjects
    stream: str = ""
    year: str = ""
    subjects: list[str] = [""] * SUBJECTS
    marks: list[str] = [""] * SUBJECTS
    # One per subject from the start: the page reads rows[0..2] (filled by the first load).
    rows: list[SubjectRow] = [SubjectRow("", "", "", "") for _ in range(SUBJECTS)]
    z: str = ""  # the Z-score, "" until three good marks
    message: str = ""
    cut_offs_href: str = ""
    sample: bool = False  # the chosen figures are the demo's
    loading: bool = True
    failed: bool = False

    def _show(self, view: StatisticsView) -> None:
        self.failed = view.failed
        streams = view.streams()
        self.streams = [Option(key, pgettext("stream", STREAMS[key])) for key in streams]
        if self.stream not in streams:
            self.stream = streams[0] if streams else ""
        years = view.years(self.stream)
        self.years = [Option(str(year), format_number(year, "0")) for year in years]
        if self.year not in {str(year) for year in years}:
            self.year = str(years[0]) if years else ""
        subjects = view.subjects(self.stream, int(self.year)) if self.year else {}
        self.subject_options = [Option(name, name) for name in subjects]
        self.subjects = [s if s in subjects else "" for s in self.subjects]
        self.sample = any(sample for _, sample in subjects.values())
        found = estimate(
            list(zip(self.subjects, self.marks, strict=True)), {name: fig for name, (fig, _) in subjects.items()}
        )
        shown = results(found, int(self.year) if self.year else 0)
        self.rows, self.z, self.message, self.cut_offs_href = shown.rows, shown.z, shown.message, shown.cut_offs_href
        self.loading = False

    async def _update(self) -> None:
        self._show(await statistics_view())

    @rx.event
    async def set_stream(self, value: str):
        self.stream = bounded_text(value, Limit.CHOICE_MAX_CHARS)
        self.year = ""
        await self._update()

    @rx.event
    async def set_year(self, value: str):
        self.year = bounded_text(value, Limit.CHOICE_MAX_CHARS)
        await self._update()

    @rx.event
    async def set_subject(self, index: int, value: str):
        if isinstance(index, int) and 0 <= index < SUBJECTS:
            self.subjects[index] = bounded_text(value, Limit.CHOICE_MAX_CHARS)
            await self._update()

    @rx.event
    async def set_mark(self, index: int, value: str):
        if isinstance(index, int) and 0 <= index < SUBJECTS:
            self.marks[index] = bounded_text(value, MARK_MAX_CHARS)
            await self._update()

    @rx.event(background=True)
    async def load(self):
        view = await statistics_view()
        async with self:
            self._show(view)

    refresh = load  # keeps the visitor's choices while they are still offered
