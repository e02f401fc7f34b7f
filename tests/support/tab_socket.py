"""A browser tab's websocket, spoken by hand: Engine.IO 4 + Socket.IO on `/_event`, the way
Reflex 0.10.1's compiled frontend does (see benchmarks/reflex_client.py for the protocol).

Sync and small (wsproto, also under Reflex's python-engineio), so a test can send events no
browser would: oversized names, handlers that do not exist, chosen headers.
"""

from __future__ import annotations

import contextlib
import json
import socket
import time
import uuid
from typing import Any
from urllib.parse import urlsplit

from wsproto import ConnectionType, WSConnection
from wsproto.events import AcceptConnection, CloseConnection, Message, Ping, Request, TextMessage


class _WebSocket:
    """A blocking websocket client (text messages only) on wsproto."""

    def __init__(self, url: str, headers: dict[str, str]) -> None:
        parts = urlsplit(url)
        self.sock = socket.create_connection((parts.hostname, parts.port or 80), timeout=10)
        self.conn = WSConnection(ConnectionType.CLIENT)
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        extra = [(k.encode(), v.encode()) for k, v in headers.items()]
        self.sock.sendall(self.conn.send(Request(host=parts.netloc, target=target, extra_headers=extra)))
        self.pending: list[str] = []
        self.parts: list[str] = []
        self.accepted = False
        while not self.accepted:
            self._read(10)

    def _read(self, timeout: float) -> bool:
        self.sock.settimeout(timeout)
        try:
            data = self.sock.recv(1 << 20)
        except TimeoutError:
            return False
        self.conn.receive_data(data or None)
        for event in self.conn.events():
            if isinstance(event, AcceptConnection):
                self.accepted = True
            elif isinstance(event, TextMessage):
                self.parts.append(event.data)
                if event.message_finished:
                    self.pending.append("".join(self.parts))
                    self.parts = []
            elif isinstance(event, Ping):
                self.sock.sendall(self.conn.send(event.response()))
            elif isinstance(event, CloseConnection):
                raise ConnectionError(f"websocket closed: {event.code} {event.reason}")
        return True

    def receive(self, timeout: float) -> str | None:
        deadline = time.monotonic() + timeout
        while not self.pending:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not self._read(remaining):
                return None
        return self.pending.pop(0)

    def send(self, text: str) -> None:
        self.sock.sendall(self.conn.send(Message(data=text)))

    def close(self) -> None:
        with contextlib.suppress(Exception):  # already closed by the server
            self.sock.sendall(self.conn.send(CloseConnection(code=1000)))
        self.sock.close()


NAMESPACE = "/_event"
BOOT_EVENT = "reflex___state____state.hydrate_and_load"


class TabSocket:
    def __init__(
        self,
        base_url: str,
        path: str = "/",
        *,
        token: str | None = None,
        headers: dict | None = None,
        storage: dict[str, str] | None = None,
    ):
        self.token = token or str(uuid.uuid4())
        self.path = path
        ws_url = base_url.replace("http://", "ws://").rstrip("/")
        self.ws = _WebSocket(f"{ws_url}{NAMESPACE}/?EIO=4&transport=websocket&token={self.token}", headers or {})
        self.received_bytes = 0
        self.deltas: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []  # frontend events the server sent (toasts...)
        opening = self.ws.receive(timeout=10)
        assert opening and opening.startswith("0"), opening
        # `storage`: the browser storage values a page sends with its hydrate (`vars`).
        payload = {"vars": storage} if storage else {}
        boot = {"name": BOOT_EVENT, "payload": payload, "router_data": {"pathname": path, "asPath": path}}
        self.ws.send(f"40{NAMESPACE},{json.dumps({'event': boot})}")

    def emit(self, name: str, payload: dict[str, Any]) -> None:
        event = {"name": name, "payload": payload, "router_data": {"pathname": self.path, "asPath": self.path}}
        self.ws.send(f"42{NAMESPACE},{json.dumps(['event', event])}")

    def drain(self, quiet_s: float = 1.0, timeout_s: float = 30.0) -> None:
        """Read until nothing arrives for `quiet_s` (answering pings), collecting deltas."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            message = self.ws.receive(timeout=quiet_s)
            if message is None:
                return
            self.received_bytes += len(message.encode())
            if message == "2":
                self.ws.send("3")
            elif message.startswith(f"42{NAMESPACE},"):
                name, *args = json.loads(message[len(f"42{NAMESPACE},") :])
                if name == "event" and args and isinstance(args[0], dict):
                    self.deltas.append(args[0].get("delta") or {})
                    self.events.extend(args[0].get("events") or [])

    def close(self) -> None:
        self.ws.close()
