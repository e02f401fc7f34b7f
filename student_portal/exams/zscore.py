"""The Z-score of three A/L subjects, as the University Grants Commission computes it.

Each subject's raw mark is standardised against that year's figures for the subject:
z = (mark - mean) / sd; the Z-score is the mean of the three z. Shown to three decimals,
rounded half away from zero (0.0125 -> 0.013, -0.0125 -> -0.013); the Z-score is the mean of
the unrounded z, rounded once. Decimal arithmetic throughout, so the published figures (one
or two decimals) give the same digits a hand calculation does. Pure: no I/O, never raises.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from enum import StrEnum

PLACES = Decimal("0.001")
MARK_MIN, MARK_MAX = Decimal(0), Decimal(100)
SUBJECTS = 3
# A mark as typed: digits with an optional decimal part (no exponent, no sign but minus, which
# reads as out of range). Longer than this is nobody's mark.
_MARK = re.compile(r"-?\d{1,6}(?:[.,]\d{1,6})?")


class Problem(StrEnum):
    """Why a subject's z (or the Z-score) is not shown."""

    NO_SUBJECT = "no_subject"  # not chosen yet: nothing to say
    NO_MARK = "no_mark"  # not typed yet: nothing to say
    BAD_MARK = "bad_mark"  # not a mark from 0 to 100
    TWICE = "twice"  # the same subject chosen twice
    NO_FIGURE = "no_figure"  # no mean and standard deviation for it that year


@dataclass(frozen=True)
class Figure:
    """A subject's published figures for one year."""

    mean: Decimal
    sd: Decimal

    @classmethod
    def of(cls, mean: float | None, sd: float | None) -> Figure | None:
        """From PocketBase's numbers; None when they cannot standardise a mark (no sd, sd <= 0)."""
        if mean is None or sd is None:
            return None
        try:
            made = cls(Decimal(repr(float(mean))), Decimal(repr(float(sd))))
        except (InvalidOperation, ValueError, TypeError):
            return None
        return made if made.mean.is_finite() and made.sd.is_finite() and made.sd > 0 else None


def subject_z(mark: Decimal, figure: Figure) -> Decimal:
    """(mark - mean) / sd, unrounded."""
    return (mark - figure.mean) / figure.sd


def z_score(zs: Sequence[Decimal]) -> Decimal:
    """The mean of the subjects' unrounded z, unrounded."""
    return sum(zs, Decimal(0)) / len(zs)


def rounded(value: Decimal) -> Decimal:
    """To three decimals, halves away from zero; never "-0.000"."""
    made = value.quantize(PLACES, rounding=ROUND_HALF_UP)
    return made if made != 0 else abs(made)


def parse_mark(text: str) -> Decimal | Problem | None:
    """A typed mark: None when empty, the number when it is one from 0 to 100, else BAD_MARK."""
    typed = text.strip().replace("\u2212", "-")
    if not typed:
        return None
    if not _MARK.fullmatch(typed):
        return Problem.BAD_MARK
    mark = Decimal(typed.replace(",", "."))
    return mark if MARK_MIN <= mark <= MARK_MAX else Problem.BAD_MARK


@dataclass(frozen=True)
class SubjectResult:
    subject: str
    figure: Figure | None
    z: Decimal | None  # unrounded; None with a problem
    problem: Problem | None


@dataclass(frozen=True)
class Estimate:
    subjects: tuple[SubjectResult, ...]
    z: Decimal | None  # unrounded; None unless every subject has its z

    @property
    def problems(self) -> set[Problem]:
        return {s.problem for s in self.subjects if s.problem is not None}


def estimate(choices: Sequence[tuple[str, str]], figures: dict[str, Figure | None]) -> Estimate:
    """Each (subject, typed mark) of `choices` against `figures` (subject -> its figures for the
    chosen stream and year): every subject's z and the Z-score, or why not. A subject chosen
    twice gives neither of its rows a z: never a Z-score from two of the same."""
    chosen = [subject for subject, _ in choices if subject]
    results = []
    for subject, typed in choices:
        figure = figures.get(subject) if subject else None
        mark = parse_mark(typed)
        problem: Problem | None = None
        if not subject:
            problem = Problem.NO_SUBJECT
        elif chosen.count(subject) > 1:
            problem = Problem.TWICE
        elif figure is None:
            problem = Problem.NO_FIGURE
        elif isinstance(mark, Problem):
            problem = mark
        elif mark is None:
            problem = Problem.NO_MARK
        z = subject_z(mark, figure) if problem is None and isinstance(mark, Decimal) and figure else None
        results.append(SubjectResult(subject, figure, z, problem))
    zs = [r.z for r in results if r.z is not None]
    whole = len(zs) == SUBJECTS == len(results)
    return Estimate(tuple(results), z_score(zs) if whole else None)
