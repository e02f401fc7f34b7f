"""Demo data vs a large catalog (issue 17), side by side in one run.

For each catalog (the demo data, then benchmarks/large_catalog.py at full size), with the site
restarted on it:
- every list page and home at first view on a 390 px phone in Chromium: websocket bytes the page
  received (frames from the server until its data settled), DOM nodes;
- "Show more" on each list: milliseconds from the click until the server's answer arrives (its
  time plus a loopback round trip) and until the next page's cards are drawn, and its bytes;
- a search on /youtube: the bytes it brought;
- 200 simulated visitors bursting onto / and 100 onto /youtube (benchmarks/concurrency.py), each
  burst BURST_REPEATS times: one burst is one sample of a shared machine (a single one read 1.77x
  on a quiet machine where repeats read 0.9-1.1x), so the median of the repeats' p95 is compared;
- Lighthouse (mobile) on the benchmark's Lighthouse pages, when Lighthouse is installed;
- the site's resident memory after all that (one worker: the memory per worker).
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from benchmarks import concurrency, config
from benchmarks.browser import PHONE, chromium
from benchmarks.large_catalog import FULL_COUNTS, start_catalog
from benchmarks.servers import Servers
from benchmarks.stats import median

MIB = 1024 * 1024
# (path, the id of the list's cards' parent or "" for a page without paging)
PAGES = (
    ("/", ""),
    ("/youtube", "recordings-grid"),
    ("/jobs", "jobs-list"),
    ("/booking", "rooms-list"),
    ("/shop", "shop-grid"),
    ("/article", "article-cards"),
    ("/ol-folder", ""),
)
SETTLE_S = 1.5  # no websocket frame for this long after load: the page's data is in
BURSTS = (("/", 200), ("/youtube", 100))
BURST_REPEATS = 5
SEARCH = "Part 2"


async def _settled(counter: dict[str, float], frames_before: float = 0, timeout_s: float = 30.0) -> None:
    """Until a frame arrived after `frames_before` frames and then none for SETTLE_S."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline and (
        counter["frames"] <= frames_before or time.monotonic() - counter["last"] < SETTLE_S
    ):
        await asyncio.sleep(0.05)


async def _page(browser, url: str, list_id: str) -> dict[str, Any]:
    context = await browser.new_context(viewport=PHONE)
    counter: dict[str, float] = {"bytes": 0.0, "frames": 0, "last": time.monotonic(), "answer_at": 0.0}

    def on_websocket(ws) -> None:
        def received(payload) -> None:
            counter["bytes"] += len(payload.encode() if isinstance(payload, str) else payload)
            counter["frames"] += 1
            counter["last"] = time.monotonic()
            if counter["frames"] == counter.get("answer_frame"):
                counter["answer_at"] = counter["last"]

        ws.on("framereceived", received)

    try:
        page = await context.new_page()
        page.on("websocket", on_websocket)
        await page.goto(url, wait_until="load")
        if list_id:  # the first page of cards is drawn
            await page.locator(f"#{list_id} > *").first.wait_for(timeout=30_000)
        await _settled(counter)
        result: dict[str, Any] = {
            "ws_kb": round(counter["bytes"] / 1024, 1),
            "dom_nodes": await page.evaluate("document.getElementsByTagName('*').length"),
        }
        more = page.get_by_test_id("show-more")
        if list_id and await more.count():
            cards = page.locator(f"#{list_id} > *")
            before, sent, frames = await cards.count(), counter["bytes"], counter["frames"]
            counter["answer_frame"] = frames + 1
            started = time.monotonic()
            await more.click()
            await page.wait_for_function(
                "([id, n]) => document.getElementById(id).children.length > n", arg=[list_id, before], timeout=30_000
            )
            drawn = time.monotonic()
            await _settled(counter, frames)
            # Click to the answer's frame: the server's time plus a loopback round trip.
            result["show_more_ms"] = round((counter["answer_at"] - started) * 1000)
            result["show_more_drawn_ms"] = round((drawn - started) * 1000)
            result["show_more_kb"] = round((counter["bytes"] - sent) / 1024, 1)
        if url.endswith("/youtube"):
            sent, frames = counter["bytes"], counter["frames"]
            await page.get_by_label("Search recordings").fill(SEARCH)
            await _settled(counter, frames)
            result["search_kb"] = round((counter["bytes"] - sent) / 1024, 1)
        return result
    finally:
        await context.close()


async def _pages(site_url: str) -> dict[str, Any]:
    async with chromium() as browser:
        await _page(browser, site_url + "/youtube", "recordings-grid")  # warm the server's cache
        return {path: await _page(browser, site_url + path, list_id) for path, list_id in PAGES}


def _lighthouse(site_url: str, pages: tuple[str, ...], log) -> dict[str, Any]:
    if not config.LIGHTHOUSE_BIN.exists():
        return {}
    from benchmarks import lighthouse

    measured = lighthouse.measure(site_url, None, pages, 1, log)["pages"]
    return {
        path: {"performance": page.get("performance"), "lcp_ms": page.get("lcp_ms"), "kib": _kib(page.get("bytes"))}
        for path, page in measured.items()
    }


def _kib(value: int | None) -> float | None:
    return None if value is None else round(value / 1024)


def _one_catalog(servers: Servers, log, lighthouse_pages: tuple[str, ...]) -> dict[str, Any]:
    servers.restart_site()
    result: dict[str, Any] = {"pages": asyncio.run(_pages(servers.site_url))}
    result["lighthouse"] = _lighthouse(servers.site_url, lighthouse_pages, log)
    for path, visitors in BURSTS:
        log(f"catalogs: {visitors} visitors on {path}, {BURST_REPEATS} bursts")
        levels = [concurrency.measure(servers, (visitors,), path, log)["levels"][0] for _ in range(BURST_REPEATS)]
        p95s = [level["seconds"]["p95"] for level in levels if level["seconds"]]
        result[f"burst {path}"] = {
            "visitors": visitors,
            "p95_s": round(median(p95s), 3) if p95s else None,
            "p95_runs_s": [round(p, 3) for p in p95s],
            "errors": sum(level["errors"] for level in levels),
            "rss_peak_mib": max(level["rss_mib"]["peak"] for level in levels),
        }
    rss, processes = servers.site_rss()
    result["site_rss_mib"] = round(rss / MIB, 1)
    result["site_processes"] = processes
    return result


def measure(
    servers: Servers, workdir: Path, scale: float = 1.0, log=print, lighthouse_pages: tuple[str, ...] = ()
) -> dict[str, Any]:
    """Both catalogs, the demo data first; the site is left on the demo data."""
    results: dict[str, Any] = {"scale": scale, "large_counts": {k: round(v * scale) for k, v in FULL_COUNTS.items()}}
    log("catalogs: demo data")
    results["demo"] = _one_catalog(servers, log, lighthouse_pages)
    demo = servers.pocketbase
    started = time.monotonic()
    large = start_catalog(workdir / "large_catalog", scale=scale, port=config.POCKETBASE_PORT + 10)
    results["large_build_s"] = round(time.monotonic() - started, 1)
    try:
        log(f"catalogs: large catalog (built in {results['large_build_s']} s)")
        servers.pocketbase = large
        results["large"] = _one_catalog(servers, log, lighthouse_pages)
    finally:
        servers.pocketbase = demo
        servers.stop_site()
        large.stop()
    return results


def render(results: dict[str, Any]) -> str:
    """The side-by-side table, with the issue's targets."""
    demo, large = results.get("demo", {}), results.get("large", {})
    lines = [
        f"Catalogs (large = scale {results.get('scale')}: {results.get('large_counts')})",
        f"{'page':<12}{'ws KB demo':>11}{'large':>8}{'DOM demo':>10}{'large':>8}"
        f"{'more ms':>9}{'drawn':>7}{'more KB':>9}   target: <=40 KB, <=2500 nodes, more <=300 ms",
    ]
    for path, _ in PAGES:
        d, g = demo.get("pages", {}).get(path, {}), large.get("pages", {}).get(path, {})
        lines.append(
            f"{path:<12}{d.get('ws_kb', '-'):>11}{g.get('ws_kb', '-'):>8}{d.get('dom_nodes', '-'):>10}"
            f"{g.get('dom_nodes', '-'):>8}{g.get('show_more_ms', '-'):>9}{g.get('show_more_drawn_ms', '-'):>7}"
            f"{g.get('show_more_kb', '-'):>9}"
        )
    search = large.get("pages", {}).get("/youtube", {}).get("search_kb", "-")
    lines.append(f"/youtube search on the large catalog: {search} KB (target <= 40 KB)")
    for path, visitors in BURSTS:
        d, g = demo.get(f"burst {path}", {}), large.get(f"burst {path}", {})
        ratio = round(g["p95_s"] / d["p95_s"], 2) if d.get("p95_s") and g.get("p95_s") else "-"
        lines.append(
            f"{visitors} visitors on {path}: p95 demo {d.get('p95_s')} s, large {g.get('p95_s')} s "
            f"(x{ratio}, target <= 1.2; median of bursts {d.get('p95_runs_s')} / {g.get('p95_runs_s')}), "
            f"errors {d.get('errors')}/{g.get('errors')}"
        )
    for path, d in demo.get("lighthouse", {}).items():
        g = large.get("lighthouse", {}).get(path, {})
        lines.append(
            f"Lighthouse {path}: performance {d.get('performance')} / {g.get('performance')}, "
            f"LCP {d.get('lcp_ms')} / {g.get('lcp_ms')} ms, {d.get('kib')} / {g.get('kib')} KiB (demo / large)"
        )
    lines.append(
        f"site memory (one worker): demo {demo.get('site_rss_mib')} MiB, large {large.get('site_rss_mib')} MiB"
    )
    return "\n".join(lines)
