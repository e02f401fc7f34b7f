"""A short passage of a page around the words a visitor searched for, with those words marked.

Pure: no Reflex, no I/O. The passage comes back as parts (text, marked?), never as HTML: the
page draws a marked part inside <mark> and React escapes every part, so nothing in a PDF can
become markup on our pages. The words match as the search does (search/index.py): folded, the
whole word, a word it begins, or a word within the typo distance.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz.distance import Levenshtein

from student_portal.search.index import FUZZY_MIN_LENGTH, LONG_WORD, WORD, fold

SNIPPET_CHARS = 160  # about two lines on a phone
ELLIPSIS = "…"
# Matched words looked at per page: the passage is chosen among the first ones. A page of one
# word repeated (20,000 characters of "x x x") must cost no more than a page with a few matches
# (issue 49: it held a worker's event loop for 5 s).
MAX_MATCHED_SPANS = 200


@dataclass(frozen=True)
class Part:
    text: str
    marked: bool = False


# Pages repeat their words: each distinct word is folded and compared once (a few MB at most).
_fold = lru_cache(maxsize=100_000)(fold)


@lru_cache(maxsize=200_000)
def word_matches(word: str, wanted: str) -> bool:
    """Whether a folded word of the text matches a folded query word (as the engine matches it)."""
    if word == wanted or word.startswith(wanted):
        return True
    if len(wanted) < FUZZY_MIN_LENGTH or any(ch.isdigit() for ch in wanted):
        return False
    allowed = 1 if len(wanted) < LONG_WORD else 2
    if abs(len(word) - len(wanted)) <= allowed and Levenshtein.distance(word, wanted, score_cutoff=allowed) <= allowed:
        return True
    # A typo in a word still being typed ("phisi" -> physics).
    return len(word) > len(wanted) and Levenshtein.distance(word[: len(wanted)], wanted, score_cutoff=1) <= 1


def matched_spans(text: str, wanted: Sequence[str], limit: int = MAX_MATCHED_SPANS) -> list[tuple[int, int]]:
    """(start, end) of the words of `text` that match one of `wanted`, the first `limit` of them."""
    spans: list[tuple[int, int]] = []
    for found in WORD.finditer(text):
        word = _fold(found.group())
        if any(word_matches(word, w) for w in wanted):
            spans.append(found.span())
            if len(spans) >= limit:
                break
    return spans


def densest_start(spans: Sequence[tuple[int, int]], width: int) -> int:
    """The start of the match that begins the `width`-character window holding the most matches
    (the first such), in one pass: the window's end only moves forward."""
    best_start, best_count = spans[0][0], 0
    end = 0
    for i, (start, _) in enumerate(spans):
        end = max(end, i)
        while end < len(spans) and spans[end][1] <= start + width:
            end += 1
        if end - i > best_count:
            best_start, best_count = start, end - i
    return best_start


def snippet(text: str, wanted: Sequence[str], width: int = SNIPPET_CHARS) -> tuple[Part, ...]:
    """About `width` characters of `text` around its densest run of matched words, those words
    marked; () when no word of `text` matches (the page was found by its paper's title)."""
    spans = matched_spans(text, wanted)
    if not spans:
        return ()
    best_start = densest_start(spans, width)
    begin = max(0, best_start - width // 4)
    if begin:
        space = text.rfind(" ", 0, begin + 1)
        begin = space + 1 if space >= 0 and best_start - space < width // 2 else begin
    end = min(len(text), begin + width)
    if end < len(text):
        space = text.rfind(" ", begin, end)
        end = space if space > best_start else end
    parts: list[Part] = []
    at = begin
    for start, stop in spans:
        if start < begin or stop > end:
            continue
        if start > at:
            parts.append(Part(text[at:start]))
        parts.append(Part(text[start:stop], True))
        at = stop
    if at < end:
        parts.append(Part(text[at:end]))
    if begin > 0:
        parts.insert(0, Part(ELLIPSIS))
    if end < len(text):
        parts.append(Part(ELLIPSIS))
    return tuple(Part(p.text.replace("\n", " "), p.marked) for p in parts)
