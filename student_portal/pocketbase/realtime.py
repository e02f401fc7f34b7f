"""PocketBase realtime: one SSE subscription per process that keeps the content cache current.

PocketBase's realtime API (shared/PLATFORM.md): `GET /api/realtime` is a Server-Sent Events
stream whose first event, PB_CONNECT, carries a `clientId`; `POST /api/realtime {clientId,
subscriptions}` chooses the topics ("News/*" = every record of News); each later event's data is
`{action: create|update|delete, record}`, filtered by the collection's list/view rules (our
public collections are readable by anyone).

`RealtimeSubscriber.run()` keeps that subscription alive forever:
- connect within Timing.REALTIME_CONNECT_TIMEOUT_MS (connection, PB_CONNECT and subscription);
- on every (re)connect, reload the cache: events may have been missed while disconnected;
- each event goes to `cache.apply_event(...)`, which notifies the cache's listeners of a change;
- reconnect after any failure with the spec's backoff (Timing.REALTIME_RECONNECT_INTERVALS_MS,
  the last interval repeated without limit), reset after a good connection;
- PocketBase drops idle connections after ~5 min, and a dead network may never say so: the
  stream is read with an idle timeout a little above PocketBase's, then reconnected.
Logging: one warning when an outage starts and one line when it ends, not one per retry.

Knows nothing of Reflex; the site runs one subscriber per worker (student_portal/server/live_updates.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

import httpx

from student_portal.constants import Timing
from student_portal.pocketbase.client import PocketBaseClient
from student_portal.pocketbase.collections import PUBLIC

log = logging.getLogger(__name__)

REALTIME_PATH = "/api/realtime"
CONNECT_EVENT = "PB_CONNECT"


# --- Server-Sent Events, parsed line by line (the WHATWG event-stream format) -------------------
@dataclass(frozen=True)
class SseEvent:
    event: str  # "message" when the stream names none
    data: str
    id: str = ""


class SseParser:
    """Turns event-stream lines (without their line endings) into events.

    `data:` lines accumulate (joined by newlines); a blank line ends the event; lines starting
    with ":" are comments (keep-alives); one space after the colon is dropped; an event without
    data is not dispatched; unknown fields are ignored.
    """

    def __init__(self) -> None:
        self._event = ""
        self._data: list[str] = []
        self._id = ""

    def feed(self, line: str) -> SseEvent | None:
        if line == "":
            return self._dispatch()
        if line.startswith(":"):
            return None
        field, colon, value = line.partition(":")
        if colon and value.startswith(" "):
            value = value[1:]
        if field == "event":
            self._event = value
        elif field == "data":
            self._data.append(value)
        elif field == "id" and "\0" not in value:
            self._id = value
        return None

    def _dispatch(self) -> SseEvent | None:
        event, data = self._event, self._data
        self._event, self._data = "", []
        if not data:
            return None
        return SseEvent(event=event or "message", data="\n".join(data), id=self._id)


async def sse_events(lines: AsyncIterator[str]) -> AsyncGenerator[SseEvent]:
    """The events of a stream of lines (an event cut off by the stream's end is dropped)."""
    parser = SseParser()
    async for line in lines:
        event = parser.feed(line.rstrip("\r\n"))
        if event is not None:
            yield event


# --- backoff ---------------------------------------------------------------------------------------
def backoff_delays(
    intervals_ms: Iterable[int] = Timing.REALTIME_RECONNECT_INTERVALS_MS,
) -> Iterator[float]:
    """Seconds to wait before each retry: the intervals in order, then the last one forever."""
    intervals = [max(0, int(ms)) for ms in intervals_ms] or [0]
    yield from (ms / 1000 for ms in intervals)
    while True:
        yield intervals[-1] / 1000


# --- the subscriber --------------------------------------------------------------------------------
class RealtimeCache(Protocol):
    """What the subscriber needs of the content cache (pocketbase/cache.py)."""

    def apply_event(self, collection: str, action: str, record: dict[str, Any]) -> bool: ...

    async def reload(self) -> None: ...

    def set_live(self, live: bool) -> None: ...


class RealtimeError(Exception):
    """The realtime handshake failed (a bad answer, not a network error)."""


def topics_for(collections: Iterable[str]) -> list[str]:
    return [f"{name}/*" for name in collections]


# A bit more than PocketBase's 5 min idle cut: a silent dead connection is noticed after this.
IDLE_TIMEOUT_S = 330.0


class RealtimeSubscriber:
    """Keeps one realtime subscription to `collections` alive and feeds its events to `cache`."""

    def __init__(
        self,
        client: PocketBaseClient,
        cache: RealtimeCache,
        collections: Iterable[str] = tuple(PUBLIC),
        *,
        connect_timeout: float = Timing.REALTIME_CONNECT_TIMEOUT_MS / 1000,
        idle_timeout: float = IDLE_TIMEOUT_S,
        intervals_ms: Iterable[int] = Timing.REALTIME_RECONNECT_INTERVALS_MS,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
        auth: Callable[[], Awaitable[str]] | None = None,
    ) -> None:
        self.client = client
        # The token the subscription is made with (PocketBase filters events by its rules);
        # None: as a guest, which sees the public collections. Asked for at each attempt: the
        # caller checks it then (a restored or replaced PocketBase takes an unknown token as a
        # guest's, without refusing it: search/credential.py).
        self._auth = auth
        self.cache = cache
        self.collections = tuple(collections)
        self.connect_timeout = connect_timeout
        self.idle_timeout = idle_timeout
        self.intervals_ms = tuple(intervals_ms)
        self._sleep = sleep
        self.connected = False
        self.connections = 0  # good connections made so far (for tests and diagnostics)
        self.client_id = ""
        self._outage_since: float | None = None
        self._failed_attempts = 0
        self._connected_event = asyncio.Event()

    async def wait_connected(self) -> None:
        """Return once the subscription is live (for tests and start-up ordering)."""
        await self._connected_event.wait()

    async def run(self) -> None:
        """Subscribe, and resubscribe after every drop, until cancelled."""
        delays = backoff_delays(self.intervals_ms)
        while True:
            try:
                await self._session()
            except asyncio.CancelledError:
                raise
            except Exception as error:
                self._failed(error)
            else:
                log.debug("realtime: PocketBase closed the stream; reconnecting")
            if self.connected:
                delays = backoff_delays(self.intervals_ms)  # a good connection resets the backoff
                self._set_connected(False)
            await self._sleep(next(delays))

    # --- one connection ------------------------------------------------------------------------
    async def _session(self) -> None:
        http = self.client._client()  # the shared pool of the process-wide client
        timeout = httpx.Timeout(self.connect_timeout, read=self.idle_timeout)
        async with contextlib.AsyncExitStack() as stack:
            async with asyncio.timeout(self.connect_timeout):
                response = await stack.enter_async_context(
                    http.stream("GET", REALTIME_PATH, headers={"Accept": "text/event-stream"}, timeout=timeout)
                )
                if response.status_code != 200:
                    raise RealtimeError(f"GET {REALTIME_PATH} answered {response.status_code}")
                events = sse_events(response.aiter_lines())
                stack.push_async_callback(events.aclose)
                first = await anext(events, None)
                self.client_id = _client_id(first)
                await self._subscribe(http)
            await self._connected()
            async for event in events:
                self._handle(event)

    async def _subscribe(self, http: httpx.AsyncClient) -> None:
        headers = {"Authorization": await self._auth()} if self._auth is not None else {}
        response = await http.post(
            REALTIME_PATH,
            json={"clientId": self.client_id, "subscriptions": topics_for(self.collections)},
            timeout=self.connect_timeout,
            headers=headers,
        )
        if response.status_code >= 400:
            raise RealtimeError(f"subscribing answered {response.status_code}: {response.text[:200]}")

    async def _connected(self) -> None:
        self.connections += 1
        self._failed_attempts = 0
        if self._outage_since is not None:
            log.info("realtime: connected again after %.1f s", time.monotonic() - self._outage_since)
            self._outage_since = None
        else:
            log.debug("realtime: subscribed to %d collections", len(self.collections))
        self._set_connected(True)
        # Events may have been missed while disconnected: start from fresh lists, which the
        # events then keep current (the cache may hold them longer meanwhile).
        await self.cache.reload()
        self.cache.set_live(True)

    def _handle(self, event: SseEvent) -> None:
        if event.event == CONNECT_EVENT:
            return
        try:
            body = json.loads(event.data)
        except ValueError:
            log.debug("realtime: ignoring an event that is not JSON: %r", event.data[:100])
            return
        if not isinstance(body, dict) or not isinstance(body.get("record"), dict):
            return
        record = body["record"]
        collection = event.event.partition("/")[0] or str(record.get("collectionName", ""))
        if collection not in self.collections:
            collection = str(record.get("collectionName", ""))
        if collection in self.collections:
            self.cache.apply_event(collection, str(body.get("action", "")), record)

    # --- state and logging ---------------------------------------------------------------------
    def _set_connected(self, connected: bool) -> None:
        self.connected = connected
        if connected:
            self._connected_event.set()
        else:
            self._connected_event.clear()
            self.cache.set_live(False)

    def _failed(self, error: Exception) -> None:
        self._failed_attempts += 1
        if self._outage_since is None:
            self._outage_since = time.monotonic()
            log.warning("realtime: no connection to PocketBase (%s); retrying until it answers", _describe(error))
        else:
            log.debug("realtime: still no connection (%s)", _describe(error))


def _client_id(event: SseEvent | None) -> str:
    if event is None or event.event != CONNECT_EVENT:
        raise RealtimeError(f"expected {CONNECT_EVENT} first, got {event.event if event else 'nothing'}")
    try:
        body = json.loads(event.data)
    except ValueError as error:
        raise RealtimeError(f"{CONNECT_EVENT} data is not JSON") from error
    client_id = body.get("clientId") if isinstance(body, dict) else None
    if not isinstance(client_id, str) or not client_id:
        raise RealtimeError(f"{CONNECT_EVENT} without a clientId")
    return client_id


def _describe(error: BaseException) -> str:
    if isinstance(error, TimeoutError | httpx.TimeoutException):
        return "timed out"
    text = str(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
