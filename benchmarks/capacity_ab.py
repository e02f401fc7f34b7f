"""Visitors arriving at once, side by side: this checkout against another build of the site.

    python -m benchmarks.capacity_ab --base-dir /tmp/main-copy [--visitors 1000] [--rounds 3] [--path /] [--redis]

Both sites run on one demo PocketBase (ours on BENCH_SITE_PORT, the base on BENCH_BASE_PORT,
each one in-memory worker, or with --redis one worker each keeping state in one shared Redis) and
take turns: a burst of simulated visitors (benchmarks/concurrency.py) on one, then on the other,
which goes first alternating each round. Only one site is busy at a time, and a busy shared
machine weighs on both alike. Per build: each burst's p95 to all data, the site's CPU per visitor
(and Redis's, with --redis) and the errors, then their medians.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks import concurrency, config, side_by_side
from benchmarks.reflex_client import CompiledFrontend, visit
from benchmarks.servers import process_group_cpu_seconds, process_group_rss
from benchmarks.stats import median
from tests.support.redis_server import RedisServer
from tests.support.site import Site

BASE_PORT = int(os.environ.get("BENCH_BASE_PORT", str(config.SITE_PORT + 1000)))
PAUSE_S = 2.0  # between bursts: the last one's disconnects are done


@dataclass
class Build:
    """One running site, as concurrency.burst measures it."""

    name: str
    site: Site
    frontend: CompiledFrontend
    pocketbase: Any
    redis: Any = None  # a redis.Redis client, or None in memory

    @property
    def site_url(self) -> str:
        return self.site.url

    def site_rss(self) -> tuple[int, int]:
        return process_group_rss(self._pid(self.site))

    def site_cpu_seconds(self) -> float:
        return process_group_cpu_seconds(self._pid(self.site))

    def pocketbase_rss(self) -> int:
        return process_group_rss(self._pid(self.pocketbase))[0]

    def redis_cpu_seconds(self) -> float:
        if self.redis is None:
            return 0.0
        info = self.redis.info("cpu")
        return float(info["used_cpu_user"]) + float(info["used_cpu_sys"])

    @classmethod
    def of(cls, name: str, site: Site, pocketbase: Any, redis: Any = None) -> Build:
        """A running site, with what its own build sends on first load."""
        return cls(name, site, CompiledFrontend.read(site.project_dir / ".web"), pocketbase, redis)

    @staticmethod
    def _pid(server: Any) -> int:
        assert server.process is not None, "not started"
        return server.process.pid


def figures(level: dict[str, Any], redis_cpu_s: float = 0.0) -> dict[str, Any]:
    """What the report shows of one burst (pure); `redis_cpu_s`: Redis's CPU during it."""
    visitors = level["visitors"]

    def per_visitor(seconds: float) -> float | None:
        return round(1000 * seconds / visitors, 2) if visitors else None

    return {
        "p95_s": level["seconds"].get("p95"),
        "site_cpu_ms_per_visitor": per_visitor(level["cpu_seconds"]["site"]),
        "redis_cpu_ms_per_visitor": per_visitor(redis_cpu_s),
        "cpu_ms_per_visitor": per_visitor(level["cpu_seconds"]["site"] + redis_cpu_s),
        "errors": level["errors"],
    }


# The figures of a burst that are compared between builds (reflex_floor.our_share), and with
# Redis's CPU the ones whose medians are reported.
FIGURES = ("p95_s", "site_cpu_ms_per_visitor")
MEDIANS = (*FIGURES, "redis_cpu_ms_per_visitor", "cpu_ms_per_visitor")


def medians(bursts: list[dict[str, Any]]) -> dict[str, float | None]:
    """Median of each figure over a build's bursts (pure); errors are summed."""
    out: dict[str, Any] = {}
    for key in MEDIANS:
        middle = median([b[key] for b in bursts if b[key] is not None])
        out[key] = round(middle, 3) if middle is not None else None
    out["errors"] = sum(b["errors"] for b in bursts)
    return out


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f} s"


def render(result: dict[str, Any]) -> str:
    names = list(result["builds"])
    lines = [
        f"{result['visitors']} visitors at once on {result['path']}, {result['rounds']} rounds ({', '.join(names)})"
    ]
    for name in names:
        bursts = result["builds"][name]
        each = ", ".join(f"{_seconds(b['p95_s'])} / {b['cpu_ms_per_visitor']} ms" for b in bursts)
        m = result["medians"][name]
        redis = f" + Redis {m['redis_cpu_ms_per_visitor']} ms" if result.get("redis") else ""
        lines.append(
            f"  {name}: p95 {m['p95_s']} s, site CPU {m['site_cpu_ms_per_visitor']} ms{redis} per visitor,"
            f" {m['errors']} errors  (bursts: {each})"
        )
    return "\n".join(lines)


async def compare(builds: list[Build], visitors: int, rounds: int, path: str, log) -> dict[str, Any]:
    for build in builds:  # the server's caches warm, as in concurrency.measure
        await visit(build.site_url, path, build.frontend)
    bursts: dict[str, list[dict[str, Any]]] = {build.name: [] for build in builds}
    for round_ in range(rounds):
        for build in builds if round_ % 2 == 0 else builds[::-1]:
            log(f"round {round_ + 1}: {visitors} visitors on {build.name}")
            redis_cpu = build.redis_cpu_seconds()
            level = await concurrency.burst(build, visitors, path, build.frontend)
            bursts[build.name].append(figures(level, build.redis_cpu_seconds() - redis_cpu))
            await asyncio.sleep(PAUSE_S)
    return {
        "redis": any(build.redis is not None for build in builds),
        "visitors": visitors,
        "path": path,
        "rounds": rounds,
        "builds": bursts,
        "medians": {name: medians(each) for name, each in bursts.items()},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.capacity_ab", description=__doc__.splitlines()[0])
    parser.add_argument("--base-dir", required=True, type=Path, help="another checkout of the site, built once")
    parser.add_argument("--visitors", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--path", default="/")
    parser.add_argument("--redis", action="store_true", help="one worker each, their state in one Redis")
    args = parser.parse_args(argv)

    def log(message: str) -> None:
        print(f"[capacity a/b] {message}", file=sys.stderr, flush=True)

    with contextlib.ExitStack() as stack:
        env, client = dict(config.ONE_ADDRESS_ENV), None
        if args.redis:
            import redis as redis_py

            server = RedisServer(Path(tempfile.mkdtemp(prefix="capacity-ab-redis-")) / "redis.log").start()
            stack.callback(server.stop)
            env |= {"REFLEX_REDIS_URL": server.url, "GRANIAN_WORKERS": "1"}
            client = redis_py.Redis.from_url(server.url)
        pair = stack.enter_context(
            side_by_side.base_and_ours(
                args.base_dir,
                base_port=BASE_PORT,
                ours_port=config.SITE_PORT,
                log=log,
                prefix="capacity-ab-",
                extra_env=env,
            )
        )
        builds = [
            Build.of(name, site, pair.pocketbase, client) for name, site in (("base", pair.base), ("ours", pair.ours))
        ]
        with asyncio.Runner(loop_factory=concurrency.fast_loop_factory()) as runner:
            result = runner.run(compare(builds, args.visitors, args.rounds, args.path, log))
    print(render(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
