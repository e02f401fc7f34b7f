"""Carousel positions: wrapping both ways, dots, pause (spec 4: carousels and the article index)."""

from __future__ import annotations

import pytest

from student_portal.state.carousel import CarouselState, wrapped_index


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
    CarouselState.advance.fn(state, "news", 1, 4)
    CarouselState.advance.fn(state, "news", 1, 4)
    CarouselState.advance.fn(state, "articles", -1, 3)
    assert state.positions == {"news": 2, "articles": 2}


def test_a_dot_outside_the_slides_is_ignored() -> None:
    state = _state()
    CarouselState.go_to.fn(state, "news", 3, 4)
    CarouselState.go_to.fn(state, "news", 4, 4)
    CarouselState.go_to.fn(state, "news", -1, 4)
    assert state.positions["news"] == 3


def test_pause_and_play_are_remembered_per_carousel() -> None:
    state = _state()
    CarouselState.set_paused.fn(state, "news", True)
    assert state.paused == {"news": True}
    CarouselState.set_paused.fn(state, "news", False)
    assert state.paused == {"news": False}
