"""The toast a broken event handler shows (student_portal/server/backend_errors.py): in the page's
language, with Reflex's toast id, and the traceback logged under Reflex's own mark."""

from __future__ import annotations

import json
import logging

import pytest

from student_portal import reflex_internals
from student_portal.constants import Limit
from student_portal.i18n import in_language
from student_portal.i18n.languages import LANGUAGES, Language
from student_portal.i18n.texts import Text
from student_portal.server.backend_errors import LOG_MARK, TOAST_ID, backend_exception_handler


def _script(spec) -> str:
    return " ".join(str(value) for _, value in spec.args)


@pytest.mark.parametrize(
    ("router_data", "language"),
    [
        ({"asPath": "/si/jobs?q=x", "pathname": "/si/jobs"}, Language.SI),
        ({"pathname": "/ta"}, Language.TA),  # an event sent without its address: the route
        ({"asPath": "/youtube"}, Language.EN),
        ({}, Language.EN),  # no event (a task of the server's own)
    ],
)
def test_the_toast_is_in_the_language_of_the_page_the_event_came_from(
    monkeypatch: pytest.MonkeyPatch, router_data, language
) -> None:
    # Reflex runs the handler in a task of its own: the language comes from the event's router
    # data, whatever the task's own language is.
    monkeypatch.setattr(reflex_internals, "event_router_data", lambda: dict(router_data))
    with in_language(Language.TA if language is Language.EN else Language.EN):
        spec = backend_exception_handler(ValueError("boom"))
    with in_language(language):
        expected = Text.BACKEND_ERROR
    script = _script(spec)
    assert json.dumps(expected)[1:-1] in script  # as the page's JavaScript holds it
    assert TOAST_ID in script and '"error"' in script
    assert "boom" not in script  # the visitor is not shown the server's exception


def test_the_sinhala_and_tamil_texts_are_translated() -> None:
    texts = set()
    for language in LANGUAGES:
        with in_language(language):
            texts.add(Text.BACKEND_ERROR)
    assert len(texts) == len(LANGUAGES)


def test_the_traceback_is_logged_under_reflexs_mark(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR)
    try:
        raise KeyError("missing-thing")
    except KeyError as error:
        backend_exception_handler(error)
    assert LOG_MARK in caplog.text and "KeyError: 'missing-thing'" in caplog.text and "Traceback" in caplog.text


def test_reflex_accepts_the_handler() -> None:
    from reflex.app import App

    App(backend_exception_handler=backend_exception_handler)._validate_exception_handlers()


def _raised(n: int) -> Exception:
    try:
        raise ValueError(f"no handler reflex___state____state.x.renamed_{n}")
    except ValueError as error:
        return error


def test_a_flood_of_failing_events_writes_a_bounded_log_and_says_how_many_it_left_out(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # The attack: 5,000 invalid events in 7 s wrote 5.8 MiB of tracebacks.
    from student_portal.server import backend_errors

    clock = [1000.0]
    monkeypatch.setattr(backend_errors, "_budget", backend_errors.LogBudget(clock=lambda: clock[0]))
    caplog.set_level(logging.ERROR)
    for n in range(5000):
        backend_exception_handler(_raised(n))
    written = caplog.text
    assert len(written.encode()) < 60_000, f"{len(written.encode())} bytes"
    assert written.count("Traceback") == Limit.TRACEBACKS_PER_MINUTE
    assert written.count(LOG_MARK) == Limit.ERROR_LINES_PER_MINUTE
    caplog.clear()
    clock[0] += 61  # the next minute: what was left out is counted, then full tracebacks again
    backend_exception_handler(_raised(5000))
    assert f"{5000 - Limit.ERROR_LINES_PER_MINUTE} failing events" in caplog.text
    assert "Traceback" in caplog.text
