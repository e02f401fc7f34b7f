"""Where a test run's time went, by file, at the end of its report (issue 50: `make test` under 12
minutes needs to know which files cost the minutes). Imported by the conftests of the browser and
the integration runs; under pytest-xdist the controller adds up its workers' reports.

The sum of a file's tests (setup, call and teardown) is the time its tests held a worker, the
site's builds included in the test that waited for one: with N workers the run takes about an Nth
of the total. Under xdist each worker's line says how long it held tests against the run's span
(what is left is its start and the time it waited for work at the end), and when its slowest
setups (a site's build or restart) came.
"""

from __future__ import annotations

from collections import defaultdict

import pytest

SHOWN_FILES = 25


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    by_file: dict[str, float] = defaultdict(float)
    tests: dict[str, set[str]] = defaultdict(set)
    for reports in terminalreporter.stats.values():
        for report in reports:
            duration, nodeid = getattr(report, "duration", None), getattr(report, "nodeid", "")
            if duration is None or not nodeid:
                continue
            path = nodeid.split("::", 1)[0]
            by_file[path] += duration
            tests[path].add(nodeid)
    if not by_file:
        return
    total = sum(by_file.values())
    terminalreporter.write_sep("-", f"time by file: {total:.0f} s of tests in all")
    for path, seconds in sorted(by_file.items(), key=lambda item: -item[1])[:SHOWN_FILES]:
        share = 100 * seconds / total if total else 0
        terminalreporter.write_line(f"{seconds:8.1f} s {share:5.1f} %  {len(tests[path]):4d} tests  {path}")
    _by_worker(terminalreporter)


def _by_worker(terminalreporter: pytest.TerminalReporter) -> None:
    spans: dict[str, list[float]] = {}  # worker -> start, stop, busy seconds
    setups: dict[str, list[tuple[float, float, str]]] = defaultdict(list)
    reports = [r for rs in terminalreporter.stats.values() for r in rs if hasattr(r, "start") and hasattr(r, "node")]
    if not reports:
        return
    began = min(r.start for r in reports)
    for report in reports:
        worker = getattr(report.node, "workerinput", {}).get("workerid", "main")
        span = spans.setdefault(worker, [report.start, report.stop, 0.0])
        span[0], span[1], span[2] = min(span[0], report.start), max(span[1], report.stop), span[2] + report.duration
        if report.when == "setup":
            setups[worker].append((report.duration, report.start - began, report.nodeid))
    ended = max(span[1] for span in spans.values())
    terminalreporter.write_sep("-", f"time by worker: {ended - began:.0f} s from the first test's start to the last's")
    for worker, (start, stop, busy) in sorted(spans.items()):
        terminalreporter.write_line(
            f"{worker}: tests from {start - began:.0f} s to {stop - began:.0f} s, {busy:.0f} s of them;"
            f" idle at the end {ended - stop:.0f} s"
        )
        for seconds, at, nodeid in sorted(setups[worker], reverse=True)[:2]:
            terminalreporter.write_line(f"    setup {seconds:.0f} s at {at:.0f} s: {nodeid}")
