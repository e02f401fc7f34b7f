"""What one browser tab, and one visitor address, may make a worker do and keep (issue 36).

Every websocket event passes here before Reflex queues it (reflex_internals.guard_websocket):

1. Rate. A connection may send Limit.CONNECTION_EVENTS_BURST events at once, then
   Limit.CONNECTION_EVENTS_PER_S a second; all connections from one visitor address (as Reflex
   reads it, trusted proxy hops applied) ten times that. Events past it are dropped before
   Reflex queues them (one socket sending `hydrate_and_load` without reading grew a worker by
   1.3 GB and slowed every other visitor); a connection that goes on is closed.
2. Size. The browser storage values a tab hands the server (the hydrate's and
   `update_vars_internal`'s `vars`), which Reflex would keep in the tab's state for an hour, are
   kept only for the storage fields we declare, as text within their limit
   (Limit.AUTH_ITEM_MAX_CHARS, Limit.PENDING_SAVE_MAX_CHARS). Any other value is refused: the
   field keeps its empty default (an oversize auth item reads as signed out).
3. Closing. When a tab's socket closes, what only its signed-in student may see is cleared from
   the state Reflex keeps (the same states Logout clears, and the stored sign-in), unless the
   tab is back meanwhile: a closed tab's token alone gets nothing protected.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import time
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

import reflex as rx

from student_portal import reflex_internals
from student_portal.constants import Limit, Timing
from student_portal.reflex_internals import browser_storage
from student_portal.settings import settings
from student_portal.utils.visitors import visitor_address

log = logging.getLogger(__name__)

# Address buckets are swept of idle ones once there are this many.
ADDRESS_SWEEP_AT = 10_000


@dataclass
class TokenBucket:
    """`capacity` events at once, refilled at `rate` a second."""

    capacity: float
    rate: float
    tokens: float = field(default=-1.0)
    stamp: float = 0.0

    def __post_init__(self) -> None:
        if self.tokens < 0:
            self.tokens = self.capacity

    def _refill(self, now: float) -> None:
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self, now: float) -> bool:
        self._refill(now)
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def idle(self, now: float) -> bool:
        """Full again: forgetting it changes nothing."""
        return self.tokens + (now - self.stamp) * self.rate >= self.capacity


class Verdict(Enum):
    ADMIT = "admit"
    DROP = "drop"
    CLOSE = "close"


class EventLimits:
    """Per-connection and per-address token buckets of one worker."""

    def __init__(
        self,
        *,
        connection: tuple[float, float] = (Limit.CONNECTION_EVENTS_BURST, Limit.CONNECTION_EVENTS_PER_S),
        address: tuple[float, float] | None = (Limit.ADDRESS_EVENTS_BURST, Limit.ADDRESS_EVENTS_PER_S),
        close_after: int = Limit.DROPPED_EVENTS_BEFORE_CLOSE,
    ) -> None:
        self._connection = connection
        self._address = address
        self._close_after = close_after
        self._connections: dict[str, TokenBucket] = {}
        self._addresses: dict[str, TokenBucket] = {}
        self._dropped: dict[str, int] = {}

    def __len__(self) -> int:
        return len(self._connections) + len(self._addresses)

    def admit(self, sid: str, address: str, now: float) -> Verdict:
        bucket = self._connections.get(sid)
        if bucket is None:
            bucket = self._connections[sid] = TokenBucket(*self._connection, stamp=now)
        admitted = bucket.take(now)
        if admitted and self._address is not None and address:
            per_address = self._addresses.get(address)
            if per_address is None:
                if len(self._addresses) >= ADDRESS_SWEEP_AT:
                    self._sweep(now)
                per_address = self._addresses[address] = TokenBucket(*self._address, stamp=now)
            admitted = per_address.take(now)
        if admitted:
            return Verdict.ADMIT
        dropped = self._dropped[sid] = self._dropped.get(sid, 0) + 1
        if dropped == 1:
            log.warning("events from a connection at %s over the limit: dropping them", address or "?")
        if dropped >= self._close_after:
            log.warning("closing a connection at %s: %d events over the limit", address or "?", dropped)
            return Verdict.CLOSE
        return Verdict.DROP

    def forget(self, sid: str) -> None:
        self._connections.pop(sid, None)
        self._dropped.pop(sid, None)

    def _sweep(self, now: float) -> None:
        for address in [a for a, bucket in self._addresses.items() if bucket.idle(now)]:
            del self._addresses[address]


# --- browser storage values ---------------------------------------------------------------------


@functools.cache
def storage_limits() -> dict[tuple[type, str], int]:
    """Each browser storage field a tab may set, with its longest accepted value."""
    from student_portal.state.auth import AuthState
    from student_portal.state.favourites import FavouritesState

    return {
        (AuthState, "stored_auth"): Limit.AUTH_ITEM_MAX_CHARS,
        (FavouritesState, "pending"): Limit.PENDING_SAVE_MAX_CHARS,
    }


def bounded_storage(values: dict[Any, Any]) -> dict[str, str]:
    """The storage values of a `vars` payload that name a declared field and fit its limit."""
    kept: dict[str, str] = {}
    limits = storage_limits()
    for key, value in values.items():
        if not isinstance(key, str) or not isinstance(value, str):
            continue
        target = reflex_internals.storage_var_of(key)
        limit = limits.get(target) if target is not None else None
        if limit is not None and len(value) <= limit:
            kept[key] = value
    return kept


def bounded_event(data: Any) -> Any:
    """The event as Reflex may process it: a `vars` payload keeps only the storage values a tab
    may set. Any event's, not only the two that carry them (the hydrate, `update_vars_internal`):
    Reflex resolves more than one spelling of a handler's name, and no handler of ours takes
    `vars`. None for data that is no event at all (Reflex would log a traceback for it)."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except ValueError:
            return None
    if not isinstance(data, dict):
        return None
    payload = data.get("payload")
    if isinstance(payload, dict) and "vars" in payload:
        values = payload["vars"]
        data = {**data, "payload": {**payload, "vars": bounded_storage(values) if isinstance(values, dict) else {}}}
    return data


# --- the worker's door --------------------------------------------------------------------------

_limits: list[EventLimits] = []
_active: set[str] = set()  # sockets that had an event admitted (their tab has a state)


def limits() -> EventLimits:
    if not _limits:
        address = (Limit.ADDRESS_EVENTS_BURST, Limit.ADDRESS_EVENTS_PER_S)
        _limits.append(EventLimits(address=address if settings().address_event_limit else None))
    return _limits[0]


async def admit(namespace: Any, sid: str, data: Any) -> Any:
    address = reflex_internals.connection_address(namespace, sid)
    # An IPv6 visitor is counted by their /64 (utils/visitors.py).
    verdict = limits().admit(sid, visitor_address(address) or address, time.monotonic())
    if verdict is Verdict.CLOSE:
        await reflex_internals.close_socket(namespace, sid)
    if verdict is not Verdict.ADMIT:
        return None
    _active.add(sid)
    return bounded_event(data)


async def disconnected(app: rx.App, sid: str, token: str) -> None:
    """A socket closed: what its tab was shown behind a sign-in goes at once; the rest of its
    state after Timing.CLOSED_TAB_KEPT_S, unless the tab is back by then."""
    limits().forget(sid)
    active = sid in _active
    _active.discard(sid)
    if not token:
        return
    if active:
        await _forget_protected(app, token)
    await asyncio.sleep(Timing.CLOSED_TAB_KEPT_S)
    try:
        if await reflex_internals.forget_closed_tab(app, token):
            browser_storage.forget(token)
    except Exception:
        log.exception("could not drop a closed tab's state")


async def _forget_protected(app: rx.App, token: str) -> None:
    from student_portal.state.auth import AuthState, forget_protected

    try:
        # Most tabs were never signed in: a look without the tab's lock says so (with Redis, taking
        # and giving back a lock is announced to every worker).
        if not (await reflex_internals.peek_state(app, token, AuthState)).stored_auth:
            return
        async with reflex_internals.closed_tab_state(app, token, first=AuthState) as root:
            if root is None:
                return
            if (await root.get_state(AuthState)).stored_auth:
                await forget_protected(root)  # type: ignore[arg-type]
    except Exception:
        log.exception("could not clear a closed tab's protected data")


def install() -> None:
    """Guard this process's websocket (once; before the app serves)."""
    reflex_internals.guard_websocket(admit, disconnected)
