"""The bundle's chunks load after what the first paint needs: modulepreload links at low priority.

React Router names every chunk a page hydrates with as `<link rel="modulepreload">` in the head,
which Chromium fetches at high priority, beside the stylesheet, head.js, the fonts and a page's
lead picture. Over slow mobile data ~160 KB of scripts then share the line with the ~9 KB the
first paint waits for, and a phone paints late although the prerendered HTML needs no script to
be drawn. After each production build this plugin marks those links `fetchpriority="low"`: the
chunks still start at once and in parallel (no waterfall: the page's module script imports the
same addresses and waits for the fetches in flight), but no longer ahead of the paint.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import reflex as rx

_MODULEPRELOAD = re.compile(r'<link rel="modulepreload"(?![^>]*\bfetchpriority=)')
LOW = '<link rel="modulepreload" fetchpriority="low"'


def lower_preloads(html: str) -> str:
    """`html` with each modulepreload link asking for low priority (idempotent)."""
    return _MODULEPRELOAD.sub(LOW, html)


def lower_built_pages(static_dir: Path) -> int:
    """Rewrite every built page; returns how many changed."""
    changed = 0
    for page in static_dir.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        if (lowered := lower_preloads(html)) != html:
            page.write_text(lowered, encoding="utf-8")
            changed += 1
    return changed


class ScriptPriorityPlugin(rx.plugins.Plugin):
    def post_build(self, **context: Any) -> None:
        lower_built_pages(Path(context["static_dir"]))
