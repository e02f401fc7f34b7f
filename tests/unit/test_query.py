"""A list's view lives in its address: reading the query string and writing it back."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlsplit

from hypothesis import given
from hypothesis import strategies as st

from student_portal.constants import Limit
from student_portal.utils.query import (
    MAX_QUERY_TEXT,
    int_choice,
    page_url,
    query_choice,
    query_int,
    query_text,
)


def test_page_url_keeps_only_the_filters_that_are_set_in_order() -> None:
    assert page_url("/youtube", {"q": "physics", "subject": ""}) == "/youtube?q=physics"
    assert page_url("/booking", {"city": "c1", "guests": 2}) == "/booking?city=c1&guests=2"
    assert page_url("/shop", {"category": ""}) == "/shop"
    assert page_url("/shop", {}) == "/shop"


def test_page_url_encodes_search_text_so_it_survives_the_round_trip() -> None:
    url = page_url("/youtube", {"q": "a&b #1 කුප්පි"})
    assert url == "/youtube?q=a%26b+%231+%E0%B6%9A%E0%B7%94%E0%B6%B4%E0%B7%8A%E0%B6%B4%E0%B7%92"


@given(st.text(max_size=MAX_QUERY_TEXT + 50))
def test_any_search_text_comes_back_from_the_address(text: str) -> None:
    # What the browser parses back out of the address we wrote (as Reflex does, with parse_qsl).
    params = dict(parse_qsl(urlsplit(page_url("/youtube", {"q": text})).query))
    assert query_text(params, "q") == text.strip()[:MAX_QUERY_TEXT]


def test_query_text_trims_and_caps_the_search() -> None:
    assert query_text({"q": "  physics "}, "q") == "physics"
    assert query_text({}, "q") == ""
    assert len(query_text({"q": "x" * 10_000}, "q")) == MAX_QUERY_TEXT


def test_query_choice_accepts_only_what_the_page_offers() -> None:
    allowed = {"category0000001", "category0000002"}
    assert query_choice({"category": "category0000002"}, "category", allowed) == "category0000002"
    assert query_choice({"category": "nope"}, "category", allowed) == ""
    assert query_choice({}, "type", {"paper", "note"}, "paper") == "paper"
    assert query_choice({"type": "NOTE"}, "type", {"paper", "note"}, "paper") == "paper"


def test_guests_from_the_address_must_be_one_of_the_choices() -> None:
    choices, default = Limit.GUEST_CHOICES, Limit.GUEST_CHOICES[0]
    assert query_int({"guests": "3"}, "guests", choices, default) == 3
    assert query_int({"guests": " 4 "}, "guests", choices, default) == 4
    for bad in ["0", "5", "-1", "2.5", "two", "", "²", "9" * 5000]:
        assert query_int({"guests": bad}, "guests", choices, default) == default, bad
    assert int_choice(None, choices, default) == default
    assert int_choice("2", choices, default) == 2
