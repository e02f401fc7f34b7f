"""Odd values a record field may hold: missing, null, wrong type, huge, unicode-heavy.

Hypothesis strategies for unit tests, and the fixed extremes browser tests seed into PocketBase.
"""

from __future__ import annotations

from hypothesis import strategies as st

MEGABYTE = 1_000_000

# Text a page must survive: Sinhala and Tamil with vowel signs and joiners, emoji ZWJ
# sequences, right-to-left text with direction overrides, combining-mark towers, zero-width
# and NUL characters, astral CJK.
UNICODE_HEAVY: tuple[str, ...] = (
    "ශ්‍රී ලංකා විශ්වවිද්‍යාල කුප්පි",
    "தமிழ் குறிப்புகள் – பல்கலைக்கழகம்",
    "👩🏽‍🎓👨‍👩‍👧‍👦🇱🇰🏳️‍🌈",
    "\u202eevil.exe\u202c \u200fעברית العربية\u200f",
    "Z\u0336\u0335\u0334a\u0337\u0338l\u0321\u0322\u0327\u0328g\u0316\u0317\u0318o\u0319\u031a" * 40,
    "zero\u200bwidth\u200c\u200d\ufeffjoin\u2060ers",
    "nul\x00inside\x07bell\x1bescape",
    "𠜎𠜱𠝹𠱓𠱸𠲖𠳏 𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
    "\ufffd\ufffe\uffff replacement and non-characters",
)

# One megabyte values (characters, not bytes; the Sinhala one is ~3 MB of UTF-8).
HUGE_TEXTS: tuple[str, ...] = (
    "x" * MEGABYTE,
    "අ" * MEGABYTE,
    ("<b>" * 50_000) + "bold" + ("</b>" * 50_000),
    "https://www.youtube.com/watch?v=" + "a" * MEGABYTE,
    "0" * MEGABYTE,
)

LONE_SURROGATES = st.text(alphabet=st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), min_size=1, max_size=3)

unicode_heavy_text = st.one_of(
    st.sampled_from(UNICODE_HEAVY),
    st.text(alphabet=st.characters(codec=None, categories=None), max_size=60),
    LONE_SURROGATES,
)
huge_text = st.sampled_from(HUGE_TEXTS)

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**400), max_value=10**400)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=50)
    | unicode_heavy_text
)
json_values = st.recursive(
    json_scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
# What a field may hold: any JSON value, sometimes a megabyte of text.
field_values = st.one_of(json_values, huge_text)


def record_dicts(model, *, values: st.SearchStrategy = field_values) -> st.SearchStrategy[dict]:
    """Records of `model`'s collection with any subset of its fields (missing ones stay
    missing) holding any value, plus stray keys. The id is usually a real-looking one."""
    keys = [info.alias or name for name, info in model.model_fields.items()]
    fields = st.dictionaries(st.sampled_from(keys) | st.text(max_size=10), values, max_size=len(keys) + 2)
    ids = st.one_of(st.from_regex(r"[a-z0-9]{15}", fullmatch=True), values)
    return st.builds(
        lambda f, i, c: {**f, "id": i, "collectionId": c}, fields, ids, st.one_of(st.just("pbc_123"), values)
    )
