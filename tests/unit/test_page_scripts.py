"""The public scripts every page loads from its <head> are minified after the build (page_scripts.py)."""

from __future__ import annotations

from pathlib import Path

from student_portal.build.page_scripts import minify, page_scripts

HOME = """<html><head>
<script src="/head.js?v=3b6b05e9"></script>
<script defer="" src="/share.js?v=03573120"></script>
<script src="/missing.js?v=1"></script>
<script type="module" src="/assets/entry.client-BIZoJNQ2.js"></script>
<script>window.inline = 1</script>
</head><body><script defer src="/share.js?v=03573120"></script></body></html>"""


def test_the_scripts_are_the_home_pages_plain_public_ones(tmp_path: Path):
    (tmp_path / "index.html").write_text(HOME)
    for name in ("head.js", "share.js", "sw.js"):
        (tmp_path / name).write_text("// a comment\nconst x = 1;\n")
    # Vite's modules and inline scripts are not public files; a file the build lacks is skipped.
    assert page_scripts(tmp_path) == [tmp_path / "head.js", tmp_path / "share.js"]


def test_a_build_without_a_home_page_has_none(tmp_path: Path):
    assert page_scripts(tmp_path) == []


def test_a_script_terser_could_not_minify_stays_as_written(tmp_path: Path):
    script = tmp_path / "head.js"
    script.write_text("// a comment\nconst x = 1;\n")
    assert minify(script, tmp_path / "no-terser") is False
    assert script.read_text() == "// a comment\nconst x = 1;\n"
