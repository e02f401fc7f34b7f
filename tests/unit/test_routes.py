"""The routes module: builders give the spec's addresses, and a route argument is taken as React
Router matched and decoded it (tests/unit/test_route_args.py: how a state reads it)."""

from __future__ import annotations

from typing import Any

import pytest

from student_portal import routes


def test_builders_give_the_spec_addresses() -> None:
    assert routes.class_page("teacher00000001") == "/class/teacher00000001"
    assert routes.news_item("news00000000001") == "/news/news00000000001"
    assert routes.ol_folder("olfolder0000001") == "/ol/olfolder0000001"
    assert routes.al_folder("abc") == "/al/abc"
    assert (routes.OL_FOLDERS, routes.AL_FOLDERS) == ("/ol-folder", "/al-folder")


def test_patterns_declare_the_arguments_the_states_read() -> None:
    assert routes.CLASS_PAGE == "/class/[teacher_id]" and routes.TEACHER_ID == "teacher_id"
    assert routes.NEWS_ITEM == "/news/[news_id]" and routes.NEWS_ID == "news_id"
    assert routes.OL_FOLDER == "/ol/[folder_id]" and routes.AL_FOLDER == "/al/[folder_id]"


def test_an_id_that_is_not_a_plain_word_stays_one_segment() -> None:
    assert routes.news_item("a b/c") == "/news/a%20b%2Fc"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("teacher00000001", "teacher00000001"),
        ("a b", "a b"),  # decoded by React Router before it reaches us
        ("", ""),  # /class alone, or an event sent without the page's parameters
        (["a", "b"], ""),  # only a catch-all route gives a list: not ours
        (None, ""),
    ],
)
def test_a_route_argument_is_its_text_or_nothing(value: Any, expected: str) -> None:
    assert routes.route_arg_value(value) == expected
