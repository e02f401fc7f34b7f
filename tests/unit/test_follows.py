"""Follow keys (issue 53): what the browser may send and what is stored."""

import pytest

from student_portal.pocketbase import Follow
from student_portal.state.follows import jobs_key, key_of, parse_key


def test_a_teacher_or_folder_key_names_its_one_relation():
    assert parse_key("teacher:abc123") == {"kind": "teacher", "teacher": "abc123"}
    assert parse_key("ol_folder:f1") == {"kind": "ol_folder", "ol_folder": "f1"}
    assert parse_key("al_folder:f2") == {"kind": "al_folder", "al_folder": "f2"}


@pytest.mark.parametrize(
    "key",
    [None, 3, "", "teacher:", "teacher:../x", 'teacher:a" || user != "', "note:abc", "jobs:", "jobs:a|b|c", "x" * 500],
)
def test_anything_else_is_refused(key):
    assert parse_key(key) is None


def test_a_job_search_is_trimmed_to_one_line_without_the_separator():
    key = jobs_key("  Moratuwa\n", " part | time ")
    assert key == "jobs:Moratuwa|part time"
    assert parse_key(key) == {"kind": "jobs", "location": "Moratuwa", "contract": "part time"}
    assert jobs_key() == "jobs:|" and parse_key("jobs:|") == {"kind": "jobs", "location": "", "contract": ""}
    assert len(jobs_key("x" * 1000)) == len("jobs:|") + 80
    assert parse_key("jobs: padded |") is None  # not as the site writes it


def test_a_stored_follow_gives_back_its_key():
    assert key_of(Follow.model_validate({"id": "1", "kind": "teacher", "teacher": "t1"})) == "teacher:t1"
    assert key_of(Follow.model_validate({"id": "2", "kind": "jobs", "location": "Kandy"})) == "jobs:Kandy|"
    assert key_of(Follow.model_validate({"id": "3", "kind": "teacher", "teacher": ""})) is None
    assert key_of(Follow.model_validate({"id": "4", "kind": "odd"})) is None


def test_the_cap_stops_a_new_follow_but_never_an_unfollow():
    from student_portal.state.follows import decision

    followed = {f"teacher:t{i}": f"r{i}" for i in range(3)}
    assert decision(followed, "teacher:t9", cap=4) == "follow"
    assert decision(followed | {"teacher:t3": "r3"}, "teacher:t9", cap=4) == "cap"
    assert decision(followed | {"teacher:t3": "r3"}, "teacher:t1", cap=4) == "unfollow"
