"""Answer one path prefix before Reflex's app, with nothing added on the way of the rest."""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send


def answered_before(app: ASGIApp, prefix: str, handler: ASGIApp) -> ASGIApp:
    """HTTP requests under `prefix/` go to `handler`; every other request and the websocket go
    straight to `app` (no middleware between them and Reflex)."""
    under = prefix.rstrip("/") + "/"

    async def asgi(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].startswith(under):
            await handler(scope, receive, send)
        else:
            await app(scope, receive, send)

    return asgi
