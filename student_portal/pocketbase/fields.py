"""Tolerant field types for PocketBase records.

Content comes from an admin UI, so a field may be missing, null, or of another type than the
schema promised (a number typed into a text field, a multi-select where one value was
expected). Each type here turns any JSON value into its Python type or that type's empty value
and never raises, so one odd record cannot break a page. They are `PlainValidator`s: the
function is the whole validation, no second pass that could reject its result.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import PlainValidator


def clean_text(value: str) -> str:
    """`value` with lone surrogates (invalid in UTF-8, fatal when sent to a browser) replaced."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return value.encode("utf-8", "replace").decode("utf-8")
    return value


def to_text(value: Any) -> str:
    """Strings as they are; numbers as digits (a phone typed as a number); anything else ""."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, bool) or value is None:
        return ""
    if isinstance(value, int):
        return str(value) if abs(value) < 10**30 else ""
    if isinstance(value, float) and math.isfinite(value):
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    return ""


def to_first_text(value: Any) -> str:
    """A single id or file name: the text itself, or the first text of a list."""
    if isinstance(value, list):
        return next((text for item in value if (text := to_text(item))), "")
    return to_text(value)


def to_keyword(value: Any) -> str:
    """A select value compared by code (role, paper type): trimmed and lower-cased."""
    return to_first_text(value).strip().casefold()


def to_flag(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        return value.strip().casefold() in {"true", "1", "yes", "on"}
    if isinstance(value, int | float):
        return value == 1
    return False


def to_number(value: Any) -> float | None:
    """A finite number, or None for missing/blank/non-numeric values (e.g. Price Unavailable)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        value = value.strip().replace(",", "")
        if not value or len(value) > 64:
            return None
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        return None
    return number if math.isfinite(number) else None


def to_positive_int(value: Any) -> int | None:
    """A whole number >= 1, or None: 0, blank or nonsense all mean "no limit"."""
    number = to_number(value)
    if number is None or number < 1:
        return None
    return int(number)


def to_text_list(value: Any) -> list[str]:
    """A list of non-empty texts; a single comma-separated string is split."""
    if isinstance(value, str):
        items: list[Any] = value.split(",")
    elif isinstance(value, list):
        items = value
    else:
        return []
    return [text for item in items if (text := to_text(item).strip())]


def to_id_list(value: Any) -> list[str]:
    """Relation ids (a multi relation); a single id becomes a one-item list."""
    # Cleaned like every other text: a lone surrogate in a row breaks the state's websocket
    # message (Reflex sends JSON with ensure_ascii=False, encoded as UTF-8).
    if isinstance(value, str):
        return [clean_text(value)] if value.strip() else []
    if isinstance(value, list):
        return [clean_text(text) for item in value if isinstance(item, str) and (text := item.strip())]
    return []


_MIN_YEAR, _MAX_YEAR = 1, 9999


def to_datetime(value: Any) -> datetime | None:
    """An aware datetime (UTC when no zone is given), or None.

    PocketBase writes "2026-11-22 14:30:00.000Z"; ISO "T" forms and plain dates work too.
    """
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    if not isinstance(value, str):
        return None
    text = value.strip()
    if not text or len(text) > 64:
        return None
    if text.endswith(("Z", "z")):
        text = text[:-1] + "+00:00"
    try:
        parsed = datetime.fromisoformat(text)
    except (ValueError, OverflowError):
        return None
    if not _MIN_YEAR <= parsed.year <= _MAX_YEAR:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


SocialPlatform = Literal["youtube", "facebook", "tiktok", "other"]
_PLATFORMS: frozenset[str] = frozenset({"youtube", "facebook", "tiktok"})


def to_platform(value: Any) -> SocialPlatform:
    keyword = to_keyword(value)
    return keyword if keyword in _PLATFORMS else "other"  # type: ignore[return-value]


Text = Annotated[str, PlainValidator(to_text)]
FirstText = Annotated[str, PlainValidator(to_first_text)]
Keyword = Annotated[str, PlainValidator(to_keyword)]
Flag = Annotated[bool, PlainValidator(to_flag)]
Number = Annotated[float | None, PlainValidator(to_number)]
PositiveInt = Annotated[int | None, PlainValidator(to_positive_int)]
TextList = Annotated[list[str], PlainValidator(to_text_list)]
IdList = Annotated[list[str], PlainValidator(to_id_list)]
DateTime = Annotated[datetime | None, PlainValidator(to_datetime)]
Platform = Annotated[SocialPlatform, PlainValidator(to_platform)]
