"""Paging a long list (utils/paging.py): how many rows, the address, the count."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from student_portal.i18n import in_language
from student_portal.i18n.languages import Language
from student_portal.utils.paging import (
    MAX_SHOWN,
    count_label,
    first_rows,
    has_more,
    next_shown,
    show_param,
    shown_from_query,
)


def test_no_show_in_the_address_is_the_first_page() -> None:
    assert shown_from_query(None, 24) == 24
    assert shown_from_query("", 24) == 24


def test_show_from_the_address_is_rounded_up_to_whole_pages() -> None:
    assert shown_from_query("48", 24) == 48
    assert shown_from_query("25", 24) == 48
    assert shown_from_query(" 72 ", 24) == 72


def test_nonsense_or_tiny_show_values_are_one_page() -> None:
    for value in ("0", "-48", "abc", "4.5", "²", "1e3", "9" * 40, 48, None):
        assert shown_from_query(value, 24) == 24


def test_a_huge_show_value_is_capped_so_a_shared_link_cannot_send_the_whole_catalog() -> None:
    assert shown_from_query("100000", 24) == MAX_SHOWN // 24 * 24
    assert shown_from_query("100000", 24, most=100) == 96


def test_the_address_leaves_show_out_on_the_first_page() -> None:
    assert show_param(24, 24) == ""
    assert show_param(48, 24) == "48"


def test_show_more_adds_one_page() -> None:
    assert next_shown(24, 24) == 48
    assert next_shown(0, 24) == 48  # never below one page before adding


def test_show_more_stops_at_the_most_a_tab_may_hold() -> None:
    top = MAX_SHOWN // 24 * 24
    assert next_shown(top, 24) == top and next_shown(top - 24, 24) == top
    assert not has_more(20_000, top, 24) and has_more(20_000, top - 24, 24)


def test_first_rows_and_has_more() -> None:
    rows = list(range(30))
    assert first_rows(rows, 24) == rows[:24] and has_more(len(rows), 24, 24)
    assert first_rows(rows, 48) == rows and not has_more(len(rows), 48, 24)
    assert first_rows(rows, -1) == []


def test_count_label_groups_digits_and_says_one_or_many() -> None:
    assert count_label(1284, "{count} recording", "{count} recordings") == "1,284 recordings"
    assert count_label(1, "{count} job", "{count} jobs") == "1 job"
    assert count_label(0, "{count} room", "{count} rooms") == "0 rooms"


def test_count_label_in_sinhala_and_tamil() -> None:
    with in_language(Language.SI):
        assert count_label(1284, "{count} recording", "{count} recordings") == "පටිගත කිරීම් 1,284"
    with in_language(Language.TA):
        assert count_label(1, "{count} job", "{count} jobs") == "1 வேலை"
        assert count_label(2, "{count} job", "{count} jobs") == "2 வேலைகள்"


@given(st.text(max_size=12), st.integers(min_value=1, max_value=100))
def test_shown_is_always_whole_pages_within_bounds(value: str, size: int) -> None:
    shown = shown_from_query(value, size)
    assert shown % size == 0 and size <= shown <= max(size, MAX_SHOWN)
