"""The university cut-offs (/cut-offs): one district's courses with their cut-off Z-scores for
the latest year and the year before, highest first; searched by course or university as the
site search does (search/index.py); those at or under the visitor's estimated Z-score marked.

The view lives in the address: /cut-offs?district=colombo&z=1.625&q=medicine.
The table of every district is made once per version of the list and language for everyone
(`CutOffsView`); a visitor's state holds the rows of their district only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from typing import ClassVar

import reflex as rx
from reflex.event import EventSpec

from student_portal import routes
from student_portal.constants import Limit
from student_portal.exams.figures import CUTOFF_MAX, CUTOFF_MIN, DISTRICTS, district_key, district_slug
from student_portal.exams.zscore import rounded
from student_portal.i18n import format_number, gettext, pgettext
from student_portal.pocketbase import Collection, CutOff
from student_portal.search.index import Document, Segment, query_words
from student_portal.state.address import replace_address
from student_portal.state.content import SharedView, public_rows
from student_portal.state.live import live
from student_portal.utils.query import bounded_text, query_text

Z_MAX_CHARS = 12
_DISTRICTS = frozenset(DISTRICTS)


@dataclass
class CutOffRow:
    """One course at one university, as the table shows it."""

    id: str  # "row-3": its place in the district's table
    course: str
    university: str
    latest: str  # "1.9200", "" when no figure that year
    before: str
    reached: bool = False  # the visitor's Z-score is at or above the latest cut-off
    cutoff: float | None = None  # the latest year's, for marking (falls back to the year before)


# A course at a university in one district: (course, university, latest year's cut-off, the year before's).
Line = tuple[str, str, float | None, float | None]


@dataclass(frozen=True)
class CutOffsView(SharedView):
    """Every district's courses for the latest year and the one before, sorted: made once per
    version of the list and language for everyone (read-only). A district's rows are written
    out (Babel's numbers) when its first visitor asks, then shared too: a year's full table is
    thousands of rows, and most visitors look at one district."""

    latest: int  # 0 when there are no cut-offs
    lines: dict[str, list[Line]]  # district -> its courses, highest latest cut-off first
    sample: bool = False
    failed: bool = False
    LISTS: ClassVar[tuple[str, ...]] = (Collection.CUT_OFFS,)

    def district_rows(self, district: str) -> list[CutOffRow]:
        """The district's rows as the table shows them."""
        lines = self.lines.get(district, [])
        return self.filtered(("rows", district), lambda: [_row(n, line) for n, line in enumerate(lines)])

    def matching(self, district: str, query: str) -> list[CutOffRow]:
        """The district's rows whose course or university matches `query` (all for none)."""
        rows = self.district_rows(district)
        if not query.strip():
            return rows
        wanted = query_words(query)
        if not wanted or not rows:
            return []  # a query of no words (emoji, punctuation) finds nothing, as the site search

        def search() -> list[CutOffRow]:
            segment = Segment(Document("cutoff", row.id, row.course, row.university) for row in rows)
            _, hits = segment.search(wanted, len(rows))
            found = {hit.document.id for hit in hits}
            return [row for row in rows if row.id in found]

        return self.filtered(("search", district, wanted), search)


def _cutoff(value: float | None) -> str:
    return format_number(value, "0.0000") if value is not None else ""


def _row(number: int, line: Line) -> CutOffRow:
    course, university, now, before = line
    return CutOffRow(
        f"row-{number}", course, university, _cutoff(now), _cutoff(before), False, now if now is not None else before
    )


def _sort_key(line: Line) -> tuple[bool, float, float, str, str]:
    course, university, now, before = line
    # Highest latest cut-off first; courses without one that year last; then the year before.
    return (
        now is None,
        -(now or 0.0),
        -(before if before is not None else -99.0),
        course.casefold(),
        university.casefold(),
    )


def _table(records: list[CutOff]) -> CutOffsView:
    years = {r.year for r in records if r.year and r.district in _DISTRICTS and r.cutoff is not None}
    if not years:
        return CutOffsView(0, {})
    latest = max(years)
    # (district, course, university) -> [latest year's, year before's]
    found: dict[tuple[str, str, str], list[float | None]] = {}
    sample = False
    for r in records:
        if r.district not in _DISTRICTS or r.cutoff is None or r.year not in (latest, latest - 1):
            continue
        course, university = r.course.strip(), r.university.strip()
        if not course:
            continue
        found.setdefault((r.district, course, university), [None, None])[0 if r.year == latest else 1] = r.cutoff
        sample = sample or r.sample
    lines: dict[str, list[Line]] = {}
    for (district, course, university), (now, before) in found.items():
        lines.setdefault(district, []).append((course, university, now, before))
    for district_lines in lines.values():
        district_lines.sort(key=_sort_key)
    return CutOffsView(latest, lines, sample)


def _record(record: CutOff) -> CutOff:
    return record


async def cut_offs_view() -> CutOffsView:
    records = await public_rows(Collection.CUT_OFFS, CutOff, _record)
    if records is None:
        return CutOffsView(0, {}, failed=True)
    return CutOffsView.shared(lambda: _table(records))


def parse_z(text: str) -> Decimal | str | None:
    """A typed Z-score: None when empty, the number when it is one from -5 to 5, else "bad"."""
    typed = text.strip().replace("\u2212", "-").replace(",", ".")
    if not typed:
        return None
    try:
        z = Decimal(typed)
    except InvalidOperation:
        return "bad"
    if not z.is_finite() or "e" in typed.lower() or not Decimal(CUTOFF_MIN) <= z <= Decimal(CUTOFF_MAX):
        return "bad"
    return z


def district_of(params: Mapping[str, str]) -> str:
    """The address's district (?district=colombo, any case): its key, or "" (none chosen)."""
    value = params.get("district")
    return district_key(value) or "" if isinstance(value, str) else ""


@live(Collection.CUT_OFFS, handler="refresh")
class CutOffsState(rx.State):
    district: str = ""  # a key of DISTRICTS; "" = none chosen yet
    district_name: str = ""  # in the page's language
    query: str = ""
    z_text: str = ""  # as typed
    z_message: str = ""  # why the typed Z-score is not used
    z_note: str = ""  # "Courses with a cut-off at or under 1.625 are marked."
    rows: list[CutOffRow] = []
    reached: int = 0
    latest_year: str = ""
    before_year: str = ""
    sample: bool = False
    loading: bool = True
    failed: bool = False

    def _address(self) -> EventSpec:
        slug = district_slug(self.district) if self.district else ""
        return replace_address(routes.CUT_OFFS, {"district": slug, "z": self.z_text.strip(), "q": self.query})

    def _show(self, view: CutOffsView) -> None:
        self.failed = view.failed
        self.district_name = pgettext("district", self.district) if self.district else ""
        self.sample = view.sample
        self.latest_year = format_number(view.latest, "0") if view.latest else ""
        self.before_year = format_number(view.latest - 1, "0") if view.latest else ""
        z = parse_z(self.z_text)
        self.z_message = gettext("Enter a Z-score from -5 to 5, such as 1.625.") if z == "bad" else ""
        mark = isinstance(z, Decimal)
        self.z_note = (
            gettext("Courses with a cut-off at or under {z} are marked.").format(
                z=format_number(float(rounded(z)), "0.000")
            )
            if isinstance(z, Decimal)
            else ""
        )
        rows = view.matching(self.district, self.query) if self.district else []
        if mark:
            rows = [
                replace(row, reached=row.cutoff is not None and Decimal(repr(row.cutoff)) <= z)  # type: ignore[operator]
                for row in rows
            ]
        self.rows = rows
        self.reached = sum(1 for row in rows if row.reached)
        self.loading = False

    async def _update(self) -> EventSpec:
        self._show(await cut_offs_view())
        return self._address()

    @rx.event
    async def set_district(self, value: str):
        self.district = district_key(bounded_text(value, Limit.CHOICE_MAX_CHARS)) or ""
        return await self._update()

    @rx.event
    async def set_query(self, value: str):
        self.query = bounded_text(value, Limit.SEARCH_TEXT_MAX_CHARS)
        return await self._update()

    @rx.event
    async def set_z(self, value: str):
        self.z_text = bounded_text(value, Z_MAX_CHARS)
        return await self._update()

    @rx.event(background=True)
    async def load(self):
        async with self:
            params = dict(self.router.url.query_parameters)
            self.district = district_of(params)
            self.query = query_text(params, "q")
            z = params.get("z")
            self.z_text = z[:Z_MAX_CHARS] if isinstance(z, str) else ""
        view = await cut_offs_view()
        async with self:
            self._show(view)

    @rx.event(background=True)
    async def refresh(self):
        view = await cut_offs_view()
        async with self:
            self._show(view)
