"""Logging backend failures once per cause, not once per visitor.

When PocketBase is down every visitor's page view fails the same way; a warning per page view
would bury the log (and fill the disk) during an outage. A `FailureLog` writes a cause - what
failed, its status and message - once as a warning, counts the repeats quietly (debug), reminds
every `remind_after_s` seconds with the count while the cause lasts, and says once when the
thing works again. Knows nothing of Reflex.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from student_portal.pocketbase.errors import ClientResponseError

REMIND_AFTER_S = 600.0


@dataclass
class _Cause:
    logged_at: float
    repeats: int = 0


class FailureLog:
    def __init__(
        self,
        logger: logging.Logger,
        *,
        remind_after_s: float = REMIND_AFTER_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._log = logger
        self._remind_after_s = remind_after_s
        self._clock = clock
        self._causes: dict[tuple[str, int, str], _Cause] = {}

    def failed(self, what: str, error: ClientResponseError, action: str = "failed") -> None:
        """`what` (a collection, "notes list", ...) failed with `error`."""
        key = (what, error.status, error.message)
        now = self._clock()
        cause = self._causes.get(key)
        if cause is not None and now - cause.logged_at < self._remind_after_s:
            cause.repeats += 1
            self._log.debug("%s: still %s (status %s): %s", what, action, error.status, error.message)
            return
        repeats = f" (and {cause.repeats} more times since the last report)" if cause and cause.repeats else ""
        self._log.warning("%s: %s (status %s): %s%s", what, action, error.status, error.message, repeats)
        self._causes[key] = _Cause(logged_at=now)

    def recovered(self, what: str) -> None:
        """`what` worked again: forget its causes (a new failure is reported afresh)."""
        keys = [key for key in self._causes if key[0] == what]
        for key in keys:
            del self._causes[key]
        if keys:
            self._log.info("%s: working again after a failure", what)
