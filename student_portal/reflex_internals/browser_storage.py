"""A tab's state lost while its page is open is built again with what its browser stores.

Reflex 0.10.1 answers an event for a tab whose state tree is gone (Redis restarted or failed over,
empty) with a fresh tree's snapshot (`BaseStateEventProcessor._rehydrate_snapshot`), its
browser-storage vars at their defaults: only a websocket's connect sends the browser's values
(`hydrate_and_load`). The tab's sign-in (`AuthState.stored_auth`, in localStorage) was then empty
on the server while the page still held it: the header showed "Login" until a reload, and a page
that checks the session sent the student to sign in. Seen when the bell's count, asked of
PocketBase before a Redis restart, was written after it (tests/e2e/test_faults.py).

Here the worker that writes a tab's state to Redis keeps the last values of its browser-storage
vars (what the browser was sent, or sent itself), and a lost tree's snapshot starts from them
instead of the defaults. The browser is not written to (the snapshot says the tab is not hydrated,
so Reflex's frontend leaves its storage alone). A tab's values go with its state when its socket
closed and it did not come back (`forget`); one whose state an event held then stays until newer
tabs push it out: at most Limit.TABS_WITH_KEPT_STORAGE tabs are kept per worker.
"""

from __future__ import annotations

import contextlib
from collections import OrderedDict
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

from student_portal import reflex_internals
from student_portal.constants import Limit

# Per tab token: {state class: {field: value}} as last written.
_kept: OrderedDict[str, dict[type, dict[str, Any]]] = OrderedDict()
# The values a lost tree's snapshot starts from, while Reflex makes it.
_restoring: ContextVar[dict[type, dict[str, Any]] | None] = ContextVar("browser_storage_restoring", default=None)
# Per state class: (its number of vars when read, its browser-storage fields).
_storage_fields: dict[type, tuple[int, tuple[tuple[str, Any], ...]]] = {}
# Reflex's own snapshot of a lost tree, kept by install() before it is replaced.
_reflex_rehydrate_snapshot: Any = None


def client_storage_fields(cls: Any) -> tuple[tuple[str, Any], ...]:
    """A state class's browser-storage vars (name, field), read once per class."""
    known = _storage_fields.get(cls)
    if known is not None and known[0] == len(cls.base_vars):
        return known[1]
    fields = cls.get_fields()
    found = tuple((name, fields[name]) for name in cls.base_vars if cls._is_client_storage(fields[name]))
    _storage_fields[cls] = (len(cls.base_vars), found)  # a var added later (add_var) reads it again
    return found


def remember(token: str, state: Any) -> None:
    """Keep what `state` (being written for tab `token`) holds in the browser's storage."""
    fields = client_storage_fields(type(state))
    if not fields:
        return
    kept = _kept.get(token)
    if kept is None:
        kept = _kept[token] = {}
        while len(_kept) > Limit.TABS_WITH_KEPT_STORAGE:
            _kept.popitem(last=False)
    else:
        _kept.move_to_end(token)
    kept[type(state)] = {name: getattr(state, name) for name, _ in fields}


def forget(token: str) -> None:
    """Tab `token` closed, did not come back, and its state was dropped."""
    _kept.pop(token, None)


def restored_values(state: Any) -> dict[str, Any]:
    """The browser-storage values a lost tree's `state` starts from ({} outside that snapshot)."""
    restoring = _restoring.get()
    return restoring.get(type(state), {}) if restoring else {}


@contextlib.contextmanager
def restoring(token: str) -> Iterator[None]:
    """Within: a reset of browser-storage vars sets the ones kept for `token`."""
    values = _restoring.set(_kept.get(token))
    try:
        yield
    finally:
        _restoring.reset(values)


async def rehydrate_snapshot(root_state: Any) -> None:
    """Reflex's snapshot of a lost tree, starting from the browser-storage values kept for the tab."""
    assert _reflex_rehydrate_snapshot is not None, "install() keeps Reflex's snapshot before replacing it"
    with restoring(reflex_internals.event_token()):
        await _reflex_rehydrate_snapshot(root_state)


def install() -> None:
    """Replace Reflex's snapshot of a lost tree (with Redis; harmless with one worker, whose
    trees are never lost while their socket is open)."""
    global _reflex_rehydrate_snapshot
    processor = reflex_internals.resolve("reflex_base.event.processor.base_state_processor:BaseStateEventProcessor")
    if _reflex_rehydrate_snapshot is None:
        _reflex_rehydrate_snapshot = processor._rehydrate_snapshot
    reflex_internals.patch(processor, "_rehydrate_snapshot", staticmethod(rehydrate_snapshot))
