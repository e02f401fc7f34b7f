"""Text out of a PDF, page by page, for the search inside papers. Pure: bytes in, text out.

The extractor is pypdf (BSD licence, pure Python, no dependencies of its own, maintained by the
py-pdf project). It was chosen over pdfminer.six (MIT, also fine) because its text visitor hands
us each text run together with the font it is drawn in, which is exactly what the legacy-font
remapping needs (legacy_fonts.py: a run in FM Abhaya or Bamini is converted, any other run kept),
and it adds one small wheel to the site. Not AGPL (PyMuPDF is).

A page without any text is counted: a page with a picture and no text is a scan (its words
cannot be found until someone adds a text layer); one with neither is blank. Both are reported
by the indexer, never silently dropped.

Hostile input is normal input: a broken file raises ExtractionError; a huge one is cut at
MAX_PAGES pages of at most MAX_PAGE_CHARS characters each. The indexer runs this in a separate
process (indexer.py), so a slow or pathological file never holds a visitor's worker.
"""

from __future__ import annotations

import io
import logging
import re
from dataclasses import dataclass
from typing import Any

from pypdf import PdfReader
from pypdf.errors import PyPdfError

from student_portal.search.legacy_fonts import encoding_of, to_unicode

MAX_PAGES = 500  # a paper or a note; a whole book's later pages are not searched
MAX_PAGE_CHARS = 20_000  # a dense page holds ~5,000; the rest would be noise
_SPACES = re.compile(r"[ \t\r\f\v\u00a0]+")
_LINES = re.compile(r"\n\s*\n+")

# pypdf warns on every odd-but-readable file; that is normal input here.
logging.getLogger("pypdf").setLevel(logging.ERROR)


class ExtractionError(Exception):
    """The file is not a PDF we can read (broken, encrypted with a password, not a PDF)."""


@dataclass(frozen=True)
class Extraction:
    pages: tuple[str, ...]  # page n's text is pages[n - 1]
    scanned: tuple[int, ...] = ()  # pages with a picture and no text
    blank: tuple[int, ...] = ()  # pages with neither
    legacy_runs: int = 0  # text runs converted from a legacy Sinhala or Tamil font
    total_pages: int = 0  # pages in the file (more than len(pages) when cut at MAX_PAGES)


def _font_name(font: Any) -> str | None:
    try:
        name = font.get("/BaseFont") if font is not None else None
    except (AttributeError, TypeError):
        return None
    return str(name) if name is not None else None


def _has_image(page: Any) -> bool:
    try:
        objects = page["/Resources"].get_object().get("/XObject")
        if objects is None:
            return False
        return any(objects[key].get_object().get("/Subtype") == "/Image" for key in objects.get_object())
    except (KeyError, AttributeError, TypeError, PyPdfError):
        return False


def tidy(text: str) -> str:
    """Runs of spaces as one, blank lines as one, the ends trimmed."""
    return _LINES.sub("\n", _SPACES.sub(" ", text)).strip()


def page_text(page: Any) -> tuple[str, int]:
    """(the page's text with legacy-font runs in Unicode, how many runs were converted)."""
    runs: list[str] = []
    converted = 0

    def visit(text: str, _cm: Any, _tm: Any, font: Any, _size: Any) -> None:
        nonlocal converted
        if not text:
            return
        encoding = encoding_of(_font_name(font))
        if encoding is not None and text.strip():
            text = to_unicode(text, encoding)
            converted += 1
        runs.append(text)

    page.extract_text(visitor_text=visit)
    return tidy("".join(runs))[:MAX_PAGE_CHARS], converted


def extract_pages(data: bytes) -> Extraction:
    """Every page's text (up to MAX_PAGES), and which pages had none."""
    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):
            raise ExtractionError("the PDF needs a password")
        total = len(reader.pages)
        pages: list[str] = []
        scanned: list[int] = []
        blank: list[int] = []
        legacy = 0
        for number, page in enumerate(reader.pages, start=1):
            if number > MAX_PAGES:
                break
            text, converted = page_text(page)
            legacy += converted
            pages.append(text)
            if not text:
                (scanned if _has_image(page) else blank).append(number)
    except ExtractionError:
        raise
    except Exception as error:  # pypdf raises many kinds on broken files: all mean "unreadable"
        raise ExtractionError(f"{type(error).__name__}: {error}"[:300]) from error
    return Extraction(tuple(pages), tuple(scanned), tuple(blank), legacy, total)
