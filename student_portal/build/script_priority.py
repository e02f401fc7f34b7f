"""The bundle's chunks load after the first paint: their modulepreload links wait in a template.

React Router names every chunk a page hydrates with as `<link rel="modulepreload">` in the head.
The prerendered page needs none of them to be drawn, yet the browser fetches them at once: over
slow 4G with a slow CPU (issue 55) a phone received all ~190 KB of them, and compiled most, before
its first paint, which came late enough for them to arrive first (the CSS shared the line with
them; `fetchpriority="low"` only reorders, it does not hold a request back). After each production
build this plugin moves those links into `<template id="hydration-preloads">`, whose content the
browser neither fetches nor scans, and assets/head.js puts them into the head right after the
first frame is painted (a hidden tab, which paints nothing: at DOMContentLoaded). Before the
paint the page's own module script (at the end of the body, reached once the stylesheet is in:
the inline script before it waits for it) may start its three direct imports; the rest come
with the links, in parallel, no waterfall.

That module script (React Router's, the one importing the entry chunk) waits too (issue 55 item
4): wherever the page paints late, on a loaded CPU or in the fast load Lighthouse measures and
then simulates on a slow phone, it fetched the whole module graph (~160 KB) and ran the hydration
before the first paint, and Lighthouse's simulation counts whatever came before the observed
paint as needed for it. The build gives it a type no browser runs (it stays where it was, for the
hydration to find the same elements), and head.js runs a copy of it, text unchanged (its CSP hash
holds), once the page is painted and parsed.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import reflex as rx

# assets/head.js looks the template up by this id.
TEMPLATE_ID = "hydration-preloads"
_MODULEPRELOAD = re.compile(r'<link rel="modulepreload"[^>]*>')
_PRIORITY = re.compile(r'\s+fetchpriority="[^"]*"')
# assets/head.js runs the scripts of this type as modules after the paint.
HELD_TYPE = "text/x-module-after-paint"
_ENTRY_SCRIPT = re.compile(r'<script type="module"(?: async="")?>(?=[^<]*import\("/assets/entry\.client-)')


def defer_preloads(html: str) -> str:
    """`html` with its modulepreload links in one template where the first was, and its entry
    module script held (idempotent)."""
    html = _ENTRY_SCRIPT.sub(f'<script type="{HELD_TYPE}">', html, count=1)
    if f'<template id="{TEMPLATE_ID}">' in html:
        return html
    links = _MODULEPRELOAD.findall(html)
    if not links:
        return html
    first = html.index(links[0])
    rest = _MODULEPRELOAD.sub("", html[first:])
    # Put in after the paint, nothing else competes with them: no lowered priority.
    template = f'<template id="{TEMPLATE_ID}">{"".join(_PRIORITY.sub("", link) for link in links)}</template>'
    return html[:first] + template + rest


def defer_built_pages(static_dir: Path) -> int:
    """Rewrite every built page; returns how many changed."""
    changed = 0
    for page in static_dir.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        if (deferred := defer_preloads(html)) != html:
            page.write_text(deferred, encoding="utf-8")
            changed += 1
    return changed


class ScriptPriorityPlugin(rx.plugins.Plugin):
    def post_build(self, **context: Any) -> None:
        defer_built_pages(Path(context["static_dir"]))
