"""Shaping notes, class notes and class recordings for the pages (spec 2, 5, 9)."""

from __future__ import annotations

from student_portal.constants import Limit
from student_portal.i18n.texts import Text
from student_portal.pocketbase import ClassNote, ClassRecording, Note, parse_records
from student_portal.state.class_page import (
    ClassState,
    _matching,
    class_note_rows,
    video_rows,
)
from student_portal.state.documents import DocumentRow, StoredFile
from student_portal.state.notes import NotesState, note_rows

DRIVE = "https://drive.google.com/file/d/abc/view"


def test_a_note_without_a_name_is_an_untitled_note() -> None:
    rows, _ = note_rows(parse_records(Note, [{"id": "n1", "name": "  ", "file": "a.pdf", "collectionId": "c"}]))
    assert rows[0].name == Text.UNTITLED_NOTE


def test_rows_never_carry_a_file_address_but_the_state_knows_the_file() -> None:
    rows, files = note_rows(
        parse_records(Note, [{"id": "n1", "name": "DSA", "file": "dsa_x1.pdf", "collectionId": "c"}])
    )
    assert rows == [DocumentRow(id="n1", name="DSA", has_file=True, link="", external=False)]
    assert files == {"n1": StoredFile("c", "n1", "dsa_x1.pdf")}
    assert "dsa_x1" not in repr(rows)


def test_an_external_note_opens_its_drive_link() -> None:
    rows, files = note_rows(parse_records(Note, [{"id": "n7", "name": "Acc", "external": True, "drive": DRIVE}]))
    assert rows[0].external and rows[0].link == DRIVE and not rows[0].has_file
    assert files == {}


def test_a_drive_link_that_is_not_a_web_address_is_not_a_link() -> None:
    rows, _ = note_rows(
        parse_records(Note, [{"id": "n8", "name": "X", "external": True, "drive": "javascript:alert(1)"}])
    )
    assert rows[0].link == "" and not rows[0].external


def test_class_notes_keep_their_link_and_file() -> None:
    rows, files = class_note_rows(
        parse_records(
            ClassNote,
            [
                {"id": "c1", "name": "Vectors", "file": "v.pdf", "url": DRIVE, "collectionId": "cn"},
                {"id": "c2", "name": "", "file": "w.pdf", "collectionId": "cn"},
            ],
        )
    )
    assert [(r.name, r.link, r.has_file) for r in rows] == [("Vectors", DRIVE, True), (Text.UNTITLED_NOTE, "", True)]
    assert set(files) == {"c1", "c2"}


def test_recordings_without_a_video_id_are_not_listed() -> None:
    rows = video_rows(
        parse_records(
            ClassRecording,
            [
                {"id": "r1", "name": "Integration", "link": "https://youtu.be/rs_6ILi8IHn"},
                {"id": "r2", "name": "Broken", "link": "https://example.lk/video"},
            ],
        )
    )
    assert [(r.id, r.video_id) for r in rows] == [("r1", "rs_6ILi8IHn")]


def test_class_search_is_case_insensitive_and_limited() -> None:
    rows = [DocumentRow(id=str(i), name=f"Vectors part {i}") for i in range(8)] + [DocumentRow(id="x", name="Maths")]
    assert len(_matching(rows, "VECTORS", Limit.CLASS_NOTES_MAX)) == Limit.CLASS_NOTES_MAX
    assert [r.id for r in _matching(rows, "math", Limit.CLASS_NOTES_MAX)] == ["x"]
    assert _matching(rows, "nothing", Limit.CLASS_NOTES_MAX) == []


def test_logout_reset_forgets_the_notes_and_their_files() -> None:
    for cls in (NotesState, ClassState):
        state = cls(_reflex_internal_init=True)  # type: ignore[call-arg]
        rows = [DocumentRow(id="n1", name="DSA", has_file=True)]
        state._remember_files(rows, {"n1": StoredFile("c", "n1", "f.pdf")})
        held = ("_notes", "page") if cls is NotesState else ("_notes",)  # the browser gets views of them
        for name in held:
            setattr(state, name, rows)
        state.reset()
        assert all(getattr(state, name) == [] for name in held) and state._files == {} and state._titles == {}
