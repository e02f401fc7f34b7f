"""Reflex's backend error toast, in the visitor's language.

When an event handler raises, Reflex logs the traceback and sends the page a toast
(`rx.App(backend_exception_handler=...)`, public API). Its default says "An error occurred." in
English on every page; this one says Text.BACKEND_ERROR in the language of the page the event came
from, with the same toast id and the same log line, which the hardening suites watch for
(tests/e2e/page_checks.py). Reflex runs the handler in a task of its own, where the language
LanguageMiddleware set for the event is gone: the page comes from the event's router data
(reflex_internals.event_router_data).
"""

import logging
import time
import traceback
from collections.abc import Callable
from enum import Enum

import reflex as rx
from reflex.event import EventSpec

from student_portal import reflex_internals
from student_portal.constants import Limit
from student_portal.i18n import in_language
from student_portal.i18n.languages import language_of_path
from student_portal.i18n.middleware import sent_path
from student_portal.i18n.texts import Text

log = logging.getLogger(__name__)

LOG_MARK = "[Reflex Backend Exception]"
TOAST_ID = "backend_error"  # Reflex's own: one such toast at a time


class Entry(Enum):
    TRACEBACK = "traceback"
    LINE = "line"
    NONE = "none"


class LogBudget:
    """How much of each minute's failing events the log gets: the first few with their
    tracebacks, the next ones as one line, the rest only counted, and that count written when
    the next minute's first one comes. One client sending thousands of broken events (5,000 in
    7 s wrote 5.8 MiB of tracebacks) then writes a few kilobytes a minute."""

    WINDOW_S = 60.0

    def __init__(
        self,
        tracebacks: int = Limit.TRACEBACKS_PER_MINUTE,
        lines: int = Limit.ERROR_LINES_PER_MINUTE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.tracebacks, self.lines, self.clock = tracebacks, lines, clock
        self._start, self._count = -self.WINDOW_S, 0

    def take(self) -> tuple[Entry, int]:
        """What to write for this failure, and how many the last minute left out (to say first)."""
        now, left_out = self.clock(), 0
        if now - self._start >= self.WINDOW_S:
            left_out = max(0, self._count - self.lines)
            self._start, self._count = now, 0
        self._count += 1
        if self._count <= self.tracebacks:
            return Entry.TRACEBACK, left_out
        return (Entry.LINE if self._count <= self.lines else Entry.NONE), left_out


_budget = LogBudget()


def backend_exception_handler(exception: Exception) -> EventSpec:
    # Log lines go through log_redaction like Reflex's own (no password or token in a traceback).
    entry, left_out = _budget.take()
    if left_out:
        log.error("%s %d failing events in the minute before were not logged", LOG_MARK, left_out)
    if entry is Entry.TRACEBACK:
        log.error("%s\n%s", LOG_MARK, "".join(traceback.format_exception(exception)))
    elif entry is Entry.LINE:
        summary = "".join(traceback.format_exception_only(exception)).strip()[:300]
        log.error("%s %s (more than %d this minute: no traceback)", LOG_MARK, summary, _budget.tracebacks)
    with in_language(language_of_path(sent_path(reflex_internals.event_router_data()) or "/")):
        message = Text.BACKEND_ERROR
    return rx.toast(message, level="error", fallback_to_alert=True, id=TOAST_ID, position="top-center")
