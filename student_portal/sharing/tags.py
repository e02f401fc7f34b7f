"""The <head> tags a link preview or a search engine reads: pure, escaped, sensibly short.

Values come from admins' records: anything may be in them (quotes, angle brackets, newlines,
emoji, 10,000 characters). Each is squeezed to one line, cut at a word near its limit, and
HTML-escaped; JSON-LD is escaped so no value can close its <script>.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from student_portal.constants import SITE_LOCALE, SITE_NAME, Limit

_SPACE = re.compile(r"\s+")
_TAG = re.compile(r"<[^>]*>")
ELLIPSIS = "…"


def one_line(text: object) -> str:
    """Whitespace (newlines included) squeezed to single spaces; not text -> ""."""
    return _SPACE.sub(" ", text).strip() if isinstance(text, str) else ""


def plain_text(markup: object) -> str:
    """Rich text as plain text for a description: tags dropped, entities decoded."""
    return one_line(html.unescape(_TAG.sub(" ", markup))) if isinstance(markup, str) else ""


def clip(text: object, limit: int) -> str:
    """`text` on one line, at most `limit` characters: cut at the last word that fits + "…"."""
    line = one_line(text)
    if len(line) <= limit:
        return line
    cut = line[: limit - 1]
    space = cut.rfind(" ")
    if space >= limit // 2:  # a word boundary not too far back; else cut inside the word
        cut = cut[:space]
    return cut.rstrip(" ,;:.-") + ELLIPSIS


@dataclass(frozen=True)
class PageMeta:
    """What one page says about itself to crawlers."""

    title: str
    description: str
    url: str = ""  # absolute; "" for pages that have no address of their own (404)
    image: str = ""  # absolute; "" when there is no picture
    image_alt: str = ""
    kind: str = "website"  # og:type
    noindex: bool = False
    json_ld: tuple[dict[str, Any], ...] = field(default_factory=tuple)
    feeds: tuple[tuple[str, str], ...] = ()  # (title, absolute .ics address)
    # The description the page itself renders once it hydrates: `name="description"` must be that
    # text, or React adds its own beside ours. A record's text goes out as og:/twitter:description.
    page_description: str = ""
    locale: str = SITE_LOCALE  # og:locale: en_LK, si_LK or ta_LK
    alternates: tuple[tuple[str, str], ...] = ()  # (hreflang, absolute address): the page in each language


def _meta(attribute: str, key: str, value: str) -> str:
    return f'<meta {attribute}="{key}" content="{html.escape(value, quote=True)}"/>'


def head_tags(meta: PageMeta) -> str:
    """Title, description, canonical, Open Graph, Twitter card and JSON-LD, as HTML."""
    title = clip(meta.title, Limit.SHARE_TITLE_CHARS) or SITE_NAME
    document_title = title if title == SITE_NAME else f"{title} | {SITE_NAME}"
    description = clip(meta.description, Limit.SHARE_DESCRIPTION_CHARS)
    image_alt = clip(meta.image_alt or meta.title, Limit.SHARE_TITLE_CHARS)
    tags = [f"<title>{html.escape(document_title, quote=False)}</title>"]
    if page_description := clip(meta.page_description, Limit.SHARE_DESCRIPTION_CHARS) or description:
        tags.append(_meta("name", "description", page_description))
    if meta.noindex:
        tags.append(_meta("name", "robots", "noindex"))
    if meta.url:
        tags.append(f'<link rel="canonical" href="{html.escape(meta.url, quote=True)}"/>')
    og = [("og:title", title), ("og:type", meta.kind), ("og:site_name", SITE_NAME), ("og:locale", meta.locale)]
    if description:
        og.append(("og:description", description))
    if meta.url:
        og.append(("og:url", meta.url))
    if meta.image:
        og += [("og:image", meta.image), ("og:image:alt", image_alt)]
    tags += [_meta("property", key, value) for key, value in og]
    twitter = [("twitter:card", "summary_large_image" if meta.image else "summary"), ("twitter:title", title)]
    if description:
        twitter.append(("twitter:description", description))
    if meta.image:
        twitter += [("twitter:image", meta.image), ("twitter:image:alt", image_alt)]
    tags += [_meta("name", key, value) for key, value in twitter]
    for language, href in meta.alternates:
        tags.append(
            f'<link rel="alternate" hreflang="{html.escape(language)}" href="{html.escape(href, quote=True)}"/>'
        )
    for feed_title, feed_url in meta.feeds:
        tags.append(
            f'<link rel="alternate" type="text/calendar" title="{html.escape(feed_title, quote=True)}" '
            f'href="{html.escape(feed_url, quote=True)}"/>'
        )
    tags += [json_ld_script(data) for data in meta.json_ld]
    return "".join(tags)


_SCRIPT_UNSAFE = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_SCRIPT_UNSAFE_RE = re.compile("[<>&\u2028\u2029]")


def json_ld_script(data: dict[str, Any]) -> str:
    """A JSON-LD block; "<", ">" and "&" as JSON escapes, so no value ends the script early."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return (
        '<script type="application/ld+json">'
        + _SCRIPT_UNSAFE_RE.sub(lambda m: _SCRIPT_UNSAFE[m.group()], text)
        + "</script>"
    )


# The tags the built page already has that ours replace (Reflex writes a title and
# og:image="favicon.ico", a relative address no crawler can use).
_REPLACED = re.compile(rb'<title>.*?</title>|<meta[^>]*\sproperty="og:[^"]*"[^>]*/?>', re.DOTALL)
# The built description stays: React renders it again when the page hydrates and would keep a
# second one beside ours. A record's own text still goes out as og:/twitter:description.
_DESCRIPTION = re.compile(rb'<meta[^>]*\sname="description"[^>]*/?>')


def with_head_tags(document: bytes, tags: str) -> bytes:
    """`document` with its title and og tags replaced by `tags` (before </head>); one description."""
    end = document.find(b"</head>")
    if end < 0:
        return document
    head = _REPLACED.sub(b"", document[:end])
    ours = tags.encode()
    if _DESCRIPTION.search(head):
        ours = _DESCRIPTION.sub(b"", ours, count=1)
    return head + ours + document[end:]


_HTML_LANG = re.compile(rb'<html([^>]*?)\slang="[^"]*"')


def with_language(document: bytes, language: str) -> bytes:
    """`document` with `<html lang>` set to `language` (Reflex builds every page with lang="en")."""
    return _HTML_LANG.sub(lambda m: b"<html" + m.group(1) + b' lang="' + language.encode() + b'"', document, count=1)


def texts(values: Iterable[object]) -> list[str]:
    """The non-empty one-line texts among `values`."""
    return [line for line in map(one_line, values) if line]
