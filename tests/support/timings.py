"""Where a test run's time went, by file, at the end of its report (issue 50: `make test` under 12
minutes needs to know which files cost the minutes). Imported by the conftests of the browser and
the integration runs; under pytest-xdist the controller adds up its workers' reports.

The sum of a file's tests (setup, call and teardown) is the time its tests held a worker, the
site's builds included in the test that waited for one: with two workers the run takes about half
of the total.
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
