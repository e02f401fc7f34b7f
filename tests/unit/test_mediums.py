"""The medium filter of O/L and A/L folders: which medium an item's `varient` names, the page
language's default, and FolderItemsState filtering the whole folder on the server with the
choice in the address (no server)."""

from __future__ import annotations

import pytest

from student_portal.constants import Limit
from student_portal.i18n.languages import Language
from student_portal.state.resources import NOTE, PAPER, FolderItemsState, ItemCard
from student_portal.utils.mediums import Medium, default_medium, in_medium, medium_choice, medium_of, medium_param


@pytest.mark.parametrize(
    ("varient", "medium"),
    [
        ("Sinhala Medium", Medium.SINHALA),
        ("  sinhala  ", Medium.SINHALA),
        ("Sinhalese medium", Medium.SINHALA),
        ("TAMIL MEDIUM", Medium.TAMIL),
        ("English Medium", Medium.ENGLISH),
        ("සිංහල මාධ්‍යය", Medium.SINHALA),
        ("දෙමළ මාධ්‍යය", Medium.TAMIL),
        ("தமிழ் மொழிமூலம்", Medium.TAMIL),
        ("ஆங்கில மொழிமூலம்", Medium.ENGLISH),
        ("ඉංග්‍රීසි මාධ්‍යය", Medium.ENGLISH),
    ],
)
def test_a_varient_names_its_medium_in_any_of_the_three_languages(varient: str, medium: Medium) -> None:
    assert medium_of(varient) is medium


@pytest.mark.parametrize("varient", ["", "   ", "Paper I", "Sinhala / English", "Tamil and Sinhala"])
def test_a_varient_naming_no_or_several_mediums_has_none(varient: str) -> None:
    assert medium_of(varient) is None


def test_all_shows_every_item_even_one_without_a_medium() -> None:
    assert in_medium("", Medium.ALL) and in_medium("Sinhala / English", Medium.ALL)
    assert in_medium("Tamil Medium", Medium.TAMIL) and not in_medium("", Medium.TAMIL)


def test_the_default_follows_the_page_language_and_english_pages_show_all() -> None:
    assert default_medium(Language.SI) is Medium.SINHALA
    assert default_medium(Language.TA) is Medium.TAMIL
    assert default_medium(Language.EN) is Medium.ALL


@pytest.mark.parametrize("value", [None, "", "Tamil", "french", 3, "all "])
def test_an_unknown_choice_is_the_page_default(value: object) -> None:
    assert medium_choice(value, Medium.TAMIL) is Medium.TAMIL


def test_the_address_names_a_medium_only_when_it_is_not_the_default() -> None:
    assert medium_param(Medium.ALL, Medium.ALL) == ""
    assert medium_param(Medium.TAMIL, Medium.ALL) == "tamil"
    assert medium_param(Medium.TAMIL, Medium.TAMIL) == ""
    assert medium_param(Medium.ALL, Medium.TAMIL) == "all"  # "All" on a Tamil page must be said


def _card(n: int, kind: str, varient: str) -> ItemCard:
    return ItemCard(f"i{n}", kind, f"Item {n}", "", varient, "", "")


@pytest.fixture
def state() -> FolderItemsState:
    made = FolderItemsState(_reflex_internal_init=True)  # type: ignore[call-arg]
    made.level, made.folder_id, made.item_type = "ol", "f1", PAPER
    mediums = ["Tamil Medium", "Sinhala Medium", "English Medium"]
    # More Tamil papers than fit a page, the first of them past the first page's worth of others.
    made._items = [_card(n, PAPER, mediums[n % 3]) for n in range(Limit.FOLDER_ITEMS_PAGE * 3 + 3)]
    made._items.append(_card(999, NOTE, "Tamil Medium"))
    made.shown = Limit.FOLDER_ITEMS_PAGE
    made._show_items()
    return made


def test_choosing_a_medium_filters_the_whole_folder_and_goes_into_the_address(state: FolderItemsState) -> None:
    events = FolderItemsState.set_medium.fn(state, "tamil")
    tamil = [c for c in state._items if c.type == PAPER and c.variant == "Tamil Medium"]
    assert state.medium == "tamil" and state.total == len(tamil)
    assert [c.id for c in state.page] == [c.id for c in tamil][: Limit.FOLDER_ITEMS_PAGE]
    assert "/ol/f1?medium=tamil" in str(events)
    FolderItemsState.set_medium.fn(state, "all")
    assert state.total == len([c for c in state._items if c.type == PAPER])


def test_a_medium_and_the_type_combine(state: FolderItemsState) -> None:
    FolderItemsState.set_medium.fn(state, "tamil")
    events = FolderItemsState.set_item_type.fn(state, NOTE)
    assert [c.id for c in state.page] == ["i999"]
    assert "type=note&medium=tamil" in str(events)


def test_a_tamil_page_defaults_to_tamil_and_says_all_in_the_address(state: FolderItemsState) -> None:
    state._default_medium = Medium.TAMIL
    events = FolderItemsState.set_medium.fn(state, "all")
    assert "medium=all" in str(events)
    events = FolderItemsState.set_medium.fn(state, "nonsense")
    assert state.medium == "tamil" and "medium=" not in str(events)
