"""The one-click unsubscribe POST (RFC 8058) is answered before the app; everything else passes."""

from __future__ import annotations

import httpx
import pytest

from student_portal.pocketbase import ClientResponseError
from student_portal.server.one_click_unsubscribe import with_one_click_unsubscribe


class _Client:
    def __init__(self, failure: int | None = None) -> None:
        self.tokens: list[str] = []
        self.failure = failure

    async def unsubscribe(self, token: str) -> str:
        self.tokens.append(token)
        if self.failure is not None:
            raise ClientResponseError(status=self.failure, message="refused")
        return "classes"


async def _app(scope, receive, send) -> None:
    await send({"type": "http.response.start", "status": 299, "headers": []})
    await send({"type": "http.response.body", "body": scope["path"].encode()})


async def _post(site, path: str, method: str = "POST") -> httpx.Response:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=site), base_url="http://site.test") as http:
        return await http.request(method, path, data={"List-Unsubscribe": "One-Click"})


@pytest.mark.parametrize("path", ["/unsubscribe/abc.def", "/si/unsubscribe/abc.def", "/ta/unsubscribe/abc.def/"])
async def test_a_post_to_a_link_unsubscribes_in_every_language(path: str) -> None:
    client = _Client()
    answer = await _post(with_one_click_unsubscribe(_app, client=lambda: client), path)
    assert answer.status_code == 200 and client.tokens == ["abc.def"]
    assert answer.headers["cache-control"] == "no-store"


@pytest.mark.parametrize("status, answered", [(400, 400), (500, 503), (0, 503)])
async def test_a_refused_or_failed_unsubscribe_says_so(status: int, answered: int) -> None:
    site = with_one_click_unsubscribe(_app, client=lambda: _Client(failure=status))
    assert (await _post(site, "/unsubscribe/forged")).status_code == answered


@pytest.mark.parametrize("method, path", [("GET", "/unsubscribe/abc"), ("POST", "/account"), ("POST", "/unsubscribed")])
async def test_the_page_and_other_requests_reach_the_app(method: str, path: str) -> None:
    client = _Client()
    answer = await _post(with_one_click_unsubscribe(_app, client=lambda: client), path, method)
    assert answer.status_code == 299 and client.tokens == []
