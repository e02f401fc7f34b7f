"""The page the service worker shows offline for an address with no offline copy, one per
language (issue 12): /offline.html, /si/offline.html, /ta/offline.html, written into each
production build from the template beside this file with the catalogs' texts (assets/sw.js
picks the one of the address it stands in for; service_worker.py writes them before it
precaches them).

A Sinhala or Tamil offline page names the system's Noto Sans face, then the build's own (fonts.css's,
under /assets/ with a hashed name): the worker caches it once a page of that language has used it,
so the letters are not boxes on a phone without the font. Pure: no Reflex import.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from pathlib import Path
from string import Template

from student_portal.constants import SITE_NAME
from student_portal.i18n import gettext, in_language
from student_portal.i18n.languages import LANGUAGES, Language, language_prefix

TEMPLATE = Path(__file__).with_name("offline_page.html")
FILE_NAME = "offline.html"
# The self-hosted face of each script (assets/styles/fonts.css), as the build names its files.
FONT_FAMILIES = {Language.SI: "Noto Sans Sinhala", Language.TA: "Noto Sans Tamil"}
_FONT_FILE_PREFIX = {Language.SI: "noto-sans-sinhala-sinhala-", Language.TA: "noto-sans-tamil-tamil-"}
_WEIGHTS = ("400", "700")


def offline_path(language: Language) -> str:
    """The offline page's address in `language`: /offline.html, /si/offline.html, /ta/offline.html."""
    return f"{language_prefix(language)}/{FILE_NAME}"


def font_faces(language: Language, asset_names: Iterable[str]) -> str:
    """@font-face rules for `language`'s face in the build's /assets/ ("" for English)."""
    prefix = _FONT_FILE_PREFIX.get(language)
    if prefix is None:
        return ""
    rules = []
    for weight in _WEIGHTS:
        start = f"{prefix}{weight}-normal-"
        name = next((n for n in sorted(asset_names) if n.startswith(start) and n.endswith(".woff2")), None)
        if name is not None:
            family = FONT_FAMILIES[language]
            # The system's own Noto face first, as fonts.css does: nothing to fetch where it is installed.
            local = family if weight == "400" else f"{family} Bold"
            rules.append(
                f'  @font-face {{ font-family: "{family}"; font-weight: {weight}; font-display: swap; '
                f'src: local("{local}"), url("/assets/{name}") format("woff2"); }}'
            )
    return "\n".join(rules)


def offline_page(language: Language, asset_names: Iterable[str] = ()) -> str:
    """The offline page in `language`, its texts from the catalogs."""
    with in_language(language):
        heading = gettext("You are offline")
        values = {
            "lang": language.value,
            "title": f"{heading} | {SITE_NAME}",
            "site": SITE_NAME,
            "heading": heading,
            "explanation": gettext(
                "This page has not been opened on this device before, so there is no copy of it to show. "
                "Pages you visited and files you kept offline still open. Check your connection and try again."
            ),
            "try_again": gettext("Try again"),
        }
    faces = font_faces(language, asset_names)
    family = f'"{FONT_FAMILIES[language]}",' if faces else ""
    escaped = {name: html.escape(value) for name, value in values.items()}
    return Template(TEMPLATE.read_text(encoding="utf-8")).substitute(escaped, fonts=faces, font_family=family)


def write_offline_pages(static_dir: Path) -> list[Path]:
    """Each language's offline page into a build's static folder; the files written."""
    assets = static_dir / "assets"
    asset_names = [p.name for p in assets.iterdir()] if assets.is_dir() else []
    written = []
    for language in LANGUAGES:
        target = static_dir / offline_path(language).lstrip("/")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(offline_page(language, asset_names), encoding="utf-8")
        written.append(target)
    return written
