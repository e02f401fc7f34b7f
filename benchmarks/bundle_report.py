"""Bundle report (issue 20): each large built JavaScript chunk, its gzipped size, what it holds
(npm packages and our own modules) and which pages load it at first view, before any tap.

    make bench BENCH_ARGS="--only bundle"

What a chunk holds comes from the build itself: a second client build of a copy of .web with one
more Vite plugin (benchmarks/bundle_report.vite.config.js) that records Rollup's module ids per
chunk. Chunk names are content hashes, so that build's chunks carry the served build's names and
the two join by file name. First view: each page opened at 390 px in a fresh browser, no tap,
until the network is idle; every script file it fetched counts.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import Any

from benchmarks import config
from benchmarks.browser import PHONE, chromium
from benchmarks.servers import Servers

CONFIG_FILE = config.BENCH_DIR / "bundle_report.vite.config.js"
WEB_DIR = config.PROJECT_ROOT / ".web"
PAGES = (*config.LIGHTHOUSE_PAGES, "/notes", "/saved", "/si")
# Chunks listed: fetched at first view, or at least this many gzipped bytes.
LISTED_MIN_GZ = 10 * 1024
# A chunk the code loads with import() (a player, the pdf.js engine) is meant for after a tap:
# one this large fetched at first view is a miss.
LAZY_FIRST_VIEW_MAX_GZ = 20 * 1024
BUILD_TIMEOUT_S = 600
_NODE_MODULES = "node_modules/"


def module_owner(module_id: str) -> str:
    """The npm package a Rollup module id belongs to ("@scope/name" or "name"), else our own
    module's path inside .web (utils/state.js, public/youtube_video.js, ...)."""
    module_id = module_id.lstrip("\0").split("?", 1)[0]
    if _NODE_MODULES in module_id:
        parts = module_id.rsplit(_NODE_MODULES, 1)[1].split("/")
        return "/".join(parts[:2]) if parts[0].startswith("@") else parts[0]
    match = re.search(r"/(app_components|app|utils|components|public|styles)/(.+)$", module_id)
    return f"{match.group(1)}/{match.group(2)}" if match else module_id.rsplit("/", 1)[-1]


def holds(modules: dict[str, int], top: int = 3) -> list[tuple[str, float]]:
    """The largest owners of a chunk's code, each with its share of the chunk (0-1)."""
    owners: dict[str, int] = {}
    for module_id, length in modules.items():
        owner = module_owner(module_id)
        owners[owner] = owners.get(owner, 0) + length
    total = sum(owners.values()) or 1
    ranked = sorted(owners.items(), key=lambda item: -item[1])[:top]
    return [(owner, round(length / total, 2)) for owner, length in ranked]


def lazy_roots(chunks: list[dict[str, Any]]) -> dict[str, list[str]]:
    """For each chunk the page can only get through an import() (itself, or a chunk that one
    imports statically), the import()ed chunks that bring it in. Chunks nothing imports are the
    router's own (entry, root, routes): they and their static imports are left out."""
    by_name = {Path(chunk["file"]).name: chunk for chunk in chunks}
    static = {name: [Path(t).name for t in chunk["imports"]] for name, chunk in by_name.items()}
    imported = {t for targets in static.values() for t in targets}
    imported |= {Path(t).name for chunk in chunks for t in chunk["dynamicImports"]}

    def closure(start: str) -> set[str]:
        seen, todo = set(), [start]
        while todo:
            name = todo.pop()
            if name not in seen:
                seen.add(name)
                todo.extend(static.get(name, []))
        return seen

    eager = set().union(*(closure(name) for name in by_name if name not in imported))
    roots: dict[str, list[str]] = {}
    for target in sorted({Path(t).name for chunk in chunks for t in chunk["dynamicImports"]}):
        for name in closure(target) - eager:
            roots.setdefault(name, []).append(target)
    return roots


def chunk_rows(
    chunks: list[dict[str, Any]], gz_sizes: dict[str, int], first_view: dict[str, list[str]]
) -> list[dict[str, Any]]:
    """One row per chunk of at least LISTED_MIN_GZ or fetched at first view, largest first: size,
    owners, the import()ed chunks that bring it in (empty: part of the pages' static graph) and the
    pages that fetched it."""
    roots = lazy_roots(chunks)
    fetched = {name for files in first_view.values() for name in files}
    rows = []
    for chunk in chunks:
        name = Path(chunk["file"]).name
        size = gz_sizes.get(name)
        if size is None or (size < LISTED_MIN_GZ and name not in fetched):
            continue
        rows.append(
            {
                "file": name,
                "gz": size,
                "holds": holds(chunk["modules"]),
                "lazy_from": roots.get(name, []),
                "first_view": [page for page, files in first_view.items() if name in files],
            }
        )
    return sorted(rows, key=lambda row: -row["gz"])


def page_totals(first_view: dict[str, list[str]], gz_sizes: dict[str, int]) -> dict[str, int]:
    """Gzipped bytes of the built scripts each page fetched at first view."""
    return {page: sum(gz_sizes.get(name, 0) for name in set(files)) for page, files in first_view.items()}


def lazy_at_first_view(rows: list[dict[str, Any]]) -> list[str]:
    """Large import()-only chunks that some page fetched before any tap: "file on /page, ..."."""
    return [
        f"{row['file']} on {', '.join(row['first_view'])}"
        for row in rows
        if row["lazy_from"] and row["first_view"] and row["gz"] >= LAZY_FIRST_VIEW_MAX_GZ
    ]


def target_row(result: dict[str, Any]) -> tuple[str, str, bool | None]:
    name = f"No import()-only chunk >= {LAZY_FIRST_VIEW_MAX_GZ // 1024} KB gzipped fetched at first view"
    if "chunks" not in result:
        return name, result.get("error") or "not measured", None
    offenders = lazy_at_first_view(result["chunks"])
    return name, "; ".join(offenders) or f"none on {len(result['pages'])} pages", not offenders


def gz_sizes(assets: Path) -> dict[str, int]:
    """Bytes on the wire of each built script: its precompressed .gz beside it, else gzip -9."""
    sizes = {}
    for script in assets.glob("*.js"):
        packed = script.with_name(script.name + ".gz")
        sizes[script.name] = packed.stat().st_size if packed.exists() else len(gzip.compress(script.read_bytes(), 9))
    return sizes


def analysis_build(web_dir: Path, workdir: Path, log=print) -> list[dict[str, Any]]:
    """Build a copy of `web_dir` (its node_modules linked, not copied) with the recording plugin;
    the client chunks with their module ids. The served build is left alone."""
    copy = workdir / "bundle-report-web"
    shutil.rmtree(copy, ignore_errors=True)
    copy.mkdir(parents=True)
    skipped = {"node_modules", "build", "backend"}
    with tarfile.open(workdir / "web.tar", "w") as archive:
        for item in web_dir.iterdir():
            if item.name not in skipped:
                archive.add(item, arcname=item.name)
    with tarfile.open(workdir / "web.tar") as archive:
        archive.extractall(copy, filter="tar")
    (workdir / "web.tar").unlink()
    (copy / "node_modules").symlink_to(web_dir / "node_modules")
    shutil.copy(CONFIG_FILE, copy / CONFIG_FILE.name)
    out = workdir / "bundle-chunks.json"
    bin_dir = Path(sys.executable).parent
    log("bundle report: building a copy of .web with module ids recorded")
    build = subprocess.run(
        [str(copy / "node_modules" / ".bin" / "react-router"), "build", "--config", CONFIG_FILE.name],
        cwd=copy,
        env={**os.environ, "PATH": f"{bin_dir}:{os.environ.get('PATH', '')}", "BUNDLE_REPORT_OUT": str(out)},
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT_S,
        stdin=subprocess.DEVNULL,
    )
    if build.returncode != 0 or not out.exists():
        raise RuntimeError(f"analysis build failed: {(build.stderr or build.stdout)[-1500:]}")
    chunks = json.loads(out.read_text())
    shutil.rmtree(copy, ignore_errors=True)
    return chunks


async def _first_view(site_url: str, pages: tuple[str, ...]) -> dict[str, list[str]]:
    seen: dict[str, list[str]] = {}
    async with chromium() as browser:
        for path in pages:
            context = await browser.new_context(viewport=PHONE, service_workers="block")
            try:
                page = await context.new_page()
                files: list[str] = []
                page.on(
                    "request",
                    lambda request, files=files: (
                        files.append(request.url.split("?", 1)[0].rsplit("/", 1)[-1])
                        if "/assets/" in request.url and request.url.split("?", 1)[0].endswith(".js")
                        else None
                    ),
                )
                await page.goto(site_url + path, wait_until="load", timeout=config.CONTENT_TIMEOUT_S * 1000)
                await page.wait_for_load_state("networkidle", timeout=config.CONTENT_TIMEOUT_S * 1000)
                await page.wait_for_timeout(1000)  # late lazy chunks (a component mounting after data)
                seen[path] = sorted(set(files))
            finally:
                await context.close()
    return seen


def measure(servers: Servers, workdir: Path, log=print) -> dict[str, Any]:
    servers.start_site()  # builds .web as in production
    sizes = gz_sizes(WEB_DIR / "build" / "client" / "assets")
    chunks = analysis_build(WEB_DIR, workdir, log)
    built = {Path(chunk["file"]).name for chunk in chunks}
    log(f"bundle report: first view of {len(PAGES)} pages")
    first_view = asyncio.run(_first_view(servers.site_url, PAGES))
    return {
        "chunks": chunk_rows(chunks, sizes, first_view),
        "pages": page_totals(first_view, sizes),
        # Served scripts the copy did not build under the same name: the join missed them.
        "unmatched": sorted({name for files in first_view.values() for name in files} - built),
        "total_gz": sum(sizes.values()),
    }


def _loaded_by(row: dict[str, Any]) -> str:
    if not row["lazy_from"]:
        return "page load"
    if row["lazy_from"] == [row["file"]]:
        return "import()"
    return "import() of " + ", ".join(row["lazy_from"])


def render(result: dict[str, Any]) -> str:
    from benchmarks.report import table

    kib = lambda n: f"{n / 1024:.1f}"  # noqa: E731
    rows = [
        [
            row["file"],
            kib(row["gz"]),
            ", ".join(f"{owner} {share:.0%}" for owner, share in row["holds"]),
            _loaded_by(row),
            ", ".join(row["first_view"]) or "none",
        ]
        for row in result["chunks"]
    ]
    out = [
        f"Bundle report: built chunks fetched at first view or >= {LISTED_MIN_GZ // 1024} KB gzipped (all scripts: "
        f"{kib(result['total_gz'])} KiB gzipped); first view = fetched by the page at 390 px before any tap",
        table(["chunk", "KiB gz", "holds (share of its code)", "loaded by", "first view on"], rows),
        "Scripts fetched at first view (KiB gzipped): "
        + ", ".join(f"{page} {kib(total)}" for page, total in result["pages"].items()),
    ]
    if result.get("unmatched"):
        out.append("Not joined with the analysis build (names differ): " + ", ".join(result["unmatched"]))
    return "\n".join([*out, ""])


def main() -> int:
    """Against a site already running this checkout's build: `python -m benchmarks.bundle_report URL`."""
    import tempfile

    class Running:
        site_url = sys.argv[1].rstrip("/")

        def start_site(self) -> None:
            pass

    with tempfile.TemporaryDirectory() as tmp:
        print(render(measure(Running(), Path(tmp))))  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    sys.exit(main())
