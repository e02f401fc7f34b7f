"""Garbage collection tuned for a server that makes many short-lived objects per visitor.

- Everything alive once the app has started (modules, compiled pages, state classes) lives as
  long as the worker: `gc.freeze()` moves it out of the collector's sight, so the full
  collections that a burst of visitors triggers no longer walk it.
- A page view allocates tens of thousands of objects (states, deltas, JSON): with Python's
  default first threshold (700 allocations) the collector ran many times per visitor. Reference
  counting frees almost all of them anyway; the collector only has to find cycles, so it runs
  less often (GEN0_THRESHOLD).
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import AsyncIterator
from typing import Any

GEN0_THRESHOLD = 20_000


@contextlib.asynccontextmanager
async def freeze_startup_objects(_app: Any = None) -> AsyncIterator[None]:
    thresholds = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(GEN0_THRESHOLD, *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()
