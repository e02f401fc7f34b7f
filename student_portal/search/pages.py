"""The index of the text inside papers and notes: Tantivy, on disk, shared by every worker.

Why Tantivy (PyPI `tantivy`): page text is far larger than titles (10,000 papers of 10-20
pages are millions of words), so it lives on disk in a real engine rather than in each worker's
memory: segments are memory-mapped files the operating system shares between workers, so a
worker's own memory stays flat as the catalog grows. Tantivy ranks with BM25 and matches fuzzy
terms with Levenshtein automata (typo tolerance without scanning the vocabulary). SQLite FTS5
was the other candidate: it has no fuzzy matching, and its tokenizers cannot be written in Python.

Our folding is on the tokenizer path: every text is cut into words by search/index.py's own
`all_words` (NFKD, Latin accents dropped, casefolded, Sinhala and Tamil vowel signs kept inside
their words, NFC) and handed to Tantivy as those words separated by spaces, read by its
`whitespace` tokenizer; a query's words go through the same `query_words`. So "ප්‍රකාශ" and
"Café" match here exactly as they do in the title index.

Titles stay in the in-memory index too (search/index.py). Decided so because a title changes
with the content cache within a second of an admin's save (live updates) while this index is
written by one background indexer; because every kind of result (jobs, rooms, recordings...)
has its own link and paging rules there; and because the titles of 10,000 records are a few
hundred KB per worker, which is not what grows. Each page document here also carries its
paper's title and description words (`about`), so a query may match words spread over the
title and a page ("physics projectile"), and the state ranks title and page hits together
(state/search.py: a page match weighs like a description match; among page matches BM25 orders).

One document per page: key ("collection/record id"), page number, the paper's title, link and
kind, who may see it (`access`), its folded words (indexed) and its text (stored, for the
snippet). Beside it, files.sqlite remembers which file version each record was indexed from and
how many of its pages were scans (`python -m student_portal.search.pages report`).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import sys
import threading
import time
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import tantivy

from student_portal.search.index import FUZZY_MIN_LENGTH, LONG_WORD, all_words, query_words
from student_portal.search.snippets import Part, snippet
from student_portal.settings import settings

SCHEMA_VERSION = 2
PUBLIC, SIGNED_IN, NOTES_ROLE = "public", "signed_in", "notes"  # who may see a page
SCANNED_MAX = 500  # best pages looked at per query, collapsed to papers (counts are exact below it)
LOADED_PER_KIND = 20  # papers of a kind whose page is read (snippets), best first
KINDS = ("papers", "uni_notes", "class_material")  # search/documents.py Kind values held here
RELOAD_S = 1.0  # how often a worker looks for what the indexer committed
TITLE_BOOST = 3.0
# Closeness of a match, as search/index.py weighs it.
EXACT, PREFIX, TYPO, TYPO_PREFIX = 1.0, 0.88, 0.72, 0.62
WRITER_HEAP = 30_000_000


def paper_number(record_id: str) -> int:
    """A record's number in the index (its id hashed: ids are unique across our collections)."""
    return int.from_bytes(hashlib.blake2b(record_id.encode(), digest_size=7).digest(), "big")  # < 2**63


def index_dir() -> Path:
    return settings().search_index_dir


def folded(text: str) -> str:
    """`text` as the engine's whitespace tokenizer reads it: our folded words, space-separated."""
    return " ".join(all_words(text))


def _schema() -> tantivy.Schema:
    builder = tantivy.SchemaBuilder()
    builder.add_text_field("key", stored=True, tokenizer_name="raw")
    builder.add_unsigned_field("page", stored=True)
    # Read per hit without loading the stored document: which paper, which kind.
    builder.add_unsigned_field("paper", fast=True)
    builder.add_unsigned_field("kind_code", fast=True)
    builder.add_text_field("kind", stored=True, tokenizer_name="raw")
    builder.add_text_field("access", stored=True, tokenizer_name="raw")
    builder.add_text_field("about", stored=False, tokenizer_name="whitespace")
    builder.add_text_field("words", stored=False, tokenizer_name="whitespace", index_option="freq")
    # Stored, never indexed (UTF-8 bytes: a text field would be indexed whatever we say).
    builder.add_bytes_field("text", stored=True, indexed=False)
    builder.add_bytes_field("meta", stored=True, indexed=False)
    return builder.build()


class OldIndexError(RuntimeError):
    """The directory holds an index of another schema version (the indexer makes it anew)."""


def clear(directory: Path) -> None:
    """Delete an index's files, not the workers' locks held meanwhile (the indexer's, the notice
    mailer's: a lock file deleted while held lets a second worker claim a new one)."""
    for child in directory.iterdir() if directory.exists() else ():
        if child.suffix != ".lock":
            shutil.rmtree(child) if child.is_dir() else child.unlink()


@dataclass(frozen=True)
class Paper:
    """What a page hit shows of its paper (made by the indexer from the record)."""

    collection: str
    record_id: str
    kind: str  # search/documents.py Kind
    access: str  # PUBLIC, SIGNED_IN or NOTES_ROLE
    title: str
    about: str = ""  # description, folder...: matched with the title
    href: str = ""  # the paper's place on the site (its folder, the notes page...)
    detail: str = ""
    when: float = 0.0
    stamp: str = ""  # the file version indexed (file name and record update time)

    @property
    def key(self) -> str:
        return f"{self.collection}/{self.record_id}"


@dataclass(frozen=True)
class PageHit:
    """A paper's best-matching page for a query (its snippet is made only if it is shown)."""

    paper: Paper
    page: int
    text: str  # the page's text
    score: float  # relative to the best page of this query (0..1]

    def shown(self, wanted: Sequence[str]) -> tuple[int, tuple[Part, ...]]:
        """(page number, snippet), or (0, ()) when no word of the page matches (the paper was
        found by its title and description only)."""
        parts = snippet(self.text, wanted)
        return (self.page, parts) if parts else (0, ())


@dataclass(frozen=True)
class PageResults:
    hits: list[PageHit] = field(default_factory=list)  # one per paper, best first (the first of each kind)
    wanted: tuple[str, ...] = ()  # the folded query words
    papers: dict[str, set[int]] = field(default_factory=dict)  # kind -> every matching paper's number


@dataclass(frozen=True)
class FileRecord:
    key: str
    stamp: str
    pages: int
    scanned: tuple[int, ...]
    blank: tuple[int, ...]
    error: str
    indexed_at: float


class PageIndex:
    """The on-disk index: any process may search it; one process (the indexer) writes it."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = Path(directory or index_dir())
        self.directory.mkdir(parents=True, exist_ok=True)
        self.schema = _schema()
        version_file = self.directory / "schema_version"
        fresh = not (self.directory / "meta.json").exists()
        if not fresh and (not version_file.exists() or version_file.read_text().strip() != str(SCHEMA_VERSION)):
            raise OldIndexError(f"{self.directory} holds another version of the index")
        self.index = tantivy.Index(self.schema, path=str(self.directory), reuse=not fresh)
        if fresh:
            version_file.write_text(str(SCHEMA_VERSION))
        self._writer: tantivy.IndexWriter | None = None
        self._reloaded = 0.0
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.directory / "files.sqlite", check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS files (key TEXT PRIMARY KEY, stamp TEXT, pages INTEGER,"
            " scanned TEXT, blank TEXT, error TEXT, indexed_at REAL)"
        )

    # --- writing (the indexer's process only) -----------------------------------------------------
    def _writer_now(self) -> tantivy.IndexWriter:
        if self._writer is None:
            self._writer = self.index.writer(heap_size=WRITER_HEAP, num_threads=1)
        return self._writer

    def replace(
        self, paper: Paper, pages: Sequence[str], *, scanned=(), blank=(), error: str = "", commit: bool = True
    ) -> None:
        """The paper's pages, in place of whatever was indexed for it before (committed, unless
        `commit` is False: then the next commit() makes a batch of them searchable at once)."""
        with self._lock:
            writer = self._writer_now()
            writer.delete_documents_by_term("key", paper.key)
            meta = json.dumps({k: v for k, v in paper.__dict__.items() if k != "stamp"}, ensure_ascii=False)
            about = folded(f"{paper.title} {paper.about}")
            for number, text in enumerate(pages, start=1):
                if not text:
                    continue
                doc = tantivy.Document()
                # add_unsigned: a keyword int would be typed i64, which a u64 column refuses.
                doc.add_unsigned("page", number)
                doc.add_unsigned("paper", paper_number(paper.record_id))
                doc.add_unsigned("kind_code", KINDS.index(paper.kind) if paper.kind in KINDS else len(KINDS))
                for name, value in (("key", paper.key), ("kind", paper.kind), ("access", paper.access)):
                    doc.add_text(name, value)
                doc.add_text("about", about)
                doc.add_text("words", folded(text))
                doc.add_bytes("text", text.encode())
                doc.add_bytes("meta", meta.encode())
                writer.add_document(doc)
            if commit:
                writer.commit()
            self._db.execute(
                "INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?, ?, ?)",
                (paper.key, paper.stamp, len(pages), _numbers(scanned), _numbers(blank), error, time.time()),
            )

    def commit(self) -> None:
        with self._lock:
            self._writer_now().commit()

    def remove(self, key: str) -> None:
        with self._lock:
            writer = self._writer_now()
            writer.delete_documents_by_term("key", key)
            writer.commit()
            self._db.execute("DELETE FROM files WHERE key = ?", (key,))

    def close_writer(self) -> None:
        with self._lock:
            if self._writer is not None:
                self._writer.wait_merging_threads()
                self._writer = None

    def files(self) -> dict[str, FileRecord]:
        rows = self._db.execute("SELECT key, stamp, pages, scanned, blank, error, indexed_at FROM files").fetchall()
        return {
            row[0]: FileRecord(row[0], row[1], row[2], _parse(row[3]), _parse(row[4]), row[5] or "", row[6])
            for row in rows
        }

    # --- searching (any worker) ---------------------------------------------------------------------
    def _searcher(self) -> tantivy.Searcher:
        now = time.monotonic()
        if now - self._reloaded > RELOAD_S:
            self.index.reload()
            self._reloaded = now
        return self.index.searcher()

    def num_docs(self) -> int:
        self._reloaded = 0.0
        return self._searcher().num_docs

    def _word_query(self, word: str) -> tantivy.Query:
        schema, options = self.schema, []
        for name, boost in (("about", TITLE_BOOST), ("words", 1.0)):
            options.append(tantivy.Query.boost_query(tantivy.Query.term_query(schema, name, word), boost * EXACT))
            prefix = tantivy.Query.fuzzy_term_query(schema, name, word, distance=0, prefix=True)
            options.append(tantivy.Query.boost_query(prefix, boost * PREFIX))
            if len(word) >= FUZZY_MIN_LENGTH and not any(ch.isdigit() for ch in word):
                distance = 1 if len(word) < LONG_WORD else 2
                typo = tantivy.Query.fuzzy_term_query(schema, name, word, distance=distance)
                options.append(tantivy.Query.boost_query(typo, boost * TYPO))
                typo_prefix = tantivy.Query.fuzzy_term_query(schema, name, word, distance=1, prefix=True)
                options.append(tantivy.Query.boost_query(typo_prefix, boost * TYPO_PREFIX))
        return tantivy.Query.disjunction_max_query(options)

    def search(self, query: str, access: Collection[str]) -> PageResults:
        """Papers whose title or pages match every word of `query`, among those `access` may
        see (the filter is inside the query: others' pages are never read, counted or timed
        apart); each with its best page, best first. At most SCANNED_MAX pages are looked at."""
        wanted = query_words(query)
        if not wanted or not access:
            return PageResults()
        schema = self.schema
        allowed = tantivy.Query.boolean_query(
            [(tantivy.Occur.Should, tantivy.Query.term_query(schema, "access", level)) for level in sorted(access)]
        )
        clauses = [(tantivy.Occur.Must, self._word_query(word)) for word in wanted]
        clauses.append((tantivy.Occur.Must, tantivy.Query.const_score_query(allowed, 0.0)))
        searcher = self._searcher()
        found = searcher.search(tantivy.Query.boolean_query(clauses), limit=SCANNED_MAX, count=False)
        addresses = [address for _, address in found.hits]
        numbers = searcher.fast_field_values("paper", addresses)
        kinds = searcher.fast_field_values("kind_code", addresses)
        papers: dict[str, set[int]] = {}
        best: list[tuple[float, tantivy.DocAddress]] = []
        for (score, address), number, code in zip(found.hits, numbers, kinds, strict=True):
            if not isinstance(number, int) or not isinstance(code, int):
                continue
            kind = KINDS[code] if code < len(KINDS) else ""
            seen = papers.setdefault(kind, set())
            if number in seen:
                continue  # a lower page of a paper already found
            seen.add(number)
            if len(seen) <= LOADED_PER_KIND:
                best.append((score, address))
        top = found.hits[0][0] if found.hits else 1.0
        return PageResults(self._loaded(searcher, best, top or 1.0), wanted, papers)

    def _loaded(self, searcher, best, top: float) -> list[PageHit]:
        hits = []
        for score, address in best:
            doc = searcher.doc(address)
            paper = Paper(**json.loads(bytes(doc.get_first("meta")).decode()))
            text = bytes(doc.get_first("text") or b"").decode()
            hits.append(PageHit(paper, int(doc.get_first("page")), text, score / top))
        return hits


def _numbers(values: Iterable[int]) -> str:
    return ",".join(str(v) for v in values)


def _parse(text: str | None) -> tuple[int, ...]:
    return tuple(int(v) for v in (text or "").split(",") if v)


_shared: PageIndex | None = None
_shared_lock = threading.Lock()


def shared_index() -> PageIndex | None:
    """This process's handle on the index, once the indexer has made it (None before)."""
    global _shared
    with _shared_lock:
        directory = Path(index_dir())
        if _shared is None or _shared.directory != directory:
            if not (directory / "meta.json").exists():
                return None
            _shared = PageIndex(directory)
        return _shared


# --- the command ------------------------------------------------------------------------------------
def report(index: PageIndex) -> str:
    files = index.files()
    pages = sum(f.pages for f in files.values())
    scanned = {k: f.scanned for k, f in files.items() if f.scanned}
    failed = {k: f.error for k, f in files.items() if f.error}
    lines = [
        f"{len(files)} files, {pages} pages, {index.num_docs()} pages with text in {index.directory}",
        f"{sum(len(s) for s in scanned.values())} scanned pages without text in {len(scanned)} files",
    ]
    lines += [f"  {key}: pages {', '.join(map(str, numbers))}" for key, numbers in sorted(scanned.items())]
    lines += [f"unreadable: {key}: {error}" for key, error in sorted(failed.items())]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """`python -m student_portal.search.pages rebuild|report`."""
    if argv[:1] == ["report"]:
        print(report(PageIndex()))
        return 0
    if argv[:1] == ["rebuild"]:
        from student_portal.search.indexer import rebuild

        return rebuild()
    print("usage: python -m student_portal.search.pages rebuild|report", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
