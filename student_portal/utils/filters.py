"""List filters the pages share: search, category, city and guests, first n.

Items are rows with attributes (dataclasses) or raw records (mappings); a missing field reads
as None. Spec 4 and 5: empty category means all; products match when their category list
contains the id, talents when `categorie` equals it; the guest filter keeps hotels with no
guest limit or with chosen guests at most the limit (`gust`); search is a case-insensitive
substring on the name.
Pure: no Reflex, no I/O, never raises; every function returns a new list.
"""

from __future__ import annotations

import math
import sys
import unicodedata
from collections.abc import Iterable, Mapping
from itertools import islice
from typing import Any, TypeVar

T = TypeVar("T")

_SCALARS = (str, int, float)


def field(item: object, attr: str, default: Any = None) -> Any:
    """item[attr] for a mapping, item.attr for an object, default when missing or failing."""
    try:
        if isinstance(item, Mapping):
            return item.get(attr, default)
        return getattr(item, attr, default)
    except Exception:
        return default


def _as_list(items: Iterable[T] | None) -> list[T]:
    """The items as a list; [] for None, text, a mapping or a non-iterable."""
    if items is None or isinstance(items, (str, bytes, bytearray, Mapping)):
        return []
    out: list[T] = []
    try:
        for item in items:
            out.append(item)
    except Exception:
        pass
    return out


def _text(value: object) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, _SCALARS) and not isinstance(value, bool):
        return str(value)
    return ""


def _folded(text: str) -> str:
    # NFC first so a Sinhala or accented letter typed decomposed still matches.
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", text).casefold())


def matches_search(text: object, query: object) -> bool:
    """Case-insensitive substring match; an empty query matches everything, None text is ""."""
    wanted = _folded(_text(query).strip())
    return not wanted or wanted in _folded(_text(text))


def search_by_name(items: Iterable[T] | None, query: object, attr: str = "name") -> list[T]:
    """Items whose `attr` contains the query (all of them for an empty query)."""
    wanted = _folded(_text(query).strip())
    rows = _as_list(items)
    if not wanted:
        return rows
    return [item for item in rows if wanted in _folded(_text(field(item, attr)))]


def folded_fields(rows: Iterable[Iterable[object]]) -> list[tuple[str, ...]]:
    """Each row's searched texts (a name, a subject's name...) as search compares them: an index
    to build once per version of a list, so a search over a large catalog folds only the query."""
    return [tuple(_folded(_text(value)) for value in row) for row in _as_list(rows)]


def search_folded(items: list[T], folded: list[tuple[str, ...]], query: object) -> list[T]:
    """Items one of whose texts (`folded_fields`, same order as `items`) contains the query
    (all of them for an empty query)."""
    wanted = _folded(_text(query).strip())
    if not wanted:
        return list(items)
    return [item for item, texts in zip(items, folded, strict=False) if any(wanted in text for text in texts)]


def _plain_id(value: object) -> str | None:
    if isinstance(value, str):
        return value.strip() or None
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return None


def _id_of(value: object) -> str | None:
    """A record id from an id string or an expanded record (mapping or object with `id`)."""
    if value is None or isinstance(value, (str, int, float, bytes, bytearray)):
        return _plain_id(value)
    return _plain_id(field(value, "id"))


def _refers_to(value: object, wanted: str) -> bool:
    """A relation field (one id or a list of ids) points at wanted."""
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(_id_of(v) == wanted for v in value)
    return _id_of(value) == wanted


def filter_by_category(items: Iterable[T] | None, category_id: object, attr: str) -> list[T]:
    """Items in the category; all items when category_id is empty.

    attr is a single id (talents' `categorie`) or a list of ids (products' `categories`).
    """
    rows = _as_list(items)
    wanted = _id_of(category_id)
    if wanted is None:
        return rows
    return [item for item in rows if _refers_to(field(item, attr), wanted)]


def _positive_number(value: object) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            return None
    if not isinstance(value, (int, float)):
        return None
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    return number if number > 0 and not math.isnan(number) else None


def filter_hotels(hotels: Iterable[T] | None, city_id: object, guests: object) -> list[T]:
    """Hotels in the city (all cities when empty) that take that many guests.

    A hotel without a guest limit (`gust` None, 0 or unreadable) takes any number; no guest
    count (None, 0, unreadable) means no guest filter.
    """
    rows = _as_list(hotels)
    city = _id_of(city_id)
    wanted_guests = _positive_number(guests)

    def keeps(hotel: T) -> bool:
        if city is not None and not _refers_to(field(hotel, "city"), city):
            return False
        limit = _positive_number(field(hotel, "gust"))
        return wanted_guests is None or limit is None or wanted_guests <= limit

    return [hotel for hotel in rows if keeps(hotel)]


def take(items: Iterable[T] | None, n: object) -> list[T]:
    """The first n items; all of them when n is None or not a whole number, none when n <= 0."""
    if items is None or isinstance(items, (str, bytes, bytearray, Mapping)):
        return []
    if isinstance(n, float) and n.is_integer():
        n = int(n)
    if not isinstance(n, int) or isinstance(n, bool):
        return _as_list(items)
    if n <= 0:
        return []
    out: list[T] = []
    try:
        for item in islice(items, min(n, sys.maxsize)):
            out.append(item)
    except Exception:
        pass
    return out
