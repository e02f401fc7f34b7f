"""What the site keeps of a student's watching and reading (issue 52), as pure rules: what a
reported position is stored as, where a recording or a paper reopens, how far along it reads.

One entry per student and thing (PocketBase's unique index): a recording watched twice keeps one
entry at the position reached last (rewinding to watch a part again is where the student is), a
report past a recording's end is stored as its end, and a finished recording opens from the start.
"""

from __future__ import annotations

import math
import re

VIDEO = "video"
DOCUMENT = "document"
KINDS = (VIDEO, DOCUMENT)

# The last seconds of a recording count as watched to the end (credits, a closing slide).
FINISHED_MARGIN_S = 15
MAX_SECONDS = 24 * 60 * 60  # a recording longer than a day is not a recording
MAX_PAGE = 100_000

_YOUTUBE_ID = re.compile(r"[A-Za-z0-9_-]{11}")
_RECORD_ID = re.compile(r"[a-z0-9]{1,40}")


def whole(value: object, limit: int) -> int:
    """A reported number as whole units within 0..limit; 0 for anything that is not a number."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return 0
    return int(min(max(value, 0), limit))


def video_position(position: object, duration: object) -> tuple[int, int]:
    """(position, duration) as stored: whole seconds, never past the end when the end is known."""
    seconds, length = whole(position, MAX_SECONDS), whole(duration, MAX_SECONDS)
    if length:
        seconds = min(seconds, length)
    return seconds, length


def finished(position: int, duration: int) -> bool:
    return duration > 0 and position >= duration - FINISHED_MARGIN_S


def resume_at(position: int, duration: int) -> int:
    """Where a recording opens again: where it stopped, or the start once it was finished."""
    return 0 if finished(position, duration) else max(position, 0)


def percent_done(position: int, duration: int) -> int:
    """How far along, 0-100 (0 when the length is not known)."""
    if duration <= 0:
        return 0
    return 100 if finished(position, duration) else min(100, max(0, round(100 * position / duration)))


def clock(seconds: int) -> str:
    """A position in a recording as players show it: "12:40", "1:02:03"."""
    seconds = max(0, int(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def is_video_id(value: object) -> bool:
    return isinstance(value, str) and _YOUTUBE_ID.fullmatch(value) is not None


def is_record_id(value: object) -> bool:
    return isinstance(value, str) and _RECORD_ID.fullmatch(value) is not None


def short_title(value: object, limit: int) -> str:
    """A title as kept: text only, one line, at most `limit` characters."""
    text = " ".join(value.split()) if isinstance(value, str) else ""
    return text[:limit]


def thing_key(kind: str, collection: str, record: str) -> str:
    """One entry's identity (the unique index's columns, bar the user)."""
    return f"{kind}:{collection}:{record}"
