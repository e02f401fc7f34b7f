"""Practice progress per subject for /my-study (issue 52): attempts grouped by their paper's
folder, the chart's points, best and latest, and the keyed papers not yet attempted."""

from __future__ import annotations

from datetime import UTC, datetime

from student_portal.pocketbase import Attempt, Folder, FolderItem, parse_records
from student_portal.state.my_study import subject_rows
from student_portal.utils.study import (
    CHART_HEIGHT,
    CHART_PAD,
    CHART_WIDTH,
    Mark,
    Paper,
    chart_points,
    polyline,
    subjects,
)


def day(n: int) -> datetime:
    return datetime(2026, 12, n, 3, tzinfo=UTC)


PAPERS = [
    Paper("AL_Items", "p1", "physics", "Physics 2023", keyed=True),
    Paper("AL_Items", "p2", "physics", "Physics 2022", keyed=True),
    Paper("AL_Items", "p3", "physics", "Physics notes", keyed=False),
    Paper("AL_Items", "p4", "physics", "Physics 2021", keyed=True),
    Paper("AL_Items", "c1", "chemistry", "Chemistry 2023", keyed=True),
    Paper("OL_Items", "p1", "science", "Science 2023", keyed=True),  # the same id in another level
]


def test_attempts_group_by_their_papers_folder_newest_subject_first():
    marks = [
        Mark("AL_Items", "p1", day(1), 20, 50),
        Mark("AL_Items", "p1", day(3), 41, 50),  # the same paper again: both count
        Mark("AL_Items", "c1", day(2), 10, 50),
        Mark("OL_Items", "p1", day(4), 30, 40),
        Mark("AL_Items", "gone", day(5), 50, 50),  # a paper no longer on the site
    ]
    found = subjects(marks, PAPERS, untried_max=5)
    assert [(s.collection, s.folder) for s in found] == [
        ("OL_Items", "science"),
        ("AL_Items", "physics"),
        ("AL_Items", "chemistry"),
    ]
    physics = found[1]
    assert [m.score for m in physics.marks] == [20, 41]  # oldest first
    assert physics.best.score == 41 and physics.latest.score == 41
    # Keyed papers of the folder not yet attempted, by title; a note without a key is not one.
    assert [p.id for p in physics.not_attempted] == ["p4", "p2"]
    assert found[2].not_attempted == [] and found[0].not_attempted == []


def test_best_is_by_share_and_latest_by_time():
    marks = [Mark("AL_Items", "p1", day(1), 45, 50), Mark("AL_Items", "p2", day(2), 10, 20)]
    (physics,) = subjects(marks, PAPERS, untried_max=1)
    assert (physics.best.score, physics.latest.score) == (45, 10)
    assert len(physics.not_attempted) == 1  # at most untried_max


def test_the_chart_puts_the_oldest_left_and_full_marks_at_the_top():
    points = chart_points([0.0, 0.5, 1.0])
    assert points[0] == (CHART_PAD, CHART_HEIGHT - CHART_PAD)
    assert points[-1] == (CHART_WIDTH - CHART_PAD, CHART_PAD)
    assert points[1][1] == CHART_HEIGHT / 2
    assert chart_points([0.8]) == [(CHART_WIDTH / 2, 24.8)]  # one attempt: in the middle
    assert chart_points([]) == [] and chart_points([2.0])[0][1] == CHART_PAD  # clamped
    assert polyline([(8, 92.0), (150.5, 50)]) == "8,92 150.5,50"


def test_subject_rows_name_each_subject_and_describe_its_chart():
    attempts = parse_records(
        Attempt,
        [
            {
                "collection": "AL_Items",
                "record": "alitem000000001",
                "score": 20,
                "total": 50,
                "created": "2026-12-01 03:00:00Z",
            },
            {
                "collection": "AL_Items",
                "record": "alitem000000001",
                "score": 41,
                "total": 50,
                "created": "2026-12-03 03:00:00Z",
            },
            {"collection": "AL_Items", "record": "alitem000000001", "score": 0, "total": 0},  # nothing to mark
            {"collection": "Notes", "record": "x", "score": 1, "total": 1},  # not a paper
        ],
    )
    items = {
        "AL_Items": parse_records(
            FolderItem,
            [
                {"id": "alitem000000001", "folder": "f1", "title": "Physics 2023", "questions": 50, "file": "a.pdf"},
                {"id": "alitem000000002", "folder": "f1", "title": "Physics 2022", "questions": 50, "file": "b.pdf"},
            ],
        ),
        "OL_Items": [],
    }
    folders = {"ALFolders": parse_records(Folder, [{"id": "f1", "name": "Physics"}]), "OLFolders": []}
    (row,) = subject_rows(attempts, items, folders)
    assert row.name == "A/L Physics"
    assert (row.best, row.latest, row.count) == ("41 / 50", "41 / 50", "2 attempts")
    assert row.chart_name == "Scores in A/L Physics: 40%, 82%"
    assert [(s.when, s.paper, s.score, s.percent) for s in row.scores] == [
        ("1 Dec 2026", "Physics 2023", "20 / 50", "40%"),
        ("3 Dec 2026", "Physics 2023", "41 / 50", "82%"),
    ]
    assert row.points == " ".join(f"{s.x},{s.y}" for s in row.scores)
    assert [(p.title, p.href) for p in row.untried] == [("Physics 2022", "/practice?c=AL_Items&id=alitem000000002")]
