"""A rating as stars (utils/ratings.py): whole and half stars, any value safe."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from student_portal.utils.ratings import Star, star_fills

F, H, E = Star.FULL, Star.HALF, Star.EMPTY


@pytest.mark.parametrize(
    ("rating", "stars"),
    [
        (4.5, [F, F, F, F, H]),
        (4, [F, F, F, F, E]),
        (3.5, [F, F, F, H, E]),
        (0.5, [H, E, E, E, E]),
        (5, [F, F, F, F, F]),
        (4.2, [F, F, F, F, E]),  # to the nearest half
        (4.3, [F, F, F, F, H]),
        (4.75, [F, F, F, F, F]),
        (0, [E, E, E, E, E]),
    ],
)
def test_a_rating_shows_whole_and_half_stars(rating: float, stars: list[Star]) -> None:
    assert star_fills(rating, 5) == stars


@pytest.mark.parametrize("rating", [None, "4.5", True, -3, math.nan, -math.inf])
def test_no_usable_rating_shows_empty_stars(rating: object) -> None:
    assert star_fills(rating, 5) == [E] * 5


def test_a_rating_above_the_most_shows_every_star_full() -> None:
    assert star_fills(1e308, 5) == [F] * 5 and star_fills(math.inf, 5) == [F] * 5


@given(st.one_of(st.floats(), st.integers(), st.none()))
def test_always_the_most_stars_full_before_half_before_empty(rating: object) -> None:
    stars = star_fills(rating, 5)
    assert len(stars) == 5 and stars.count(H) <= 1
    order = {F: 0, H: 1, E: 2}
    assert [order[s] for s in stars] == sorted(order[s] for s in stars)
