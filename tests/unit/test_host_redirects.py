"""Redirects never echo the Host header a request chose (issue 16, finding 5)."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from starlette.responses import RedirectResponse

from student_portal.server.host_redirects import relative_location, with_host_safe_redirects


@pytest.mark.parametrize(
    "location, host, expected",
    [
        ("http://evil.example/login/", "evil.example", "/login/"),
        ("https://EVIL.example:8443/a/?q=1#f", "evil.example:8443", "/a/?q=1#f"),
        ("http://evil.example//other.example/", "evil.example", "/other.example/"),
        ("http://evil.example", "evil.example", "/"),
        ("/login/", "evil.example", "/login/"),
        ("https://cdn.example/files/x.jpg", "site.example", "https://cdn.example/files/x.jpg"),
    ],
)
def test_a_redirect_to_the_requested_host_becomes_relative(location: str, host: str, expected: str) -> None:
    assert relative_location(location, host) == expected


def test_the_trailing_slash_redirect_does_not_name_an_untrusted_host() -> None:
    async def app(scope, receive, send):
        # As Starlette's StaticFiles does for "/login": an absolute address built from Host.
        host = dict(scope["headers"])[b"host"].decode()
        await RedirectResponse(f"http://{host}{scope['path']}/", status_code=307)(scope, receive, send)

    async def go() -> httpx.Response:
        transport = httpx.ASGITransport(app=with_host_safe_redirects(app))
        async with httpx.AsyncClient(transport=transport, base_url="http://evil.example") as client:
            return await client.get("/login")

    response = asyncio.run(go())
    assert response.status_code == 307
    assert response.headers["location"] == "/login/"
