"""A TCP proxy in front of PocketBase that a test can turn: point it at another server,
slow it down, make it answer garbage, or take it away entirely.

The site under test talks to the proxy's fixed address, so one running site can be shown a
demo backend, an empty one, a dead one or a slow one without a rebuild. Loopback only.

Each switch makes the site sign in as its superuser again (the other server refuses its token).
Those sign-ins come from the site's own address, where PocketBase allows 10 until a minute passes
with none: a module whose tests switch every few seconds would run out, which no real site sees
(it has one PocketBase). So the proxy gives each of them an address of its own, as the tests'
own superuser sign-ins have (tests/support/admin.py). Visitors' sign-ins carry theirs already.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket
import threading
from dataclasses import dataclass

GARBAGE_RESPONSE = (
    b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 21\r\n"
    b"Connection: close\r\n\r\n<html>not json</html>"
)
ERROR_RESPONSE = (
    b"HTTP/1.1 500 Internal Server Error\r\nContent-Type: application/json\r\n"
    b"Content-Length: 2\r\nConnection: close\r\n\r\n{}"
)

SUPERUSER_SIGN_IN = b"POST /api/collections/_superusers/auth-with-password HTTP/1.1\r\n"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Mode:
    upstream_port: int | None  # None: refuse connections (the backend is down)
    delay_s: float = 0.0  # wait this long before forwarding each connection's first bytes
    # With markers: delay instead every request whose bytes contain one of them (e.g.
    # b"/api/collections/Jobs/"), on fresh and kept-alive connections alike; others pass at once.
    delay_only: tuple[bytes, ...] = ()
    canned: bytes | None = None  # answer this instead of forwarding


class BackendProxy:
    def __init__(self, upstream_port: int, port: int | None = None) -> None:
        self.port = port or free_port()
        self.mode = Mode(upstream_port)
        self._loop = asyncio.new_event_loop()
        self._server: asyncio.AbstractServer | None = None
        self._connections: set[asyncio.StreamWriter] = set()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> BackendProxy:
        self._thread.start()
        self._call(self._listen())
        return self

    def stop(self) -> None:
        self._call(self._close(listening=True))
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)

    def set_mode(self, mode: Mode) -> None:
        """Switch behaviour; open connections are cut so pooled clients see the change."""
        self.mode = mode
        self._call(self._close(listening=mode.upstream_port is None and mode.canned is None))
        if self._server is None and (mode.upstream_port is not None or mode.canned is not None):
            self._call(self._listen())

    def forward_to(self, upstream_port: int) -> None:
        self.set_mode(Mode(upstream_port))

    def _call(self, coro) -> None:
        asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout=10)

    async def _listen(self) -> None:
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", self.port, reuse_address=True)

    async def _close(self, listening: bool) -> None:
        if listening and self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None
        for writer in list(self._connections):
            writer.close()
        self._connections.clear()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        mode = self.mode
        self._connections.add(writer)
        try:
            if mode.delay_s and not mode.delay_only:
                await asyncio.sleep(mode.delay_s)
            if mode.canned is not None:
                await reader.read(65536)
                writer.write(mode.canned)
                await writer.drain()
                return
            if mode.upstream_port is None:
                return
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", mode.upstream_port)
            self._connections.add(up_writer)
            await asyncio.gather(_pipe(reader, up_writer, mode), _pipe(up_reader, writer))
        except OSError:
            pass
        finally:
            self._connections.discard(writer)
            with contextlib.suppress(Exception):
                writer.close()


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, mode: Mode | None = None) -> None:
    try:
        while data := await reader.read(65536):
            if data.startswith(SUPERUSER_SIGN_IN) and b"\r\nx-forwarded-for:" not in data.lower():
                address = f"X-Forwarded-For: 198.19.{random.randrange(256)}.{random.randrange(1, 255)}\r\n"
                data = SUPERUSER_SIGN_IN + address.encode() + data[len(SUPERUSER_SIGN_IN) :]
            if mode is not None and mode.delay_only and any(marker in data for marker in mode.delay_only):
                await asyncio.sleep(mode.delay_s)
            writer.write(data)
            await writer.drain()
    except (OSError, asyncio.CancelledError):
        pass
    finally:
        with contextlib.suppress(Exception):
            writer.close()
