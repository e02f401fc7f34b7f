"""Start the bundled PocketBase with the site when no external one is configured.

A lifespan task runs in every backend worker; a file lock makes exactly one of them own the
PocketBase process, the others wait for it to answer. With POCKETBASE_URL set, nothing starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
from collections.abc import AsyncIterator

from student_portal.pocketbase.embedded import (
    EmbeddedPocketBase,
    data_dir_from_env,
    make_private_dir,
    open_private,
    port_from_env,
)
from student_portal.settings import settings

logger = logging.getLogger(__name__)

_STARTUP_WAIT_S = 30.0


@contextlib.asynccontextmanager
async def embedded_pocketbase() -> AsyncIterator[None]:
    if settings().pocketbase_url:
        yield
        return
    data_dir = data_dir_from_env()
    make_private_dir(data_dir)
    server = EmbeddedPocketBase(data_dir, port=port_from_env(), log_file=data_dir / "pocketbase.log")
    lock = open_private(data_dir / ".embedded.lock", "wb")  # held for the app's lifetime
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        owner = True
    except BlockingIOError:
        owner = False
    try:
        if owner and await asyncio.to_thread(server.is_healthy):
            # Something already answers on the port (e.g. a PocketBase left from an earlier run).
            print(f"Using the PocketBase already running at {server.url} — admin UI: {server.admin_url}", flush=True)
        elif owner:
            server.launch()  # here, in the event loop's thread: see EmbeddedPocketBase.launch
            await asyncio.to_thread(server.wait_until_healthy)
            print(f"PocketBase (embedded) at {server.url} — admin UI: {server.admin_url}", flush=True)
        elif not owner:
            await _wait_until_healthy(server)
        yield
    finally:
        if owner:
            await asyncio.to_thread(server.stop)
            fcntl.flock(lock, fcntl.LOCK_UN)
        lock.close()


async def _wait_until_healthy(server: EmbeddedPocketBase) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + _STARTUP_WAIT_S
    while loop.time() < deadline:
        if await asyncio.to_thread(server.is_healthy):
            return
        await asyncio.sleep(0.2)
    logger.error("embedded PocketBase did not answer at %s", server.url)
