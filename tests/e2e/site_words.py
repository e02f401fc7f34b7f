"""The site's own words on a page, apart from its content, and the English left among them.

A page's words are every text node and every read-out attribute (aria-label, title, placeholder,
alt...) of its document, hidden ones included (a closed menu, a screen reader's label), and its
<title>; words an element declares in another language (`lang="en"` on the switch's "English")
are not the page's. Content is what PocketBase holds, written by its authors in whatever
language they chose: a text that is part of a stored value (a title, a name, a line of a body)
is taken out, read from the data set itself (every string of every record, as a superuser sees
them, and the sample tuition classes of /courses), so nothing needs marking in the markup and a
new collection is covered as it comes.

What is left must be in the page's language. Allowed Latin: the names the translators kept in
Latin letters in that language's catalog (WhatsApp, Zoom, YouTube, Student Portal...), never a
month, a day or AM/PM; and no date written the US way (11/28/2026).
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import httpx
from babel.messages.pofile import read_po
from playwright.sync_api import Page, expect

from student_portal.i18n import po_path
from student_portal.i18n.languages import Language
from student_portal.search.extraction import extract_pages
from student_portal.utils.sample_data import TUITION
from tests.e2e.page_checks import wait_for_content
from tests.support.admin import superuser_client

# Every text node and read-out attribute of the document (or of the element given), with where
# it is: [text, where].
SITE_TEXTS = """(root) => {
  root = root || document.body;
  const lang = document.documentElement.lang;
  const ATTRIBUTES = ['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext',
                      'title', 'placeholder', 'alt'];
  const ours = (el) => (el.closest('[lang]')?.getAttribute('lang') || lang) === lang;
  const where = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
    + (el.dataset?.testid ? '[' + el.dataset.testid + ']' : '');
  const squeeze = (text) => text.replace(/\\s+/g, ' ').trim();
  const found = [[squeeze(document.title), 'title']];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest('script, style, noscript, template') || !ours(el)) continue;
    const text = squeeze(node.data);
    if (text) found.push([text, where(el)]);
  }
  for (const el of root.querySelectorAll('*')) {
    if (!ours(el)) continue;
    for (const name of ATTRIBUTES) {
      const value = squeeze(el.getAttribute(name) || '');
      if (value) found.push([value, where(el) + '@' + name]);
    }
  }
  return found;
}"""

MONTHS_AND_DAYS = re.compile(
    r"\b(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|Jun(?:e)?|Jul(?:y)?|Aug(?:ust)?|"
    r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?|"
    r"Sun(?:day)?|Mon(?:day)?|Tue(?:s(?:day)?)?|Wed(?:nesday)?|Thu(?:rs(?:day)?)?|Fri(?:day)?|Sat(?:urday)?|"
    r"AM|PM)\b",
    re.IGNORECASE,
)
US_DATE = re.compile(r"\b\d{1,2}/\d{1,2}/\d{2,4}\b")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
_ELLIPSIS = re.compile(r"(?:…|\.\.\.)$")
# Stored values shorter than this are not taken out of a mixed text ("A", "ok" would eat words).
_MIN_CONTENT_CHARS = 3


def normalize(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split())


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)


def _lines(value: str) -> Iterator[str]:
    """A stored value as the page may show it: whole, and each of its lines (a body's
    paragraphs), with HTML entities read."""
    text = html.unescape(value)
    yield normalize(text)
    for line in re.split(r"\n|<[^>]+>", text):
        if line.strip():
            yield normalize(re.sub(r"^\s*(?:[-*+>#]+|\d+\.)\s+", "", line))


# The files the demo data's records hold (pb/pb_seed).
SEED_FILES = Path(__file__).resolve().parents[2] / "pb" / "pb_seed"


@dataclass(frozen=True)
class Content:
    """Every string stored in the data set, for telling the site's words from its content."""

    strings: tuple[str, ...]

    @classmethod
    def of(cls, values: Iterable[str]) -> Content:
        lines = {line for value in values for line in _lines(value) if line}
        return cls(tuple(sorted(lines, key=len, reverse=True)))

    @cache  # noqa: B019 - one data set per session, a handful of instances
    def _joined(self) -> str:
        return "\n".join(self.strings)

    def site_part(self, text: str) -> str:
        """`text` without the stored values in it ("" when it is all content)."""
        text = normalize(text)
        bare = _ELLIPSIS.sub("", text).strip()
        if not bare or bare in self._joined():
            return ""
        for value in self.strings:  # longest first: a title before a word of it
            if len(value) >= _MIN_CONTENT_CHARS and value in text:
                text = text.replace(value, " ")
        return normalize(text)


def demo_content(pocketbase_url: str) -> Content:
    """Every string value of every record of the data set's collections (users' too: a
    signed-in page shows its user's name and e-mail), and the local sample tuition classes
    (/courses: spec 3's data, not in PocketBase)."""
    admin = superuser_client(pocketbase_url)
    collections = admin.get("/api/collections", params={"perPage": 500}).json()["items"]
    values: list[str] = []
    for collection in collections:
        if collection["type"] == "view" or collection["name"].startswith("_"):
            continue
        page = 1
        while True:
            response = admin.get(
                f"/api/collections/{collection['name']}/records", params={"perPage": 500, "page": page}
            )
            if response.status_code != httpx.codes.OK:
                break
            body = response.json()
            values.extend(s for item in body["items"] for s in _strings(item))
            if page >= body["totalPages"]:
                break
            page += 1
    values.extend(s for tuition in TUITION for s in (tuition.title, tuition.instructor))
    # The demo PDFs' own words (search shows snippets of them): content too, each page as one line
    # as a snippet joins it.
    for pdf in sorted(SEED_FILES.glob("*.pdf")):
        values.extend(" ".join(page.split()) for page in extract_pages(pdf.read_bytes()).pages)
    return Content.of(values)


@cache
def allowed_latin(language: Language) -> frozenset[str]:
    """The words `language`'s catalog itself writes in Latin letters (names, not English)."""
    with po_path(language).open("rb") as po:
        catalog = read_po(po, locale=language.value)
    words: set[str] = set()
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        for string in strings:
            words.update(LATIN_WORD.findall(re.sub(r"\{[^}]*\}", "", string or "")))
    return frozenset(word for word in words if not MONTHS_AND_DAYS.fullmatch(word))


def english_left(found: list[list[str]], content: Content, language: Language) -> list[str]:
    """The site's words in `found` (SITE_TEXTS' answer) that are not in `language`: one line each."""
    allowed = allowed_latin(language)
    problems = []
    for text, where in found:
        ours = content.site_part(text)
        if not ours:
            continue
        bad = [word for word in LATIN_WORD.findall(ours) if word not in allowed]
        bad += MONTHS_AND_DAYS.findall(ours) + US_DATE.findall(ours)
        if bad:
            problems.append(f"{where}: {text!r} ({', '.join(dict.fromkeys(bad))})")
    return sorted(set(problems))


# Brings every part of the page near the screen once (sections drawn when near, the calendar
# fetched when near), then back to the top.
SCROLL_THROUGH = """async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50)));
  for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
    scrollTo(0, y);
    await frame();
  }
  scrollTo(0, 0);
}"""


def site_words_left(page: Page, content: Content, language: Language) -> list[str]:
    """The English left among the site's own words once every part of the page has been drawn
    (its calendars too)."""
    wait_for_content(page)
    page.evaluate(SCROLL_THROUGH)
    calendar = page.locator("[data-calendar]")
    for index in range(calendar.count()):
        expect(calendar.nth(index)).to_have_attribute("data-calendar", "ready")
    wait_for_content(page)
    page.wait_for_load_state("networkidle")
    return english_left(page.evaluate(SITE_TEXTS), content, language)
