"""An ASGI app that answers with the class of the event loop serving it (test_server_loop.py)."""

from __future__ import annotations

import asyncio


async def app(scope, receive, send) -> None:  # type: ignore[no-untyped-def]
    if scope["type"] != "http":
        return
    loop = type(asyncio.get_running_loop())
    body = f"{loop.__module__}.{loop.__qualname__}".encode()
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": body})
