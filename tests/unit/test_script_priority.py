"""Built pages preload the bundle's chunks at low priority (script_priority.py)."""

from __future__ import annotations

from pathlib import Path

from student_portal.build.script_priority import lower_built_pages, lower_preloads

HEAD = (
    '<head><link as="style" href="/assets/a.css" rel="preload"/>'
    '<link rel="modulepreload" href="/assets/entry.client-X.js"/>'
    '<link rel="modulepreload" href="/assets/root-Y.js"/>'
    '<link href="/assets/a.css" rel="stylesheet"/></head>'
)


def test_each_modulepreload_asks_for_low_priority():
    lowered = lower_preloads(HEAD)
    assert lowered.count('<link rel="modulepreload" fetchpriority="low" href="/assets/') == 2
    # The stylesheet and its preload keep their priority.
    assert '<link as="style" href="/assets/a.css" rel="preload"/>' in lowered
    assert '<link href="/assets/a.css" rel="stylesheet"/>' in lowered


def test_lowering_twice_changes_nothing_more():
    once = lower_preloads(HEAD)
    assert lower_preloads(once) == once
    # A link that already names a priority keeps it.
    high = '<link rel="modulepreload" fetchpriority="high" href="/assets/x.js"/>'
    assert lower_preloads(high) == high


def test_every_built_page_is_rewritten(tmp_path: Path):
    (tmp_path / "si").mkdir()
    (tmp_path / "index.html").write_text(HEAD)
    (tmp_path / "si" / "booking.html").write_text(HEAD)
    (tmp_path / "plain.html").write_text("<p>no scripts</p>")
    assert lower_built_pages(tmp_path) == 2
    assert 'fetchpriority="low"' in (tmp_path / "si" / "booking.html").read_text()
    assert (tmp_path / "plain.html").read_text() == "<p>no scripts</p>"
    assert lower_built_pages(tmp_path) == 0
