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


def matched_spans(text: str, wanted: Sequence[str]) -> list[tuple[int, int]]:
    """(start, end) of every word of `text` that matches one of `wanted`."""
    spans = []
    for found in WORD.finditer(text):
        word = _fold(found.group())
        if any(word_matches(word, w) for w in wanted):
            spans.append(found.span())
    return spans


def snippet(text: str, wanted: Sequence[str], width: int = SNIPPET_CHARS) -> tuple[Part, ...]:
    """About `width` characters of `text` around its densest run of matched words, those words
    marked; () when no word of `text` matches (the page was found by its paper's title)."""
    spans = matched_spans(text, wanted)
    if not spans:
        return ()
    # The window holding the most matches, starting at one of them.
    best_start, best_count = spans[0][0], 0
    for i, (start, _) in enumerate(spans):
        count = sum(1 for s, e in spans[i:] if e <= start + width)
        if count > best_count:
            best_start, best_count = start, count
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
