"""WebP variants of public pictures (student_portal/server/image_variants.py): conversion and the cache."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from student_portal.server.image_variants import ENTRY_OVERHEAD, Variant, VariantCache, accepts_webp, to_webp


def photo(size: tuple[int, int] = (640, 400), fmt: str = "JPEG", mode: str = "RGB", **save) -> bytes:
    """A picture with detail (a flat colour compresses to nothing in any format)."""
    picture = Image.linear_gradient("L").resize(size).convert(mode)
    picture.paste(Image.effect_noise((size[0] // 2, size[1] // 2), 60).convert(mode), (0, 0))
    out = io.BytesIO()
    picture.save(out, fmt, **save)
    return out.getvalue()


@pytest.mark.parametrize(
    ("accept", "expected"),
    [
        ("image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8", True),  # Chromium's
        ("image/webp,*/*", True),
        ("IMAGE/WEBP;q=0.5", True),
        ("image/webp;q=0", False),
        ("image/webp;q=oops", False),
        ("image/png,image/*;q=0.8,*/*;q=0.5", False),  # old browsers: the original
        ("*/*", False),
        ("", False),
    ],
)
def test_webp_only_for_browsers_that_name_it(accept: str, expected: bool) -> None:
    assert accepts_webp(accept) is expected


def test_a_jpeg_becomes_a_smaller_webp_of_the_same_size() -> None:
    source = photo(quality=90)
    converted = to_webp(source)
    assert converted is not None and len(converted) < len(source)
    with Image.open(io.BytesIO(converted)) as picture:
        assert picture.format == "WEBP" and picture.size == (640, 400)


def test_a_png_with_transparency_keeps_it() -> None:
    picture = Image.open(io.BytesIO(photo(fmt="PNG", mode="RGBA")))
    picture.putalpha(Image.linear_gradient("L").resize(picture.size))
    out = io.BytesIO()
    picture.save(out, "PNG")
    source = out.getvalue()
    converted = to_webp(source)
    assert converted is not None
    with Image.open(io.BytesIO(converted)) as picture:
        assert picture.mode == "RGBA"


def test_a_sideways_phone_photo_is_turned_upright_as_browsers_show_it() -> None:
    exif = Image.Exif()
    exif[0x0112] = 6  # EXIF orientation: rotate 90 degrees clockwise to view
    converted = to_webp(photo((400, 200), exif=exif.tobytes(), quality=95))
    assert converted is not None
    with Image.open(io.BytesIO(converted)) as picture:
        assert picture.size == (200, 400)


@pytest.mark.parametrize("source", [b"", b"not a picture", photo()[:200]], ids=["empty", "garbage", "truncated"])
def test_an_unreadable_file_is_left_as_it_is(source: bytes) -> None:
    assert to_webp(source) is None


def test_a_decompression_bomb_is_never_decoded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("student_portal.server.image_variants.MAX_SOURCE_PIXELS", 100 * 100)
    assert to_webp(photo((200, 200))) is None


def noisy_low_quality_jpeg() -> bytes:
    """Noise as a very lossy JPEG: WebP at our quality keeps more of it, in more bytes."""
    out = io.BytesIO()
    Image.effect_noise((64, 64), 120).convert("RGB").save(out, "JPEG", quality=5)
    return out.getvalue()


def test_the_original_stays_when_webp_is_not_smaller() -> None:
    assert to_webp(noisy_low_quality_jpeg()) is None


KEY = ("pbc_1", "rec1", "photo_x.jpg", "640x400", "image/webp")


def test_a_variant_is_converted_once_then_served_from_the_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[bytes] = []
    monkeypatch.setattr("student_portal.server.image_variants.to_webp", lambda data: calls.append(data) or b"webp")
    cache = VariantCache()
    assert cache.variant(KEY, b"jpeg bytes").body == b"webp"
    assert cache.variant(KEY, b"jpeg bytes").body == b"webp"
    assert len(calls) == 1


def test_a_file_changed_under_the_same_name_is_converted_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("student_portal.server.image_variants.to_webp", lambda data: b"webp of " + data)
    cache = VariantCache()
    cache.variant(KEY, b"old")
    assert cache.variant(KEY, b"new").body == b"webp of new"
    assert len(cache) == 1


def test_each_size_and_file_is_its_own_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("student_portal.server.image_variants.to_webp", lambda data: b"w")
    cache = VariantCache()
    cache.variant(KEY, b"a")
    cache.variant((*KEY[:3], "320x200", KEY[4]), b"a")
    cache.variant(("pbc_1", "rec2", *KEY[2:]), b"a")
    assert len(cache) == 3


def test_the_cache_is_bounded_least_recently_used_first() -> None:
    cache = VariantCache(max_bytes=3 * (100 + ENTRY_OVERHEAD))
    keys = [(*KEY[:3], f"{n}x{n}", KEY[4]) for n in range(4)]
    for key in keys[:3]:
        cache.put(key, Variant("d", b"x" * 100))
    assert cache.get(keys[0], "d") is not None  # used: now the most recent
    cache.put(keys[3], Variant("d", b"x" * 100))
    assert cache.get(keys[1], "d") is None
    assert all(cache.get(key, "d") is not None for key in (keys[0], keys[2], keys[3]))
    assert cache.size_bytes <= cache.max_bytes


def test_a_variant_larger_than_the_whole_cache_is_not_kept() -> None:
    cache = VariantCache(max_bytes=50)
    cache.put(KEY, Variant("d", b"x" * 100))
    assert len(cache) == 0 and cache.size_bytes == 0
