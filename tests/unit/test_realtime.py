"""PocketBase realtime subscriber: SSE parsing, backoff, reconnects, logging (no PocketBase)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from student_portal.constants import Timing
from student_portal.pocketbase import PUBLIC, Collection, PocketBaseClient
from student_portal.pocketbase.realtime import (
    RealtimeSubscriber,
    SseEvent,
    SseParser,
    backoff_delays,
    sse_events,
)

BASE = "http://pb.test"


# --- the event-stream format ---------------------------------------
def parse(text: str) -> list[SseEvent]:
    parser = SseParser()
    return [event for line in text.split("\n") if (event := parser.feed(line.rstrip("\r")))]


def test_parser_reads_pocketbase_connect_event() -> None:
    text = 'id:abc\nevent:PB_CONNECT\ndata:{"clientId":"abc"}\n\n'
    assert parse(text) == [SseEvent(event="PB_CONNECT", data='{"clientId":"abc"}', id="abc")]


def test_parser_joins_data_lines_drops_one_space_and_skips_comments() -> None:
    text = ": keep-alive\nevent: News/*\ndata: first\ndata:  second\nretry: 10\n\n"
    assert parse(text) == [SseEvent(event="News/*", data="first\n second")]


def test_parser_needs_data_and_a_blank_line_to_dispatch() -> None:
    assert parse("event:lonely\n\n") == []  # no data: nothing to dispatch
    assert parse("data:unfinished") == []  # not ended by a blank line
    assert parse("data:x\r\n\r\n") == [SseEvent(event="message", data="x")]


def test_parser_resets_the_event_name_between_events() -> None:
    events = parse("event:a\ndata:1\n\ndata:2\n\n")
    assert [(e.event, e.data) for e in events] == [("a", "1"), ("message", "2")]


@given(st.lists(st.text(alphabet=st.characters(blacklist_characters="\r\n"), max_size=20), min_size=1, max_size=5))
def test_parser_round_trips_any_data(lines: list[str]) -> None:
    text = "event:x\n" + "".join(f"data: {line}\n" for line in lines) + "\n"  # one space is dropped
    assert parse(text) == [SseEvent(event="x", data="\n".join(lines))]


async def test_stream_of_lines_becomes_events_and_a_cut_event_is_dropped() -> None:
    async def lines() -> AsyncIterator[str]:
        for line in ["event:a\n", "data:1\n", "\n", "event:b\n", "data:2\n"]:
            yield line

    assert [e.data async for e in sse_events(lines())] == ["1"]


# --- backoff ---------------------------------------
def test_backoff_follows_the_spec_then_repeats_the_last_interval_forever() -> None:
    delays = list(itertools.islice(backoff_delays(), 12))
    spec = [ms / 1000 for ms in Timing.REALTIME_RECONNECT_INTERVALS_MS]
    assert delays[: len(spec)] == spec == [0.2, 0.3, 0.5, 1.0, 1.2, 1.5, 2.0]
    assert delays[len(spec) :] == [2.0] * 5


# --- the subscriber, against a scripted PocketBase ---------------------------------------
class Stop(BaseException):
    """Ends a test's run() (BaseException: the subscriber only retries Exceptions)."""


def sse(event: str, data: Any, id_: str = "") -> bytes:
    payload = data if isinstance(data, str) else json.dumps(data)
    return (f"id:{id_}\n" if id_ else "").encode() + f"event:{event}\ndata:{payload}\n\n".encode()


def connect(client_id: str = "client-1") -> bytes:
    return sse("PB_CONNECT", {"clientId": client_id}, client_id)


def change(collection: str, action: str, record: dict) -> bytes:
    return sse(f"{collection}/*", {"action": action, "record": record})


HANG = object()  # the stream stays open without sending anything more


class ScriptedPocketBase:
    """Each GET /api/realtime takes the next script: a status, an exception, or stream chunks."""

    def __init__(self, *scripts: Any, subscribe_status: int = 204) -> None:
        self.scripts = list(scripts)
        self.subscribe_status = subscribe_status
        self.subscriptions: list[dict] = []
        self.gets = 0

    def __call__(self, request: httpx.Request) -> httpx.Response:
        assert request.url.path == "/api/realtime"
        if request.method == "POST":
            self.subscriptions.append(json.loads(request.content))
            return httpx.Response(self.subscribe_status, json={} if self.subscribe_status >= 400 else None)
        self.gets += 1
        if not self.scripts:
            raise Stop
        script = self.scripts.pop(0)
        if isinstance(script, int):
            return httpx.Response(script, json={"message": "no"})
        if isinstance(script, Exception):
            raise script
        return httpx.Response(200, headers={"Content-Type": "text/event-stream"}, content=_stream(script))


async def _stream(chunks: list[Any]) -> AsyncIterator[bytes]:
    for chunk in chunks:
        if chunk is HANG:
            await asyncio.Event().wait()
        yield chunk


class FakeCache:
    def __init__(self) -> None:
        self.events: list[tuple[str, str, dict]] = []
        self.reloads = 0
        self.live = False
        self.calls: list[str] = []  # reload / live / not live, in order

    def apply_event(self, collection: str, action: str, record: dict) -> bool:
        self.events.append((collection, action, record))
        return True

    async def reload(self) -> None:
        self.reloads += 1
        self.calls.append("reload")

    def set_live(self, live: bool) -> None:
        self.live = live
        self.calls.append("live" if live else "not live")


class Sleeps:
    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)


def subscriber(pb: ScriptedPocketBase, cache: FakeCache, sleeps: Sleeps, **kwargs: Any) -> RealtimeSubscriber:
    client = PocketBaseClient(BASE, transport=httpx.MockTransport(pb))
    return RealtimeSubscriber(client, cache, sleep=sleeps, **kwargs)


async def run_until_scripts_end(sub: RealtimeSubscriber) -> None:
    with pytest.raises(Stop):
        await sub.run()


async def test_subscribes_to_every_public_collection_and_feeds_events_to_the_cache() -> None:
    news = {"id": "n1", "collectionName": "News", "title": "Results out", "active": True}
    pb = ScriptedPocketBase([connect("abc"), change("News", "update", news), change("Classes", "create", {"id": "c1"})])
    cache, sleeps = FakeCache(), Sleeps()
    await run_until_scripts_end(subscriber(pb, cache, sleeps))
    assert pb.subscriptions == [{"clientId": "abc", "subscriptions": [f"{name}/*" for name in PUBLIC]}]
    topics = pb.subscriptions[0]["subscriptions"]
    assert f"{Collection.NEWS}/*" in topics and f"{Collection.CLASSES}/*" in topics
    assert f"{Collection.NOTES}/*" not in topics  # protected: never shared
    assert cache.events == [("News", "update", news), ("Classes", "create", {"id": "c1"})]
    assert cache.reloads == 1


async def test_every_reconnect_reloads_the_cache_and_resets_the_backoff() -> None:
    # Two good connections that PocketBase closes (its idle cut), failures in between.
    pb = ScriptedPocketBase([connect()], 503, httpx.ConnectError("refused"), [connect()], 503)
    cache, sleeps = FakeCache(), Sleeps()
    sub = subscriber(pb, cache, sleeps)
    await run_until_scripts_end(sub)
    assert cache.reloads == 2 and sub.connections == 2
    # closed -> 0.2; 503 -> 0.3; refused -> 0.5; good again, closed -> 0.2; 503 -> 0.3
    assert sleeps.delays == [0.2, 0.3, 0.5, 0.2, 0.3]


async def test_the_cache_is_live_only_between_a_reload_and_the_next_drop() -> None:
    pb = ScriptedPocketBase([connect()], 503, [connect()])
    cache = FakeCache()
    await run_until_scripts_end(subscriber(pb, cache, Sleeps()))
    # Live after the reload that follows each connect (never before), not live once it drops.
    assert cache.calls == ["reload", "live", "not live", "reload", "live", "not live"]
    assert cache.live is False


async def test_retries_forever_with_the_last_interval() -> None:
    pb = ScriptedPocketBase(*([httpx.ConnectError("refused")] * 10))
    sleeps = Sleeps()
    await run_until_scripts_end(subscriber(pb, FakeCache(), sleeps))
    assert sleeps.delays == [0.2, 0.3, 0.5, 1.0, 1.2, 1.5, 2.0, 2.0, 2.0, 2.0]


async def test_an_outage_is_logged_once_and_its_end_once(caplog: pytest.LogCaptureFixture) -> None:
    pb = ScriptedPocketBase(*([httpx.ConnectError("refused")] * 6), [connect()])
    caplog.set_level(logging.DEBUG, logger="student_portal.pocketbase.realtime")
    await run_until_scripts_end(subscriber(pb, FakeCache(), Sleeps()))
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    infos = [r for r in caplog.records if r.levelno == logging.INFO]
    assert len(warnings) == 1 and "refused" in warnings[0].getMessage()
    assert len(infos) == 1 and "connected again" in infos[0].getMessage()


async def test_the_idle_cut_is_not_an_outage(caplog: pytest.LogCaptureFixture) -> None:
    pb = ScriptedPocketBase([connect()], [connect()], [connect()])
    caplog.set_level(logging.INFO, logger="student_portal.pocketbase.realtime")
    await run_until_scripts_end(subscriber(pb, FakeCache(), Sleeps()))
    assert caplog.records == []


@pytest.mark.parametrize(
    "first",
    [
        [sse("News/*", {"action": "create", "record": {"id": "x"}})],  # not PB_CONNECT first
        [sse("PB_CONNECT", {"nope": 1})],  # no clientId
        [sse("PB_CONNECT", "not json")],
        [],  # closed before saying anything
    ],
    ids=["other-event-first", "no-client-id", "not-json", "empty"],
)
async def test_a_bad_handshake_is_retried(first: list[bytes]) -> None:
    pb = ScriptedPocketBase(first, [connect()])
    cache, sleeps = FakeCache(), Sleeps()
    sub = subscriber(pb, cache, sleeps)
    await run_until_scripts_end(sub)
    assert sub.connections == 1 and cache.reloads == 1
    assert sleeps.delays == [0.2, 0.2]  # failed -> 0.2; good, then closed -> 0.2 again


async def test_a_refused_subscription_is_retried() -> None:
    pb = ScriptedPocketBase([connect()], [connect()], subscribe_status=400)
    cache, sleeps = FakeCache(), Sleeps()
    sub = subscriber(pb, cache, sleeps)
    await run_until_scripts_end(sub)
    assert sub.connections == 0 and cache.reloads == 0 and len(pb.subscriptions) == 2
    assert sleeps.delays == [0.2, 0.3]


async def test_connect_times_out_when_pocketbase_never_says_hello() -> None:
    pb = ScriptedPocketBase([HANG], [connect()])
    sleeps = Sleeps()
    sub = subscriber(pb, FakeCache(), sleeps, connect_timeout=0.05)
    loop = asyncio.get_running_loop()
    started = loop.time()
    await run_until_scripts_end(sub)
    assert sub.connections == 1
    assert 0.05 <= loop.time() - started < 2


async def test_events_it_cannot_use_are_ignored() -> None:
    pb = ScriptedPocketBase(
        [
            connect(),
            sse("News/*", "not json"),
            sse("News/*", {"action": "update"}),  # no record
            sse("News/*", ["a", "list"]),
            sse("Notes/*", {"action": "create", "record": {"id": "n", "collectionName": "Notes"}}),
            sse("whatever", {"action": "create", "record": {"id": "j1", "collectionName": "Jobs"}}),
        ]
    )
    cache = FakeCache()
    await run_until_scripts_end(subscriber(pb, cache, Sleeps()))
    assert cache.events == [("Jobs", "create", {"id": "j1", "collectionName": "Jobs"})]


async def test_cancelling_run_stops_it_and_closes_the_stream() -> None:
    pb = ScriptedPocketBase([connect(), HANG])
    sub = subscriber(pb, FakeCache(), Sleeps())
    task = asyncio.create_task(sub.run())
    await asyncio.wait_for(sub.wait_connected(), 2)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert pb.gets == 1


# --- a real socket: the idle watchdog ---------------------------------------
@contextlib.asynccontextmanager
async def silent_realtime_server() -> AsyncIterator[tuple[str, list[int]]]:
    """A loopback HTTP server: GET /api/realtime says PB_CONNECT, then nothing, ever."""
    connections: list[int] = []

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        request = await reader.readuntil(b"\r\n\r\n")
        if request.startswith(b"POST"):
            length = int(
                next(h for h in request.split(b"\r\n") if h.lower().startswith(b"content-length")).split(b":")[1]
            )
            await reader.readexactly(length)
            writer.write(b"HTTP/1.1 204 No Content\r\n\r\n")
            await writer.drain()
            writer.close()
            return
        connections.append(1)
        body = connect(f"client-{len(connections)}")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
        writer.write(f"{len(body):x}\r\n".encode() + body + b"\r\n")
        await writer.drain()
        with contextlib.suppress(Exception):
            await reader.read()  # until the client goes away

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}", connections
    finally:
        server.close()


async def test_a_silent_connection_is_dropped_after_the_idle_timeout() -> None:
    async with silent_realtime_server() as (url, connections):
        cache = FakeCache()
        sub = RealtimeSubscriber(PocketBaseClient(url), cache, idle_timeout=0.2, intervals_ms=(10,))
        task = asyncio.create_task(sub.run())
        try:
            for _ in range(200):
                if sub.connections >= 3:
                    break
                await asyncio.sleep(0.02)
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        assert sub.connections >= 3 and cache.reloads == sub.connections
        assert len(connections) >= 3
