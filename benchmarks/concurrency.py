"""Concurrent visitors: N simulated visitors (Reflex websocket clients, see reflex_client) arrive
at once and each loads the home page's data. Per level: p50/p95/p99 time to all data, errors,
and the resident memory of the site's processes (before, peak during, after).

The clients run in this process on the same machine as the site and PocketBase, so at high
levels they compete with the server for the CPU: figures are an upper bound for the server. The
CPU seconds each side used during a level are reported so the two can be told apart, with the
time to the websocket handshake and to the first state delta beside the time to all data.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from typing import Any, Protocol

from benchmarks.reflex_client import CompiledFrontend, visit
from benchmarks.servers import Servers
from benchmarks.stats import summary

MIB = 1024 * 1024


async def _peak_rss(servers: SiteUnderLoad, stop: asyncio.Event) -> int:
    peak = 0
    while not stop.is_set():
        peak = max(peak, servers.site_rss()[0])
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.1)
    return peak


class SiteUnderLoad(Protocol):
    """What a burst measures: the Servers' site, or one build of a side-by-side run (capacity_ab)."""

    @property
    def site_url(self) -> str: ...
    def site_rss(self) -> tuple[int, int]: ...
    def site_cpu_seconds(self) -> float: ...
    def pocketbase_rss(self) -> int: ...


async def burst(servers: SiteUnderLoad, visitors: int, path: str, frontend: CompiledFrontend) -> dict[str, Any]:
    before, processes = servers.site_rss()
    stop = asyncio.Event()
    sampler = asyncio.create_task(_peak_rss(servers, stop))
    wall, client_cpu, server_cpu = time.perf_counter(), time.process_time(), servers.site_cpu_seconds()
    visits = await asyncio.gather(*(visit(servers.site_url, path, frontend) for _ in range(visitors)))
    wall, client_cpu = time.perf_counter() - wall, time.process_time() - client_cpu
    server_cpu = servers.site_cpu_seconds() - server_cpu
    stop.set()
    peak = await sampler
    await asyncio.sleep(1)  # let the server see the disconnects
    after = servers.site_rss()[0]
    times = [v.seconds for v in visits if v.ok and v.seconds is not None]
    errors = Counter(v.error or "unknown" for v in visits if not v.ok)
    return {
        "visitors": visitors,
        "ok": len(times),
        "errors": sum(errors.values()),
        "error_kinds": dict(errors.most_common(5)),
        "seconds": summary(times),
        "connected_seconds": summary([v.connected for v in visits if v.connected is not None]),
        "first_delta_seconds": summary([v.first_delta for v in visits if v.first_delta is not None]),
        "wall_seconds": round(wall, 3),
        "cpu_seconds": {"site": round(server_cpu, 2), "clients": round(client_cpu, 2)},
        "rss_mib": {
            "before": round(before / MIB, 1),
            "peak": round(max(peak, before) / MIB, 1),
            "after": round(after / MIB, 1),
        },
        "site_processes": processes,
        "pocketbase_rss_mib": round(servers.pocketbase_rss() / MIB, 1),
    }


async def _measure(servers: Servers, levels: tuple[int, ...], path: str, log) -> dict[str, Any]:
    servers.start_site()
    frontend = CompiledFrontend.read()
    # One visitor first: the server's caches are warm for every level.
    warmup = await visit(servers.site_url, path, frontend)
    results: dict[str, Any] = {
        "path": path,
        "protocol": {"hydrate_hashes": bool(frontend.hashes), "state_schema": frontend.state_schema},
        "warmup": {"ok": warmup.ok, "seconds": warmup.seconds, "error": warmup.error, "deltas": warmup.deltas},
        "levels": [],
    }
    for visitors in levels:
        log(f"concurrency: {visitors} visitors")
        results["levels"].append(await burst(servers, visitors, path, frontend))
        await asyncio.sleep(2)
    return results


def measure(servers: Servers, levels: tuple[int, ...], path: str = "/", log=print) -> dict[str, Any]:
    # The clients share the machine's CPU with the site: the faster loop leaves it more.
    with asyncio.Runner(loop_factory=fast_loop_factory()) as runner:
        return runner.run(_measure(servers, levels, path, log))


def fast_loop_factory():
    try:
        import uvloop
    except ImportError:  # not on every platform; asyncio's own loop then
        return None
    return uvloop.new_event_loop
