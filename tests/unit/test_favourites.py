"""Favourites: keys from the browser, the saved-keys map, and /saved's grouping by kind."""

from __future__ import annotations

import pytest

from student_portal.state.favourites import KINDS, favourite_ids, favourite_key, parse_key, with_edits
from student_portal.state.saved import saved_items, saved_lists


@pytest.mark.parametrize("kind", KINDS)
def test_a_key_round_trips(kind):
    assert parse_key(favourite_key(kind, "abc123def456ghi")) == (kind, "abc123def456ghi")


@pytest.mark.parametrize(
    "key", [None, 3, "", "job", "job:", "users:abc", "note:a b", "note:x/../y", "note:" + "a" * 65, ":abc"]
)
def test_keys_that_are_not_ours_are_refused(key):
    assert parse_key(key) is None


def test_favourite_ids_maps_each_saved_item_to_its_record():
    records = [
        {"id": "fav1", "kind": "job", "job": "job000000000001", "note": ""},
        {"id": "fav2", "kind": "note", "note": "note00000000001"},
        {"id": "fav3", "kind": "hotel", "hotel": ""},  # no item: ignored
        {"id": "fav4", "kind": "bogus", "bogus": "x"},
        {"kind": "job", "job": "job000000000002"},  # no id
    ]
    assert favourite_ids(records) == {"job:job000000000001": "fav1", "note:note00000000001": "fav2"}


def _favourite(kind: str, item: dict | None) -> dict:
    return {
        "id": "f" + kind,
        "kind": kind,
        kind: (item or {}).get("id", "gone"),
        "expand": {kind: item} if item else {},
    }


def test_saved_lists_group_by_kind_and_skip_items_not_expanded():
    favourites = [
        _favourite("job", {"id": "job1", "collectionId": "c", "title": "Tutor", "company": "X"}),
        _favourite("hotel", {"id": "h1", "collectionId": "c", "name": "Green Bodim", "city": "city1", "gust": 2}),
        _favourite("recording", {"id": "r1", "collectionId": "c", "name": "Maths", "subject": "s1", "link": ""}),
        _favourite("note", None),  # deleted, or no longer visible to this visitor
        _favourite("note", {"id": "n1", "collectionId": "cn", "name": "DSA", "file": "dsa.pdf"}),
        _favourite("class_recording", {"id": "v1", "name": "Waves", "link": "https://youtu.be/dQw4w9WgXcQ"}),
        _favourite("ol_item", {"id": "o1", "collectionId": "co", "title": "2024 paper", "type": "paper"}),
    ]
    from student_portal.state.options import Option

    lists = saved_lists(favourites, [Option("s1", "Maths")], [Option("city1", "Kandy")])
    assert [j.title for j in lists.jobs] == ["Tutor"]
    assert [(h.name, h.city_name) for h in lists.hotels] == [("Green Bodim", "Kandy")]
    assert [(r.name, r.subject) for r in lists.recordings] == [("Maths", "Maths")]
    assert [n.name for n in lists.notes] == ["DSA"] and set(lists.files) == {"n1"}
    assert [v.video_id for v in lists.class_recordings] == ["dQw4w9WgXcQ"]
    assert [i.title for i in lists.ol_items] == ["2024 paper"]
    assert lists.al_items == [] and lists.class_notes == []


def test_saved_items_survive_nonsense():
    assert all(v == [] for v in saved_items([{"kind": "job", "expand": "x"}, {"kind": None}, {}]).values())


def test_a_save_or_removal_made_while_the_list_loaded_is_kept():
    # The list was read before the tap reached PocketBase: it lacks the new save, still has the removed one.
    fetched = {"recording:rec000000000001": "fav000000000001", "paper:pap000000000001": "fav000000000002"}
    edits = {"class_note:not000000000001": "fav000000000003", "paper:pap000000000001": ""}
    assert with_edits(fetched, edits) == {
        "recording:rec000000000001": "fav000000000001",
        "class_note:not000000000001": "fav000000000003",
    }
    assert with_edits(fetched, {}) == fetched
    assert fetched["paper:pap000000000001"] == "fav000000000002"  # the fetched list is not changed
