"""A capacity model: what each server layout serves per core and holds per GB, measured here.

    python -m benchmarks.capacity [--workers 1,2] [--visitors 500] [--rounds 3] [--tabs 1000]
                                  [--server-cores 0] [--client-cores 1] [--oplock]

The site is built once, then served as built (reflex_internals.serve_built) in each layout: one
worker with visitors' state in memory (`make run`), and Redis with each worker count of
`--workers` (`make run-redis`). The site, PocketBase and Redis run on `--server-cores`; the
simulated visitors (benchmarks/reflex_client.py) on `--client-cores`, so they do not take the
server's CPU. The layouts take turns, one burst each per round (the first alternating), each on a
freshly started site and an emptied Redis.

Per layout: CPU per visitor (the site's processes plus Redis, burst of `--visitors` at once on
`/`), hence visitors per core second; the burst's p95 and visitors a second on the server's
cores; what Redis keeps per visitor (keys and bytes, `MEMORY USAGE`); "held too long" and lock
expiry messages in the site's log; then `--tabs` tabs held open: memory per open tab (site plus
Redis), hence open tabs per GB. On a larger machine, give the server more cores and more workers
(`--server-cores 0-11 --client-cores 12-15 --workers 1,4,8,12`); docs/operations.md shows the
table this machine gave.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks import concurrency, config, reflex_client, tab_memory
from benchmarks.capacity_ab import Build
from benchmarks.config import CapacitySizes as Sizes
from benchmarks.config import Target
from benchmarks.servers import Servers
from benchmarks.stats import median
from student_portal.constants import Timing
from tests.support.redis_server import RedisServer
from tests.support.site import Site

MIB = 2**20
GIB = 2**30
PATH = "/"
WARM_UP_VISITS = 100
# What Redis still holds of a burst's closed tabs is read this long after their states should go.
LEFT_AFTER_S = 5.0
# With optimistic locks a worker keeps a tab's state until its lease ends: Reflex's default hold
# is half its 10 s lock expiry.
LEASE_END_S = 6.0
IDLE_S = 5.0  # the idle site's own CPU (timers, pings) is read this long before each burst
# Messages of Reflex's Redis state manager that mean a visitor's event waited on, or lost, its lock.
LOCK_MESSAGES = {"held too long": "was held too long", "lock expired": "LockExpiredError"}


@dataclass(frozen=True)
class Layout:
    """How the site is served: workers and where visitors' state lives."""

    workers: int
    redis: bool
    oplock: bool = False

    @property
    def name(self) -> str:
        if not self.redis:
            return "1 worker, state in memory"
        return f"{self.workers} worker{'s' if self.workers > 1 else ''}, Redis" + (" + oplock" if self.oplock else "")

    @property
    def slug(self) -> str:
        return f"{self.workers}-{'redis' if self.redis else 'memory'}{'-oplock' if self.oplock else ''}"

    def env(self, redis_url: str) -> dict[str, str]:
        if not self.redis:
            return {"GRANIAN_WORKERS": "1"}
        env = {"REFLEX_REDIS_URL": redis_url, "GRANIAN_WORKERS": str(self.workers)}
        if self.oplock:
            env["REFLEX_OPLOCK_ENABLED"] = "true"
        return env


def layouts(workers: list[int], oplock: bool) -> list[Layout]:
    out = [Layout(1, redis=False)] + [Layout(n, redis=True) for n in workers]
    if oplock:
        out += [Layout(n, redis=True, oplock=True) for n in workers]
    return out


def parse_cores(text: str) -> set[int]:
    """'0-3,6' -> {0, 1, 2, 3, 6} (pure)."""
    cores: set[int] = set()
    for part in text.split(","):
        first, _, last = part.partition("-")
        cores.update(range(int(first), int(last or first) + 1))
    return cores


def default_cores() -> tuple[str, str]:
    """The server on every core but the last, the visitors on the last one."""
    last = max(os.sched_getaffinity(0))
    return (f"0-{last - 1}" if last > 1 else "0"), str(last)


@dataclass
class Served(Build):
    """One layout while it runs: a capacity_ab.Build (what concurrency.burst measures, and its
    Redis) with its log."""

    log_file: Path = Path()
    log_offset: int = 0

    def redis_memory(self) -> int:
        return 0 if self.redis is None else int(self.redis.info("memory")["used_memory"])

    def lock_messages(self) -> dict[str, int]:
        """Lock messages in the site's log since the last call."""
        with open(self.log_file, "rb") as log:
            log.seek(self.log_offset)
            text = log.read().decode(errors="replace")
            self.log_offset = log.tell()
        return {name: text.count(needle) for name, needle in LOCK_MESSAGES.items()}


TOKEN = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def key_kind(key: str) -> str:
    """A Redis key with its visitor's token left out: the same for every visitor (pure)."""
    return TOKEN.sub("{token}", key)


def redis_keys(client: Any) -> dict[str, Any]:
    """What Redis holds: its keys by kind and their bytes (`MEMORY USAGE`)."""
    kinds: Counter[str] = Counter()
    total = 0
    for key in client.scan_iter(count=1000):
        kinds[key_kind(key.decode(errors="replace"))] += 1
        total += client.memory_usage(key, samples=0) or 0
    return {"keys": sum(kinds.values()), "bytes": total, "kinds": dict(kinds.most_common(40))}


@dataclass
class Result:
    layout: Layout
    bursts: list[dict[str, Any]] = field(default_factory=list)
    tabs: list[dict[str, Any]] = field(default_factory=list)


async def _burst(served: Served, visitors: int, frontend: reflex_client.CompiledFrontend) -> dict[str, Any]:
    """A burst of visitors at once. Its CPU counts what their closed tabs cost later too (a closed
    tab's state goes Timing.CLOSED_TAB_KEPT_S after it closed), less what the idle site spends."""
    served.lock_messages()
    stored_before = redis_keys(served.redis) if served.redis is not None else None
    idle_site, idle_redis = served.site_cpu_seconds(), served.redis_cpu_seconds()
    await asyncio.sleep(IDLE_S)
    idle_site = (served.site_cpu_seconds() - idle_site) / IDLE_S
    idle_redis = (served.redis_cpu_seconds() - idle_redis) / IDLE_S
    started, site_cpu, redis_cpu = time.perf_counter(), served.site_cpu_seconds(), served.redis_cpu_seconds()
    level = await concurrency.burst(served, visitors, PATH, frontend)
    stored: dict[str, Any] = {"keys": 0, "bytes": 0, "kinds": {}}
    counting = 0.0  # Redis's CPU for the counting itself (SCAN, MEMORY USAGE), not the site's

    def count() -> dict[str, Any]:
        nonlocal counting
        before = served.redis_cpu_seconds()
        keys = redis_keys(served.redis)
        counting += served.redis_cpu_seconds() - before
        return keys

    if stored_before is not None:  # what the burst's visitors left, read 1 s after they left
        stored = count()
        stored["keys"] -= stored_before["keys"]
        stored["bytes"] -= stored_before["bytes"]
    await asyncio.sleep(Timing.CLOSED_TAB_KEPT_S + LEFT_AFTER_S)
    left = None
    if stored_before is not None:  # and once their closed tabs' states should be gone
        later = count()
        left = {"keys": later["keys"] - stored_before["keys"], "bytes": later["bytes"] - stored_before["bytes"]}
    idle_s = time.perf_counter() - started - level["wall_seconds"]
    site_cpu = served.site_cpu_seconds() - site_cpu - idle_site * idle_s
    redis_cpu = served.redis_cpu_seconds() - redis_cpu - counting - idle_redis * idle_s
    return {
        "ok": level["ok"],
        "errors": level["errors"],
        "error_kinds": level["error_kinds"],
        "p95_s": level["seconds"].get("p95"),
        "wall_s": level["wall_seconds"],
        "site_cpu_ms_in_burst": round(1000 * level["cpu_seconds"]["site"] / visitors, 2),
        "site_cpu_ms": round(1000 * site_cpu / visitors, 2),
        "redis_cpu_ms": round(1000 * redis_cpu / visitors, 2),
        "cpu_ms": round(1000 * (site_cpu + redis_cpu) / visitors, 2),
        "idle_cpu_ms_per_s": round(1000 * (idle_site + idle_redis), 2),
        # The more of the two readings: with optimistic locks a worker writes its states later.
        "redis_keys_per_visitor": round(max(stored["keys"], (left or {}).get("keys", 0)) / visitors, 2),
        "redis_kb_per_visitor": round(max(stored["bytes"], (left or {}).get("bytes", 0)) / visitors / 1024, 2),
        "redis_kinds": stored["kinds"],
        "redis_keys_left": None if left is None else max(left["keys"], 0),
        "lock_messages": served.lock_messages(),
    }


async def _tabs(served: Served, count: int, frontend: reflex_client.CompiledFrontend) -> dict[str, Any]:
    """On a fresh site (memory a burst freed would be reused by the tabs and hide their cost),
    after warm-up visits whose tabs closed and are forgotten."""
    await tab_memory._visits(served.site_url, WARM_UP_VISITS, frontend)
    await asyncio.sleep(Timing.CLOSED_TAB_KEPT_S + 5)
    before, redis_before = served.site_rss()[0], served.redis_memory()
    stored_before = redis_keys(served.redis) if served.redis is not None else None
    redis_open = 0
    stored: dict[str, int] | None = None

    async def read_redis() -> None:
        nonlocal redis_open, stored
        redis_open = served.redis_memory()
        if stored_before is not None:  # what Redis keeps for the open tabs, once every lease has ended
            await asyncio.sleep(LEASE_END_S)
            now = redis_keys(served.redis)
            stored = {kind: now[kind] - stored_before[kind] for kind in ("keys", "bytes")}

    opened, rss_open, errors = await tab_memory._open_tabs(served, count, frontend, 5.0, read_redis)  # type: ignore[arg-type]
    per_tab = (rss_open - before + max(redis_open - redis_before, 0)) / max(opened, 1)
    return {
        "opened": opened,
        "errors": dict(errors),
        "rss_before_mib": round(before / MIB, 1),
        "rss_open_mib": round(rss_open / MIB, 1),
        "redis_mib": round((redis_open - redis_before) / MIB, 1),
        "kb_per_tab": round(per_tab / 1024, 1),
        "tabs_per_gib": int(GIB / per_tab) if per_tab > 0 else None,
        "redis_keys_per_tab": None if stored is None else round(stored["keys"] / max(opened, 1), 2),
        "redis_kb_per_tab": None if stored is None else round(stored["bytes"] / max(opened, 1) / 1024, 2),
    }


def median_of(values: Iterable[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return median(present) if present else None


def summarise(result: Result) -> dict[str, Any]:
    """Medians over a layout's bursts and tab counts (pure)."""
    bursts = result.bursts

    def mid(key: str) -> float | None:
        return median_of(b.get(key) for b in bursts)

    cpu_ms = mid("cpu_ms")
    wall = mid("wall_s")
    visitors = bursts[0]["ok"] + bursts[0]["errors"] if bursts else 0

    def most(key: str, tab_key: str) -> float | None:
        """The burst's median, or an open tab's if more: with optimistic locks a worker writes a
        state only when its lease ends, after the burst's reading, and the tab has closed by then."""
        values = [v for v in (mid(key), median_of(t.get(tab_key) for t in result.tabs)) if v is not None]
        return max(values) if values else None

    kb_tab = median_of(t["kb_per_tab"] for t in result.tabs)
    if kb_tab is not None and kb_tab <= 0:
        kb_tab = None  # a run of few tabs can read a negative or zero cost (the allocator gave pages back)
    return {
        "layout": result.layout.name,
        "workers": result.layout.workers,
        "cpu_ms_per_visitor": cpu_ms,
        "site_cpu_ms": mid("site_cpu_ms"),
        "redis_cpu_ms": mid("redis_cpu_ms"),
        "visitors_per_core_s": round(1000 / cpu_ms) if cpu_ms else None,
        "visitors_per_s": round(visitors / wall) if wall else None,
        "p95_s": mid("p95_s"),
        "errors": sum(b["errors"] for b in bursts),
        "redis_keys_per_visitor": most("redis_keys_per_visitor", "redis_keys_per_tab"),
        "redis_kb_per_visitor": most("redis_kb_per_visitor", "redis_kb_per_tab"),
        "redis_keys_left": mid("redis_keys_left"),
        "lock_messages": dict(sum((Counter(b["lock_messages"]) for b in bursts), Counter())),
        "kb_per_open_tab": kb_tab,
        "open_tabs_per_gib": int(GIB / (kb_tab * 1024)) if kb_tab else None,
    }


def render(result: dict[str, Any]) -> str:
    rows = result["layouts"]
    lines = [
        f"Capacity on {result['path']}: bursts of {result['visitors']} visitors at once, {result['rounds']} rounds,"
        f" medians; {result['tabs']} tabs held open; server on cores {result['server_cores']},"
        f" visitors on {result['client_cores']}",
        "",
        "| layout | CPU ms per visitor (site + Redis) | visitors/s per core | visitors/s here | p95 |"
        " Redis keys / KB per visitor | lock messages | KB per open tab | open tabs per GB |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        keys, kb = r["redis_keys_per_visitor"], r["redis_kb_per_visitor"]
        redis = "-" if not keys else f"{keys:g} / {kb:g}"
        locks = ", ".join(f"{n} {c}" for n, c in r["lock_messages"].items() if c) or "none"
        cpu = f"{r['cpu_ms_per_visitor']} ({r['site_cpu_ms']} + {r['redis_cpu_ms']})"
        lines.append(
            f"| {r['layout']} | {cpu} | {r['visitors_per_core_s']} | {r['visitors_per_s']} | {_seconds(r['p95_s'])}"
            f" | {redis} | {locks} | {_or_dash(r['kb_per_open_tab'])} | {_or_dash(r['open_tabs_per_gib'])} |"
        )
    errors = sum(r["errors"] for r in rows)
    lines.append(
        "\n(visitors/s per core: 1,000 / CPU ms per visitor, what one busy core serves; visitors/s here: a"
        " burst's visitors over its wall time on the server's cores)"
    )
    lines.append(f"\nErrors in all bursts: {errors}")
    return "\n".join(lines)


def _or_dash(value: float | None) -> str:
    return "-" if value is None else f"{value:g}"


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f} s"


def measure(
    servers: Servers,
    layouts: list[Layout],
    sizes: Sizes,
    server_cores: set[int],
    client_cores: set[int],
    log: Callable[[str], None] = print,
) -> dict[str, Any]:
    """Every layout, `sizes.rounds` times in turn (the first alternating), on `servers`'
    PocketBase; the site is built once (if it is not) and served as built in each layout."""
    import redis as redis_py

    results = {layout: Result(layout) for layout in layouts}
    workdir = servers.workdir
    calling_cores = os.sched_getaffinity(0)
    redis_server = None
    try:
        os.sched_setaffinity(0, server_cores)  # what starts now runs on the server's cores
        redis_server = RedisServer(workdir / "capacity-redis.log").start()
        servers.start_site()  # the one build
        servers.stop_site()
        frontend = reflex_client.CompiledFrontend.read()
        client = redis_py.Redis.from_url(redis_server.url)
        for round_ in range(sizes.rounds):
            for layout in layouts if round_ % 2 == 0 else layouts[::-1]:
                os.sched_setaffinity(0, server_cores)
                log_file = workdir / f"capacity-{layout.slug}.log"
                env = {**config.ONE_ADDRESS_ENV, **layout.env(redis_server.url)}
                site = Site(
                    servers.pocketbase.url, port=config.SITE_PORT, log_file=log_file, extra_env=env, prebuilt=True
                )
                site.start()
                if layout.redis:
                    client.flushall()  # nothing the last layout left; no lock is held yet
                os.sched_setaffinity(0, client_cores)
                redis = client if layout.redis else None
                served = Served(layout.name, site, frontend, servers.pocketbase, redis, log_file)
                served.log_offset = log_file.stat().st_size
                try:
                    with asyncio.Runner(loop_factory=concurrency.fast_loop_factory()) as runner:
                        if sizes.tabs:
                            log(f"round {round_ + 1}: {sizes.tabs} tabs held open on {layout.name}")
                            results[layout].tabs.append(runner.run(_tabs(served, sizes.tabs, frontend)))
                            log(f"  {results[layout].tabs[-1]}")
                            time.sleep(Timing.CLOSED_TAB_KEPT_S + LEFT_AFTER_S)  # their states gone first
                        log(f"round {round_ + 1}: {sizes.visitors} visitors on {layout.name}")
                        runner.run(reflex_client.visit(served.site_url, PATH, frontend))  # warm caches
                        results[layout].bursts.append(runner.run(_burst(served, sizes.visitors, frontend)))
                        log(f"  {results[layout].bursts[-1]}")
                finally:
                    site.stop()
    finally:
        os.sched_setaffinity(0, calling_cores)
        if redis_server is not None:
            redis_server.stop()
    return {
        "path": PATH,
        "visitors": sizes.visitors,
        "rounds": sizes.rounds,
        "tabs": sizes.tabs,
        "server_cores": sorted(server_cores),
        "client_cores": sorted(client_cores),
        "layouts": [summarise(results[layout]) for layout in layouts],
        "runs": {layout.name: {"bursts": results[layout].bursts, "tabs": results[layout].tabs} for layout in layouts},
    }


def target_rows(result: dict[str, Any]) -> list[tuple[str, str, bool | None]]:
    """Issue 38's targets in a capacity run (pure): Redis against the in-memory worker, what
    Redis keeps, lock messages."""
    rows: list[tuple[str, str, bool | None]] = []
    by_name = {row["layout"]: row for row in result["layouts"]}
    memory = by_name.get(Layout(1, redis=False).name)
    for row in result["layouts"]:
        if not row["workers"] or row["layout"] == (memory or {}).get("layout"):
            continue
        if memory and memory["cpu_ms_per_visitor"] and row["cpu_ms_per_visitor"]:
            ratio = row["cpu_ms_per_visitor"] / memory["cpu_ms_per_visitor"]
            rows.append(
                (
                    f"capacity: {row['layout']}, CPU per visitor"
                    f" <= {Target.REDIS_CPU_RATIO_MAX:g}x the in-memory worker's",
                    f"{row['cpu_ms_per_visitor']} vs {memory['cpu_ms_per_visitor']} ms ({ratio:.2f}x)",
                    ratio <= Target.REDIS_CPU_RATIO_MAX,
                )
            )
        keys, kb = row["redis_keys_per_visitor"], row["redis_kb_per_visitor"]
        if keys is not None and kb is not None:
            rows.append(
                (
                    f"capacity: {row['layout']}, Redis per visitor <= {Target.REDIS_KEYS_MAX} keys"
                    f" and {Target.REDIS_KB_MAX:g} KB",
                    f"{keys:g} keys, {kb:g} KB; {row['redis_keys_left']} keys left by closed tabs"
                    f" {int(Timing.CLOSED_TAB_KEPT_S + LEFT_AFTER_S)} s on",
                    keys <= Target.REDIS_KEYS_MAX and kb <= Target.REDIS_KB_MAX,
                )
            )
        locks = sum(row["lock_messages"].values())
        rows.append(
            (f"capacity: {row['layout']}, no lock messages in its bursts", str(row["lock_messages"]), locks == 0)
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    server_default, client_default = default_cores()
    parser = argparse.ArgumentParser(prog="python -m benchmarks.capacity", description=__doc__.splitlines()[0])
    parser.add_argument("--workers", default="1,2", help="worker counts to measure with Redis")
    parser.add_argument("--oplock", action="store_true", help="also each Redis layout with REFLEX_OPLOCK_ENABLED")
    parser.add_argument("--visitors", type=int, default=config.FULL.capacity.visitors)
    parser.add_argument("--rounds", type=int, default=config.FULL.capacity.rounds)
    parser.add_argument("--tabs", type=int, default=config.FULL.capacity.tabs, help="tabs held open (0: none)")
    parser.add_argument("--server-cores", default=server_default)
    parser.add_argument("--client-cores", default=client_default)
    args = parser.parse_args(argv)
    server_cores, client_cores = parse_cores(args.server_cores), parse_cores(args.client_cores)
    measured = layouts([int(n) for n in args.workers.split(",")], args.oplock)
    sizes = Sizes(args.visitors, args.rounds, args.tabs)

    def log(message: str) -> None:
        print(f"[capacity {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)

    servers = Servers(Path(tempfile.mkdtemp(prefix="student-portal-capacity-")), log=log)
    try:
        os.sched_setaffinity(0, server_cores)  # PocketBase too
        servers.start_pocketbase()
        result = measure(servers, measured, sizes, server_cores, client_cores, log)
    finally:
        servers.stop()
    print(render(result))
    for name, measured_text, ok in target_rows(result):
        print(f"{'PASS' if ok else 'MISS'}  {name}: {measured_text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
