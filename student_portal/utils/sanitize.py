"""Rich text from the admin backend (articles' `conent`, news `content`) made safe to render.

The HTML is parsed and rebuilt by nh3 (Rust ammonia on html5ever, a browser-grade parser) from
an allow-list; nothing here parses HTML by hand. Pure: no Reflex, no I/O, never raises.
"""

from __future__ import annotations

import html as html_lib
import re
import unicodedata

import nh3

from student_portal.utils.links import EXTERNAL_LINK_REL, safe_href, safe_url

# Ordinary formatting a rich-text editor produces. Beyond the bare list, div (editors wrap
# lines in it), sub/sup (H₂O, x²: this is a study site) and caption/tfoot (tables) are kept.
ALLOWED_TAGS: frozenset[str] = frozenset(
    {
        "p", "br", "div", "span", "hr",
        "h1", "h2", "h3", "h4", "h5", "h6",
        "strong", "b", "em", "i", "u", "s", "sub", "sup",
        "blockquote", "code", "pre",
        "ul", "ol", "li",
        "a", "img", "figure", "figcaption",
        "table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td",
    }
)  # fmt: skip

ALLOWED_ATTRIBUTES: dict[str, set[str]] = {
    "a": {"href", "title"},
    "img": {"src", "alt", "width", "height"},
    "th": {"colspan", "rowspan"},
    "td": {"colspan", "rowspan"},
}

# Dropped together with everything inside them: their content is code, or a widget, never text
# meant for the reader.
DROPPED_WITH_CONTENT: frozenset[str] = frozenset(
    {
        "script", "style", "template", "noscript", "noembed", "noframes", "xmp",
        "iframe", "frame", "frameset", "object", "embed", "applet",
        "svg", "math", "canvas", "audio", "video",
        "form", "button", "select", "textarea", "title",
    }
)  # fmt: skip

LINK_SCHEMES = frozenset({"http", "https", "mailto", "tel"})

# html5ever's tree building is quadratic in nesting depth for some tags (20 000 nested <div>
# take about a second); an article is far below this, so longer input is cut, not parsed.
MAX_HTML_CHARS = 100_000

ELLIPSIS = "…"

_SIZE_RE = re.compile(r"[0-9]{1,4}")
_SURROGATE_RE = re.compile(r"[\ud800-\udfff]")
# In nh3's serialised output every "<" of text and every "<", ">" and '"' inside attribute
# values is escaped, so these patterns only ever meet real tags.
_ANCHOR_RE = re.compile(r"<a(\s[^>]*)?>|</a>")
_HREF_RE = re.compile(r'\shref="')
_EXTERNAL_HREF_RE = re.compile(r'\shref="https?://', re.IGNORECASE)
_ANY_TAG_RE = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9]*)[^>]*>")

# Tags that flow inside a line; every other tag separates words in plain text.
_INLINE_TAGS = frozenset(
    {
        "a", "abbr", "acronym", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em",
        "i", "ins", "kbd", "mark", "q", "rp", "rt", "ruby", "s", "samp", "small", "span",
        "strike", "strong", "sub", "sup", "time", "tt", "u", "var", "wbr",
    }
)  # fmt: skip


def _attribute_filter(tag: str, attribute: str, value: str) -> str | None:
    if tag == "a" and attribute == "href":
        return safe_href(value)
    if tag == "img" and attribute == "src":
        return safe_url(value)  # http(s) only: no data:, no mailto:
    if attribute in ("width", "height", "colspan", "rowspan"):
        return value if _SIZE_RE.fullmatch(value.strip()) else None
    return value


_CLEANER = nh3.Cleaner(
    tags=set(ALLOWED_TAGS),
    clean_content_tags=set(DROPPED_WITH_CONTENT),
    attributes=ALLOWED_ATTRIBUTES,
    attribute_filter=_attribute_filter,
    url_schemes=set(LINK_SCHEMES),
    url_relative="deny",
    link_rel=EXTERNAL_LINK_REL,
    strip_comments=True,
)

# For plain text: keep every ordinary tag (so block boundaries are still visible as tags), no
# attributes, and drop the same code-carrying elements with their content.
_TEXT_CLEANER = nh3.Cleaner(
    tags=(set(nh3.ALLOWED_TAGS) | set(ALLOWED_TAGS)) - set(DROPPED_WITH_CONTENT),
    clean_content_tags=set(DROPPED_WITH_CONTENT),
    attributes={},
    link_rel=None,
    strip_comments=True,
)


def _prepare(html: object) -> str:
    if not isinstance(html, str):
        return ""
    return _SURROGATE_RE.sub("\ufffd", html[:MAX_HTML_CHARS])


def _finish_links(cleaned: str) -> str:
    """External links open in a new tab; a link whose target was refused becomes its text.

    An <a> without href looks like a link but goes nowhere (and crawlers flag it), so it is
    unwrapped. html5ever never nests <a>, so an anchor's closer is the next </a>.
    """
    unwrapping = False

    def finish(match: re.Match[str]) -> str:
        nonlocal unwrapping
        tag = match.group(0)
        if tag == "</a>":
            closes_unwrapped, unwrapping = unwrapping, False
            return "" if closes_unwrapped else tag
        if _HREF_RE.search(tag) is None:
            unwrapping = True
            return ""
        unwrapping = False
        if _EXTERNAL_HREF_RE.search(tag):
            return tag[:-1] + ' target="_blank">'
        return tag

    return _ANCHOR_RE.sub(finish, cleaned)


def clean_html(html: object) -> str:
    """Rich text reduced to ordinary formatting; "" for None or non-text.

    Links keep only http(s), mailto and tel targets and all get rel="noopener noreferrer";
    http(s) links also open in a new tab; a link to anything else is left as its text (issue 7:
    not rendered as a link). Images keep only http(s) sources.
    """
    text = _prepare(html)
    if not text:
        return ""
    try:
        return _finish_links(_CLEANER.clean(text))
    except Exception:
        return ""


def _tag_to_separator(match: re.Match[str]) -> str:
    return "" if match.group(2).lower() in _INLINE_TAGS else " "


def _truncate(text: str, max_chars: int) -> str:
    if max_chars <= 0:
        return ""
    if len(text) <= max_chars:
        return text
    if max_chars == 1:
        return ELLIPSIS
    limit = max_chars - len(ELLIPSIS)
    cut = text[:limit]
    if not text[limit].isspace():
        space = cut.rfind(" ")
        if space >= limit // 2:  # a word boundary not too far back; else cut inside the word
            cut = cut[:space]
        else:
            # Do not split a letter from its vowel signs or joiners (Sinhala, Tamil, emoji).
            while cut and (
                unicodedata.category(text[len(cut)]).startswith("M")
                or text[len(cut)] in "\u200c\u200d"
                or cut[-1] in "\u200c\u200d"
            ):
                cut = cut[:-1]
    cut = cut.rstrip(" .,;:!?-–—")
    return cut + ELLIPSIS


def plain_text(html: object, max_chars: int | None = None) -> str:
    """The text of rich text for excerpts and meta descriptions.

    Tags and code are removed, entities decoded, whitespace collapsed; with max_chars the text
    is cut on a word boundary and ends with "…" (the result is at most max_chars long). The
    result is text, not HTML: it must be escaped wherever it is output (React does this).
    """
    text = _prepare(html)
    if not text:
        return ""
    try:
        cleaned = _TEXT_CLEANER.clean(text)
    except Exception:
        return ""
    words = html_lib.unescape(_ANY_TAG_RE.sub(_tag_to_separator, cleaned))
    collapsed = " ".join(words.split())
    if isinstance(max_chars, int) and not isinstance(max_chars, bool):
        return _truncate(collapsed, max_chars)
    return collapsed
