"""Articles and news are rich text rendered as HTML (spec 2): ordinary formatting stays, script never."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st

from student_portal.utils.links import EXTERNAL_LINK_REL
from student_portal.utils.sanitize import (
    ALLOWED_ATTRIBUTES,
    ALLOWED_TAGS,
    ELLIPSIS,
    MAX_HTML_CHARS,
    clean_html,
    plain_text,
)
from tests.unit.xss_payloads import XSS_PAYLOADS

SCRIPT_URL = re.compile(r"^(javascript|vbscript|livescript|data|file|blob):", re.I)
FORBIDDEN_MARKUP = re.compile(
    r"<\s*/?\s*(script|style|iframe|frame|object|embed|svg|math|form|input|button|textarea|select|"
    r"meta|link|base|template|noscript|applet|video|audio|body|html|head|title|isindex|marquee)\b",
    re.I,
)
EVENT_HANDLER_IN_TAG = re.compile(r"<[^>]*\son[a-z]+\s*=", re.I)


class _Elements(HTMLParser):
    """How a browser would read the sanitised output: every (tag, attributes) it creates."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))

    handle_startendtag = handle_starttag


def elements(html: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = _Elements()
    parser.feed(html)
    parser.close()
    return parser.elements


def assert_safe(output: str) -> None:
    assert isinstance(output, str)
    assert "<script" not in output.lower()
    assert not FORBIDDEN_MARKUP.search(output)
    assert not EVENT_HANDLER_IN_TAG.search(output)
    for tag, attrs in elements(output):
        assert tag in ALLOWED_TAGS
        allowed = ALLOWED_ATTRIBUTES.get(tag, set()) | ({"rel", "target"} if tag == "a" else set())
        assert set(attrs) <= allowed, (tag, attrs)
        for name, value in attrs.items():
            assert not name.startswith("on")
            normalised = re.sub(r"[\x00-\x20]", "", value or "")
            assert not SCRIPT_URL.match(normalised), (tag, name, value)
            assert "javascript:" not in normalised.lower()
            assert "expression(" not in normalised.lower()
        if tag == "a":
            assert attrs.get("rel") == EXTERNAL_LINK_REL
            href = attrs.get("href")
            assert href is None or href.startswith(("http://", "https://", "mailto:", "tel:"))
            assert ("target" in attrs) == bool(href and href.startswith(("http://", "https://")))
            assert attrs.get("target") in (None, "_blank")
        if tag == "img" and attrs.get("src") is not None:
            assert attrs["src"].startswith(("http://", "https://"))


# --- the payload corpus -------------------------------------------------------------------


def test_payload_corpus_is_large_enough():
    assert len(XSS_PAYLOADS) >= 40
    assert len(set(XSS_PAYLOADS)) == len(XSS_PAYLOADS)


@pytest.mark.parametrize("payload", XSS_PAYLOADS)
def test_xss_payload_is_neutralised(payload):
    output = clean_html(payload)
    assert_safe(output)
    # and stays neutral when wrapped in ordinary content
    assert_safe(clean_html(f"<p>Intro <b>bold</b></p>{payload}<p>Outro</p>"))


@pytest.mark.parametrize("payload", XSS_PAYLOADS)
def test_xss_payload_in_plain_text_leaves_no_markup_behind(payload):
    text = plain_text(payload)
    assert "\n" not in text and "  " not in text
    assert "__xss" not in text
    # the excerpt shows the words the rendered article shows, never the code it dropped
    assert text == plain_text(clean_html(payload))


@pytest.mark.parametrize("payload", XSS_PAYLOADS)
def test_sanitising_twice_changes_nothing(payload):
    once = clean_html(payload)
    assert clean_html(once) == once


# --- ordinary formatting survives ---------------------------------------------------------


@pytest.mark.parametrize(
    "html",
    [
        "<p>Paragraph</p>",
        "<p>line<br>break</p>",
        "<h1>One</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5><h6>Six</h6>",
        "<p><strong>strong</strong> <b>bold</b> <em>em</em> <i>italic</i> <u>under</u> <s>strike</s></p>",
        "<p>H<sub>2</sub>O and x<sup>2</sup></p>",
        "<blockquote>quoted</blockquote>",
        "<ul><li>one</li><li>two</li></ul>",
        "<ol><li>first</li><li>second</li></ol>",
        "<pre><code>print('hi')</code></pre>",
        "<hr>",
        "<p><span>span</span></p>",
        "<div>block</div>",
        '<figure><img src="https://example.com/a.png" alt="A"><figcaption>Caption</figcaption></figure>',
        "<table><caption>Marks</caption><thead><tr><th>Name</th></tr></thead>"
        "<tbody><tr><td>Nimal</td></tr></tbody><tfoot><tr><td>1</td></tr></tfoot></table>",
        '<table><tbody><tr><td colspan="2" rowspan="3">wide</td></tr></tbody></table>',
        '<img src="https://example.com/a.png" alt="Diagram" width="640" height="480">',
        "<p>ශ්‍රී ලංකාව — இலங்கை — Sri Lanka</p>",
        "<p>5 &lt; 6 &amp;&amp; 7 &gt; 3</p>",
    ],
)
def test_ordinary_formatting_survives_unchanged(html):
    assert clean_html(html) == html


def test_external_link_opens_in_new_tab_without_opener():
    html = '<a href="https://example.com/page" title="Example">Example</a>'
    assert clean_html(html) == (
        '<a href="https://example.com/page" title="Example" rel="noopener noreferrer" target="_blank">Example</a>'
    )


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        (
            '<a href="mailto:info@example.lk">mail</a>',
            '<a href="mailto:info@example.lk" rel="noopener noreferrer">mail</a>',
        ),
        ('<a href="tel:011 234 5678">call</a>', '<a href="tel:0112345678" rel="noopener noreferrer">call</a>'),
    ],
)
def test_mail_and_phone_links_stay_in_the_same_tab(html, expected):
    assert clean_html(html) == expected


@pytest.mark.parametrize(
    "href",
    [
        "/relative",
        "#top",
        "?q=1",
        "ftp://example.com/f",
        "//evil.example/x",
        "https://user:pw@example.com/",
        "https://localhost/",
    ],
)
def test_links_other_than_http_mailto_tel_become_their_text(href):
    assert clean_html(f'<p>see <a href="{href}">x</a> now</p>') == "<p>see x now</p>"


def test_only_the_refused_link_is_unwrapped_and_its_content_kept():
    html = (
        '<p><a href="javascript:alert(1)"><b>bold</b> text</a> and '
        '<a href="https://e.lk" title="t">kept</a> <a name="anchor">named</a></p>'
    )
    assert clean_html(html) == (
        '<p><b>bold</b> text and <a href="https://e.lk" title="t" rel="noopener noreferrer" '
        'target="_blank">kept</a> named</p>'
    )


def test_author_supplied_rel_and_target_are_replaced():
    html = '<a href="https://example.com" target="_self" rel="opener">x</a>'
    assert clean_html(html) == '<a href="https://example.com" rel="noopener noreferrer" target="_blank">x</a>'


@pytest.mark.parametrize(
    "src",
    ["data:image/png;base64,iVBORw0KGgo=", "/uploads/a.png", "mailto:a@b.lk", "tel:0771234567", "javascript:alert(1)"],
)
def test_images_keep_only_web_sources(src):
    assert clean_html(f'<img src="{src}" alt="a">') == '<img alt="a">'


def test_image_sizes_must_be_numbers():
    assert clean_html('<img src="https://e.lk/a.png" width="100%" height="1e9">') == '<img src="https://e.lk/a.png">'


def test_styles_classes_and_ids_are_dropped():
    assert clean_html('<p style="color:red" class="x" id="y" data-z="1">text</p>') == "<p>text</p>"


def test_attribute_values_are_escaped_in_output():
    # _finish_links relies on '<', '>' and '"' never appearing raw in values.
    output = clean_html('<a href="https://e.lk/?a=<b>&c=\'" title=\'say "hi" <b>\'>x</a>')
    assert 'title="say &quot;hi&quot; &lt;b&gt;"' in output
    assert "?a=%3Cb%3E" in output


@pytest.mark.parametrize("value", [None, 42, 3.5, b"<p>x</p>", ["<p>x</p>"], {"html": "x"}, "", "   "])
def test_non_text_or_empty_input_gives_empty_or_blank_string(value):
    assert clean_html(value).strip() == ""
    assert plain_text(value) == ""


def test_huge_input_is_cut_not_parsed_forever():
    output = clean_html("<div>" * (MAX_HTML_CHARS // 2))
    assert output.count("<div>") <= MAX_HTML_CHARS // 5


def test_lone_surrogates_do_not_break_sanitising():
    assert clean_html("<p>a\ud800b</p>") == "<p>a\ufffdb</p>"
    assert plain_text("<p>a\udfffb</p>") == "a\ufffdb"


# --- plain text ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("html", "text"),
    [
        ("<p>Hello <b>world</b></p>", "Hello world"),
        ("<p>one</p><p>two</p>", "one two"),
        ("line<br>break", "line break"),
        ("<ul><li>a</li><li>b</li></ul>", "a b"),
        ("<h1>Title</h1>Body", "Title Body"),
        ("<b>bo</b>ld", "bold"),
        ("Tom &amp; Jerry &lt;3 &quot;ok&quot; &#3523; &nbsp;x", 'Tom & Jerry <3 "ok" ස x'),
        ("  lots \n\n of\t\twhitespace  ", "lots of whitespace"),
        ("<script>alert(1)</script>visible<style>p{}</style>", "visible"),
        ("<svg><text>drawn</text></svg><iframe>frame</iframe><form>field</form>kept", "kept"),
        ("<!-- hidden -->shown", "shown"),
        ('<img src="https://e.lk/a.png" alt="alt text">caption', "caption"),
        ("<p>ශ්‍රී ලංකාව</p>", "ශ්‍රී ලංකාව"),
        ("plain words", "plain words"),
    ],
)
def test_plain_text_is_the_readable_text(html, text):
    assert plain_text(html) == text


@pytest.mark.parametrize(
    ("text", "max_chars", "excerpt"),
    [
        ("The quick brown fox jumps over the lazy dog", 20, "The quick brown fox…"),
        ("The quick brown fox jumps over the lazy dog", 100, "The quick brown fox jumps over the lazy dog"),
        ("The quick brown fox", 19, "The quick brown fox"),
        ("The quick brown fox", 18, "The quick brown…"),
        ("Hello, world and more", 8, "Hello…"),
        ("Supercalifragilistic", 10, "Supercali…"),
        ("abc def", 1, ELLIPSIS),
        ("abc def", 0, ""),
        ("abc def", -5, ""),
        ("abc def", None, "abc def"),
        ("abc def", True, "abc def"),
        ("abc def", "5", "abc def"),
    ],
)
def test_plain_text_excerpt_is_cut_on_a_word_boundary(text, max_chars, excerpt):
    assert plain_text(text, max_chars) == excerpt


def test_excerpt_does_not_split_a_sinhala_letter_from_its_vowel_sign():
    word = "ශ්‍රීලංකාවේදුරකථනඅංක"
    excerpt = plain_text(word, 5)
    assert excerpt.endswith(ELLIPSIS) and len(excerpt) <= 5
    kept = excerpt.removesuffix(ELLIPSIS)
    assert word.startswith(kept)
    assert kept == "" or not (word[len(kept)] in "\u200d" or "\u0dca" <= word[len(kept)] <= "\u0ddf")


# --- properties ---------------------------------------------------------------------------

html_fragments = st.sampled_from(
    [
        "<", ">", "</", "/>", "=", '"', "'", "`", " ", "\t", "\n", "&", "&#", ";", "x",
        "script", "img", "a", "svg", "math", "style", "iframe", "p", "b", "table", "td", "!--", "-->",
        "href", "src", "onerror", "onclick", "style", "javascript:", "JaVaScRiPt:", "data:", "vbscript:",
        "&#106;", "&#x6A;", "alert(1)", "https://example.com", "mailto:a@b.lk", "tel:0771234567",
        "ශ්‍රී", "\u0000", "\u2028",
    ]
)  # fmt: skip
html_like = st.lists(html_fragments, max_size=60).map("".join)
any_text = st.text(alphabet=st.characters(codec="utf-8"), max_size=400)


@given(st.one_of(st.none(), st.integers(), st.binary(), any_text, html_like))
def test_clean_html_never_raises_and_is_always_safe(value):
    assert_safe(clean_html(value))


@given(st.one_of(any_text, html_like))
def test_clean_html_is_idempotent(value):
    once = clean_html(value)
    assert clean_html(once) == once


@given(st.one_of(any_text, html_like), st.one_of(st.none(), st.integers(min_value=-5, max_value=500)))
def test_plain_text_is_collapsed_and_within_the_limit(value, max_chars):
    text = plain_text(value, max_chars)
    assert text == text.strip()
    assert "  " not in text and "\n" not in text
    if max_chars is not None:
        assert len(text) <= max(max_chars, 0)
        full = plain_text(value)
        if len(full) <= max_chars:
            assert text == full
        elif max_chars > 0:
            assert text.endswith(ELLIPSIS)


@given(st.text(alphabet=st.characters(codec="utf-8", exclude_characters="<>&\ufeff"), max_size=300))
def test_plain_text_of_text_without_markup_is_the_text_with_whitespace_collapsed(text):
    # The HTML parser drops NUL characters (and a leading byte-order mark); nothing else changes.
    assert plain_text(text) == " ".join(text.replace("\x00", "").split())


@given(st.lists(st.from_regex(r"[a-z]{1,12}", fullmatch=True), min_size=1, max_size=30), st.integers(2, 80))
def test_excerpt_keeps_whole_words(words, max_chars):
    text = " ".join(words)
    excerpt = plain_text(text, max_chars)
    if excerpt.endswith(ELLIPSIS) and len(text) > max_chars:
        kept = excerpt.removesuffix(ELLIPSIS).split(" ")
        assert kept[:-1] == words[: len(kept) - 1]
        assert words[len(kept) - 1].startswith(kept[-1])
