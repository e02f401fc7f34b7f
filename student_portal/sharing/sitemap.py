"""robots.txt and the sitemap (sitemaps.org 0.9), built from entries: pure.

An entry may carry language alternates (hreflang): every page is listed in English, Sinhala and
Tamil, and each entry names all three (and x-default) as xhtml:link elements, as Google asks.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from xml.sax.saxutils import escape, quoteattr

from student_portal.routes.links import ROBOTS_PATHS

SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
XHTML_NS = "http://www.w3.org/1999/xhtml"


@dataclass(frozen=True)
class SitemapEntry:
    loc: str  # absolute address
    lastmod: datetime | None = None
    alternates: tuple[tuple[str, str], ...] = ()  # (hreflang, absolute address), itself included


def _w3c(moment: datetime) -> str:
    aware = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return aware.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S+00:00")


def sitemap_xml(entries: Iterable[SitemapEntry]) -> str:
    """The sitemap document; each address once (the first entry wins)."""
    seen: set[str] = set()
    urls: list[str] = []
    with_alternates = False
    for entry in entries:
        if not entry.loc or entry.loc in seen:
            continue
        seen.add(entry.loc)
        parts = [f"<loc>{escape(entry.loc)}</loc>"]
        if entry.lastmod is not None:
            parts.append(f"<lastmod>{_w3c(entry.lastmod)}</lastmod>")
        for lang, href in entry.alternates:
            with_alternates = True
            parts.append(f'<xhtml:link rel="alternate" hreflang={quoteattr(lang)} href={quoteattr(href)}/>')
        urls.append("<url>" + "".join(parts) + "</url>")
    namespaces = f' xmlns="{SITEMAP_NS}"' + (f' xmlns:xhtml="{XHTML_NS}"' if with_alternates else "")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + f"<urlset{namespaces}>" + "\n".join(urls) + "</urlset>\n"


def robots_txt(sitemap_url: str, private_paths: Iterable[str] = ROBOTS_PATHS) -> str:
    """Every crawler may read the public pages; signed-in and per-visitor pages are kept out."""
    lines = ["User-agent: *", "Allow: /", *(f"Disallow: {path}" for path in private_paths), ""]
    lines.append(f"Sitemap: {sitemap_url}")
    return "\n".join(lines) + "\n"
