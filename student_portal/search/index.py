"""The site-wide search index: documents in, ranked hits out. Pure: no Reflex, no I/O.

Matching, for students typing on phones in Sinhala, Tamil or English:
- text is folded once: NFKD, Latin/Greek/Cyrillic combining accents dropped ("Café" = "cafe"),
  NFC again and casefolded. Sinhala and Tamil vowel signs are letters of their words, not
  accents, so they are kept: those words match as typed.
- every query word must match a word of the document (any order): the whole word, a word it
  begins ("chem" -> Chemistry), or, for words of four letters or more without digits, a word
  (or a word's beginning) within a small edit distance ("phisics" -> Physics). Edit distances
  come from rapidfuzz (C++), over the index's vocabulary, not per document.
- rank: a word in the title counts more than one in the description; exact above prefix above
  typo; among equals, the more recent item first.

A `Segment` holds one source's documents (one collection); a change rebuilds that segment only,
and each text's words are memoised, so a rebuild after one edit re-reads nothing unchanged.
"""

from __future__ import annotations

import heapq
import re
import unicodedata
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

# Words a query may have; longer queries keep their first words (the state bounds the text too).
MAX_QUERY_WORDS = 8
MAX_WORD_LENGTH = 40
FUZZY_MIN_LENGTH = 4  # "phys" may be a typo of something; "phy" is a prefix, not a typo
LONG_WORD = 8  # from this length two typos are forgiven, below it one

TITLE_WEIGHT = 1.0
TEXT_WEIGHT = 0.45
EXACT, PREFIX, TYPO, TYPO_PREFIX = 1.0, 0.88, 0.72, 0.62
RECENCY_WEIGHT = 0.04  # orders equal matches; never lifts a description match over a title one

# Dropped from a query that has other words ("notes for physics"); English only.
STOP_WORDS = frozenset({"a", "an", "and", "for", "in", "of", "on", "or", "the", "to", "with"})

# Accents of the Latin, Greek and Cyrillic alphabets (and their extended blocks).
_ACCENTS = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")


def _marks_class() -> str:
    """Every combining mark of the Basic Multilingual Plane, as a regex class body: Sinhala and
    Tamil vowel signs are marks, and a word must not be split at them."""
    ranges: list[tuple[int, int]] = []
    for code in range(0x300, 0x10000):
        if unicodedata.category(chr(code)) in ("Mn", "Mc", "Me"):
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1] = (ranges[-1][0], code)
            else:
                ranges.append((code, code))
    return "".join(f"\\u{a:04x}-\\u{b:04x}" if a != b else f"\\u{a:04x}" for a, b in ranges)


# A word: letters and digits with their marks, and the zero-width joiners Sinhala uses.
WORD = re.compile(f"(?:[^\\W_]|[{_marks_class()}\u200c\u200d])+")


def fold(text: str) -> str:
    """Casefolded, accents dropped, Sinhala/Tamil composed (NFC) as a keyboard types them."""
    decomposed = _ACCENTS.sub("", unicodedata.normalize("NFKD", text))
    return unicodedata.normalize("NFC", decomposed.casefold())


def all_words(text: str) -> list[str]:
    """The folded words of `text`, in order (not memoised: for page text, read once)."""
    return [word[:MAX_WORD_LENGTH] for word in WORD.findall(fold(text))]


@lru_cache(maxsize=200_000)
def words(text: str) -> tuple[str, ...]:
    """The folded words of `text`, in order (memoised: the same titles are indexed again and
    again as their lists change)."""
    return tuple(all_words(text))


def query_words(query: str) -> tuple[str, ...]:
    """The words a query asks for: distinct, at most MAX_QUERY_WORDS, stop words dropped when
    something else is left."""
    found = list(dict.fromkeys(words(query[: MAX_QUERY_WORDS * (MAX_WORD_LENGTH + 1)])))
    kept = [word for word in found if word not in STOP_WORDS] or found
    return tuple(kept[:MAX_QUERY_WORDS])


@dataclass(frozen=True)
class Document:
    """One findable item: what is matched (title, text), what is shown and where it links."""

    kind: str
    id: str
    title: str
    text: str = ""  # description, folder, medium, tags...: matched, weighing less
    href: str = ""
    detail: str = ""  # the line shown under the title
    when: float = 0.0  # seconds since the epoch (0: unknown); recent first among equals
    practice: str = ""  # a keyed paper's /practice address (a second link on its hit)


@dataclass(frozen=True)
class Hit:
    document: Document
    score: float
    # Found inside its PDF (search/combined.py): the page, the snippet's parts (snippets.Part)
    # and the record's collection, for the viewer's link. 0 / () / "": found by its title.
    page: int = 0
    parts: tuple = ()
    collection: str = ""


class Segment:
    """The documents of one source, with a vocabulary and postings over their words."""

    def __init__(self, documents: Iterable[Document]) -> None:
        self.documents: tuple[Document, ...] = tuple(d for d in documents if d.title.strip())
        postings: dict[str, list[int]] = {}
        for number, doc in enumerate(self.documents):
            title = set(words(doc.title))
            for word in title:
                postings.setdefault(word, []).append(number * 2 + 1)
            for word in set(words(doc.text)) - title if doc.text else ():
                postings.setdefault(word, []).append(number * 2)
        self._postings = postings
        self._vocabulary = sorted(postings)
        self._prefixes: dict[int, list[str]] = {}  # length -> distinct word beginnings
        for length in range(FUZZY_MIN_LENGTH, LONG_WORD + 1):  # the lengths typed most: ready now
            self._beginnings(length)
        times = [d.when for d in self.documents if d.when]
        low, high = (min(times), max(times)) if times else (0.0, 0.0)
        span = high - low
        self._recency = [((d.when - low) / span if span and d.when else 0.0) for d in self.documents]

    def __len__(self) -> int:
        return len(self.documents)

    def _starting_with(self, prefix: str) -> list[str]:
        vocab = self._vocabulary
        start = bisect_left(vocab, prefix)
        end = bisect_left(vocab, prefix + "\U0010ffff", start)
        return vocab[start:end]

    def _beginnings(self, length: int) -> list[str]:
        found = self._prefixes.get(length)
        if found is None:
            found = sorted({word[:length] for word in self._vocabulary if len(word) > length})
            self._prefixes[length] = found
        return found

    def matching_words(self, wanted: str) -> dict[str, float]:
        """Vocabulary words that `wanted` matches, each with how closely (EXACT ... TYPO_PREFIX)."""
        found: dict[str, float] = {}
        if wanted in self._postings:
            found[wanted] = EXACT
        for word in self._starting_with(wanted):
            if word != wanted:
                found[word] = PREFIX + (EXACT - PREFIX) * len(wanted) / len(word) / 2
        if len(wanted) < FUZZY_MIN_LENGTH or any(ch.isdigit() for ch in wanted):
            return found
        allowed = 1 if len(wanted) < LONG_WORD else 2
        for word, distance, _ in process.extract(
            wanted, self._vocabulary, scorer=Levenshtein.distance, score_cutoff=allowed, limit=None
        ):
            if word not in found and abs(len(word) - len(wanted)) <= allowed:
                found[word] = TYPO - 0.08 * (distance - 1)
        # A typo in a word still being typed ("phisi" -> physics).
        for beginning, _, _ in process.extract(
            wanted, self._beginnings(len(wanted)), scorer=Levenshtein.distance, score_cutoff=1, limit=None
        ):
            for word in self._starting_with(beginning):
                found.setdefault(word, TYPO_PREFIX)
        return found

    def search(self, wanted: Sequence[str], limit: int) -> tuple[int, list[Hit]]:
        """How many documents match every word of `wanted` (folded query words), and the best
        `limit` of them, best first."""
        if not wanted or not self.documents or limit <= 0:
            return 0, []
        per_word = [self.matching_words(word) for word in wanted]
        if not all(per_word):
            return 0, []
        # The rarest word first: later words only look at documents still in the running.
        order = sorted(per_word, key=lambda m: sum(len(self._postings[w]) for w in m))
        totals: dict[int, float] = {}
        for step, matches in enumerate(order):
            best: dict[int, float] = {}
            for word, closeness in matches.items():
                title, text = closeness * TITLE_WEIGHT, closeness * TEXT_WEIGHT
                for posting in self._postings[word]:
                    number = posting >> 1
                    if step and number not in totals:
                        continue
                    score = title if posting & 1 else text
                    if score > best.get(number, 0.0):
                        best[number] = score
            totals = best if not step else {n: totals[n] + s for n, s in best.items()}
            if not totals:
                return 0, []
        count, recency = len(wanted), self._recency
        top = heapq.nlargest(
            limit, totals.items(), key=lambda item: item[1] / count + RECENCY_WEIGHT * recency[item[0]]
        )
        hits = [Hit(self.documents[n], total / count + RECENCY_WEIGHT * recency[n]) for n, total in top]
        hits.sort(key=lambda hit: (-hit.score, hit.document.title))
        return len(totals), hits


@dataclass(frozen=True)
class Group:
    """One kind's part of the results: its best hits and how many matched in all."""

    kind: str
    hits: list[Hit]
    total: int


class SearchIndex:
    """Segments by source name, each holding documents of one kind."""

    def __init__(self, segments: dict[str, Segment] | None = None) -> None:
        self.segments: dict[str, Segment] = dict(segments or {})

    def __len__(self) -> int:
        return sum(len(segment) for segment in self.segments.values())

    def search(self, query: str, kinds: Sequence[str], per_kind: int) -> list[Group]:
        """The kinds (in `kinds` order) with documents matching `query`: each with its best
        `per_kind` hits. An empty query, or one with no words (emoji, punctuation), finds nothing."""
        wanted = query_words(query)
        if not wanted:
            return []
        found: dict[str, tuple[int, list[Hit]]] = {}
        for segment in self.segments.values():
            if not segment.documents:
                continue
            total, hits = segment.search(wanted, per_kind)
            if total:
                kind = segment.documents[0].kind
                before_total, before_hits = found.get(kind, (0, []))
                found[kind] = (before_total + total, before_hits + hits)
        groups = []
        for kind in kinds:
            if kind in found:
                total, hits = found[kind]
                hits.sort(key=lambda hit: -hit.score)
                groups.append(Group(kind, hits[:per_kind], total))
        return groups


def best_hits(groups: Iterable[Group], limit: int) -> list[Hit]:
    """The best `limit` hits of all groups together (for suggestions while typing)."""
    return heapq.nlargest(limit, (hit for group in groups for hit in group.hits), key=lambda hit: hit.score)
