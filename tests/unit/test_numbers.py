"""Numbers in the visitor's language (i18n.format_number) for any value a record can hold."""

from __future__ import annotations

import math

import pytest

from student_portal.i18n import format_number, in_language
from student_portal.i18n.languages import Language


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


def test_whole_numbers_are_formatted_once_per_language_and_pattern_and_signed_zero_is_kept() -> None:
    from student_portal.i18n import translation

    translation._formatted_int.cache_clear()
    with in_language(Language.EN):
        assert format_number(1284) == format_number(1284) == "1,284"
        assert format_number(1284, "0.00") == "1284.00"
        assert format_number(0) == "0" and format_number(-0.0) == "-0"  # a float is not 0's entry
        assert format_number(True) == "True"  # nor is a flag: Babel cannot write it
    with in_language(Language.TA):
        assert format_number(1284) == "1,284"
        assert format_number(10**7) == "1,00,00,000"  # Tamil groups in lakhs and crores: its own entry
    info = translation._formatted_int.cache_info()
    assert (info.hits, info.misses) == (1, 5)
