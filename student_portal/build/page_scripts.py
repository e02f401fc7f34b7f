"""The small plain scripts every page loads as files of assets/ (head.js: it must run before the
first paint, so it cannot wait for the bundle), minified after each production build.

Vite minifies what it bundles, not the public files a page names in its <head>: those went out
with their comments and long names, ~1.9 KB gzipped on every page for ~1.0 KB of code (issue
12's byte budget). Which files: the plain (not module) scripts of the built home page's <head>,
which every page shares. terser comes with the frontend's development dependencies; the build
compresses the static dir (.gz) after the plugins, so the compressed copies are of the minified
files. Should terser fail, the files stay as written (the site works, only heavier) and a
warning says so.
"""

from __future__ import annotations

import logging
import re
import subprocess
from pathlib import Path
from typing import Any

import reflex as rx

from student_portal.build.service_worker import node_binary

log = logging.getLogger(__name__)

TERSER = "terser@5.51.4"
# <script src="/head.js?v=..."> (not type="module": those are Vite's, already minified).
_PLAIN_SCRIPT = re.compile(r"<script(?![^>]*\btype=\"module\")[^>]*\bsrc=\"/([\w.-]+\.js)(?:\?[^\"]*)?\"")


def page_scripts(static_dir: Path) -> list[Path]:
    """The public scripts the built home page loads from its <head>."""
    home = static_dir / "index.html"
    if not home.is_file():
        return []
    names = dict.fromkeys(_PLAIN_SCRIPT.findall(home.read_text(encoding="utf-8")))
    return [static_dir / name for name in names if (static_dir / name).is_file()]


def minify(script: Path, terser: Path) -> bool:
    """Minify `script` in place (classic script: top-level names kept); False if terser failed."""
    result = subprocess.run(
        [node_binary(), str(terser), str(script), "--compress", "--mangle", "--output", str(script)],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        log.warning("page scripts: %s left as written: %s", script.name, result.stderr.strip())
    return result.returncode == 0


class PageScriptsPlugin(rx.plugins.Plugin):
    def get_frontend_development_dependencies(self, **context: Any) -> list[str]:
        return [TERSER]

    def post_build(self, **context: Any) -> None:
        static_dir = Path(context["static_dir"])
        terser = static_dir.parents[1] / "node_modules" / "terser" / "bin" / "terser"  # .web/build/client -> .web
        for script in page_scripts(static_dir):
            minify(script, terser)
