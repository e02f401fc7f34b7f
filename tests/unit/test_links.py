"""Spec 7 external links: http(s) content links, tel and mailto links; nothing that runs script."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from student_portal.constants import (
    CHAT_CHANNEL_URL,
    CHAT_GROUP_URL,
    SHORT_VIDEO_URL,
    SOCIAL_NETWORK_URL,
    VIDEO_CHANNEL_URL,
)
from student_portal.utils.links import EXTERNAL_LINK_REL, mailto_href, safe_href, safe_url
from student_portal.utils.phone import whatsapp_link

DANGEROUS_SCHEME = re.compile(r"^\s*(javascript|data|vbscript|file|blob|about|filesystem):", re.I)


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://example.com", "https://example.com"),
        ("http://example.com/path?q=1#top", "http://example.com/path?q=1#top"),
        ("HTTPS://Example.com/Page", "https://Example.com/Page"),
        (
            "  https://drive.google.com/file/d/abc/view?usp=sharing \n",
            "https://drive.google.com/file/d/abc/view?usp=sharing",
        ),
        ("https://us02web.zoom.us/j/81234567890?pwd=abc", "https://us02web.zoom.us/j/81234567890?pwd=abc"),
        ("https://example.com/a b", "https://example.com/a%20b"),
        ('https://example.com/"><script>', "https://example.com/%22%3E%3Cscript%3E"),
        ("https://exam\tple.com/", "https://example.com/"),
        ("https://example.com:8443/x", "https://example.com:8443/x"),
        ("https://192.168.1.10/notes", "https://192.168.1.10/notes"),
        ("https://[2001:db8::1]/x", "https://[2001:db8::1]/x"),
        ("https://ශ්‍රීලංකා.lk/", "https://ශ්‍රීලංකා.lk/"),
        ("https://wa.me/94771234567?text=hi", "https://wa.me/94771234567?text=hi"),
    ],
)
def test_safe_url_keeps_web_links(url, expected):
    assert safe_url(url) == expected


@pytest.mark.parametrize(
    "url",
    [
        None,
        "",
        "   ",
        42,
        b"https://example.com",
        ["https://example.com"],
        "javascript:alert(1)",
        "JaVaScRiPt:alert(1)",
        " javascript:alert(1)",
        "java\nscript:alert(1)",
        "java\tscript:alert(1)",
        "\x01javascript:alert(1)",
        "javascript://example.com/%0Aalert(1)",
        "&#106;avascript:alert(1)",
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
        "vbscript:msgbox(1)",
        "file:///etc/passwd",
        "ftp://example.com/file",
        "blob:https://example.com/uuid",
        "about:blank",
        "/relative/path",
        "relative/path",
        "?q=1",
        "#anchor",
        "//example.com/protocol-relative",
        "www.example.com",
        "example.com",
        "https:example.com",
        "https:/example.com",
        "https:///example.com",
        "https://",
        "https://user:pass@example.com/",
        "https://user@example.com/",
        "https://example.com@evil.com/",
        "https://example.com%40evil.com/",
        "https://example.com\\@evil.com/",
        "https:\\\\evil.com",
        "https://localhost/",
        "https://example..com/",
        "https://-example.com/",
        "https://exa mple.com/",
        "https://example.com:99999/",
        "https://example.com:port/",
        "https://1.2.3.999/",
        "https://[::1/",
        "https://example.com/\ud800",
        "https://example.com/" + "a" * 10_000,
    ],
)
def test_safe_url_refuses_everything_else(url):
    assert safe_url(url) is None


@pytest.mark.parametrize(
    "url", [VIDEO_CHANNEL_URL, CHAT_CHANNEL_URL, CHAT_GROUP_URL, SOCIAL_NETWORK_URL, SHORT_VIDEO_URL]
)
def test_site_channel_links_are_safe(url):
    assert safe_url(url) == url
    assert safe_href(url) == url


@pytest.mark.parametrize(
    ("href", "expected"),
    [
        ("tel:+94771234567", "tel:+94771234567"),
        ("tel:+94 77 123 4567", "tel:+94771234567"),
        ("TEL:077-123-4567", "tel:0771234567"),
        ("tel:(011) 234 5678", "tel:0112345678"),
        ("mailto:info@example.lk", "mailto:info@example.lk"),
        ("MAILTO:Info@Example.LK", "mailto:Info@example.lk"),
        ("mailto:info@example.lk?subject=Hello%20there", "mailto:info@example.lk?subject=Hello%20there"),
        ("https://wa.me/94771234567", "https://wa.me/94771234567"),
        ("https://example.com/x", "https://example.com/x"),
    ],
)
def test_safe_href_accepts_tel_mailto_and_web_links(href, expected):
    assert safe_href(href) == expected


def test_safe_href_accepts_our_whatsapp_links():
    link = whatsapp_link("077 123 4567", "I want to buy Maths & Science #1")
    assert safe_href(link) == link


@pytest.mark.parametrize(
    "href",
    [
        "tel:",
        "tel:12",
        "tel:javascript:alert(1)",
        "tel:+94 77 123 4567<script>",
        "tel:0771234567;ext=2",
        "tel:++94771234567",
        "tel:" + "1" * 20,
        "mailto:",
        "mailto:not-an-address",
        "mailto:a@b",
        "mailto:a@@b.com",
        "mailto:a@b.com?subject=<script>",
        "mailto:a@b.com?subject=x y",
        "mailto:javascript:alert(1)@x.com",
        "mailto:a@1.2.3.4",
        "javascript:alert(1)",
        "sms:0771234567",
        "whatsapp://send?phone=94771234567",
        "intent://scan/#Intent;scheme=zxing;end",
        "/login",
    ],
)
def test_safe_href_refuses_junk(href):
    assert safe_href(href) is None


@pytest.mark.parametrize(
    ("email", "href"),
    [
        ("info@example.lk", "mailto:info@example.lk"),
        ("  Info@Example.LK ", "mailto:Info@example.lk"),
        ("first.last+notes@uni.ac.lk", "mailto:first.last+notes@uni.ac.lk"),
        ("o'brien@example.com", "mailto:o%27brien@example.com"),
        ("a&b@example.com", "mailto:a%26b@example.com"),
        ("mailto:info@example.lk", "mailto:info@example.lk"),
        ("info@ශ්‍රීලංකා.lk", "mailto:info@ශ්‍රීලංකා.lk"),
    ],
)
def test_mailto_href_for_plain_addresses(email, href):
    assert mailto_href(email) == href


@pytest.mark.parametrize(
    "email",
    [
        None,
        "",
        "plainaddress",
        "@example.com",
        "user@",
        "user@localhost",
        "user@example",
        "user@@example.com",
        "a@b@example.com",
        ".user@example.com",
        "user.@example.com",
        "us..er@example.com",
        "us er@example.com",
        "user@exa mple.com",
        "user@example.com.",
        "user@-example.com",
        'user"<script>"@example.com',
        "user@example.com?subject=x",
        "user@example.com\ud800",
        "x" * 65 + "@example.com",
        "user@" + "a" * 250 + ".com",
        5,
    ],
)
def test_mailto_href_refuses_non_addresses(email):
    assert mailto_href(email) is None


def test_external_link_rel():
    assert EXTERNAL_LINK_REL == "noopener noreferrer"


# --- properties ---------------------------------------------------------------------------

anything = st.one_of(st.none(), st.integers(), st.floats(), st.binary(), st.text(), st.lists(st.text()))
url_chars = st.characters(codec="utf-8") | st.sampled_from(list(":/\\?#@&=%.;+-_~'\"<> \t\n\x00"))
url_like = st.builds(
    lambda scheme, rest: scheme + rest,
    st.sampled_from(["", "http://", "https://", "HTTPS://", "javascript:", "data:", "tel:", "mailto:", "//", " "]),
    st.text(alphabet=url_chars, max_size=120),
)


@given(st.one_of(anything, url_like))
def test_link_helpers_never_raise(value):
    for helper in (safe_url, safe_href, mailto_href):
        result = helper(value)
        assert result is None or isinstance(result, str)


@given(url_like)
def test_safe_url_only_returns_absolute_http_urls_with_a_host(value):
    result = safe_url(value)
    if result is None:
        return
    assert result.startswith(("http://", "https://"))
    parts = urlsplit(result)
    assert parts.hostname and "@" not in parts.netloc
    assert not re.search(r"[\x00-\x20\x7f\"'<>`\\]", result)


@given(url_like)
def test_safe_href_never_returns_a_script_url(value):
    result = safe_href(value)
    if result is None:
        return
    assert not DANGEROUS_SCHEME.match(result)
    assert result.startswith(("http://", "https://", "tel:", "mailto:"))
    assert not re.search(r"[\x00-\x20\x7f\"'<>`\\]", result)


@given(url_like)
def test_safe_url_is_idempotent(value):
    once = safe_url(value)
    if once is not None:
        assert safe_url(once) == once
        assert safe_href(once) == once


@given(
    st.from_regex(r"[a-z0-9]([a-z0-9._+-]{0,20}[a-z0-9])?", fullmatch=True).filter(lambda s: ".." not in s),
    st.from_regex(r"[a-z0-9]{1,10}(\.[a-z0-9]{1,10}){0,2}\.[a-z]{2,6}", fullmatch=True),
)
def test_generated_addresses_become_mailto_links(local, domain):
    href = mailto_href(f"{local}@{domain}")
    assert href == f"mailto:{local}@{domain}"
    assert safe_href(href) == href
