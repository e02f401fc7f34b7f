"""Public pictures in WebP for browsers that accept it, converted once by Pillow and kept.

PocketBase stores and thumbs pictures as they were uploaded (JPEG, PNG). WebP of the same
picture at the same size is about a third to a half of the JPEG (demo hotels: 40 KB -> ~15 KB),
and every browser students use accepts it; one that does not (no `image/webp` in Accept) gets
the original. WebP rather than AVIF: a similar size at these dimensions for a fraction of the
encoding time on our cores (measured on the demo pictures, see README).

A variant is remembered in memory, bounded in bytes (least recently used goes first), keyed by
file + thumb size + format and checked against a digest of the bytes PocketBase sent, so a file
that changed under the same name is converted again. Only public files come here: a tokenised
(protected) file is never converted nor kept (student_portal/server/file_proxy.py decides).
"""

from __future__ import annotations

import hashlib
import io
import threading
from collections import OrderedDict
from dataclasses import dataclass

from PIL import Image, ImageOps

WEBP = "image/webp"
CONVERTIBLE = frozenset({"image/jpeg", "image/png"})
MAX_SOURCE_BYTES = 8 * 1024 * 1024  # larger files stream through unchanged
MAX_SOURCE_PIXELS = 16_000_000  # a decompression bomb is never decoded
WEBP_QUALITY = 78
WEBP_METHOD = 4  # 6 saves ~5 % more for twice the CPU
CACHE_BYTES = 32 * 1024 * 1024
ENTRY_OVERHEAD = 256  # counted per entry, so "keep the original" answers are bounded too

VariantKey = tuple[str, str, str, str, str]  # collection, record, file name, thumb, format

# The thumb sizes the schema declares (pb/pb_migrations, `thumbs` of the image fields; a unit
# test keeps the two equal): PocketBase makes only these and answers any other with the original.
THUMB_SIZES = frozenset(
    {
        "96x96",
        "256x256",
        "400x225",
        "400x300",
        "400x400",
        "640x240",
        "640x360",
        "640x400",
        "640x640",
        "960x360",
        "1280x320",
        "1280x480",
        # Whole pictures ("f": fit, never cropped) where the picture carries words: banners,
        # avatars, promo cards (pb_migrations/1795301700_fit_thumbs.js).
        "96x96f",
        "256x256f",
        "400x300f",
        "1280x320f",
    }
)


def known_thumb(thumb: str) -> str:
    """`thumb` when it is a size the site uses, else "" (the original): a made-up size would key
    a conversion and a cache entry of its own for the same bytes (issue 36, finding 3)."""
    return thumb if thumb in THUMB_SIZES else ""


def accepts_webp(accept: str) -> bool:
    """Whether an Accept header takes image/webp (explicitly, with q > 0)."""
    for item in accept.split(","):
        media, _, params = item.strip().partition(";")
        if media.strip().lower() != WEBP:
            continue
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    return float(value) > 0
                except ValueError:
                    return False
        return True
    return False


def digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def to_webp(data: bytes) -> bytes | None:
    """`data` (a JPEG or PNG) as WebP at the same size; None when it cannot be read, is too
    large to decode safely, or WebP would not be smaller."""
    try:
        with Image.open(io.BytesIO(data)) as picture:
            width, height = picture.size
            if width * height > MAX_SOURCE_PIXELS:
                return None
            # The browser turns a JPEG by its EXIF orientation; the WebP carries no EXIF.
            upright = ImageOps.exif_transpose(picture)
            if upright.mode not in ("RGB", "RGBA"):
                has_alpha = upright.mode in ("LA", "PA") or "transparency" in upright.info
                upright = upright.convert("RGBA" if has_alpha else "RGB")
            out = io.BytesIO()
            upright.save(out, "WEBP", quality=WEBP_QUALITY, method=WEBP_METHOD)
    except (OSError, ValueError, Image.DecompressionBombError):
        return None
    converted = out.getvalue()
    return converted if len(converted) < len(data) else None


@dataclass(frozen=True)
class Variant:
    source_digest: str
    body: bytes | None  # None: the original is the better answer (not smaller, unreadable)


def _size(variant: Variant) -> int:
    return len(variant.body or b"") + ENTRY_OVERHEAD


class VariantCache:
    """Converted pictures, least recently used dropped first once `max_bytes` is reached."""

    def __init__(self, max_bytes: int = CACHE_BYTES) -> None:
        self.max_bytes = max_bytes
        self._entries: OrderedDict[VariantKey, Variant] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()  # conversions finish in worker threads

    @property
    def size_bytes(self) -> int:
        return self._bytes

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: VariantKey, source_digest: str) -> Variant | None:
        with self._lock:
            variant = self._entries.get(key)
            if variant is None or variant.source_digest != source_digest:
                return None
            self._entries.move_to_end(key)
            return variant

    def put(self, key: VariantKey, variant: Variant) -> None:
        size = _size(variant)
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._bytes -= _size(old)
            if size > self.max_bytes:
                return
            self._entries[key] = variant
            self._bytes += size
            while self._bytes > self.max_bytes:
                _, dropped = self._entries.popitem(last=False)
                self._bytes -= _size(dropped)

    def variant(self, key: VariantKey, source: bytes) -> Variant:
        """The remembered WebP of `source` under `key`, converting it on a miss (call from a
        worker thread: conversion takes ~0.1-0.2 s of CPU for a 640 px picture)."""
        source_digest = digest(source)
        found = self.get(key, source_digest)
        if found is None:
            found = Variant(source_digest, to_webp(source))
            self.put(key, found)
        return found


_shared = VariantCache()


def shared_variants() -> VariantCache:
    """The process's cache (each worker has its own, like the content cache)."""
    return _shared
