"""Paging a long list: how many rows a visitor sees, and the words around them.
from student_portal.i18n import format_number, ngettext


Every list page (recordings, papers, jobs, rooms, products, notes, articles) keeps its whole
filtered list on the server and sends the browser the first `shown` rows; "Show more" adds
`page_size` more. How far the visitor went is kept in the address (`?show=48`), so reload and
back return to the same place. Pure: no Reflex, no I/O, never raises.

    shown = shown_from_query(params.get("show"), page_size=24)      # 24, 48, ... or 24
    rows = first_rows(matching, shown)                               # what the browser gets
    label = count_label(len(matching), "{count} recording", "{count} recordings")  # "1,284 recordings"
    shown = next_shown(shown, page_size=24)                          # after Show more
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from student_portal.i18n import format_number, ngettext

T = TypeVar("T")

# A visitor's list never holds more rows than this: neither a typed or shared `?show=` nor a
# script pressing Show more in a loop makes the server keep and send thousands of cards for one
# tab. Past it, the count still tells how many match, and search or filters narrow them.
MAX_SHOWN = 960

SHOW_PARAM = "show"


def shown_from_query(value: object, page_size: int, *, most: int = MAX_SHOWN) -> int:
    """The `?show=` text as a row count: rounded up to whole pages, at least one page and at
    most `most` rows (rounded down to whole pages); anything unreadable is one page."""
    size = max(1, int(page_size))
    text = value.strip() if isinstance(value, str) else ""
    # isdecimal, not isdigit: "²" is a digit int() refuses; the length cap keeps int() cheap.
    if not text.isdecimal() or len(text) > 9:
        return size
    pages = -(-int(text) // size)  # ceiling
    most_pages = max(1, most // size)
    return size * min(max(pages, 1), most_pages)


def show_param(shown: int, page_size: int) -> str:
    """The `?show=` value for the address: "" (left out) while the visitor sees the first page."""
    return "" if shown <= page_size else str(shown)


def next_shown(shown: int, page_size: int, *, most: int = MAX_SHOWN) -> int:
    """The row count after Show more: one more page, never past `most` (in whole pages)."""
    size = max(1, int(page_size))
    return min(max(shown, size) + size, max(size, most // size * size))


def first_rows(rows: Sequence[T], shown: int) -> list[T]:
    """The first `shown` rows (a new list; none for a count below 1)."""
    return list(rows[: max(0, shown)])


def has_more(total: int, shown: int, page_size: int, *, most: int = MAX_SHOWN) -> bool:
    """Whether Show more has anything to add."""
    return total > shown and next_shown(shown, page_size, most=most) > shown


def count_label(total: int, one: str, many: str) -> str:
    """The count in words, in the current language: `one`/`many` are the English msgids
    ("{count} recording", "{count} recordings"): "1 recording", "1,284 recordings"."""
    total = max(0, int(total))
    return ngettext(one, many, total).format(count=format_number(total))
