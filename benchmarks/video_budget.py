"""Videos' budget, side by side: this checkout against another build of the site (say main's).

    python -m benchmarks.video_budget --base-dir /tmp/main-copy [--runs 3]

Both sites run at once on one demo PocketBase (ours on BENCH_SITE_PORT, the base on
BENCH_BASE_PORT), so a busy shared machine weighs on both alike. For `/` and `/youtube`, at
390 px in a fresh browser (empty cache): the JavaScript the page's HTML names (its first
download) and all the JavaScript downloaded before any tap (bytes on the wire: the built assets
are served pre-gzipped), requests to YouTube or noembed before a tap,
and what one tap then fetches; then Lighthouse performance, runs interleaved, each build first every other run.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from benchmarks import config, lighthouse, side_by_side
from benchmarks.stats import median
from student_portal import routes

PATHS = (routes.HOME, routes.YOUTUBE)
SITE_PORT = int(os.environ.get("BENCH_SITE_PORT", os.environ.get("SITE_TEST_PORT", "3161")))
BASE_PORT = int(os.environ.get("BENCH_BASE_PORT", str(SITE_PORT + 1000)))
PHONE = {"width": 390, "height": 844}
PLAYER_HOSTS = re.compile(r"^https?://([^/]+\.)?(youtube\.com|youtube-nocookie\.com|googlevideo\.com|noembed\.com)/")


def _body_bytes(response) -> int:
    """Bytes on the wire; for a chunk imported after a tap Chromium gives Playwright no body size
    (minus the headers' size), so its Content-Length (the pre-gzipped file) stands in."""
    size = response.request.sizes()["responseBodySize"]
    return size if size >= 0 else int(response.headers.get("content-length") or 0)


def _script_bytes(responses: list, paths: set[str] | None = None) -> int:
    return sum(
        _body_bytes(r)
        for r in responses
        if r.request.resource_type == "script" and (paths is None or urlsplit(r.url).path in paths)
    )


# Scripts a built page names in its HTML (module scripts and modulepreload links): its first
# download, before anything it imports later (react-player when a video nears the viewport).
HTML_SCRIPTS = re.compile(r'(?:src|href)="(/assets/[^"?#]+\.js)"')


def page_js(browser, url: str) -> dict[str, Any]:
    """JavaScript before any tap, player requests before it, and what the first tap loads."""
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        responses: list = []
        player_requests: list[str] = []
        page.on("response", lambda response: responses.append(response))
        page.on("request", lambda r: player_requests.append(r.url) if PLAYER_HOSTS.match(r.url) else None)
        html = page.goto(url).text()
        videos = page.locator("[data-video-id]")
        with contextlib.suppress(PlaywrightTimeoutError):  # a page without videos (--paths)
            videos.first.wait_for(state="attached", timeout=10_000)
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(1000)
        before = _script_bytes(responses)
        first_load = _script_bytes(responses, set(HTML_SCRIPTS.findall(html)))
        scripts = len([r for r in responses if r.request.resource_type == "script"])
        youtube_before = list(player_requests)
        responses.clear()
        if videos.count():
            # The play button inside the first video, whatever the page's language names it.
            videos.first.get_by_role("button").click()
            page.locator("iframe").first.wait_for(state="attached")
            page.wait_for_timeout(1500)
        return {
            "js_first_load": first_load,
            "js_before_tap": before,
            "scripts_before_tap": scripts,
            "youtube_requests_before_tap": youtube_before,
            "js_on_tap": _script_bytes(responses),
        }
    finally:
        context.close()


def measure(base_url: str, ours_url: str, runs: int, log, paths: tuple[str, ...] = PATHS) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    result: dict[str, Any] = {"js": {}, "lighthouse": {}}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=config.CHROMIUM, args=config.BROWSER_ARGS)
        try:
            for path in paths:
                for name, site in (("base", base_url), ("ours", ours_url)):
                    page_js(browser, site + path)  # warm the site's caches; measure the next one
                    result["js"][f"{name} {path}"] = page_js(browser, site + path)
                    log(f"js {name} {path}: {result['js'][f'{name} {path}']}")
        finally:
            browser.close()
    for path in paths:
        scores: dict[str, list] = {"base": [], "ours": []}
        pair = (("base", base_url), ("ours", ours_url))
        for run_index in range(runs):
            # Each build goes first every other run: on a busy machine the second of a pair read
            # about 10 % more main-thread time, whichever build it was.
            for name, site in pair if run_index % 2 == 0 else pair[::-1]:
                run = lighthouse.run_lighthouse(site + path)
                scores[name].append(run)
                log(f"lighthouse {name} {path}: {run.get('performance')} (LCP {run.get('lcp_ms')} ms)")
        result["lighthouse"][path] = {
            name: {
                "performance": [r.get("performance") for r in found],
                "median_performance": median([r["performance"] for r in found if r.get("performance") is not None]),
                "fcp_ms": [r.get("fcp_ms") for r in found],
                "lcp_ms": [r.get("lcp_ms") for r in found],
                "lcp_element": [r.get("lcp_element") for r in found],
                "tbt_ms": [r.get("tbt_ms") for r in found],
                "cls": [r.get("cls") for r in found],
            }
            for name, found in scores.items()
        }
    return result


def render(result: dict[str, Any]) -> str:
    lines = ["JavaScript at 390 px, fresh browser (bytes on the wire)", ""]
    lines.append(
        f"{'page':<10}{'base first load':>17}{'ours first load':>17}{'delta':>9}"
        f"{'base before tap':>17}{'ours before tap':>17}{'delta':>9}{'ours on tap':>13}{'YT before':>11}"
    )
    for path in result["lighthouse"]:
        base, ours = result["js"][f"base {path}"], result["js"][f"ours {path}"]
        lines.append(
            f"{path:<10}{base['js_first_load']:>17}{ours['js_first_load']:>17}"
            f"{ours['js_first_load'] - base['js_first_load']:>+9}"
            f"{base['js_before_tap']:>17}{ours['js_before_tap']:>17}"
            f"{ours['js_before_tap'] - base['js_before_tap']:>+9}{ours['js_on_tap']:>13}"
            f"{len(ours['youtube_requests_before_tap']):>11}"
        )
    lines += ["", "Lighthouse performance (mobile), runs interleaved (each build first every other run)", ""]
    for path, by_build in result["lighthouse"].items():
        for name, figures in by_build.items():
            lines.append(
                f"{path:<10}{name:<6} median {figures['median_performance']}  runs {figures['performance']}  "
                f"FCP {figures['fcp_ms']}  LCP {figures['lcp_ms']}  TBT {figures['tbt_ms']}"
                f"  LCP element {sorted(set(map(str, figures['lcp_element'])))}"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.video_budget", description=__doc__.splitlines()[0])
    parser.add_argument("--base-dir", required=True, type=Path, help="another checkout of the site (e.g. main's)")
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse runs per page and build")
    parser.add_argument(
        "--paths", nargs="+", default=list(PATHS), help="pages to compare (default: / /youtube; e.g. /si/ /ta/youtube)"
    )
    args = parser.parse_args(argv)

    def log(message: str) -> None:
        print(f"[video budget] {message}", file=sys.stderr, flush=True)

    with side_by_side.base_and_ours(
        args.base_dir, base_port=BASE_PORT, ours_port=SITE_PORT, log=log, prefix="video-budget-"
    ) as pair:
        result = measure(pair.base.url, pair.ours.url, args.runs, log, tuple(args.paths))
    print(render(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
