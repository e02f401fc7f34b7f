"""Soak: mixed visitors at a steady rate on one worker for a long while (issue 36).

    python -m benchmarks.run --only soak [--quick]        # an hour; --quick: 5 minutes
    python -m benchmarks.soak --minutes 1 --rate 2       # on its own (builds the site)

Visitors arrive at `rate` a second, each doing one action, in turn: browse (a list page), search
(/search?q=...), sign in (/notes with a stored session, checked with PocketBase), save (a job
saved and removed again on /jobs) and open (a news item). Reported: the error count (target 0),
the site's memory after a warm-up and at the end (target: flat), and p95 seconds per action.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

import httpx

from benchmarks import config, reflex_client
from benchmarks.stats import percentile
from student_portal.state.auth import AuthState, dump_stored_auth
from student_portal.state.favourites import FavouritesState, favourite_key

DEMO_PASSWORD = "demo-pass-123"
BROWSE_PAGES = ("/", "/youtube", "/jobs", "/booking", "/shop", "/ol", "/al", "/news")
SEARCHES = ("maths", "physics", "past paper", "colombo", "chemistry")
WARM_UP_S = 30.0
MAX_IN_FLIGHT = 50  # visitors still busy when the next arrives: a slow site is not piled on
AUTH_VAR = f"{AuthState.get_full_name()}.stored_auth{reflex_client.VAR_SUFFIX}"
FAVOURITES = FavouritesState.get_full_name()
ACTIONS = ("browse", "search", "sign_in", "save", "open")


def _sign_in(pocketbase_url: str) -> str:
    response = httpx.post(
        f"{pocketbase_url}/api/collections/users/auth-with-password",
        json={"identity": "notes", "password": DEMO_PASSWORD},
        headers={"X-Forwarded-For": "198.19.254.1"},
        timeout=10,
    )
    response.raise_for_status()
    body = response.json()
    return dump_stored_auth(body["token"], body["record"])


def _first_id(pocketbase_url: str, collection: str) -> str:
    response = httpx.get(
        f"{pocketbase_url}/api/collections/{collection}/records", params={"perPage": 1, "sort": "id"}, timeout=10
    )
    return response.json()["items"][0]["id"]


class Visitors:
    def __init__(self, site_url: str, pocketbase_url: str) -> None:
        self.site_url = site_url
        self.frontend = reflex_client.CompiledFrontend.read()
        self.storage = {AUTH_VAR: _sign_in(pocketbase_url)}
        self.job_id = _first_id(pocketbase_url, "Jobs")
        self.news_id = _first_id(pocketbase_url, "News")
        self._n = itertools.count()

    async def _page(self, path: str, storage: dict[str, str] | None = None) -> None:
        result = await reflex_client.visit(self.site_url, path, self.frontend, storage=storage)
        if not result.ok:
            raise RuntimeError(result.error or "not loaded")

    async def browse(self) -> None:
        await self._page(BROWSE_PAGES[next(self._n) % len(BROWSE_PAGES)])

    async def search(self) -> None:
        await self._page(f"/search?q={SEARCHES[next(self._n) % len(SEARCHES)].replace(' ', '+')}")

    async def sign_in(self) -> None:
        await self._page("/notes", self.storage)

    async def open(self) -> None:
        await self._page(f"/news/{self.news_id}")

    async def save(self) -> None:
        key = favourite_key("job", self.job_id)
        toggle = f"{FAVOURITES}.toggle"

        def saved(want: bool) -> Callable[[dict[str, Any]], bool]:
            def done(state: dict[str, Any]) -> bool:
                favourites = state.get(FAVOURITES, {})
                return not favourites.get("busy_rx_state_") and (key in favourites.get("saved_rx_state_", [])) == want

            return done

        async with reflex_client.open_tab(self.site_url, "/jobs", self.frontend, storage=self.storage) as tab:
            await tab.wait_for(lambda s: "saved_rx_state_" in s.get(FAVOURITES, {}))
            was_saved = key in tab.state[FAVOURITES]["saved_rx_state_"]
            for want in (not was_saved, was_saved):  # saved and removed again (or the reverse)
                await tab.send(toggle, {"kind": "job", "item_id": self.job_id})
                await tab.wait_for(saved(want))


async def _run(
    visitors: Visitors, seconds: float, rate: float, times: dict[str, list[float]], errors: dict[str, list[str]]
) -> None:
    actions: dict[str, Callable[[], Awaitable[None]]] = {name: getattr(visitors, name) for name in ACTIONS}
    in_flight: set[asyncio.Task[None]] = set()
    turn = itertools.cycle(ACTIONS)

    async def one(name: str) -> None:
        started = time.perf_counter()
        try:
            await actions[name]()
            times[name].append(time.perf_counter() - started)
        except Exception as exc:
            errors[name].append(f"{type(exc).__name__}: {exc}"[:160])

    start = time.monotonic()
    arrivals = 0
    while (now := time.monotonic()) - start < seconds:
        due = start + arrivals / rate
        if due > now:
            await asyncio.sleep(due - now)
        arrivals += 1
        name = next(turn)
        if len(in_flight) >= MAX_IN_FLIGHT:
            errors[name].append("not started: too many visitors still waiting")
            continue
        task = asyncio.create_task(one(name))
        in_flight.add(task)
        task.add_done_callback(in_flight.discard)
    if in_flight:
        await asyncio.wait(in_flight, timeout=config.VISITOR_TIMEOUT_S * 2)


def measure(servers: Any, minutes: float, rate: float, log: Callable[[str], None]) -> dict[str, Any]:
    """`servers` (benchmarks.servers.Servers) with PocketBase running; starts the site."""
    servers.start_site()
    visitors = Visitors(servers.site_url, servers.pocketbase.url)
    warm: dict[str, list[float]] = {name: [] for name in ACTIONS}
    warm_errors: dict[str, list[str]] = {name: [] for name in ACTIONS}
    warm_up = min(WARM_UP_S, minutes * 60 / 5)
    log(f"soak: warm-up {warm_up:.0f} s at {rate}/s")
    asyncio.run(_run(visitors, warm_up, rate, warm, warm_errors))
    rss_start, _ = servers.site_rss()
    times: dict[str, list[float]] = {name: [] for name in ACTIONS}
    errors: dict[str, list[str]] = {name: [] for name in ACTIONS}
    log(f"soak: {minutes} min at {rate} visitors/s")
    asyncio.run(_run(visitors, minutes * 60, rate, times, errors))
    time.sleep(5)
    rss_end, _ = servers.site_rss()
    return {
        "minutes": minutes,
        "rate_per_s": rate,
        "visits": sum(len(t) for t in times.values()) + sum(len(e) for e in errors.values()),
        "errors": sum(len(e) for e in errors.values()),
        "error_samples": {name: e[:3] for name, e in errors.items() if e},
        "rss_start_mb": round(rss_start / 2**20, 1),
        "rss_end_mb": round(rss_end / 2**20, 1),
        "p95_s": {name: round(percentile(t, 95), 3) if t else None for name, t in times.items()},
        "count": {name: len(t) for name, t in times.items()},
    }


def render(result: dict[str, Any]) -> str:
    lines = [
        f"Soak: {result['minutes']} min at {result['rate_per_s']} visitors/s, one worker: "
        f"{result['visits']} visits, {result['errors']} errors; memory {result['rss_start_mb']} -> "
        f"{result['rss_end_mb']} MB",
    ]
    for name in ACTIONS:
        p95 = result["p95_s"].get(name)
        lines.append(f"  {name:<8} {result['count'].get(name, 0):>6} done  p95 {p95 if p95 is not None else '-'} s")
    for name, samples in (result.get("error_samples") or {}).items():
        lines.append(f"  errors in {name}: {json.dumps(samples)}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    import argparse

    from benchmarks.servers import run_alone

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--rate", type=float, default=config.SOAK_RATE_PER_S)
    args = parser.parse_args(argv)

    print(render(run_alone("soak", lambda servers, log: measure(servers, args.minutes, args.rate, log))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
