"""Backend failures are logged once per cause, not once per visitor (issue 7)."""

from __future__ import annotations

import logging

import pytest

from student_portal.pocketbase.errors import ClientResponseError
from student_portal.pocketbase.failures import FailureLog

LOGGER = "test.failures"


class Clock:
    now = 0.0

    def __call__(self) -> float:
        return self.now


def _warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == LOGGER and r.levelno >= logging.WARNING]


def _down() -> ClientResponseError:
    return ClientResponseError(url="http://pb/api/x", status=0, original_error=ConnectionError("refused"))


def test_a_thousand_visitors_hitting_one_outage_make_one_warning(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger=LOGGER)
    failures = FailureLog(logging.getLogger(LOGGER), clock=Clock())
    for _ in range(1000):
        failures.failed("Notes list", _down())
    assert len(_warnings(caplog)) == 1
    assert "Notes list: failed (status 0)" in _warnings(caplog)[0]


def test_each_cause_is_its_own_line(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger=LOGGER)
    failures = FailureLog(logging.getLogger(LOGGER), clock=Clock())
    failures.failed("Notes list", _down())
    failures.failed("OL_Items list", _down())
    failures.failed("Notes list", ClientResponseError(url="http://pb/api/x", status=500, response={"message": "boom"}))
    assert len(_warnings(caplog)) == 3


def test_a_lasting_outage_is_recalled_with_a_count(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger=LOGGER)
    clock = Clock()
    failures = FailureLog(logging.getLogger(LOGGER), remind_after_s=600, clock=clock)
    for _ in range(5):
        failures.failed("News record", _down())
    clock.now = 601
    failures.failed("News record", _down())
    assert len(_warnings(caplog)) == 2
    assert "4 more times" in _warnings(caplog)[1]


def test_after_recovery_a_new_failure_is_reported_again(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger=LOGGER)
    failures = FailureLog(logging.getLogger(LOGGER), clock=Clock())
    failures.failed("session check", _down())
    failures.recovered("session check")
    failures.recovered("session check")  # nothing to say twice
    failures.failed("session check", _down())
    assert len(_warnings(caplog)) == 2
    assert sum("working again" in r.getMessage() for r in caplog.records) == 1
