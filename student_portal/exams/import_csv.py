"""The checks of `make import-exam-data FILE=...`: a CSV file of exam figures in, either every
row ready to save or every bad row named (row number, column, why). Pure: no I/O.

Two kinds of file, told apart by their header row (columns in any order, names as written here):
- statistics: year, stream, subject, mean, sd (the published mean and standard deviation)
- cut-offs:   year, course, university, district, cutoff (the published cut-off Z-score)
Row numbers count the file's lines as a spreadsheet shows them: the header is row 1.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass, field
from typing import Any

from student_portal.exams import figures as f

KINDS: dict[str, tuple[str, ...]] = {
    "statistics": ("year", "stream", "subject", "mean", "sd"),
    "cutoffs": ("year", "course", "university", "district", "cutoff"),
}
KEYS: dict[str, tuple[str, ...]] = {
    "statistics": ("year", "stream", "subject"),
    "cutoffs": ("year", "course", "university", "district"),
}
MAX_ROWS = 100_000  # a year's cut-offs are a few thousand rows


@dataclass(frozen=True)
class BadRow:
    row: int  # 1 = the header
    column: str  # "" when the whole row is at fault
    why: str

    def __str__(self) -> str:
        where = f"row {self.row}" + (f", column {self.column}" if self.column else "")
        return f"{where}: {self.why}"


@dataclass
class Checked:
    kind: str = ""
    rows: list[dict[str, Any]] = field(default_factory=list)
    bad: list[BadRow] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.bad and bool(self.rows)


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _check_number(row: int, column: str, text: str, low: float, high: float, bad: list[BadRow]) -> float | None:
    value = _number(text)
    if value is None:
        bad.append(BadRow(row, column, f"{text!r} is not a number"))
        return None
    if not low <= value <= high:
        bad.append(BadRow(row, column, f"{text} is outside {low:g} to {high:g}"))
        return None
    return value


def _check_year(row: int, text: str, bad: list[BadRow]) -> int | None:
    if not text.isdecimal() or not f.YEAR_MIN <= int(text) <= f.YEAR_MAX:
        bad.append(BadRow(row, "year", f"{text!r} is not a year from {f.YEAR_MIN} to {f.YEAR_MAX}"))
        return None
    return int(text)


def _check_name(row: int, column: str, text: str, bad: list[BadRow]) -> str | None:
    limit = f.NAME_MAX[column]
    if len(text) > limit:
        bad.append(BadRow(row, column, f"longer than {limit} characters"))
        return None
    return " ".join(text.split())


def _check_row(kind: str, number: int, cells: dict[str, str], bad: list[BadRow]) -> dict[str, Any] | None:
    found = len(bad)
    for column in KINDS[kind]:
        if not cells[column]:
            bad.append(BadRow(number, column, "empty"))
    if len(bad) > found:
        return None
    row: dict[str, Any] = {"year": _check_year(number, cells["year"], bad)}
    if kind == "statistics":
        stream = f.stream_key(cells["stream"])
        if stream is None:
            bad.append(BadRow(number, "stream", f"{cells['stream']!r} is not a stream ({', '.join(f.STREAMS)})"))
        row["stream"] = stream
        row["subject"] = _check_name(number, "subject", cells["subject"], bad)
        row["mean"] = _check_number(number, "mean", cells["mean"], f.MEAN_MIN, f.MEAN_MAX, bad)
        row["sd"] = _check_number(number, "sd", cells["sd"], f.SD_MIN, f.SD_MAX, bad)
    else:
        row["course"] = _check_name(number, "course", cells["course"], bad)
        row["university"] = _check_name(number, "university", cells["university"], bad)
        district = f.district_key(cells["district"])
        if district is None:
            bad.append(BadRow(number, "district", f"{cells['district']!r} is not one of the 25 districts"))
        row["district"] = district
        row["cutoff"] = _check_number(number, "cutoff", cells["cutoff"], f.CUTOFF_MIN, f.CUTOFF_MAX, bad)
    return row if len(bad) == found else None


def _key(kind: str, row: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(str(row[k]).casefold() if isinstance(row[k], str) else row[k] for k in KEYS[kind])


def check_csv(data: bytes) -> Checked:
    """Every row of a CSV file checked; `ok` only when all of them are good (and there is one)."""
    try:
        text = data.decode("utf-8-sig")  # a spreadsheet's "CSV UTF-8" starts with a BOM
    except UnicodeDecodeError as error:
        return Checked(bad=[BadRow(1 + data[: error.start].count(b"\n"), "", "not UTF-8 text (save as CSV UTF-8)")])
    lines = list(csv.reader(io.StringIO(text, newline="")))
    while lines and not any(cell.strip() for cell in lines[-1]):
        lines.pop()  # blank lines at the end are no rows
    if not lines:
        return Checked(bad=[BadRow(1, "", "the file is empty")])
    header = [cell.strip().lower() for cell in lines[0]]
    kind = next((k for k, columns in KINDS.items() if set(header) == set(columns)), "")
    if not kind or len(header) != len(set(header)):
        expected = " or ".join(", ".join(columns) for columns in KINDS.values())
        return Checked(bad=[BadRow(1, "", f"the header must name the columns {expected}")])
    checked = Checked(kind=kind)
    if len(lines) - 1 > MAX_ROWS:
        checked.bad.append(BadRow(MAX_ROWS + 2, "", f"more than {MAX_ROWS} rows: split the file"))
        return checked
    seen: dict[tuple[Any, ...], int] = {}
    for number, cells in enumerate(lines[1:], start=2):
        if not any(cell.strip() for cell in cells):
            checked.bad.append(BadRow(number, "", "empty row"))
            continue
        if len(cells) != len(header):
            checked.bad.append(BadRow(number, "", f"{len(cells)} cells, the header has {len(header)}"))
            continue
        row = _check_row(
            kind, number, {name: cell.strip() for name, cell in zip(header, cells, strict=True)}, checked.bad
        )
        if row is None:
            continue
        key = _key(kind, row)
        if key in seen:
            checked.bad.append(BadRow(number, "", f"the same {', '.join(KEYS[kind])} as row {seen[key]}"))
            continue
        seen[key] = number
        checked.rows.append(row)
    if not checked.rows and not checked.bad:
        checked.bad.append(BadRow(2, "", "no rows under the header"))
    return checked
