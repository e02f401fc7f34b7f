"""Describing a change (issue 53): every kind of class edit, new items and jobs, in English,
Sinhala and Tamil, on the Colombo clock; and whom a notice concerns."""

from __future__ import annotations

import pytest

from student_portal.i18n import in_language
from student_portal.i18n.languages import Language
from student_portal.notices.describe import CLASSES, OTHER, concerns, describe, when
from student_portal.pocketbase import Notice

SAT = "2026-12-12 10:30:00.000Z"  # Sat 12 Dec, 4:00 PM in Colombo (UTC+5:30)
SUN = "2026-12-13 04:30:00.000Z"  # Sun 13 Dec, 10:00 AM
ZOOM = "https://zoom.us/j/81234567890"


def flat(text: str) -> str:
    """Babel's clock has a narrow no-break space before AM/PM: compared as a plain one."""
    return " ".join(text.split())


def notice(kind: str, before: dict | None = None, after: dict | None = None, **fields) -> Notice:
    return Notice.model_validate({"id": "n1", "kind": kind, "before": before, "after": after, **fields})


def cls(date: str = SAT, duration: int = 90, zoom: str = "", name: str = "Physics revision") -> dict:
    return {"name": name, "date": date, "duration": duration, "zoom": zoom}


def test_a_moved_class_says_from_when_to_when_in_colombo_time():
    said = describe(notice("class_changed", cls(), cls(date=SUN), teacher="t1"))
    assert said is not None
    assert said.headline == "Class moved: Physics revision"
    assert flat(said.detail) == "Sat, 12 Dec 4:00 PM \u2192 Sun, 13 Dec 10:00 AM"
    assert (said.href, said.category) == ("/class/t1", CLASSES)


def test_a_longer_class_and_a_new_zoom_link_are_both_said():
    said = describe(notice("class_changed", cls(), cls(duration=120, zoom=ZOOM), teacher="t1"))
    assert said is not None and said.headline == "Class moved: Physics revision"
    assert "90 minutes" in said.detail and "120 minutes" in said.detail
    assert said.detail.endswith(f"New Zoom link: {ZOOM}")


def test_only_the_zoom_link_changed():
    said = describe(notice("class_changed", cls(), cls(zoom=ZOOM), teacher="t1"))
    assert said is not None and (said.headline, said.detail) == ("New Zoom link: Physics revision", ZOOM)
    gone = describe(notice("class_changed", cls(zoom=ZOOM), cls(), teacher="t1"))
    assert gone is not None and gone.headline == "Zoom link removed: Physics revision"
    hostile = describe(notice("class_changed", cls(), cls(zoom="javascript:alert(1)"), teacher="t1"))
    assert hostile is not None and "javascript" not in hostile.detail


def test_added_cancelled_and_reminded():
    added = describe(notice("class_added", None, cls(), teacher="t1"), "Ms. Dilani")
    assert added is not None and added.headline == "New class: Physics revision"
    assert flat(added.detail) == "Sat, 12 Dec 4:00 PM · Ms. Dilani"
    cancelled = describe(notice("class_cancelled", cls(), None, teacher="t1"))
    assert cancelled is not None and cancelled.headline == "Class cancelled: Physics revision"
    assert cancelled.detail.startswith("Sat, 12 Dec")
    reminder = describe(notice("class_reminder", None, cls(zoom=ZOOM), teacher="t1"))
    assert reminder is not None and flat(reminder.headline) == "Class at Sat, 12 Dec 4:00 PM: Physics revision"
    assert reminder.detail == f"Zoom: {ZOOM}"


def test_new_papers_notes_and_jobs_link_to_their_place():
    paper = describe(notice("new_item", after={"title": "2025 Paper I", "type": "paper"}, al_folder="f1"), "Physics")
    assert paper is not None and (paper.headline, paper.detail, paper.href) == (
        "New paper: 2025 Paper I",
        "Physics",
        "/al/f1",
    )
    assert paper.category == OTHER
    note = describe(notice("new_item", after={"title": "Algebra", "type": "note"}, ol_folder="f2"))
    assert note is not None and (note.headline, note.href) == ("New note: Algebra", "/ol/f2")
    job = describe(notice("new_job", after={"title": "Tutor", "company": "Hill", "location": "Moratuwa"}))
    assert job is not None and (job.headline, job.detail, job.href) == ("New job: Tutor", "Hill, Moratuwa", "/jobs")
    assert describe(notice("something_else")) is None


@pytest.mark.parametrize(
    ("language", "moved", "day"),
    [
        (Language.SI, "පන්තිය වෙනස් විය: Physics revision", "සෙන"),
        (Language.TA, "வகுப்பு மாற்றப்பட்டது: Physics revision", "சனி"),
    ],
)
def test_sinhala_and_tamil(language, moved, day):
    with in_language(language):
        said = describe(notice("class_changed", cls(), cls(date=SUN), teacher="t1"))
        assert said is not None and said.headline == moved
        assert said.detail.startswith(day) and "\u2192" in said.detail
        assert "Sat" not in said.detail and "PM" not in said.detail
        assert when(SAT).startswith(day)


def test_a_class_at_night_utc_is_the_next_colombo_day():
    assert flat(when("2026-12-12 19:00:00.000Z")) == "Sun, 13 Dec 12:30 AM"
    assert when("") == "" and when(None) == ""


def test_whom_a_notice_concerns():
    teacher = notice("class_changed", cls(), cls(date=SUN), teacher="t1")
    assert concerns(teacher, frozenset({"teacher:t1"}))
    assert not concerns(teacher, frozenset({"teacher:t2", "jobs:|"}))
    folder = notice("new_item", after={"title": "x"}, ol_folder="f1")
    assert concerns(folder, {"ol_folder:f1"}) and not concerns(folder, {"al_folder:f1"})
    job = notice("new_job", after={"title": "Tutor", "location": "Moratuwa, Western", "contract": "Part Time"})
    assert concerns(job, {"jobs:|"})
    assert concerns(job, {"jobs:moratuwa|"}) and concerns(job, {"jobs:|part time"})
    assert not concerns(job, {"jobs:Kandy|"}) and not concerns(job, {"jobs:moratuwa|full"})
    assert not concerns(job, set())


def test_the_bells_index_counts_as_a_pass_over_every_notice_would():
    from datetime import UTC, datetime, timedelta

    from student_portal.state.notices import BellIndex, for_student, unseen_count

    now = datetime(2026, 12, 7, tzinfo=UTC)
    notices = [
        Notice.model_validate(
            {
                "id": f"n{n}",
                "kind": ["class_changed", "new_item", "new_job"][n % 3],
                "teacher": f"t{n % 4}" if n % 3 == 0 else "",
                "ol_folder": f"f{n % 5}" if n % 3 == 1 else "",
                "after": {"title": "Tutor", "location": ["Kandy", "Moratuwa"][n % 2]},
                "changed": (now - timedelta(hours=n)).isoformat(),
            }
        )
        for n in range(60)
    ]
    index = BellIndex(notices)
    for keys in ({"teacher:t1"}, {"teacher:t0", "ol_folder:f2", "jobs:kandy|"}, {"jobs:|"}, set()):
        for seen in (None, now - timedelta(hours=10), now - timedelta(days=30), now):
            assert index.unseen(frozenset(keys), seen) == unseen_count(notices, frozenset(keys), seen)
    mine = for_student(notices, frozenset({"teacher:t0"}))
    assert mine and all(n.teacher == "t0" for n in mine)
    assert [n.changed for n in mine] == sorted((n.changed for n in mine), reverse=True)
