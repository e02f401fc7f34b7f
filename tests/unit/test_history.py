"""What the site keeps of a student's watching and reading (issue 52): positions as stored, where
a recording or a paper reopens, and the rows the Continue row and /my-study show."""

from __future__ import annotations

import asyncio

import pytest

from student_portal.pocketbase import HistoryEntry, parse_record
from student_portal.state.history import history_row
from student_portal.utils.history import (
    clock,
    finished,
    is_record_id,
    is_video_id,
    percent_done,
    resume_at,
    short_title,
    video_position,
    whole,
)


@pytest.mark.parametrize(
    ("position", "duration", "stored"),
    [
        (760.9, 3600.2, (760, 3600)),
        (4000, 3600, (3600, 3600)),  # past the end: the end
        (-5, 100, (0, 100)),
        (12, 0, (12, 0)),  # the length not known yet
        (float("nan"), float("inf"), (0, 0)),
        ("760", None, (0, 0)),  # not numbers
        (True, 100, (0, 100)),
        (10**12, 10**12, (86400, 86400)),  # a day at most
    ],
)
def test_a_reported_position_as_stored(position, duration, stored):
    assert video_position(position, duration) == stored


def test_a_recording_reopens_where_it_stopped_or_from_the_start_once_finished():
    assert resume_at(760, 3600) == 760
    assert resume_at(3590, 3600) == 0 and finished(3590, 3600)
    assert resume_at(3600, 3600) == 0
    assert resume_at(50, 0) == 50 and not finished(50, 0)  # no length: never "finished"
    assert percent_done(900, 3600) == 25
    assert percent_done(3590, 3600) == 100
    assert percent_done(10, 0) == 0


def test_positions_read_as_players_show_them():
    assert clock(0) == "0:00"
    assert clock(760) == "12:40"
    assert clock(3723) == "1:02:03"


def test_what_a_browser_may_name():
    assert is_video_id("dQw4w9WgXcQ") and not is_video_id("dQw4w9WgXc") and not is_video_id("<script>aaaa")
    assert is_record_id("alitem000000013") and not is_record_id("../x") and not is_record_id("A" * 10)
    assert not is_video_id(None) and not is_record_id(42)
    assert short_title("  a\n  long\ttitle ", 300) == "a long title"
    assert short_title("x" * 1000, 300) == "x" * 300
    assert short_title(None, 10) == ""
    assert whole(7.9, 100) == 7 and whole(10**9, 100) == 100 and whole("7", 100) == 0


def entry(**fields) -> HistoryEntry:
    record = parse_record(HistoryEntry, {"id": "h1", "updated": "2026-12-07 03:00:00.000Z", **fields})
    assert record is not None
    return record


def test_a_recording_row_opens_at_its_second():
    row = history_row(entry(kind="video", record="dQw4w9WgXcQ", title="Physics", position=760, duration=3600))
    assert (row.kind, row.video_id, row.start, row.where, row.percent) == ("video", "dQw4w9WgXcQ", 760, "At 12:40", 21)
    assert row.href == ""
    done = history_row(entry(kind="video", record="dQw4w9WgXcQ", position=3600, duration=3600))
    assert (done.start, done.where, done.percent) == (0, "Watched to the end", 100)
    assert done.title == "Recording"  # no title kept


def test_a_document_row_opens_at_its_page():
    row = history_row(
        entry(kind="document", collection="AL_Items", record="alitem000000013", title="Paper", position=6)
    )
    assert row.href == "/read?c=AL_Items&id=alitem000000013&page=6"
    assert (row.where, row.video_id, row.start) == ("Page 6", "", 0)
    first = history_row(entry(kind="document", collection="AL_Items", record="alitem000000013", position=0))
    assert first.href.endswith("&page=1") and first.title == "Document"


class _Tab:
    """What HistoryState._save uses of a tab's state (its lock, backend vars, the session check)."""

    def __init__(self) -> None:
        self._ids: dict[str, str] = {}

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc) -> None:
        return None

    async def _user(self) -> str:
        return "basicuser000001"


async def test_a_flood_of_saves_writes_the_first_and_then_the_latest_place(monkeypatch):
    from student_portal.constants import Timing
    from student_portal.state import history
    from student_portal.state.history import HistoryState

    written: list[tuple[int, str]] = []
    done = asyncio.Event()

    async def remember(user_id: str, fields: dict, known_id: str = "") -> str:
        written.append((fields["position"], known_id))
        if fields["position"] == 5:
            done.set()
        return "entry1"

    monkeypatch.setattr(history, "remember", remember)
    monkeypatch.setattr(Timing, "HISTORY_MIN_SAVE_GAP_S", 0.05)
    tab = _Tab()
    fields = {"kind": "video", "collection": "", "record": "dQw4w9WgXcQ", "title": "T", "duration": 600}
    for n in range(1, 6):  # five saves at once: none of the events waits
        await HistoryState._save(tab, {**fields, "position": n})  # type: ignore[arg-type]
    assert written == [(1, "")]
    async with asyncio.timeout(5):
        await done.wait()
    # The first at once, then only the latest of those inside the gap, written when it is over.
    assert written == [(1, ""), (5, "entry1")]
    # Another thing is not held back by this one's gap.
    await HistoryState._save(tab, {**fields, "record": "abcdefghijk", "position": 9})  # type: ignore[arg-type]
    assert written[-1] == (9, "")


def test_a_cursor_continues_after_the_last_shown_entry():
    from datetime import UTC, datetime, timedelta, timezone

    from student_portal.state.history import older_than, pocketbase_time

    moment = datetime(2026, 12, 7, 6, 50, 30, 123456, tzinfo=UTC)
    assert pocketbase_time(moment) == "2026-12-07 06:50:30.123Z"
    # Another zone, the same instant; a naive time is taken as UTC (PocketBase's own).
    assert pocketbase_time(moment.astimezone(timezone(timedelta(hours=5, minutes=30)))) == "2026-12-07 06:50:30.123Z"
    assert pocketbase_time(moment.replace(tzinfo=None)) == "2026-12-07 06:50:30.123Z"
    # A tie in `updated` goes on by id; an id from anywhere stays a quoted literal.
    assert older_than((moment, 'ab" || id != "')) == (
        '(updated < "2026-12-07 06:50:30.123Z" || (updated = "2026-12-07 06:50:30.123Z" && id < "ab\\" || id != \\""))'
    )


def test_an_ask_for_places_names_recordings_only_once_and_few():
    from student_portal.state.history import asked_videos

    assert asked_videos(["dQw4w9WgXcQ", "dQw4w9WgXcQ", "bad", 7, None, "a" * 11], 60) == ["dQw4w9WgXcQ", "a" * 11]
    assert asked_videos([f"video{n:06d}" for n in range(100)], 60) == [f"video{n:06d}" for n in range(60)]
    assert asked_videos("dQw4w9WgXcQ", 60) == []  # not a list
    assert asked_videos({"dQw4w9WgXcQ": 1}, 60) == []


def test_a_public_preview_names_its_paper_not_its_marking_scheme(monkeypatch):
    """A preview dialog's page goes into the history of the paper it shows: known by its file's
    address among the O/L and A/L papers; a marking scheme, or any other address, is none."""
    from student_portal.pocketbase import FolderItem, configured_client, parse_record
    from student_portal.state import documents

    paper = parse_record(
        FolderItem,
        {
            "id": "alitem000000013",
            "collectionId": "pbc_al_items",
            "collectionName": "AL_Items",
            "file": "physics 2023.pdf",
            "marking_scheme": "scheme.pdf",
        },
    )

    class Cache:
        async def records(self, collection):
            return [paper] if collection == "AL_Items" else []

    monkeypatch.setattr(documents, "content_cache", lambda: Cache())
    client = configured_client()
    own = client.file_url("pbc_al_items", paper.id, paper.file)
    assert documents.file_parts(own) == ("pbc_al_items", paper.id, "physics 2023.pdf")
    assert asyncio.run(documents.public_paper(own)) == ("AL_Items", paper.id)
    assert asyncio.run(documents.public_paper(client.file_url("AL_Items", paper.id, paper.file))) == (
        "AL_Items",
        paper.id,
    )
    for other in (
        client.file_url("pbc_al_items", paper.id, "scheme.pdf"),
        client.file_url("pbc_al_items", "alitem000000099", paper.file),
        client.file_url("pbc_notes", paper.id, paper.file, token="secret"),
        "https://elsewhere.example/files/pbc_al_items/alitem000000013/physics%202023.pdf",
        "",
    ):
        assert asyncio.run(documents.public_paper(other)) == ("", ""), other
