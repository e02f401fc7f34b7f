"""Practice progress per subject for /my-study (issue 52), as pure rules: a student's attempts
grouped by the folder (the subject) of their paper, scores over time as a small chart's points,
the best and the latest score, and the keyed papers of that folder not yet attempted.

No texts and no I/O here: the state reads the attempts (the student's own token) and the public
papers and folders (the shared cache), and words the result.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

# The chart's drawing box (the SVG's viewBox): it scales to its column's width.
CHART_WIDTH = 300
CHART_HEIGHT = 100
CHART_PAD = 8


@dataclass(frozen=True)
class Mark:
    """One attempt: which paper, when, how it went."""

    collection: str
    record: str
    when: datetime | None
    score: int
    total: int

    @property
    def share(self) -> float:
        return self.score / self.total if self.total > 0 else 0.0


@dataclass(frozen=True)
class Paper:
    """A keyed paper the site can offer to practise."""

    collection: str
    id: str
    folder: str
    title: str
    keyed: bool


@dataclass
class Subject:
    collection: str
    folder: str
    marks: list[Mark] = field(default_factory=list)  # oldest first
    not_attempted: list[Paper] = field(default_factory=list)

    @property
    def best(self) -> Mark:
        return max(self.marks, key=lambda m: (m.share, m.when or datetime.min))

    @property
    def latest(self) -> Mark:
        return self.marks[-1]


def _moment(mark: Mark) -> float:
    return mark.when.timestamp() if mark.when else 0.0


def subjects(marks: Iterable[Mark], papers: Iterable[Paper], *, untried_max: int) -> list[Subject]:
    """The student's subjects, the one practised most lately first. An attempt of a paper no
    longer on the site (deleted, or moved out of every folder) is left out."""
    by_id = {(p.collection, p.id): p for p in papers}
    grouped: dict[tuple[str, str], Subject] = {}
    for mark in sorted(marks, key=_moment):
        paper = by_id.get((mark.collection, mark.record))
        if paper is None or not paper.folder:
            continue
        key = (paper.collection, paper.folder)
        grouped.setdefault(key, Subject(paper.collection, paper.folder)).marks.append(mark)
    tried = {(m.collection, m.record) for s in grouped.values() for m in s.marks}
    for paper in sorted(by_id.values(), key=lambda p: p.title.casefold()):
        subject = grouped.get((paper.collection, paper.folder))
        if (
            subject is not None
            and paper.keyed
            and (paper.collection, paper.id) not in tried
            and len(subject.not_attempted) < untried_max
        ):
            subject.not_attempted.append(paper)
    return sorted(grouped.values(), key=lambda s: _moment(s.latest), reverse=True)


def chart_points(shares: list[float]) -> list[tuple[float, float]]:
    """Each score (0-1) as a point of the chart's box: oldest on the left, 100 % at the top."""
    if not shares:
        return []
    inner_w, inner_h = CHART_WIDTH - 2 * CHART_PAD, CHART_HEIGHT - 2 * CHART_PAD
    step = inner_w / (len(shares) - 1) if len(shares) > 1 else 0
    return [
        (
            round(CHART_PAD + (i * step if len(shares) > 1 else inner_w / 2), 1),
            round(CHART_PAD + inner_h * (1 - min(max(share, 0.0), 1.0)), 1),
        )
        for i, share in enumerate(shares)
    ]


def polyline(points: list[tuple[float, float]]) -> str:
    """The points as an SVG polyline's `points` attribute."""
    return " ".join(f"{x:g},{y:g}" for x, y in points)
