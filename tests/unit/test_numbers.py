"""Numbers in the visitor's language (i18n.format_number) for any value a record can hold."""

from __future__ import annotations

import math

import pytest

from student_portal.i18n import format_number, in_language
from student_portal.languages import Language


@pytest.mark.parametrize("language", list(Language))
def test_huge_stored_numbers_are_written_out_not_raised(language: Language) -> None:
    # Hypothesis found a room with gust = 1e25: Babel's default 28 digits raised InvalidOperation.
    with in_language(language):
        # Grouped as the language groups (Tamil in lakhs and crores): every digit there.
        assert format_number(int(1e25)).replace(",", "") == "10000000000000000905969664"
        assert format_number(1.5e30).replace(",", "") == "15" + "0" * 29
        assert format_number(9500) == "9,500"
        assert format_number(12.5, "0.00") == "12.50"


def test_what_no_pattern_can_write_falls_back_to_python() -> None:
    assert format_number(math.inf) in {"∞", "inf"}
    assert format_number(math.nan) in {"NaN", "nan"}
