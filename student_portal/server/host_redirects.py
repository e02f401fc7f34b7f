"""Redirects never send a visitor to the host their request named.

The Host header is chosen by whoever sends the request. Starlette builds absolute redirect
addresses from it (the built frontend's "/login" -> "/login/", for example), so a request with
`Host: evil.example` was answered `Location: http://evil.example/login/`: a poisoned shared
cache, or a proxy that passes Host through, would send real visitors to that host. A Location
on the request's own host is rewritten to its path (browsers resolve it against the address
they asked for); redirects to other hosts (a CDN) are left as they are.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send


def relative_location(location: str, host: str) -> str:
    """`location` without scheme and host when it points at `host` (the request's Host header)."""
    try:
        parts = urlsplit(location)
    except ValueError:
        return "/"
    if not parts.netloc:
        return location
    if parts.netloc.lower() != host.lower():
        return location
    path = parts.path or "/"
    # "//evil" as a path would be read as another host: keep a single leading slash.
    return urlunsplit(("", "", "/" + path.lstrip("/"), parts.query, parts.fragment))


def with_host_safe_redirects(app: ASGIApp) -> ASGIApp:
    """ASGI transform: makes every redirect to the request's own Host relative."""

    async def asgi(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        host = next((v.decode("latin-1") for k, v in scope.get("headers", []) if k == b"host"), "")

        async def send_relative(message: Message) -> None:
            if message["type"] == "http.response.start" and 300 <= message.get("status", 200) < 400:
                message["headers"] = [
                    (
                        k,
                        relative_location(v.decode("latin-1"), host).encode("latin-1")
                        if k.lower() == b"location"
                        else v,
                    )
                    for k, v in message.get("headers", [])
                ]
            await send(message)

        await app(scope, receive, send_relative)

    return asgi
