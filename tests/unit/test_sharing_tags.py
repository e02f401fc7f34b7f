"""Link preview tags and JSON-LD blocks (student_portal/sharing/tags.py): escaped, short, valid."""

from __future__ import annotations

import json
from html.parser import HTMLParser

from hypothesis import given
from hypothesis import strategies as st

from student_portal.constants import SITE_NAME, Limit
from student_portal.sharing.tags import ELLIPSIS, PageMeta, clip, head_tags, json_ld_script, with_head_tags

HOSTILE = "Quotes \" and ' <script>alert(1)</script>\n\r\tnew lines & emoji 😀👩‍👩‍👧 " + "x" * 10_000


class HeadReader(HTMLParser):
    """What a crawler reads: meta tags by name/property, the title, JSON-LD blocks."""

    def __init__(self) -> None:
        super().__init__()
        self.meta: dict[str, str] = {}
        self.title = ""
        self.json_ld: list[object] = []
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "meta" and (a.get("property") or a.get("name")):
            self.meta[a.get("property") or a.get("name") or ""] = a.get("content") or ""
        elif tag == "title":
            self._in = "title"
        elif tag == "script" and a.get("type") == "application/ld+json":
            self._in = "json"

    def handle_endtag(self, tag: str) -> None:
        self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "title":
            self.title += data
        elif self._in == "json":
            self.json_ld.append(json.loads(data))


def read(markup: str) -> HeadReader:
    reader = HeadReader()
    reader.feed(markup)
    return reader


def test_a_hostile_title_and_description_come_out_escaped_on_one_line_and_short() -> None:
    meta = PageMeta(title=HOSTILE, description=HOSTILE, url="https://site.lk/news/1", image="https://site.lk/a.jpg")
    markup = head_tags(meta)
    assert "<script>alert" not in markup
    head = read(markup)
    for key in ("og:title", "twitter:title", "og:description", "description", "og:image:alt"):
        value = head.meta[key]
        assert "\n" not in value and "\t" not in value
        assert value.startswith("Quotes \" and ' <script>")  # the text itself, intact after unescaping
        assert value.endswith(ELLIPSIS)
    assert len(head.meta["og:title"]) <= Limit.SHARE_TITLE_CHARS
    assert len(head.meta["og:description"]) <= Limit.SHARE_DESCRIPTION_CHARS
    assert head.title.endswith(f"| {SITE_NAME}")
    assert head.meta["twitter:card"] == "summary_large_image"


def test_a_page_without_a_picture_gets_a_summary_card_and_no_image_tags() -> None:
    head = read(head_tags(PageMeta(title="Jobs", description="", url="https://site.lk/jobs/")))
    assert head.meta["twitter:card"] == "summary"
    assert "og:image" not in head.meta and "twitter:image" not in head.meta and "description" not in head.meta
    assert {"og:title", "og:type", "og:url", "og:site_name", "og:locale"} <= head.meta.keys()


def test_noindex_pages_say_so_and_have_no_address() -> None:
    head = read(head_tags(PageMeta(title="Page not found", description="Gone", noindex=True)))
    assert head.meta["robots"] == "noindex" and "og:url" not in head.meta


def test_json_ld_values_cannot_close_the_script() -> None:
    data = {"headline": "</script><script>alert(1)</script> & \u2028"}
    block = json_ld_script(data)
    assert block.count("</script>") == 1 and block.endswith("</script>")
    assert read(block).json_ld == [data]


@given(st.text(max_size=400), st.integers(min_value=2, max_value=300))
def test_clip_never_exceeds_its_limit_and_keeps_short_text(text: str, limit: int) -> None:
    clipped = clip(text, limit)
    assert len(clipped) <= limit
    assert "\n" not in clipped
    if len(" ".join(text.split())) <= limit:
        assert clipped == " ".join(text.split())


def test_clip_cuts_at_a_word() -> None:
    assert clip("Results of the 2025 examination released today", 30) == "Results of the 2025…"


def test_the_built_tags_are_replaced_not_doubled() -> None:
    built = (
        b'<html><head><meta charSet="utf-8"/><title>Old</title><meta content="Old d" name="description"/>'
        b'<meta content="favicon.ico" property="og:image"/></head><body><title>in body</title></body></html>'
    )
    out = with_head_tags(built, head_tags(PageMeta(title="New", description="New d"))).decode()
    head = out.split("</head>")[0]
    assert "<title>Old" not in head and "favicon.ico" not in head and head.count("<title>") == 1
    # One description: the built one, which React renders again on hydration (ours would be a second).
    assert head.count('name="description"') == 1 and "Old d" in head
    assert 'property="og:description" content="New d"' in head
    assert "<title>in body</title>" in out  # only the head is touched


def test_a_record_page_keeps_the_description_the_page_renders_and_shares_the_records_text() -> None:
    head = read(head_tags(PageMeta(title="News", description="Cut-off marks", page_description="Exam news")))
    assert head.meta["description"] == "Exam news"  # what React renders after hydration: one tag
    assert head.meta["og:description"] == head.meta["twitter:description"] == "Cut-off marks"
