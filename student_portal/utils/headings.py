"""Fit the headings of stored rich text under a page's own headings.

An article written with <h1> titles, shown inside a page that already has its <h1> and an <h2>
per section, would break the page outline screen-reader users navigate by. Its headings are
shifted so the highest becomes the level the page asks for; their relative order stays.
Works on HTML that `utils.sanitize.clean_html` produced (well-formed tags, no attributes that
could hide a tag name). Pure.
"""

from __future__ import annotations

import functools
import re

_HEADING_TAG = re.compile(r"<(/?)h([1-6])(?=[\s>/])", re.IGNORECASE)


# Pages re-fit the same few articles for every visitor; the result depends on the text only.
@functools.lru_cache(maxsize=64)
def fit_headings(html: str, top: int) -> str:
    """`html` with its highest heading at level `top` (1-6) and the others below it."""
    levels = [int(match.group(2)) for match in _HEADING_TAG.finditer(html)]
    if not levels:
        return html
    shift = top - min(levels)
    if shift == 0:
        return html
    return _HEADING_TAG.sub(lambda m: f"<{m.group(1)}h{max(1, min(6, int(m.group(2)) + shift))}", html)
