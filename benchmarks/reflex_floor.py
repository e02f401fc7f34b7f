"""Reflex's own floor for visitors arriving at once, side by side with ours.

The blank Reflex template (`reflex init --template blank`: one empty state, no content, no
middleware of ours) is built and served as our site is (`reflex run --env prod`, one in-memory
worker), and bursts of the same size take turns on it and on our site (capacity_ab.compare: the
first alternating, one busy at a time, so a busy shared machine weighs on both alike). What a
Reflex app pays per visitor before it does anything (the socket.io handshake, the state tree,
hydrate, the event processor, granian) is the blank template's figure; ours minus it is the
site's own share. A target below the blank template's figure cannot be met by the site's code.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from benchmarks import capacity_ab, concurrency
from benchmarks.config import Target
from benchmarks.servers import BlankTemplate, Servers

OURS, BLANK = "ours", "blank template"
PATH = "/"  # the blank template's only page; ours is the home page, as in concurrency.measure


def our_share(medians: dict[str, dict[str, Any]]) -> dict[str, float | None]:
    """Ours minus the blank template, per figure of capacity_ab.medians (pure)."""
    share: dict[str, float | None] = {}
    for key in capacity_ab.FIGURES:
        ours, blank = medians.get(OURS, {}).get(key), medians.get(BLANK, {}).get(key)
        share[key] = None if ours is None or blank is None else round(ours - blank, 3)
    return share


def measure(servers: Servers, workdir: Path, visitors: int, rounds: int, log=print) -> dict[str, Any]:
    """`rounds` bursts of `visitors` on each, alternating; medians per build and our share."""
    blank = BlankTemplate(workdir, log=log)
    try:
        blank.start()
        servers.start_site()
        assert blank.site is not None and servers.site is not None
        builds = [
            capacity_ab.Build.of(OURS, servers.site, servers.pocketbase),
            capacity_ab.Build.of(BLANK, blank.site, servers.pocketbase),
        ]
        with asyncio.Runner(loop_factory=concurrency.fast_loop_factory()) as runner:
            result = runner.run(capacity_ab.compare(builds, visitors, rounds, PATH, log))
    finally:
        blank.stop()
    result["blank_template_origin"] = blank.origin
    result["share"] = our_share(result["medians"])
    return result


def _bursts(bursts: list[dict[str, Any]]) -> str:
    return ", ".join("-" if b["p95_s"] is None else f"{b['p95_s']:.2f}" for b in bursts)


def target_rows(floor: dict[str, Any], level: int, p95_max_s: float) -> list[tuple[str, str, bool | None]]:
    """Issue 20's visitors target for each build of the side-by-side run (pure): the median p95
    of its bursts, 0 errors; n/a when the run failed or its bursts were of another size."""
    prefix = "Speed (issue 20), side by side"
    if "error" in floor:
        return [(f"{prefix}: Reflex's blank template and ours", f"not measured: {floor['error']}", None)]
    rows = []
    for name in floor["builds"]:
        m = floor["medians"][name]
        p95 = m["p95_s"]
        measured = (
            f"{m['errors']} errors, median p95 {'-' if p95 is None else f'{p95:.2f} s'}"
            f" (bursts {_bursts(floor['builds'][name])} s), {m['site_cpu_ms_per_visitor']} ms site CPU per visitor"
        )
        if name == OURS and floor["share"]["site_cpu_ms_per_visitor"] is not None:
            measured += f" ({floor['share']['site_cpu_ms_per_visitor']:+.2f} ms over the blank template's)"
        ok = None if floor["visitors"] != level else Target.visitors_met(m["errors"], p95, p95_max_s)
        who = "Reflex's blank template" if name == BLANK else "our site"
        rows.append(
            (f"{prefix}: {who}, {floor['visitors']} visitors at once: 0 errors, p95 <= {p95_max_s:g} s", measured, ok)
        )
    return rows
