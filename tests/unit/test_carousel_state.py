"""Carousel positions: wrapping both ways, dots, pause (spec 4: carousels and the article index)."""

from __future__ import annotations

import pytest

from student_portal.constants import Limit
from student_portal.state.carousel import CAROUSELS, CarouselState, wrapped_index

NEWS, ARTICLES = "home-news", "home-articles"


@pytest.mark.parametrize(
    ("index", "step", "count", "expected"),
    [(0, 1, 3, 1), (2, 1, 3, 0), (0, -1, 3, 2), (1, -1, 3, 0), (5, 1, 3, 0), (0, 1, 1, 0), (0, 1, 0, 0), (0, -1, 0, 0)],
)
def test_wrapped_index_wraps_last_to_first_and_first_to_last(index: int, step: int, count: int, expected: int) -> None:
    assert wrapped_index(index, step, count) == expected


def _state() -> CarouselState:
    return CarouselState(_reflex_internal_init=True)  # type: ignore[call-arg]


def test_each_carousel_keeps_its_own_position() -> None:
    state = _state()
    CarouselState.advance.fn(state, NEWS, 1, 4)
    CarouselState.advance.fn(state, NEWS, 1, 4)
    CarouselState.advance.fn(state, ARTICLES, -1, 3)
    assert state.positions == {NEWS: 2, ARTICLES: 2}


def test_a_dot_outside_the_slides_is_ignored() -> None:
    state = _state()
    CarouselState.go_to.fn(state, NEWS, 3, 4)
    CarouselState.go_to.fn(state, NEWS, 4, 4)
    CarouselState.go_to.fn(state, NEWS, -1, 4)
    assert state.positions[NEWS] == 3


def test_pause_and_play_are_remembered_per_carousel() -> None:
    state = _state()
    CarouselState.set_paused.fn(state, NEWS, True)
    assert state.paused == {NEWS: True}
    CarouselState.set_paused.fn(state, NEWS, False)
    assert state.paused == {NEWS: False}


# --- a crafted event cannot grow the state (issue 16, finding 3) -----------------------------


@pytest.mark.parametrize("name", ["x" * 500_000, "home-news ", "", "HOME-NEWS", "unknown"])
def test_a_name_that_is_not_one_of_the_sites_carousels_is_not_kept(name: str) -> None:
    state = _state()
    CarouselState.advance.fn(state, name, 1, 4)
    CarouselState.go_to.fn(state, name, 1, 4)
    CarouselState.set_paused.fn(state, name, True)
    assert state.positions == {} and state.paused == {}


@pytest.mark.parametrize(
    "step, count",
    [(2, 4), (10**100, 4), (1, Limit.CAROUSEL_MAX_SLIDES + 1), (1, -5), ("1", 4), (1, "4"), (True, 4), (1.0, 4)],
)
def test_a_step_or_count_out_of_range_or_not_a_whole_number_is_ignored(step, count) -> None:
    state = _state()
    CarouselState.advance.fn(state, NEWS, step, count)
    assert state.positions == {}


@pytest.mark.parametrize("index", ["1", 1.5, 10**100, True, None])
def test_a_dot_index_that_is_not_a_whole_number_is_ignored(index) -> None:
    state = _state()
    CarouselState.go_to.fn(state, NEWS, index, 4)
    assert state.positions == {}


@pytest.mark.parametrize("paused", ["x" * 100_000, 1, None, [True]])
def test_a_pause_flag_that_is_not_a_boolean_is_ignored(paused) -> None:
    state = _state()
    CarouselState.set_paused.fn(state, NEWS, paused)
    assert state.paused == {}


def test_every_carousel_on_the_site_is_a_known_name() -> None:
    from student_portal.components.carousel import carousel

    with pytest.raises(ValueError, match="CAROUSELS"):
        carousel("not-a-site-carousel", None, None, label="x")  # type: ignore[arg-type]
    assert {"home-news", "home-articles", "notes-slides", "ol-slides", "al-slides"} <= CAROUSELS
