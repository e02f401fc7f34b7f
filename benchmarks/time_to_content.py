"""Time to content in headless Chromium (no throttling): navigation start until the first news
title / first recording card is visible. Median of N for a cold server (the first load after
the site started, restarted before every sample) and for a warm one (after a warm-up load).

Every sample is a new browser context, i.e. a first-time visitor with an empty browser cache, so
the only difference between the two columns is the server.
"""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from benchmarks import config
from benchmarks.browser import chromium, content_ms
from benchmarks.servers import Servers
from benchmarks.stats import median, summary


def _page_missing(url: str) -> str | None:
    status = httpx.get(url, timeout=10, follow_redirects=True).status_code
    return None if status == 200 else f"HTTP {status}"


async def _samples(browser, url: str, selector: str, count: int, before_each=None) -> tuple[list[float], str | None]:
    samples: list[float] = []
    for _ in range(count):
        if before_each is not None:
            await asyncio.to_thread(before_each)
        ms = await content_ms(browser, url, selector)
        if ms is None:
            # Not there once: the page does not show this element (yet); more tries only cost time.
            return samples, f"{selector} not visible within {config.CONTENT_TIMEOUT_S:.0f} s"
        samples.append(ms)
    return samples, None


async def _measure(servers: Servers, count: int, log) -> dict[str, Any]:
    results: dict[str, Any] = {}
    async with chromium() as browser:
        for probe in config.CONTENT_PROBES:
            servers.start_site()
            url = servers.site_url + probe.path
            entry: dict[str, Any] = {"path": probe.path, "selector": probe.selector}
            missing = _page_missing(url)
            if missing:
                entry["error"] = f"page {probe.path}: {missing}"
                results[probe.name] = entry
                log(f"time to content, {probe.name}: {entry['error']}")
                continue
            log(f"time to content, {probe.name}: warm")
            await content_ms(browser, url, probe.selector)  # warm-up, not counted
            warm, warm_error = await _samples(browser, url, probe.selector, count)
            cold, cold_error = [], warm_error
            if not warm_error:
                log(f"time to content, {probe.name}: cold (a site restart per sample)")
                cold, cold_error = await _samples(browser, url, probe.selector, count, servers.restart_site)
            entry.update(
                {
                    "warm_median_ms": median(warm),
                    "cold_median_ms": median(cold),
                    "warm": summary(warm),
                    "cold": summary(cold),
                    "warm_samples_ms": [round(ms, 1) for ms in warm],
                    "cold_samples_ms": [round(ms, 1) for ms in cold],
                    "error": warm_error or cold_error,
                }
            )
            results[probe.name] = entry
    return results


def measure(servers: Servers, count: int, log=print) -> dict[str, Any]:
    return asyncio.run(_measure(servers, count, log))
