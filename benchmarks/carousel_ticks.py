"""Open pages' CPU per carousel tick, as a ratio to the blank Reflex template's (issue 55).

An open home page sends the server one event per carousel tick (assets/carousel.js calls
`CarouselState.advance` every few seconds while the page is shown). Per cent of a core depends on
the machine; the ratio to what any Reflex app pays for its cheapest event does not: the blank
Reflex template (benchmarks/servers.py, built and served as ours is) is sent the root state's own
setter (`set_is_hydrated`, to the value it has) from as many open tabs. Each round opens `tabs`
tabs on one build, reads its worker's CPU, has every tab send `ticks` events (one per tab at a
time, 0.3 s apart), waits 2 s for the last answers, reads the CPU again; builds take turns and
the first alternates, so the shared machine's load weighs on both alike. CPU per tick is the
worker's CPU over those ticks divided by their number; the figure reported is ours / the template's
(medians of the rounds).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from typing import Any

from benchmarks import capacity_ab
from benchmarks.reflex_client import ROOT_STATE, open_tab
from benchmarks.stats import median
from student_portal.state.carousel import CarouselState

OURS, BLANK = "ours", "blank template"
PATH = "/"
HOME_NEWS = "home-news"
OUR_TICK = (f"{CarouselState.get_full_name()}.advance", {"carousel": HOME_NEWS, "step": 1, "count": 3})
BLANK_TICK = (f"{ROOT_STATE}.set_is_hydrated", {"value": True})


async def _round(build: capacity_ab.Build, tick: tuple[str, dict], tabs: int, ticks: int) -> dict[str, Any]:
    """One build, one round: `tabs` open tabs each sending `ticks` events; the worker's CPU."""
    async with contextlib.AsyncExitStack() as stack:
        opened = await asyncio.gather(
            *(stack.enter_async_context(open_tab(build.site_url, PATH, build.frontend)) for _ in range(tabs)),
            return_exceptions=True,
        )
        open_tabs = [tab for tab in opened if not isinstance(tab, BaseException)]
        await asyncio.sleep(1.0)  # the hydrates' last work done
        name, payload = tick
        cpu_before, started = build.site_cpu_seconds(), time.perf_counter()
        for _ in range(ticks):
            await asyncio.gather(*(tab.send(name, payload) for tab in open_tabs))
            await asyncio.sleep(0.3)  # ticks of one tab never overlap
        await asyncio.sleep(2.0)  # the last answers out
        cpu = build.site_cpu_seconds() - cpu_before
        seconds = time.perf_counter() - started
    sent = len(open_tabs) * ticks
    return {
        "tabs": len(open_tabs),
        "failed_tabs": tabs - len(open_tabs),
        "ticks": sent,
        "cpu_s": round(cpu, 3),
        "seconds": round(seconds, 2),
        "cpu_ms_per_tick": round(cpu * 1000 / sent, 3) if sent else None,
    }


async def compare(
    ours: capacity_ab.Build, blank: capacity_ab.Build, tabs: int, ticks: int, rounds: int, log
) -> dict[str, Any]:
    runs: dict[str, list[dict[str, Any]]] = {OURS: [], BLANK: []}
    pairs = [(ours, OUR_TICK), (blank, BLANK_TICK)]
    for round_ in range(rounds):
        for build, tick in pairs if round_ % 2 == 0 else pairs[::-1]:
            result = await _round(build, tick, tabs, ticks)
            log(f"carousel ticks, round {round_ + 1}: {build.name} {result} (load {os.getloadavg()[0]:.1f})")
            runs[build.name].append(result)
    per_tick = {
        name: median([r["cpu_ms_per_tick"] for r in each if r["cpu_ms_per_tick"] is not None]) or None
        for name, each in runs.items()
    }
    ratio = round(per_tick[OURS] / per_tick[BLANK], 2) if per_tick[OURS] and per_tick[BLANK] else None
    return {
        "tabs": tabs,
        "ticks_per_tab": ticks,
        "rounds": rounds,
        "runs": runs,
        "cpu_ms_per_tick": per_tick,
        "ratio_to_blank_template": ratio,
    }


def render(result: dict[str, Any]) -> str:
    per_tick = result["cpu_ms_per_tick"]
    return (
        f"Open pages' CPU per carousel tick ({result['tabs']} open tabs x {result['ticks_per_tab']} ticks,"
        f" {result['rounds']} rounds taking turns): ours {per_tick[OURS]} ms, the blank Reflex template's"
        f" cheapest event {per_tick[BLANK]} ms: x{result['ratio_to_blank_template']} the template's"
    )
