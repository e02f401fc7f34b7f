"""Built pages keep the bundle's modulepreload links in a template until the first paint
(script_priority.py; assets/head.js puts them in)."""

from __future__ import annotations

import re
from pathlib import Path

from student_portal.build.script_priority import HELD_TYPE, TEMPLATE_ID, defer_built_pages, defer_preloads

HEAD = (
    '<head><link as="style" href="/assets/a.css" rel="preload"/>'
    '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client-X.js"/>'
    '<link rel="modulepreload" href="/assets/root-Y.js"/>'
    '<script src="/head.js?v=1"></script>'
    '<link href="/assets/a.css" rel="stylesheet"/></head>'
)


def _outside_template(html: str) -> str:
    return re.sub(r"<template\b.*?</template>", "", html, flags=re.DOTALL)


def test_the_modulepreloads_wait_in_one_template_where_they_were():
    deferred = defer_preloads(HEAD)
    assert 'rel="modulepreload"' not in _outside_template(deferred)
    assert deferred.count(f'<template id="{TEMPLATE_ID}">') == 1
    template = re.search(r"<template\b.*?</template>", deferred, flags=re.DOTALL)
    assert template is not None
    # Both chunks, in their order, no longer asking for low priority (nothing competes then).
    assert re.findall(r'href="([^"]+)"', template.group(0)) == ["/assets/entry.client-X.js", "/assets/root-Y.js"]
    assert "fetchpriority" not in template.group(0)
    # Where the first link was: before head.js, which looks it up.
    assert deferred.index("<template") < deferred.index("head.js")
    # The stylesheet and its preload stay as they were.
    assert '<link as="style" href="/assets/a.css" rel="preload"/>' in deferred
    assert '<link href="/assets/a.css" rel="stylesheet"/>' in deferred


ENTRY = (
    'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-Y.js";\n'
    'window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-X.js");'
)
BODY = (
    '<body><div id="app"></div><script>window.__reactRouterContext = {};</script>'
    f'<script type="module" async="">{ENTRY}</script><script>$RC("B:0","S:0")</script></body>'
)


def test_the_module_script_that_starts_the_app_is_held_in_place_with_its_text_unchanged():
    deferred = defer_preloads(HEAD + BODY)
    # Same place and text (the hydration finds the same elements, the CSP hash holds), a type no
    # browser runs; the other inline scripts are left alone.
    assert f'<script type="{HELD_TYPE}">{ENTRY}</script>' in deferred
    assert 'type="module"' not in deferred
    assert "<script>window.__reactRouterContext = {};</script>" in deferred
    assert defer_preloads(deferred) == deferred
    other_module = '<script type="module">import "/assets/other.js";</script>'
    assert defer_preloads(other_module) == other_module


def test_deferring_twice_changes_nothing_more():
    once = defer_preloads(HEAD)
    assert defer_preloads(once) == once
    plain = "<head><title>x</title></head>"
    assert defer_preloads(plain) == plain


def test_every_built_page_is_rewritten(tmp_path: Path):
    (tmp_path / "si").mkdir()
    (tmp_path / "index.html").write_text(HEAD)
    (tmp_path / "si" / "booking.html").write_text(HEAD)
    (tmp_path / "plain.html").write_text("<p>no scripts</p>")
    assert defer_built_pages(tmp_path) == 2
    assert f'<template id="{TEMPLATE_ID}">' in (tmp_path / "si" / "booking.html").read_text()
    assert (tmp_path / "plain.html").read_text() == "<p>no scripts</p>"
    assert defer_built_pages(tmp_path) == 0


def test_head_js_looks_the_template_up_by_its_id():
    head_js = Path(__file__).resolve().parents[2] / "assets" / "head.js"
    assert f'getElementById("{TEMPLATE_ID}")' in head_js.read_text()
    assert f'script[type="{HELD_TYPE}"]' in head_js.read_text()
