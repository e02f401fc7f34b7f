"""Every relative link in README.md and docs/*.md points to a file of the repo (and, with a
`#anchor` into a Markdown file, to one of its headings as GitHub names them)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

_FENCED = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*$", re.MULTILINE)
_EXTERNAL = ("http://", "https://", "mailto:", "webcal://")


def _prose(text: str) -> str:
    """The text without code: a link written inside code is an example, not a link."""
    return _CODE_SPAN.sub("", _FENCED.sub("", text))


def links(text: str) -> list[str]:
    return [target for target in _LINK.findall(_prose(text)) if not target.startswith(_EXTERNAL)]


def anchor(heading: str) -> str:
    """GitHub's id for a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = heading.replace("`", "").strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    return {anchor(heading) for heading in _HEADING.findall(_FENCED.sub("", markdown))}


def points_nowhere(doc: Path, target: str) -> bool:
    path, _, fragment = target.partition("#")
    linked = (doc.parent / path).resolve() if path else doc
    if not linked.exists():
        return True
    return bool(fragment) and linked.suffix == ".md" and fragment not in anchors(linked.read_text())


def broken_links(doc: Path) -> list[str]:
    return [target for target in links(doc.read_text()) if points_nowhere(doc, target)]


def test_the_anchor_rule_matches_githubs() -> None:
    assert anchor("ASGI wrappers, in the order installed") == "asgi-wrappers-in-the-order-installed"
    assert anchor("Sign-in rate limit behind a proxy") == "sign-in-rate-limit-behind-a-proxy"
    assert anchor("Videos' budget (2026-11-24 and 25)") == "videos-budget-2026-11-24-and-25"
    assert links("[a](docs/x.md) `[b](y.md)` [c](https://e.lk)\n```\n[d](z.md)\n```\n") == ["docs/x.md"]


@pytest.mark.parametrize("doc", DOCS, ids=lambda doc: str(doc.relative_to(ROOT)))
def test_relative_links_point_to_files_of_the_repo(doc: Path) -> None:
    assert broken_links(doc) == []


def test_the_readme_lists_every_doc() -> None:
    readme = links((ROOT / "README.md").read_text())
    unlisted = [doc.name for doc in DOCS[1:] if f"docs/{doc.name}" not in readme]
    assert unlisted == [], "add them to the README's Docs list"
