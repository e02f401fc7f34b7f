"""Run the benchmarks: `python -m benchmarks.run [--only <measurements, comma-separated>] [--quick]`.

Starts a fresh PocketBase with the demo data and the site built as in production (plus the blank
Reflex template for Lighthouse), measures, prints tables with PASS/MISS next to the targets and
writes benchmarks/results/<timestamp>.json. Targets never fail the run; a broken measurement is
reported and the others still run.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from datetime import datetime
from pathlib import Path
from typing import Any

from benchmarks import config, report
from benchmarks.servers import BlankTemplate, Servers

MEASUREMENTS = (
    "lighthouse",
    "content",
    "slow4g",
    "firstpaint",
    "pocketbase",
    "concurrency",
    "live",
    "catalogs",
    "search",
    "papers",
    "practice",
    "notices",
    "study",
    "offline",
    "bundle",
    "tabs",
    "capacity",
    "soak",
)


def log(message: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def _git(*args: str) -> str:
    try:
        return subprocess.run(
            ["git", *args], cwd=config.PROJECT_ROOT, capture_output=True, text=True, timeout=10
        ).stdout.strip()
    except OSError:
        return ""


def _versions() -> dict[str, Any]:
    from importlib.metadata import version

    chromium = subprocess.run([config.CHROMIUM, "--version"], capture_output=True, text=True).stdout.strip()
    lighthouse_pkg = config.BENCH_DIR / "node_modules" / "lighthouse" / "package.json"
    lighthouse = json.loads(lighthouse_pkg.read_text())["version"] if lighthouse_pkg.exists() else None
    return {
        "reflex": version("reflex"),
        "lighthouse": lighthouse,
        "python": platform.python_version(),
        "chromium": chromium,
        "cpus": os.cpu_count(),
        "machine": platform.machine(),
    }


def preflight(selected: list[str]) -> list[str]:
    problems = []
    if not Path(config.CHROMIUM).exists():
        problems.append(f"Chromium missing at {config.CHROMIUM} (make bench installs it with apt)")
    if "lighthouse" in selected and not config.LIGHTHOUSE_BIN.exists():
        problems.append("Lighthouse missing: `make bench` runs npm install in benchmarks/")
    if "lighthouse" in selected and not (config.BENCH_DIR / "node_modules" / "http2-proxy").exists():
        problems.append("http2-proxy missing (the HTTPS front): `make bench` runs npm install in benchmarks/")
    if "concurrency" in selected:
        try:
            import aiohttp  # noqa: F401
            import socketio  # noqa: F401
        except ImportError:
            problems.append("python-socketio[asyncio_client] missing: pip install -e '.[bench]'")
    return problems


def _lighthouse(servers: Servers, workdir: Path, sizes: config.Sizes) -> dict[str, Any]:
    from benchmarks import lighthouse

    blank = BlankTemplate(workdir, log=log)
    try:
        blank.start()
        servers.start_site()
        pages = config.in_languages(sizes.lighthouse_pages, sizes.lighthouse_languages)
        result = lighthouse.measure(servers.site_url, blank.url, pages, sizes.lighthouse_runs, log)
        result["blank_template_origin"] = blank.origin
    finally:
        blank.stop()
    result["deployed"] = _lighthouse_deployed(servers, workdir, sizes)
    return result


def _lighthouse_deployed(servers: Servers, workdir: Path, sizes: config.Sizes) -> dict[str, Any]:
    """Issue 20's pages as a phone gets them from the deployed site: over HTTPS, HTTP/2."""
    from benchmarks import lighthouse
    from benchmarks.https_front import HttpsFront

    front = HttpsFront(workdir, config.SITE_PORT)
    try:
        servers.restart_site(front.site_env())  # its pages' websocket address is the front's
        front.start()
        languages = tuple(lang for lang in sizes.lighthouse_languages if lang in config.Target.SPEED_LANGUAGES)
        pages = config.in_languages(sizes.lighthouse_pages, languages)
        return lighthouse.measure_deployed(front.url, pages, sizes.speed_lighthouse_runs, log)
    finally:
        front.stop()
        servers.restart_site()  # the next measurements load the site directly


def _content(servers: Servers, _workdir: Path, sizes: config.Sizes) -> dict[str, Any]:
    from benchmarks import time_to_content

    return time_to_content.measure(servers, sizes.content_samples, log)


def _slow4g(servers: Servers, _workdir: Path, sizes: config.Sizes) -> dict[str, Any]:
    from benchmarks import time_to_content

    return time_to_content.measure_slow_4g(servers, sizes.content_samples, log)


def _firstpaint(servers: Servers, workdir: Path, sizes: config.Sizes) -> dict[str, Any]:
    """Issue 55: the first news title against a static snapshot in every language, checked against
    the committed baseline; then the open pages' CPU per carousel tick against the blank template's."""
    import asyncio

    from benchmarks import capacity_ab, carousel_ticks, first_paint

    servers.start_site()
    assert servers.site is not None and servers.pocketbase is not None
    result = first_paint.compare(servers.site_url, first_paint.PATHS, sizes.first_paint_rounds, log)
    result["baseline_checks"] = first_paint.compare_with_baseline(result, first_paint.load_baseline())
    blank = BlankTemplate(workdir, log=log)
    try:
        blank.start()
        assert blank.site is not None
        ours = capacity_ab.Build.of(carousel_ticks.OURS, servers.site, servers.pocketbase)
        template = capacity_ab.Build.of(carousel_ticks.BLANK, blank.site, servers.pocketbase)
        result["carousel_ticks"] = asyncio.run(
            carousel_ticks.compare(ours, template, sizes.tick_tabs, sizes.ticks_per_tab, sizes.tick_rounds, log)
        )
    except Exception as exc:  # the first-paint figures stand without it
        log(f"carousel ticks failed: {exc!r}")
        result["carousel_ticks"] = {"error": f"{type(exc).__name__}: {exc}"[:300]}
    finally:
        blank.stop()
    return result


def _pocketbase(servers: Servers, _workdir: Path, sizes: config.Sizes) -> dict[str, Any]:
    from benchmarks import pocketbase_requests

    return pocketbase_requests.measure(servers, sizes.anonymous_loads, sizes.signed_in_loads, log)


def _concurrency(servers: Servers, workdir: Path, sizes: config.Sizes) -> dict[str, Any]:
    from benchmarks import concurrency, reflex_floor

    result = concurrency.measure(servers, sizes.visitor_levels, config.CONTENT_PROBES[0].path, log)
    # Beside our levels, what Reflex itself does at the largest: its blank template, bursts alternating.
    try:
        result["reflex_floor"] = reflex_floor.measure(servers, workdir, sizes.floor_visitors, sizes.floor_rounds, log)
    except Exception as exc:  # our levels stand without it
        log(f"reflex floor failed: {exc!r}")
        result["reflex_floor"] = {"error": f"{type(exc).__name__}: {exc}"[:300]}
    return result


def _live(servers: Servers, _workdir: Path, sizes: config.Sizes) -> dict[str, Any]:
    from benchmarks import live_updates

    return live_updates.measure(servers, sizes.live_samples, log)


def _catalogs(servers: Servers, workdir: Path, sizes: config.Sizes) -> dict[str, Any]:
    from benchmarks import catalogs

    return catalogs.measure(servers, workdir, sizes.catalog_scale, log, sizes.lighthouse_pages)


def _search(servers: Servers, _workdir: Path, sizes: config.Sizes) -> dict[str, Any]:
    from benchmarks import search

    return search.measure(servers, sizes.search_records, sizes.search_visitors, sizes.search_rebuilds, log)


def _papers(_servers: Servers, workdir: Path, sizes: config.Sizes) -> dict[str, Any]:
    from benchmarks import paper_search

    return paper_search.measure(workdir, sizes, log)


def _practice(servers: Servers, workdir: Path, sizes: config.Sizes) -> dict[str, Any]:
    from benchmarks import practice

    return practice.measure(servers, workdir, sizes.catalog_scale, log)


def _notices(_servers: Servers, _workdir: Path, sizes: config.Sizes) -> dict[str, Any]:
    from benchmarks import notices

    return notices.measure(notices.FOLLOWERS if sizes.catalog_scale >= 1 else 500, log)


def _study(servers: Servers, _workdir: Path, sizes: config.Sizes) -> dict[str, Any]:
    from benchmarks import my_study

    return my_study.measure(servers, sizes is config.QUICK, log)


def _offline(servers: Servers, _workdir: Path, _sizes: config.Sizes) -> dict[str, Any]:
    from benchmarks import offline_bytes

    return offline_bytes.measure(servers, log)


def _bundle(servers: Servers, workdir: Path, _sizes: config.Sizes) -> dict[str, Any]:
    from benchmarks import bundle_report

    return bundle_report.measure(servers, workdir, log)


def _tabs(servers: Servers, _workdir: Path, sizes: config.Sizes) -> dict[str, Any]:
    from benchmarks import tab_memory

    return tab_memory.measure(servers, sizes.tab_visits, sizes.open_tabs, sizes.tabs_wait_s, log)


def _capacity(servers: Servers, _workdir: Path, sizes: config.Sizes) -> dict[str, Any]:
    from benchmarks import capacity

    servers.stop_site()  # each layout starts its own
    server_cores, client_cores = (capacity.parse_cores(cores) for cores in capacity.default_cores())
    layouts = capacity.layouts([1, 2], oplock=False)
    return capacity.measure(servers, layouts, sizes.capacity, server_cores, client_cores, log)


def _soak(servers: Servers, _workdir: Path, sizes: config.Sizes) -> dict[str, Any]:
    from benchmarks import soak

    servers.restart_site()  # a fresh worker: its memory at the start is the soak's own
    return soak.measure(servers, sizes.soak_minutes, config.SOAK_RATE_PER_S, log)


# Run order: Lighthouse first on a quiet machine; the site restarts for cold loads and for each
# PocketBase phase, so those come after the concurrency levels (which use the warm site).
RUNNERS = {
    "lighthouse": _lighthouse,
    "content": _content,
    "slow4g": _slow4g,
    "firstpaint": _firstpaint,
    "concurrency": _concurrency,
    "live": _live,
    "pocketbase": _pocketbase,
    "catalogs": _catalogs,  # last: it builds a large catalog and restarts the site on it
    "search": _search,  # after catalogs: it adds its generated records to the benchmark's PocketBase
    "papers": _papers,  # search inside papers: its own index and generated PDFs, no site needed
    "practice": _practice,  # /practice beside /read, demo data and a large catalog of its own
    "notices": _notices,  # one class change to 10,000 followers: its own PocketBase, no site
    "study": _study,  # a student's history: saves per hour of watching, /my-study with 1,000 entries
    "offline": _offline,
    "bundle": _bundle,
    "tabs": _tabs,  # a fresh worker: what closed and open tabs cost it
    "capacity": _capacity,  # each server layout in turn, the site pinned to its own cores
    "soak": _soak,  # last: an hour of steady visitors
}
RESULT_KEYS = {
    "lighthouse": "lighthouse",
    "content": "time_to_content",
    "slow4g": "time_to_content_slow_4g",
    "firstpaint": "first_paint",
    "pocketbase": "pocketbase_requests",
    "concurrency": "concurrency",
    "live": "live_updates",
    "catalogs": "catalogs",
    "search": "search",
    "papers": "paper_search",
    "practice": "practice",
    "notices": "notices",
    "study": "my_study",
    "offline": "offline_bytes",
    "bundle": "bundle_report",
    "tabs": "tab_memory",
    "capacity": "capacity",
    "soak": "soak",
}


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.run", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--only", default=",".join(MEASUREMENTS), help=f"comma-separated subset of: {', '.join(MEASUREMENTS)}"
    )
    parser.add_argument("--quick", action="store_true", help="a smoke run: one page, few samples, small levels")
    parser.add_argument("--keep", action="store_true", help="keep the work dir (logs, PocketBase data)")
    args = parser.parse_args(argv)
    args.selected = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = sorted(set(args.selected) - set(MEASUREMENTS))
    if unknown:
        parser.error(f"unknown measurement(s): {', '.join(unknown)}; choose from {', '.join(MEASUREMENTS)}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    problems = preflight(args.selected)
    if problems:
        for problem in problems:
            log(problem)
        return 2
    sizes = config.QUICK if args.quick else config.FULL
    started = datetime.now().astimezone()
    results: dict[str, Any] = {
        "started": started.isoformat(timespec="seconds"),
        "quick": args.quick,
        "measurements": args.selected,
        "git": {
            "commit": _git("rev-parse", "HEAD"),
            "branch": _git("rev-parse", "--abbrev-ref", "HEAD"),
            "dirty": bool(_git("status", "--porcelain", "--untracked-files=no")),
        },
        "versions": _versions(),
        "sizes": sizes.__dict__,
        "errors": {},
    }
    workdir = Path(tempfile.mkdtemp(prefix="student-portal-bench-"))
    servers = Servers(workdir, log=log)
    try:
        servers.start_pocketbase()
        for name, runner in RUNNERS.items():
            if name not in args.selected:
                continue
            begun = time.monotonic()
            # Other work on the machine skews every figure: keep the load beside them.
            results.setdefault("load_average", {})[name] = {"before": os.getloadavg()}
            try:
                results[RESULT_KEYS[name]] = runner(servers, workdir, sizes)
            except Exception as exc:
                log(f"{name} failed: {exc!r}")
                results["errors"][name] = "".join(traceback.format_exception(exc))[-2000:]
            results["load_average"][name]["after"] = os.getloadavg()
            log(f"{name} took {time.monotonic() - begun:.0f} s")
    finally:
        servers.stop()
        if args.keep:
            log(f"work dir kept: {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    results["finished"] = datetime.now().astimezone().isoformat(timespec="seconds")
    results["targets"] = report.evaluate(results)
    print(report.render(results))
    if "catalogs" in results:
        from benchmarks import catalogs

        print(catalogs.render(results["catalogs"]))
    if "bundle_report" in results:
        from benchmarks import bundle_report

        print(bundle_report.render(results["bundle_report"]))
    for name, error in results["errors"].items():
        print(f"{name}: FAILED, last line: {error.strip().splitlines()[-1]}")
    print(f"JSON: {report.write_json(results, started).relative_to(config.PROJECT_ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
