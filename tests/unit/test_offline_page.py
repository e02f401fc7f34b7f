"""The offline page in each language (student_portal/build/offline_page.py): texts from the catalogs,
the right <html lang>, the build's own Sinhala/Tamil face, and the worker and its precache list
naming each language's file."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from student_portal.build.offline_page import offline_page, offline_path, write_offline_pages
from student_portal.i18n import gettext, in_language
from student_portal.i18n.languages import LANGUAGES, Language

ROOT = Path(__file__).resolve().parents[2]
FONTS = [
    "noto-sans-sinhala-sinhala-400-normal-B-I-Ey6b.woff2",
    "noto-sans-sinhala-sinhala-700-normal-DAhmXSVd.woff2",
    "noto-sans-tamil-tamil-400-normal-cIr4vgaa.woff2",
    "noto-sans-tamil-tamil-700-normal-bO3kIbVG.woff2",
    "index-abc.js",
]


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.lang = ""
        self.text: dict[str, str] = {}
        self._tag = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._tag = tag
        if tag == "html":
            self.lang = dict(attrs).get("lang") or ""

    def handle_data(self, data: str) -> None:
        if self._tag in ("title", "h1", "p", "a") and data.strip():
            self.text[self._tag] = " ".join(data.split())


@pytest.mark.parametrize("language", LANGUAGES, ids=str)
def test_the_offline_page_is_in_its_language(language: Language) -> None:
    document = offline_page(language, FONTS)
    page = _Page()
    page.feed(document)
    with in_language(language):
        heading = gettext("You are offline")
        assert page.lang == language.value
        assert page.text["h1"] == heading and page.text["title"].startswith(heading)
        assert page.text["a"] == gettext("Try again")
    assert "$" not in document  # every placeholder filled
    if language is not Language.EN:
        assert page.text["h1"] != "You are offline" and "Check your connection" not in document
    assert document.startswith("<!DOCTYPE html>")  # standards mode


def test_sinhala_and_tamil_pages_name_their_own_face_and_english_none() -> None:
    assert "@font-face" not in offline_page(Language.EN, FONTS)
    sinhala = offline_page(Language.SI, FONTS)
    assert '/assets/noto-sans-sinhala-sinhala-400-normal-B-I-Ey6b.woff2"' in sinhala
    assert '/assets/noto-sans-sinhala-sinhala-700-normal-DAhmXSVd.woff2"' in sinhala
    assert "tamil" not in sinhala
    assert '/assets/noto-sans-tamil-tamil-400-normal-cIr4vgaa.woff2"' in offline_page(Language.TA, FONTS)
    # A build without the faces still gets a page (the system font).
    assert "@font-face" not in offline_page(Language.SI, ["index-abc.js"])


def test_write_offline_pages_puts_each_at_its_address(tmp_path: Path) -> None:
    (tmp_path / "assets").mkdir()
    for name in FONTS:
        (tmp_path / "assets" / name).write_bytes(b"")
    written = write_offline_pages(tmp_path)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in written) == [
        "offline.html",
        "si/offline.html",
        "ta/offline.html",
    ]
    assert 'lang="ta"' in (tmp_path / "ta" / "offline.html").read_text(encoding="utf-8")


def test_the_worker_and_its_precache_list_name_every_language_page() -> None:
    worker = (ROOT / "assets" / "sw.js").read_text()
    build = (ROOT / "tools" / "build_service_worker.mjs").read_text()
    for language in LANGUAGES:
        path = offline_path(language)
        assert f'"{path}"' in worker
        assert f'"{path.lstrip("/")}"' in build
