"""A simulated visitor: a websocket client speaking Reflex 0.10.1's event protocol, as the
compiled frontend does (.web/utils/state.js `connect`, backend reflex/app.py EventNamespace):

- socket.io (Engine.IO 4) on path `/_event`, namespace `/_event`, websocket transport, with the
  tab's session token in the query string (`?token=<uuid>`);
- the boot event `reflex___state____state.hydrate_and_load` rides in the CONNECT packet's auth
  payload `{"event": ..., "state_schema": ...}` with `router_data` {pathname, asPath} of the page,
  and on a first load the compiled initial-state hashes (`payload.hashes`), so the backend sends
  only what differs from the defaults baked into the page;
- the backend answers with `event` messages `{delta: {substate: {var: value}}, events: [...]}`:
  the snapshot, then `is_hydrated` once the page's on_load handlers were queued, then the deltas
  of those handlers (background loads) as they finish. `events` carries frontend-only events
  (names starting with `_`), e.g. the toast with id `backend_error` when a handler raised.

"All data" = hydrated, no boolean `*loading*` var true, and no further delta for SETTLE_MS; the
time reported is to the last delta received, so the settle wait itself is not counted.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks import config

BOOT_EVENT = "reflex___state____state.hydrate_and_load"
ROOT_STATE = "reflex___state____state"
HYDRATED_VAR = "is_hydrated_rx_state_"
VAR_SUFFIX = "_rx_state_"


@dataclass(frozen=True)
class CompiledFrontend:
    """What the built frontend sends on first load (read from .web/utils/context.jsx)."""

    state_schema: str | None = None
    hashes: tuple[str, ...] = ()

    @classmethod
    def read(cls, web_dir: Path = config.PROJECT_ROOT / ".web") -> CompiledFrontend:
        try:
            text = (web_dir / "utils" / "context.jsx").read_text()
        except OSError:
            return cls()
        schema = re.search(r'export const stateSchema = "([^"]*)"', text)
        hashes = re.search(r"export const initialStateHashes = (\[[^\]]*\])", text)
        return cls(schema.group(1) if schema else None, tuple(json.loads(hashes.group(1))) if hashes else ())


@dataclass
class Visit:
    ok: bool = False
    seconds: float | None = None  # connect start to the last delta of the page's data
    connected: float | None = None  # connect start to the namespace connected (handshake done)
    first_delta: float | None = None  # connect start to the first state delta (the snapshot)
    error: str | None = None
    deltas: int = 0


@dataclass
class _Progress:
    state: dict[str, dict[str, Any]] = field(default_factory=dict)
    last_delta_at: float = 0.0
    first_delta_at: float = 0.0
    deltas: int = 0
    backend_error: bool = False
    changed: asyncio.Event = field(default_factory=asyncio.Event)


def is_loading(state: dict[str, dict[str, Any]], pattern: re.Pattern[str]) -> bool:
    """True while any boolean var whose name matches `pattern` is true (pure)."""
    for substate in state.values():
        for name, value in substate.items():
            if value is True and pattern.search(name.removesuffix(VAR_SUFFIX)):
                return True
    return False


def is_hydrated(state: dict[str, dict[str, Any]]) -> bool:
    return state.get(ROOT_STATE, {}).get(HYDRATED_VAR) is True


def boot_event(path: str, frontend: CompiledFrontend, storage: dict[str, str] | None = None) -> dict[str, Any]:
    """The hydrate a page sends; `storage`: its browser storage values (`vars`, by full var
    name), `path` may carry a query (`/search?q=x`)."""
    payload: dict[str, Any] = {"hashes": list(frontend.hashes)} if frontend.hashes else {}
    if storage:
        payload["vars"] = storage
    pathname = path.split("?", 1)[0]
    return {"name": BOOT_EVENT, "payload": payload, "router_data": {"pathname": pathname, "asPath": path}}


async def visit(
    site_url: str,
    path: str,
    frontend: CompiledFrontend,
    *,
    timeout_s: float = config.VISITOR_TIMEOUT_S,
    settle_ms: int = config.SETTLE_MS,
    storage: dict[str, str] | None = None,
) -> Visit:
    """Load one page's data the way a browser tab does; never raises."""
    import aiohttp
    import socketio  # the `bench` extra: python-socketio[asyncio_client]

    pattern = re.compile(config.LOADING_VAR_PATTERN)
    progress = _Progress()
    # Our own HTTP session, closed below whatever happens (engine.io leaves its own open on
    # some failed connects).
    session = aiohttp.ClientSession()
    client = socketio.AsyncClient(reconnection=False, http_session=session)

    async def on_event(update: dict[str, Any]) -> None:
        progress.last_delta_at = time.perf_counter()
        progress.first_delta_at = progress.first_delta_at or progress.last_delta_at
        progress.deltas += 1
        for substate, changes in (update.get("delta") or {}).items():
            progress.state.setdefault(substate, {}).update(changes)
        if "backend_error" in json.dumps(update.get("events") or []):
            progress.backend_error = True
        progress.changed.set()

    async def on_disconnect(*_: Any) -> None:
        progress.changed.set()

    client.on("event", on_event, namespace="/_event")
    client.on("disconnect", on_disconnect, namespace="/_event")
    auth = {"event": boot_event(path, frontend, storage)}
    if frontend.state_schema:
        auth["state_schema"] = frontend.state_schema
    started = time.perf_counter()
    result = Visit()
    try:
        await asyncio.wait_for(
            client.connect(
                f"{site_url}?token={uuid.uuid4()}",
                namespaces=["/_event"],
                socketio_path="/_event",
                transports=["websocket"],
                auth=auth,
                wait_timeout=timeout_s,
            ),
            timeout_s,
        )
        result.connected = time.perf_counter() - started
        deadline = started + timeout_s
        while True:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                result.error = "timeout"
                break
            ready = is_hydrated(progress.state) and not is_loading(progress.state, pattern)
            progress.changed.clear()
            try:
                await asyncio.wait_for(
                    progress.changed.wait(), min(remaining, settle_ms / 1000) if ready else remaining
                )
            except TimeoutError:
                if ready:
                    result.ok = not progress.backend_error
                    result.seconds = progress.last_delta_at - started
                    result.error = "backend error toast" if progress.backend_error else None
                    break
            if not client.connected:
                result.error = "disconnected"
                break
    except Exception as exc:
        result.error = f"{type(exc).__name__}: {exc}"[:200] or type(exc).__name__
    finally:
        result.deltas = progress.deltas
        if progress.first_delta_at:
            result.first_delta = progress.first_delta_at - started
        with contextlib.suppress(Exception):
            await asyncio.wait_for(client.disconnect(), 5)
        await session.close()
    return result


class Tab:
    """An open page that sends events as the browser does and keeps the state it is sent."""

    def __init__(self, client: Any, path: str, progress: _Progress) -> None:
        self._client, self._path, self._progress = client, path, progress

    @property
    def state(self) -> dict[str, dict[str, Any]]:
        return self._progress.state

    async def send(self, name: str, payload: dict[str, Any]) -> None:
        router = {"pathname": self._path, "asPath": self._path}
        await self._client.emit("event", {"name": name, "payload": payload, "router_data": router}, namespace="/_event")

    async def wait_for(self, done, timeout_s: float = config.VISITOR_TIMEOUT_S) -> None:
        """Until `done(state)` (suffixed var names, as sent); raises TimeoutError."""
        deadline = time.perf_counter() + timeout_s
        while not done(self._progress.state):
            if self._progress.backend_error:
                raise RuntimeError("backend error toast")
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise TimeoutError("no such state")
            self._progress.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._progress.changed.wait(), remaining)


@contextlib.asynccontextmanager
async def open_tab(
    site_url: str,
    path: str,
    frontend: CompiledFrontend,
    timeout_s: float = config.VISITOR_TIMEOUT_S,
    storage: dict[str, str] | None = None,
):
    """A tab with `path` loaded (hydrated); closed on leaving."""
    import aiohttp
    import socketio

    progress = _Progress()
    session = aiohttp.ClientSession()
    client = socketio.AsyncClient(reconnection=False, http_session=session)

    async def on_event(update: dict[str, Any]) -> None:
        for substate, changes in (update.get("delta") or {}).items():
            progress.state.setdefault(substate, {}).update(changes)
        if "backend_error" in json.dumps(update.get("events") or []):
            progress.backend_error = True
        progress.changed.set()

    client.on("event", on_event, namespace="/_event")
    auth: dict[str, Any] = {"event": boot_event(path, frontend, storage)}
    if frontend.state_schema:
        auth["state_schema"] = frontend.state_schema
    try:
        await asyncio.wait_for(
            client.connect(
                f"{site_url}?token={uuid.uuid4()}",
                namespaces=["/_event"],
                socketio_path="/_event",
                transports=["websocket"],
                auth=auth,
                wait_timeout=timeout_s,
            ),
            timeout_s,
        )
        tab = Tab(client, path, progress)
        await tab.wait_for(is_hydrated, timeout_s)
        yield tab
    finally:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(client.disconnect(), 5)
        await session.close()
