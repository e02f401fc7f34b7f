"""Spec 4 and 5: search, category, guests and calendar-day filters; previews take the first n."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from student_portal.constants import Limit
from student_portal.utils.filters import field as read_field
from student_portal.utils.filters import (
    filter_by_category,
    filter_hotels,
    folded_fields,
    matches_search,
    search_by_name,
    search_folded,
    take,
)


@dataclass
class Note:
    name: str | None


@dataclass
class Product:
    name: str
    categories: list[str] = field(default_factory=list)


@dataclass
class Talent:
    name: str
    categorie: str = ""


@dataclass
class Hotel:
    name: str
    city: str = ""
    gust: int | float | str | None = None


# --- search ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "query", "expected"),
    [
        ("Combined Maths Paper", "maths", True),
        ("Combined Maths Paper", "MATHS", True),
        ("Combined Maths Paper", "  maths ", True),
        ("Combined Maths Paper", "physics", False),
        ("Straße", "STRASSE", True),  # casefold, not lower
        ("ශ්‍රී ලංකා ඉතිහාසය", "ඉතිහාස", True),
        ("Café", "cafe\u0301", True),  # decomposed é typed by the user
        ("anything", "", True),
        ("anything", "   ", True),
        ("anything", None, True),
        (None, "", True),
        (None, "x", False),
        (None, None, True),
        (2025, "202", True),
        (["maths"], "maths", False),
        ("maths", ["maths"], True),  # a non-text query is no query
    ],
)
def test_matches_search(text, query, expected):
    assert matches_search(text, query) is expected


def test_search_by_name_is_case_insensitive_substring_on_name():
    notes = [Note("Physics Notes"), Note("Chemistry"), Note(None), Note("physical education")]
    assert search_by_name(notes, "PHYSIC") == [notes[0], notes[3]]
    assert search_by_name(notes, "") == notes
    assert search_by_name(notes, None) == notes


def test_search_by_name_reads_mappings_and_other_attributes():
    records = [{"name": "Maths"}, {"title": "Maths job"}, {"name": None}]
    assert search_by_name(records, "math") == [records[0]]
    assert search_by_name(records, "job", attr="title") == [records[1]]


@pytest.mark.parametrize("items", [None, "abc", b"abc", {"name": "x"}, 42, object()])
def test_search_by_name_of_no_list_is_empty(items):
    assert search_by_name(items, "a") == []
    assert search_by_name(items, "") == []


def test_a_folded_search_matches_any_of_an_items_texts():
    rows = [("Kinematics - graphs", "Physics"), ("Vectors", "Combined Maths"), ("Untitled", "")]
    items = ["r1", "r2", "r3"]
    folded = folded_fields(rows)
    assert search_folded(items, folded, " PHYSICS ") == ["r1"]  # the second text
    assert search_folded(items, folded, "vectors") == ["r2"]  # the first
    assert search_folded(items, folded, "graphsphysics") == []  # never across two texts
    assert search_folded(items, folded, "") == items
    assert folded_fields([(None, 4, "ශ්‍රී")]) == [("", "4", "ශ්‍රී")]


def test_search_returns_a_new_list():
    notes = [Note("a")]
    result = search_by_name(notes, "")
    assert result == notes and result is not notes


# --- categories -----------------------------------------------------------------------------


def test_products_match_when_their_category_list_contains_the_id():
    books = Product("Book", ["cat1", "cat2"])
    pens = Product("Pen", ["cat3"])
    loose = Product("Loose", [])
    products = [books, pens, loose]
    assert filter_by_category(products, "cat2", "categories") == [books]
    assert filter_by_category(products, "cat9", "categories") == []


def test_talents_match_when_categorie_equals_the_id():
    songs = Talent("Nimal", "music")
    dance = Talent("Kamala", "dance")
    assert filter_by_category([songs, dance], "dance", "categorie") == [dance]
    assert filter_by_category([songs, dance], "danc", "categorie") == []


@pytest.mark.parametrize("empty", ["", "   ", None, 3.5, b"x", [], True])
def test_empty_category_means_all(empty):
    products = [Product("Book", ["cat1"]), Product("Pen")]
    assert filter_by_category(products, empty, "categories") == products


def test_expanded_relations_and_records_also_match():
    item = {"categories": [{"id": "cat1", "name": "Books"}], "categorie": {"id": "cat2"}}
    assert filter_by_category([item], "cat1", "categories") == [item]
    assert filter_by_category([item], "cat2", "categorie") == [item]
    assert filter_by_category([item], {"id": "cat1"}, "categories") == [item]


def test_missing_or_odd_category_fields_never_match():
    rows = [Product("x", None), {"categories": 7}, {"other": 1}, object()]
    assert filter_by_category(rows, "cat1", "categories") == []


# --- hotels -------------------------------------------------------------------------------


def test_hotel_without_guest_limit_always_matches():
    for limit in (None, 0, "", "unknown"):
        hotel = Hotel("Open", "colombo", limit)
        assert filter_hotels([hotel], "", 4) == [hotel]


def test_guest_filter_keeps_hotels_with_chosen_guests_at_most_the_limit():
    single = Hotel("Single", "kandy", 1)
    double = Hotel("Double", "kandy", 2)
    family = Hotel("Family", "galle", 4)
    hotels = [single, double, family]
    assert filter_hotels(hotels, "", 1) == hotels
    assert filter_hotels(hotels, "", 2) == [double, family]
    assert filter_hotels(hotels, "", 3) == [family]
    assert filter_hotels(hotels, "", 4) == [family]
    assert filter_hotels(hotels, "", "2") == [double, family]  # a select gives text


def test_city_filter_and_all_cities():
    kandy = Hotel("K", "kandy", 2)
    galle = Hotel("G", "galle", 2)
    assert filter_hotels([kandy, galle], "kandy", 1) == [kandy]
    assert filter_hotels([kandy, galle], "", 1) == [kandy, galle]
    assert filter_hotels([kandy, galle], None, None) == [kandy, galle]
    assert filter_hotels([kandy, galle], "jaffna", None) == []


@pytest.mark.parametrize("guests", [None, 0, "", "many", -1, float("nan"), True])
def test_no_readable_guest_count_means_no_guest_filter(guests):
    hotels = [Hotel("A", "c", 1), Hotel("B", "c", None)]
    assert filter_hotels(hotels, "", guests) == hotels


def test_guest_choices_against_limits():
    for guests in Limit.GUEST_CHOICES:
        for limit in (1, 2, 3, 4):
            kept = filter_hotels([Hotel("h", "c", limit)], "", guests)
            assert bool(kept) is (guests <= limit)


def test_hotels_as_raw_records():
    record = {"name": "Lake View", "city": "kandy", "gust": 2.0}
    assert filter_hotels([record], "kandy", 2) == [record]
    assert filter_hotels([record], "kandy", 3) == []


# --- take -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (Limit.HOME_SHOP_PREVIEW, [0, 1]),
        (Limit.RECORDINGS_PREVIEW, [0, 1, 2, 3]),
        (0, []),
        (-3, []),
        (100, [0, 1, 2, 3, 4]),
        (10**30, [0, 1, 2, 3, 4]),
        (2.0, [0, 1]),
        (None, [0, 1, 2, 3, 4]),  # "limited to a passed item count if given, else all"
        ("2", [0, 1, 2, 3, 4]),
        (2.5, [0, 1, 2, 3, 4]),
        (True, [0, 1, 2, 3, 4]),
    ],
)
def test_take_the_first_n(n, expected):
    assert take([0, 1, 2, 3, 4], n) == expected


def test_take_from_an_endless_iterator_stops():
    def endless():
        i = 0
        while True:
            yield i
            i += 1

    assert take(endless(), 3) == [0, 1, 2]


def test_failing_iterator_keeps_what_it_gave():
    def failing():
        yield 1
        yield 2
        raise RuntimeError("backend went away")

    assert take(failing(), 5) == [1, 2]
    assert search_by_name(failing(), "") == [1, 2]


def test_field_reads_attributes_and_keys_and_survives_failing_properties():
    class Exploding:
        @property
        def name(self):
            raise RuntimeError("boom")

    assert read_field(Note("x"), "name") == "x"
    assert read_field({"name": "y"}, "name") == "y"
    assert read_field(Exploding(), "name", "default") == "default"
    assert read_field(None, "name") is None


def test_self_referencing_id_does_not_recurse():
    class Loop:
        pass

    loop = Loop()
    loop.id = loop
    assert filter_by_category([{"categories": [loop]}], "x", "categories") == []


# --- properties ---------------------------------------------------------------------------

anything = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(), st.binary(),
    st.lists(st.text()), st.dictionaries(st.text(), st.text()),
)  # fmt: skip
names = st.one_of(st.none(), st.text(max_size=30))
category_ids = st.sampled_from(["", "c1", "c2", "c3"])


@given(anything, anything)
def test_filters_never_raise(a, b):
    assert isinstance(matches_search(a, b), bool)
    for result in (
        search_by_name(a, b),
        filter_by_category(a, b, "categories"),
        filter_hotels(a, b, b),
        take(a, b),
    ):
        assert isinstance(result, list)


@given(st.lists(names.map(Note)), st.text(max_size=10))
def test_search_keeps_exactly_the_matching_items_in_order(notes, query):
    assert search_by_name(notes, query) == [n for n in notes if matches_search(n.name, query)]


@given(st.text(max_size=30), st.text(max_size=30), st.text(max_size=30))
def test_any_substring_is_found(prefix, middle, suffix):
    assert matches_search(prefix + middle + suffix, middle)
    assert matches_search(prefix + middle + suffix, "")


@given(st.from_regex(r"[A-Za-z0-9 ]{0,30}", fullmatch=True), st.from_regex(r"[A-Za-z0-9]{1,10}", fullmatch=True))
def test_search_ignores_case(text, word):
    haystack = text + word + text
    assert matches_search(haystack.upper(), word.lower())
    assert matches_search(haystack.lower(), word.upper())
    assert matches_search(haystack.swapcase(), word)


@given(st.lists(st.lists(category_ids.filter(bool), max_size=3).map(lambda cs: Product("p", cs))), category_ids)
def test_category_filter_keeps_exactly_products_listing_the_id(products, category):
    result = filter_by_category(products, category, "categories")
    if not category:
        assert result == products
    else:
        assert result == [p for p in products if category in p.categories]


@given(
    st.lists(
        st.builds(
            Hotel,
            name=st.just("h"),
            city=st.sampled_from(["kandy", "galle"]),
            gust=st.one_of(st.none(), st.integers(0, 6)),
        )
    ),
    st.sampled_from(["", "kandy", "galle"]),
    st.sampled_from(Limit.GUEST_CHOICES),
)
def test_hotel_filter_matches_the_spec_rule(hotels, city, guests):
    expected = [h for h in hotels if (not city or h.city == city) and (not h.gust or guests <= h.gust)]
    assert filter_hotels(hotels, city, guests) == expected


@given(st.lists(st.integers()), st.integers(-5, 50))
def test_take_is_a_prefix_of_at_most_n(items, n):
    result = take(items, n)
    assert result == items[: max(n, 0)]
