"""YouTube links: the video id from a pasted link, and the addresses we build around it.

Spec 5: an 11-character id taken from watch, embed or short links; none found means no video.
Pure: no Reflex, no I/O, never raises.
"""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

from student_portal.constants import Limit

_ID_RE = re.compile(rf"[A-Za-z0-9_-]{{{Limit.YOUTUBE_ID_LENGTH}}}")
_HAS_SCHEME_RE = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")

# Path words that are 11 characters long but are not videos (`/embed/videoseries?list=...`).
_NOT_IDS = frozenset({"videoseries", "live_stream"})

# Exact host names: a lookalike such as youtube.com.evil.net is not YouTube.
_WATCH_HOSTS = frozenset({"youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com"})
_NOCOOKIE_HOSTS = frozenset({"youtube-nocookie.com", "www.youtube-nocookie.com"})
_SHORT_HOSTS = frozenset({"youtu.be", "www.youtu.be"})

# First path segment after which the id follows, on youtube.com hosts.
_ID_PATH_PREFIXES = frozenset({"embed", "shorts", "live", "v", "e"})

# A link longer than this is not a share link; refuse it rather than parse megabytes.
_MAX_URL_CHARS = 2048

# Privacy-enhanced mode: the nocookie host sets no cookies until the student presses play, and
# the site builds the player only after a tap anyway. Given this address, react-player's
# youtube-video-element embeds from the same host and adds rel=0, which keeps "related videos"
# to the same channel (spec 7: video embeds with rel=0).
EMBED_BASE = "https://www.youtube-nocookie.com/embed/"

# hqdefault (480x360) exists for every video, unlike maxresdefault, and is sharp enough for a
# full-width card on a phone; mqdefault (320x180) is blurry there. Its 4:3 letterbox bars are
# cropped by the card's 16:9 object-cover frame.
WATCH_BASE = "https://www.youtube.com/watch?v="
THUMBNAIL_TEMPLATE = "https://i.ytimg.com/vi/{id}/hqdefault.jpg"


def is_video_id(value: object) -> bool:
    """True when value is exactly an 11-character YouTube id."""
    return isinstance(value, str) and _ID_RE.fullmatch(value) is not None and value not in _NOT_IDS


def _valid(candidate: str | None) -> str | None:
    return candidate if candidate is not None and is_video_id(candidate) else None


def youtube_id(url: object) -> str | None:
    """The video id of a YouTube watch, embed, short, shorts or live link, else None."""
    if not isinstance(url, str):
        return None
    text = url.strip()
    if not text or len(text) > _MAX_URL_CHARS:
        return None
    if "&amp;" in text:  # pasted from HTML source
        text = html.unescape(text)
    if text.startswith("//"):
        text = "https:" + text
    elif not _HAS_SCHEME_RE.match(text):
        text = "https://" + text
    try:
        parts = urlsplit(text)
        host = (parts.hostname or "").rstrip(".")
    except (ValueError, UnicodeError):
        return None
    if parts.scheme.lower() not in ("http", "https") or "@" in parts.netloc:
        return None

    segments = [s for s in parts.path.split("/") if s]
    if host in _SHORT_HOSTS:
        return _valid(segments[0]) if segments else None
    if host in _NOCOOKIE_HOSTS:
        if len(segments) >= 2 and segments[0] == "embed":
            return _valid(segments[1])
        return None
    if host not in _WATCH_HOSTS:
        return None
    if segments == ["watch"]:
        try:
            values = parse_qs(parts.query).get("v", [])
        except ValueError:
            return None
        return next((v for v in values if is_video_id(v)), None)
    if len(segments) >= 2 and segments[0] in _ID_PATH_PREFIXES:
        return _valid(segments[1])
    return None
