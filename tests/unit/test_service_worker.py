"""The build's name (service_worker.build_id) and the offline benchmark's verdicts."""

from __future__ import annotations

import re

import pytest

from benchmarks.offline_bytes import REPEAT_JS_CSS_MAX_BYTES, render_table, target_rows
from student_portal.build.service_worker import build_id


def test_a_named_build_is_called_by_its_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SITE_BUILD_ID", "  deploy-42 ")
    assert build_id() == "deploy-42"


def test_an_unnamed_build_is_called_by_its_commit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SITE_BUILD_ID", raising=False)
    assert re.fullmatch(r"[0-9a-f]{7,40}", build_id())


def _visit(js_css: int) -> dict[str, int]:
    return {"js_css_bytes": js_css, "all_bytes": js_css + 5000, "requests": 10}


def test_a_repeat_visit_passes_only_under_twenty_kilobytes_of_js_and_css() -> None:
    result = {
        "pages": {
            "/": {
                "no worker": {"first": _visit(200_000), "repeat": _visit(0)},
                "worker": {"first": _visit(210_000), "repeat": _visit(REPEAT_JS_CSS_MAX_BYTES - 1)},
            },
            "/jobs": {
                "no worker": {"first": _visit(1), "repeat": _visit(0)},
                "worker": {"first": _visit(1), "repeat": _visit(REPEAT_JS_CSS_MAX_BYTES)},
            },
        }
    }
    assert [ok for _name, _measured, ok in target_rows(result)] == [True, False]
    rows = render_table(result)
    assert [row[:2] for row in rows] == [
        ["/", "no worker"],
        ["/", "worker"],
        ["/jobs", "no worker"],
        ["/jobs", "worker"],
    ]
    assert rows[1][2] == f"{210_000 / 1024:.1f}"
