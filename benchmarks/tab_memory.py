"""Tabs and memory (issue 38): what a closed tab leaves behind in the one in-memory worker, and
what an open tab costs while it stays open.

    python -m benchmarks.run --only tabs [--quick]
    python -m benchmarks.tab_memory --visits 5000 --open 2000    # on its own (builds the site)

On a freshly started site: a warm-up of visits (the caches, the interpreter's pools), then the
resident memory of the site's processes once what the warm-up left has had `wait_s` to go (the
baseline). Closed: `visits` tabs, `CONCURRENCY` at a time, each loading a page's data
(reflex_client.visit) and closing; the memory `wait_s` after the last closed, less the baseline,
per visit. Open: `open_tabs` tabs loaded and left open; the memory while they are all open, less
the memory just before, per tab; then they close, and the memory `wait_s` later shows what they
left. A tab's state stays Timing.CLOSED_TAB_KEPT_S after its socket closed (event_guard.py), so
`wait_s` must be longer.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from benchmarks import config, reflex_client
from benchmarks.servers import Servers

PAGES = ("/", "/youtube", "/jobs", "/booking", "/shop", "/news", "/si/", "/ta/jobs")
CONCURRENCY = 25
OPENING_AT_ONCE = 50
WARM_UP_VISITS = 300
KIB = 1024


async def _visits(site_url: str, count: int, frontend: reflex_client.CompiledFrontend) -> Counter[str]:
    """`count` visits, CONCURRENCY at a time, over PAGES; the errors by kind."""
    pages = itertools.cycle(PAGES)
    errors: Counter[str] = Counter()
    gate = asyncio.Semaphore(CONCURRENCY)

    async def one(path: str) -> None:
        async with gate:
            visit = await reflex_client.visit(site_url, path, frontend)
            if not visit.ok:
                errors[visit.error or "unknown"] += 1

    await asyncio.gather(*(one(next(pages)) for _ in range(count)))
    return errors


async def _open_tabs(
    servers: Servers,
    count: int,
    frontend: reflex_client.CompiledFrontend,
    settle_s: float,
    while_open: Callable[[], Awaitable[None]] | None = None,
) -> tuple[int, int, Counter[str]]:
    """Open `count` tabs, OPENING_AT_ONCE at a time, and keep them all open; (tabs that opened,
    the memory while they were open, errors). `while_open` runs after the memory reading, the
    tabs still open. They close on return."""
    pages = itertools.cycle(PAGES)
    errors: Counter[str] = Counter()
    gate = asyncio.Semaphore(OPENING_AT_ONCE)
    async with contextlib.AsyncExitStack() as tabs:

        async def one(path: str) -> bool:
            async with gate:
                try:
                    await tabs.enter_async_context(reflex_client.open_tab(servers.site_url, path, frontend))
                except Exception as exc:  # never opened: counted, the others go on
                    errors[type(exc).__name__] += 1
                    return False
                return True

        opened = sum(await asyncio.gather(*(one(next(pages)) for _ in range(count))))
        await asyncio.sleep(settle_s)  # their first answers all sent
        rss_open, _ = servers.site_rss()
        if while_open is not None:
            await while_open()
    return opened, rss_open, errors


def measure(servers: Servers, visits: int, open_tabs: int, wait_s: float, log) -> dict[str, Any]:
    frontend = reflex_client.CompiledFrontend.read()
    servers.restart_site()  # a fresh worker: what it holds is this measurement's
    log(f"tabs: warm-up, {WARM_UP_VISITS} visits")
    asyncio.run(_visits(servers.site_url, WARM_UP_VISITS, frontend))
    time.sleep(wait_s)
    baseline, _ = servers.site_rss()

    log(f"tabs: {visits} visits, {CONCURRENCY} at a time, each tab closed after its page's data")
    started = time.monotonic()
    closed_errors = asyncio.run(_visits(servers.site_url, visits, frontend))
    took = time.monotonic() - started
    rss_closed_now, _ = servers.site_rss()
    log(f"tabs: {visits} visits in {took:.0f} s; waiting {wait_s:.0f} s")
    time.sleep(wait_s)
    rss_closed, _ = servers.site_rss()

    log(f"tabs: {open_tabs} tabs opened and left open")
    opened, rss_open, open_errors = asyncio.run(_open_tabs(servers, open_tabs, frontend, settle_s=5.0))
    time.sleep(wait_s)
    rss_after_open, _ = servers.site_rss()
    return {
        "visits": visits,
        "visits_s": round(took, 1),
        "closed_errors": dict(closed_errors),
        "wait_s": wait_s,
        "rss_baseline_mb": round(baseline / 2**20, 1),
        "rss_right_after_closed_mb": round(rss_closed_now / 2**20, 1),
        "rss_after_closed_mb": round(rss_closed / 2**20, 1),
        "closed_tab_kb": round((rss_closed - baseline) / visits / KIB, 1),
        "open_tabs": open_tabs,
        "opened": opened,
        "open_errors": dict(open_errors),
        "rss_open_mb": round(rss_open / 2**20, 1),
        "open_tab_kb": round((rss_open - rss_closed) / max(opened, 1) / KIB, 1),
        "rss_after_open_closed_mb": round(rss_after_open / 2**20, 1),
    }


def render(result: dict[str, Any]) -> str:
    return "\n".join(
        [
            f"Tabs and memory, one worker (state in memory); memory read {result['wait_s']:.0f} s after tabs closed:",
            f"  closed: {result['visits']} visits in {result['visits_s']} s, errors {result['closed_errors'] or 0}; "
            f"memory {result['rss_baseline_mb']} -> {result['rss_after_closed_mb']} MB "
            f"(right after: {result['rss_right_after_closed_mb']} MB): {result['closed_tab_kb']} KB a closed tab",
            f"  open:   {result['opened']} of {result['open_tabs']} tabs open, errors {result['open_errors'] or 0}; "
            f"memory {result['rss_after_closed_mb']} -> {result['rss_open_mb']} MB: "
            f"{result['open_tab_kb']} KB an open tab; "
            f"{result['rss_after_open_closed_mb']} MB once they had closed",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    import argparse

    from benchmarks.servers import run_alone

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--visits", type=int, default=config.FULL.tab_visits)
    parser.add_argument("--open", type=int, default=config.FULL.open_tabs)
    parser.add_argument("--wait", type=float, default=config.FULL.tabs_wait_s)
    args = parser.parse_args(argv)

    print(render(run_alone("tabs", lambda servers, log: measure(servers, args.visits, args.open, args.wait, log))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
