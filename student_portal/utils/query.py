"""The address of a filtered list: reading a page's query string and writing it back.

Every list keeps its search and filter state in the URL query, so a student can share or reload
the exact view. Values come from whoever typed the address: each reader accepts only what the
page offers and falls back to the default otherwise. No Reflex here.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from urllib.parse import urlencode

from student_portal.constants import Limit

# A search text longer than this is cut: nobody types it, and it would only bloat the address.
MAX_QUERY_TEXT = Limit.SEARCH_TEXT_MAX_CHARS


def page_url(path: str, params: Mapping[str, object]) -> str:
    """`path` with the non-empty `params` as its query, in the given order.

    `page_url("/youtube", {"q": "physics", "subject": ""})` -> "/youtube?q=physics".
    """
    kept = {key: str(value) for key, value in params.items() if value not in (None, "")}
    return f"{path}?{urlencode(kept)}" if kept else path


def query_text(params: Mapping[str, str], key: str) -> str:
    """A free-text parameter (a search), trimmed of outer spaces and cut to a sane length."""
    value = params.get(key)
    return value.strip()[:MAX_QUERY_TEXT] if isinstance(value, str) else ""


def bounded_text(value: object, limit: int = MAX_QUERY_TEXT) -> str:
    """What a page's input sent (a search as it is typed, a dropdown's value): text cut to
    `limit`, anything else "". Every such value is kept in the visitor's state and sent back
    with each change, so one crafted event must not be able to make it megabytes long."""
    return value[:limit] if isinstance(value, str) else ""


def query_choice(params: Mapping[str, str], key: str, allowed: Collection[str], default: str = "") -> str:
    """A parameter that must be one of `allowed` (an id, a type); anything else is `default`."""
    value = params.get(key)
    return value if isinstance(value, str) and value in allowed else default


def int_choice(value: object, allowed: Collection[int], default: int) -> int:
    """`value` (text from a form or an address) as one of the whole numbers `allowed`, else `default`."""
    text = value.strip() if isinstance(value, str) else ""
    # isdecimal, not isdigit: "²" is a digit that int() refuses; the length cap keeps int() cheap.
    if not text.isdecimal() or len(text) > 9:
        return default
    number = int(text)
    return number if number in allowed else default


def query_int(params: Mapping[str, str], key: str, allowed: Collection[int], default: int) -> int:
    """A whole-number parameter that must be one of `allowed`; anything else is `default`."""
    return int_choice(params.get(key), allowed, default)
