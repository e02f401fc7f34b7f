"""A rating as stars: whole, half or empty, so 4.5 shows four and a half stars.

Pure: no Reflex; any value (None, text, NaN, a huge number) gives `most` stars.
"""

from __future__ import annotations

import math
from enum import StrEnum


class Star(StrEnum):
    FULL = "full"
    HALF = "half"
    EMPTY = "empty"


def star_fills(rating: object, most: int) -> list[Star]:
    """`most` stars for `rating` rounded to the nearest half (4.3 -> 4.5, 4.2 -> 4), within 0..most."""
    value = rating if isinstance(rating, (int, float)) and not isinstance(rating, bool) else 0.0
    if math.isnan(value):
        value = 0.0
    halves = math.floor(min(max(value, 0.0), most) * 2 + 0.5)
    return [
        Star.FULL if halves >= 2 * (i + 1) else Star.HALF if halves == 2 * i + 1 else Star.EMPTY for i in range(most)
    ]
