"""Lighthouse side by side: this checkout against another build of the site, served directly.

    python -m benchmarks.lighthouse_ab --base-dir /tmp/lh_before [--paths / /si/ /ta/] [--runs 3]
    python -m benchmarks.lighthouse_ab --base-url http://localhost:3721 --ours-url http://localhost:3720

Both sites run at once on one demo PocketBase (benchmarks/side_by_side.py), or are given running.
Runs are interleaved, each build first every other run (the second of a pair reads slower on a
busy machine), and the medians per page and build are printed with what Lighthouse's simulation
(Lantern) was fed: the observed (unthrottled) paints beside the simulated ones, and the requests
that started before the observed largest paint, which the simulated LCP's pessimistic graph
holds: at slow 4G every such kilobyte counts. `--reports DIR` keeps every raw report.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from benchmarks import config, lighthouse, side_by_side
from benchmarks.stats import median

SITE_PORT = int(os.environ.get("BENCH_SITE_PORT", "3720"))
BASE_PORT = int(os.environ.get("BENCH_BASE_PORT", str(SITE_PORT + 1)))
FIGURES = (
    "performance",
    "fcp_ms",
    "lcp_ms",
    "tbt_ms",
    "si_ms",
    "observed_fcp_ms",
    "observed_lcp_ms",
    "requests_before_lcp",
    "kb_before_lcp",
    "script_kb_before_lcp",
    "main_thread_ms",
    "script_ms",
)


# Column headings: simulated figures, then the observed (unthrottled) paints ("obs"), the requests
# and kilobytes begun before the observed largest paint, and main-thread and script time (4x).
SHORT = {
    "performance": "perf",
    "fcp_ms": "FCP",
    "lcp_ms": "LCP",
    "tbt_ms": "TBT",
    "si_ms": "SI",
    "observed_fcp_ms": "obs FCP",
    "observed_lcp_ms": "obs LCP",
    "requests_before_lcp": "req<LCP",
    "kb_before_lcp": "KB<LCP",
    "script_kb_before_lcp": "jsKB<LCP",
    "main_thread_ms": "main ms",
    "script_ms": "js ms",
}


def _number(audits: dict[str, Any], audit_id: str) -> float | None:
    value = audits.get(audit_id, {}).get("numericValue")
    return None if value is None else round(float(value), 1)


def diagnose(report: dict[str, Any]) -> dict[str, Any]:
    """The figures of one raw Lighthouse report, and what its simulation started from (pure)."""
    audits = report.get("audits", {})
    figures = lighthouse.extract(report)
    observed = ((audits.get("metrics", {}).get("details") or {}).get("items") or [{}])[0]
    observed_lcp = observed.get("observedLargestContentfulPaint")
    requests = (audits.get("network-requests", {}).get("details") or {}).get("items") or []
    before = [
        r
        for r in requests
        if observed_lcp is not None and r.get("networkRequestTime", r.get("rendererStartTime", 0)) < observed_lcp
    ]
    scripts = [r for r in before if r.get("resourceType") == "Script"]
    return {
        "performance": figures.get("performance"),
        "fcp_ms": figures.get("fcp_ms"),
        "lcp_ms": figures.get("lcp_ms"),
        "tbt_ms": figures.get("tbt_ms"),
        "si_ms": _number(audits, "speed-index"),
        "observed_fcp_ms": observed.get("observedFirstContentfulPaint"),
        "observed_lcp_ms": observed_lcp,
        "requests_before_lcp": len(before) if observed_lcp is not None else None,
        "kb_before_lcp": round(sum(r.get("transferSize", 0) for r in before) / 1024, 1),
        "script_kb_before_lcp": round(sum(r.get("transferSize", 0) for r in scripts) / 1024, 1),
        "main_thread_ms": _number(audits, "mainthread-work-breakdown"),
        "script_ms": _number(audits, "bootup-time"),
        "lcp_element": figures.get("lcp_element"),
        "error": figures.get("error"),
    }


def measure(
    base_url: str, ours_url: str, paths: tuple[str, ...], runs: int, log, reports: Path | None = None
) -> dict[str, Any]:
    """Per page and build: every run's diagnosis and the medians of the figures."""
    result: dict[str, Any] = {}
    pair = (("base", base_url), ("ours", ours_url))
    for path in paths:
        found: dict[str, list[dict[str, Any]]] = {"base": [], "ours": []}
        for run_index in range(runs):
            for name, site in pair if run_index % 2 == 0 else pair[::-1]:
                raw, _ = lighthouse.run_report(site + path)
                if reports is not None:
                    slug = path.strip("/").replace("/", "_") or "home"
                    (reports / f"{slug}-{name}-{run_index}.json").write_text(json.dumps(raw))
                figures = diagnose(raw)
                found[name].append(figures)
                log(f"{path} {name} run {run_index}: {_line(figures)}")
        result[path] = {name: {"runs": runs_, "median": _medians(runs_)} for name, runs_ in found.items()}
    return result


def _medians(runs: list[dict[str, Any]]) -> dict[str, Any]:
    medians: dict[str, Any] = {}
    for key in FIGURES:
        values = [r[key] for r in runs if r.get(key) is not None]
        medians[key] = median(values) if values else None
    medians["lcp_element"] = sorted({str(r.get("lcp_element")) for r in runs})
    return medians


def _line(figures: dict[str, Any]) -> str:
    return "  ".join(f"{key} {figures.get(key)}" for key in FIGURES)


def render(result: dict[str, Any]) -> str:
    lines = ["Lighthouse (mobile, served directly), medians of interleaved runs", ""]
    lines.append(f"{'page':<12}{'build':<6}" + "".join(f"{SHORT.get(key, key):>9}" for key in FIGURES))
    for path, by_build in result.items():
        for name, figures in by_build.items():
            med = figures["median"]
            lines.append(f"{path:<12}{name:<6}" + "".join(f"{med[key]!s:>9}" for key in FIGURES))
            lines.append(f"{'':<18}LCP element {med['lcp_element']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.lighthouse_ab", description=__doc__.splitlines()[0])
    parser.add_argument("--base-dir", type=Path, help="another checkout of the site, built and served here")
    parser.add_argument("--base-url", help="another build already served (with --ours-url)")
    parser.add_argument("--ours-url", help="this build already served")
    parser.add_argument("--paths", nargs="+", default=["/", "/si/", "/ta/"])
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse runs per page and build")
    parser.add_argument("--reports", type=Path, help="a folder to keep every raw report in")
    args = parser.parse_args(argv)
    if not args.base_dir and not (args.base_url and args.ours_url):
        parser.error("give --base-dir, or --base-url and --ours-url")
    if not config.LIGHTHOUSE_BIN.exists():
        parser.error(f"{config.LIGHTHOUSE_BIN} missing: make install-bench")
    if args.reports:
        args.reports.mkdir(parents=True, exist_ok=True)

    def log(message: str) -> None:
        print(f"[lighthouse a/b] {message}", file=sys.stderr, flush=True)

    paths = tuple(args.paths)
    if args.base_dir:
        with side_by_side.base_and_ours(
            args.base_dir, base_port=BASE_PORT, ours_port=SITE_PORT, log=log, prefix="lighthouse-ab-"
        ) as pair:
            result = measure(pair.base.url, pair.ours.url, paths, args.runs, log, args.reports)
    else:
        result = measure(args.base_url, args.ours_url, paths, args.runs, log, args.reports)
    print(render(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
