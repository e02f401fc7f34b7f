"""PocketBase client and content cache, against httpx.MockTransport (no server)."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from student_portal.constants import Limit
from student_portal.i18n.texts import Text
from student_portal.pocketbase import (
    ClientResponseError,
    Collection,
    ContentCache,
    Job,
    PocketBaseClient,
    Product,
    configured_client,
    content_cache,
    filter_eq,
    is_rate_limited,
    sort_records,
)
from student_portal.pocketbase import cache as cache_module
from student_portal.pocketbase import client as client_module
from student_portal.pocketbase.errors import redact_url

BASE = "http://pb.test"
Handler = Callable[[httpx.Request], httpx.Response]


def make_client(handler: Handler, **kwargs: Any) -> PocketBaseClient:
    return PocketBaseClient(BASE, transport=httpx.MockTransport(handler), **kwargs)


def page_body(items: list[dict], page: int = 1, per_page: int = 30, total: int = -1) -> dict:
    return {
        "page": page,
        "perPage": per_page,
        "totalItems": total,
        "totalPages": -1,
        "items": items,
    }


# --- error mapping ---------------------------------------
@pytest.mark.parametrize(
    ("status", "body", "message"),
    [
        (
            400,
            {"status": 400, "message": "Failed to authenticate.", "data": {}},
            "Failed to authenticate.",
        ),
        (
            404,
            {"status": 404, "message": "The requested resource wasn't found.", "data": {}},
            Text.CLIENT_NOT_FOUND,
        ),
        (429, {"status": 429, "message": "Too Many Requests.", "data": {}}, "Too Many Requests."),
        (500, {"status": 500, "message": "", "data": {}}, Text.CLIENT_DEFAULT_ERROR),
        (502, "<html>Bad gateway</html>", Text.CLIENT_DEFAULT_ERROR),
        (403, [1, 2], Text.CLIENT_DEFAULT_ERROR),
    ],
)
async def test_error_status_raises_client_response_error(status, body, message) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if isinstance(body, str):
            return httpx.Response(status, text=body)
        return httpx.Response(status, json=body)

    pb = make_client(handler)
    with pytest.raises(ClientResponseError) as caught:
        await pb.list("News", sort="created")
    error = caught.value
    assert error.status == status
    assert error.message == message
    assert error.response == (body if isinstance(body, dict) else {})
    assert error.url.startswith(f"{BASE}/api/collections/News/records")
    assert not error.is_abort
    assert error.is_rate_limited is (status == 429)
    assert is_rate_limited(error) is (status == 429)


async def test_rate_limit_helper_ignores_other_errors() -> None:
    assert not is_rate_limited(ValueError("x"))
    assert not is_rate_limited(ClientResponseError(status=400))


@pytest.mark.parametrize(
    ("response", "reason"),
    [
        (httpx.Response(200, text="not json"), "not JSON"),
        (httpx.Response(200, json=[1, 2]), "not object"),
        (httpx.Response(200, json={"page": 1}), "items"),
        (httpx.Response(200, json={"items": "nope"}), "items"),
        (httpx.Response(200, content=b"\xff\xfe\x00garbage"), "JSON"),
    ],
)
async def test_garbage_body_is_an_error_not_a_crash(response, reason) -> None:
    pb = make_client(lambda request: response)
    with pytest.raises(ClientResponseError) as caught:
        await pb.list("News")
    assert caught.value.status == 200
    assert caught.value.message == Text.CLIENT_DEFAULT_ERROR
    assert reason in str(caught.value.original_error)


async def test_list_drops_items_that_are_not_objects() -> None:
    pb = make_client(lambda request: httpx.Response(200, json=page_body([{"id": "a"}, 3, None])))
    result = await pb.list("News")
    assert result.items == [{"id": "a"}]


async def test_timeout_maps_to_status_0_and_timeout_text() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("timed out", request=request)

    with pytest.raises(ClientResponseError) as caught:
        await make_client(handler).get_one("News", "abc")
    assert (caught.value.status, caught.value.message) == (0, Text.CLIENT_TIMEOUT)
    assert caught.value.is_timeout and caught.value.is_unreachable
    assert isinstance(caught.value.original_error, httpx.ReadTimeout)


async def test_connection_refused_maps_to_unreachable_after_one_retry() -> None:
    calls = []

    def handler(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        raise httpx.ConnectError("[Errno 111] Connection refused", request=request)

    with pytest.raises(ClientResponseError) as caught:
        await make_client(handler).list("News")
    assert (caught.value.status, caught.value.message) == (0, Text.CLIENT_UNREACHABLE)
    assert caught.value.is_unreachable and not caught.value.is_timeout
    assert len(calls) == 2  # a GET is tried once more


async def test_real_refused_connection_maps_to_unreachable() -> None:
    pb = PocketBaseClient("http://127.0.0.1:9", timeout=2.0)  # discard port: nothing listens
    with pytest.raises(ClientResponseError) as caught:
        await pb.list("News")
    assert (caught.value.status, caught.value.message) == (0, Text.CLIENT_UNREACHABLE)
    await pb.aclose()


async def test_get_retries_once_after_a_dropped_connection() -> None:
    calls = []

    def handler(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        if len(calls) == 1:
            raise httpx.RemoteProtocolError("Server disconnected", request=request)
        return httpx.Response(200, json=page_body([{"id": "a"}]))

    result = await make_client(handler).list("News")
    assert [item["id"] for item in result.items] == ["a"] and len(calls) == 2


async def test_post_is_never_retried() -> None:
    calls = []

    def handler(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        raise httpx.ConnectError("refused", request=request)

    with pytest.raises(ClientResponseError):
        await make_client(handler).auth_with_password("amal", "secret-pass")
    assert len(calls) == 1


async def test_a_closed_pool_is_replaced_on_the_next_call() -> None:
    pb = make_client(lambda request: httpx.Response(200, json=page_body([])))
    http = pb._client()
    await http.aclose()
    assert (await pb.list("News")).items == []
    assert pb._http is not http


async def test_pool_closed_during_a_request_is_an_abort() -> None:
    pb: PocketBaseClient

    async def closing(request: httpx.Request) -> httpx.Response:
        await pb.aclose()  # the site shuts down while a visitor's request is in flight
        raise RuntimeError("Cannot send a request, as the client has been closed.")

    pb = PocketBaseClient(BASE, transport=httpx.MockTransport(closing))
    with pytest.raises(ClientResponseError) as caught:
        await pb.list("News")
    assert caught.value.is_abort and caught.value.status == 0
    assert caught.value.message == Text.CLIENT_ABORTED


async def test_other_runtime_errors_are_not_disguised() -> None:
    def broken(request: httpx.Request) -> httpx.Response:
        raise RuntimeError("a bug")

    with pytest.raises(RuntimeError, match="a bug"):
        await make_client(broken).list("News")


async def test_cancellation_from_outside_still_cancels() -> None:
    started = asyncio.Event()

    async def slow(request: httpx.Request) -> httpx.Response:
        started.set()
        await asyncio.sleep(10)
        return httpx.Response(200, json=page_body([]))

    pb = PocketBaseClient(BASE, transport=httpx.MockTransport(slow))
    task = asyncio.create_task(pb.list("News"))
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_cancel_not_aimed_at_the_caller_is_an_abort_error() -> None:
    async def cancelled(request: httpx.Request) -> httpx.Response:
        raise asyncio.CancelledError  # e.g. the transport gave up on its own

    with pytest.raises(ClientResponseError) as caught:
        await PocketBaseClient(BASE, transport=httpx.MockTransport(cancelled)).list("News")
    assert caught.value.is_abort and caught.value.status == 0
    assert caught.value.message == Text.CLIENT_ABORTED


def test_error_defaults_and_spec_messages() -> None:
    assert ClientResponseError().message == Text.CLIENT_DEFAULT_ERROR
    assert ClientResponseError(response={"message": "Boom"}).message == "Boom"
    assert ClientResponseError.missing_id("u").message == Text.CLIENT_MISSING_ID
    assert ClientResponseError.not_found("u").message == Text.CLIENT_NOT_FOUND
    assert ClientResponseError.aborted("u").is_abort
    copy = ClientResponseError(url="u", status=500, response={"message": "m"}).copy()
    assert (copy.url, copy.status, copy.message) == ("u", 500, "m")


def test_errors_never_show_tokens() -> None:
    error = ClientResponseError(url=f"{BASE}/api/files/c/r/f.pdf?token=SECRET123&download=1", status=404)
    for text in (error.url, str(error), repr(error)):
        assert "SECRET123" not in text
    assert "download=1" in error.url
    assert redact_url("http://x/?password=hunter2") == "http://x/?password=%2A%2A%2A"


async def test_wrong_password_error_does_not_carry_the_password(caplog) -> None:
    caplog.set_level(logging.DEBUG)

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(400, json={"status": 400, "message": "Failed to authenticate.", "data": {}})

    with pytest.raises(ClientResponseError) as caught:
        await make_client(handler).auth_with_password("amal", "hunter2-secret")
    assert caught.value.message == "Failed to authenticate."
    for text in (str(caught.value), repr(caught.value), caplog.text):
        assert "hunter2-secret" not in text


# --- requests ---------------------------------------
async def test_list_sends_paging_sort_filter_and_token() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(
            200,
            json={
                "page": 2,
                "perPage": 15,
                "totalItems": 31,
                "totalPages": 3,
                "items": [{"id": "x"}],
            },
        )

    result = await make_client(handler).list(
        "Class_Promo",
        page=2,
        per_page=15,
        sort="-created",
        filter=filter_eq("name", "a"),
        skip_total=True,
        token="TOKEN",
    )
    request = seen[0]
    assert request.url.path == "/api/collections/Class_Promo/records"
    assert dict(request.url.params) == {
        "page": "2",
        "perPage": "15",
        "sort": "-created",
        "filter": 'name = "a"',
        "skipTotal": "1",
    }
    assert request.headers["Authorization"] == "TOKEN"
    assert (result.page, result.per_page, result.total_items, result.total_pages) == (2, 15, 31, 3)
    assert result.items == [{"id": "x"}]


async def test_list_defaults_to_spec_page_size_and_no_auth_header() -> None:
    seen: list[httpx.Request] = []
    pb = make_client(lambda request: seen.append(request) or httpx.Response(200, json=page_body([])))
    await pb.list("News")
    assert seen[0].url.params["perPage"] == str(Limit.DEFAULT_PAGE_SIZE)
    assert "Authorization" not in seen[0].headers
    assert "sort" not in seen[0].url.params and "skipTotal" not in seen[0].url.params


async def test_full_list_pages_until_a_short_page() -> None:
    records = [{"id": f"r{i:03}"} for i in range(23)]
    pages: list[dict[str, str]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        params = dict(request.url.params)
        pages.append(params)
        page, per_page = int(params["page"]), int(params["perPage"])
        return httpx.Response(200, json=page_body(records[(page - 1) * per_page : page * per_page]))

    got = await make_client(handler).full_list("Jobs", batch=10, sort="-created", token="T")
    assert got == records
    assert [p["page"] for p in pages] == ["1", "2", "3"]
    assert all(p["skipTotal"] == "1" and p["sort"] == "-created,id" for p in pages)


async def test_full_list_exact_multiple_needs_one_empty_page() -> None:
    records = [{"id": str(i)} for i in range(20)]
    calls = []

    def handler(request: httpx.Request) -> httpx.Response:
        page = int(request.url.params["page"])
        calls.append(page)
        return httpx.Response(200, json=page_body(records[(page - 1) * 10 : page * 10]))

    assert len(await make_client(handler).full_list("Jobs", batch=10)) == 20
    assert calls == [1, 2, 3]


async def test_full_list_batch_is_capped_at_pocketbase_maximum() -> None:
    seen = []
    pb = make_client(lambda request: seen.append(request) or httpx.Response(200, json=page_body([])))
    await pb.full_list("Jobs", batch=5000)
    await pb.full_list("Jobs", sort="id")
    assert seen[0].url.params["perPage"] == "1000"
    assert seen[0].url.params["sort"] == "id"
    assert seen[1].url.params["perPage"] == str(Limit.FULL_LIST_BATCH)
    assert seen[1].url.params["sort"] == "id"


async def test_get_one_quotes_the_id_and_rejects_an_empty_one() -> None:
    seen = []
    pb = make_client(lambda request: seen.append(request) or httpx.Response(200, json={"id": "x"}))
    assert await pb.get_one("News", "ab/../c d") == {"id": "x"}
    assert seen[0].url.raw_path == b"/api/collections/News/records/ab%2F..%2Fc%20d"
    for empty in ("", "   "):
        with pytest.raises(ClientResponseError) as caught:
            await pb.get_one("News", empty)
        assert (caught.value.status, caught.value.message) == (404, Text.CLIENT_MISSING_ID)
    assert len(seen) == 1


async def test_first_item_returns_first_or_404() -> None:
    items: list[dict] = [{"id": "a"}]
    seen = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json=page_body(items))

    pb = make_client(handler)
    assert await pb.first_item("users", filter_eq("username", "amal")) == {"id": "a"}
    assert seen[0].url.params["perPage"] == "1" and seen[0].url.params["skipTotal"] == "1"
    items.clear()
    with pytest.raises(ClientResponseError) as caught:
        await pb.first_item("users", filter_eq("username", "nobody"))
    assert (caught.value.status, caught.value.message) == (404, Text.CLIENT_NOT_FOUND)


async def test_auth_with_password_sends_identity_and_visitor_ip() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json={"token": "TKN", "record": {"id": "u1"}})

    pb = make_client(handler)
    result = await pb.auth_with_password("amal", "pw", client_ip="203.0.113.7")
    assert (result.token, result.record) == ("TKN", {"id": "u1"})
    assert "TKN" not in repr(result) and "TKN" not in str(result)
    request = seen[0]
    assert request.method == "POST"
    assert request.url.path == "/api/collections/users/auth-with-password"
    assert json.loads(request.content) == {"identity": "amal", "password": "pw"}
    assert request.headers["X-Forwarded-For"] == "203.0.113.7"
    assert "Authorization" not in request.headers

    await pb.auth_with_password("amal", "pw", client_ip="1.2.3.4, evil\r\nX: y")
    await pb.auth_with_password("amal", "pw")
    assert "X-Forwarded-For" not in seen[1].headers and "X-Forwarded-For" not in seen[2].headers


@pytest.mark.parametrize(
    "body",
    [{"token": "", "record": {}}, {"record": {}}, {"token": "t"}, {"token": 5, "record": {}}],
)
async def test_auth_body_without_token_and_record_is_an_error(body) -> None:
    pb = make_client(lambda request: httpx.Response(200, json=body))
    with pytest.raises(ClientResponseError):
        await pb.auth_with_password("a", "b")


async def test_auth_refresh_and_file_token_send_the_token() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        if request.url.path == "/api/files/token":
            return httpx.Response(200, json={"token": "FILETOKEN"})
        return httpx.Response(200, json={"token": "NEW", "record": {"id": "u1"}})

    pb = make_client(handler)
    assert (await pb.auth_refresh("OLD")).token == "NEW"
    assert await pb.file_token("OLD") == "FILETOKEN"
    assert [(r.method, r.url.path, r.headers["Authorization"]) for r in seen] == [
        ("POST", "/api/collections/users/auth-refresh", "OLD"),
        ("POST", "/api/files/token", "OLD"),
    ]
    pb_bad = make_client(lambda request: httpx.Response(200, json={"token": ""}))
    with pytest.raises(ClientResponseError):
        await pb_bad.file_token("OLD")


# --- filters ---------------------------------------
@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("abc", 'folder = "abc"'),
        ('say "hi"', 'folder = "say \\"hi\\""'),
        ("end\\", 'folder = "end\\\\"'),
        ('x" || id != "', 'folder = "x\\" || id != \\""'),
        (True, "folder = true"),
        (3, "folder = 3"),
        (None, "folder = null"),
    ],
)
def test_filter_eq_escapes_quotes_and_backslashes(value, expected) -> None:
    assert filter_eq("folder", value) == expected


@pytest.mark.parametrize("field", ["", "a b", 'x" || 1=1 || "', "a;b", "1abc", None])
def test_filter_eq_refuses_odd_field_names(field) -> None:
    with pytest.raises(ValueError):
        filter_eq(field, "x")  # type: ignore[arg-type]


def test_filter_eq_accepts_pocketbase_field_paths() -> None:
    assert filter_eq("@request.auth.id", "u1") == '@request.auth.id = "u1"'
    assert filter_eq("categories.name", "x") == 'categories.name = "x"'


def _unescape_literal(literal: str) -> str:
    """What PocketBase's parser reads back from a quoted literal (\\x -> x)."""
    assert literal[0] == literal[-1] == '"'
    out, i, body = [], 0, literal[1:-1]
    while i < len(body):
        if body[i] == "\\":
            i += 1
        else:
            assert body[i] != '"', "an unescaped quote would end the literal"
        out.append(body[i])
        i += 1
    return "".join(out)


@given(st.text())
def test_filter_eq_round_trips_any_text(value: str) -> None:
    built = filter_eq("name", value)
    assert built.startswith("name = ")
    assert _unescape_literal(built.removeprefix("name = ")) == value


# --- file URLs ---------------------------------------
def test_file_url_uses_a_configured_cdn_for_public_files_and_quotes_every_part() -> None:
    pb = PocketBaseClient("http://127.0.0.1:8090", public_url="https://files.example.lk/")
    url = pb.file_url("pbc_1", "rec 1", "my file#1?.pdf")
    assert url == "https://files.example.lk/api/files/pbc_1/rec%201/my%20file%231%3F.pdf"
    url = pb.file_url("c", "r", "a.png", thumb="100x100", download=True)
    assert url == "https://files.example.lk/api/files/c/r/a.png?thumb=100x100&download=1"


def test_a_tokenised_file_is_always_served_by_the_site_itself() -> None:
    pb = PocketBaseClient("http://127.0.0.1:8090", public_url="https://files.example.lk/")
    parts = urlsplit(pb.file_url("c", "r", "a.pdf", thumb="100x100", token="FT", download=True))
    assert (parts.scheme, parts.netloc, parts.path) == ("", "", "/files/c/r/a.pdf")
    assert parse_qs(parts.query) == {"thumb": ["100x100"], "token": ["FT"], "download": ["1"]}


def test_file_url_names_the_backend_in_development(monkeypatch: pytest.MonkeyPatch) -> None:
    # `reflex run` (dev): pages on Vite's port, /files/ answered by the backend's.
    monkeypatch.setattr(client_module, "_configured", None)
    client_module.set_site_url("http://localhost:8000/")
    try:
        assert configured_client().file_url("c", "r", "f.png") == "http://localhost:8000/files/c/r/f.png"
    finally:
        client_module.set_site_url("")
    assert configured_client().file_url("c", "r", "f.png") == "/files/c/r/f.png"


def test_file_url_defaults_to_the_sites_own_origin() -> None:
    # Browsers never need PocketBase's address (issue 16): files come through the site.
    pb = PocketBaseClient("http://127.0.0.1:8090/")
    assert pb.file_url("c", "r", "f.png") == "/files/c/r/f.png"


@pytest.mark.parametrize("parts", [("", "r", "f"), ("c", "", "f"), ("c", "r", ""), (None, "r", "f")])
def test_file_url_is_empty_when_a_part_is_missing(parts) -> None:
    assert PocketBaseClient(BASE).file_url(*parts) == ""  # type: ignore[arg-type]


@given(st.text(min_size=1), st.text(min_size=1), st.text(min_size=1))
def test_file_url_parts_survive_quoting(collection_id, record_id, filename) -> None:
    url = PocketBaseClient(BASE).file_url(collection_id, record_id, filename)
    path = urlsplit(url).path.removeprefix("/files/")
    assert "?" not in url and "#" not in url
    assert [unquote(p) for p in path.split("/")] == [collection_id, record_id, filename]


# --- the shared httpx client ---------------------------------------
async def test_one_pool_is_shared_between_calls_and_tokens() -> None:
    pb = make_client(lambda request: httpx.Response(200, json=page_body([])))
    await pb.list("News", token="A")
    first = pb._http
    await pb.list("News", token="B")
    assert pb._http is first
    assert "Authorization" not in first.headers  # tokens are per request, never on the pool
    await pb.aclose()
    assert pb._http is None
    await pb.aclose()  # twice is fine


def test_a_new_event_loop_gets_a_new_pool() -> None:
    pb = make_client(lambda request: httpx.Response(200, json=page_body([{"id": "a"}])))

    async def fetch() -> tuple[list[dict], httpx.AsyncClient | None]:
        return (await pb.list("News")).items, pb._http

    items1, http1 = asyncio.run(fetch())  # each asyncio.run is a new loop, closed afterwards
    items2, http2 = asyncio.run(fetch())
    assert items1 == items2 == [{"id": "a"}]
    assert http1 is not http2


def test_configured_client_reads_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(client_module, "_configured", None)
    monkeypatch.delenv("POCKETBASE_URL", raising=False)
    monkeypatch.delenv("POCKETBASE_PUBLIC_URL", raising=False)
    monkeypatch.setenv("POCKETBASE_PORT", "9191")
    pb = configured_client()
    assert (pb.base_url, pb.public_url) == ("http://127.0.0.1:9191", "")
    assert configured_client() is pb
    monkeypatch.setenv("POCKETBASE_URL", "http://pb.internal:8090/")
    monkeypatch.setenv("POCKETBASE_PUBLIC_URL", "https://pb.example.lk")
    pb2 = configured_client()
    assert (pb2.base_url, pb2.public_url) == ("http://pb.internal:8090", "https://pb.example.lk")
    monkeypatch.delenv("POCKETBASE_PORT")
    monkeypatch.delenv("POCKETBASE_URL")
    assert configured_client().base_url == "http://127.0.0.1:8090"


def test_configured_client_reads_only_its_variables_until_they_change(monkeypatch: pytest.MonkeyPatch) -> None:
    # Called several times per visit: parsing every setting each time cost ~5 % of a burst's CPU.
    monkeypatch.setattr(client_module, "_configured", None)
    monkeypatch.setenv("POCKETBASE_URL", "http://first.test")
    pb = configured_client()
    parsed = []
    real_settings = client_module.settings
    monkeypatch.setattr(client_module, "settings", lambda: parsed.append(1) or real_settings())
    monkeypatch.setenv("DEPLOY_URL", "https://portal.example.lk")  # not the client's
    assert configured_client() is pb
    assert parsed == []
    for name, value in [("POCKETBASE_PUBLIC_URL", "https://cdn.test"), ("POCKETBASE_URL", "http://second.test")]:
        monkeypatch.setenv(name, value)
        assert configured_client() is not pb
        pb = configured_client()
    assert (pb.base_url, pb.public_url) == ("http://second.test", "https://cdn.test")
    assert len(parsed) == 2


def test_configured_client_survives_loops(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(client_module, "_configured", None)
    transport = httpx.MockTransport(lambda request: httpx.Response(200, json=page_body([])))
    monkeypatch.setenv("POCKETBASE_URL", "http://loops.test")
    pb = configured_client()
    monkeypatch.setattr(pb, "_transport", transport)
    for _ in range(3):
        assert asyncio.run(pb.list("News")).items == []


# --- content cache ---------------------------------------
class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class CountingBackend:
    """A MockTransport handler serving collections from dicts, counting list calls."""

    def __init__(self, data: dict[str, list[dict]]) -> None:
        self.data = data
        self.calls: dict[str, int] = {}
        self.fail_with: int | None = None
        self.delay = 0.0

    async def __call__(self, request: httpx.Request) -> httpx.Response:
        name = request.url.path.split("/")[3]
        if request.url.path.endswith("/records"):
            self.calls[name] = self.calls.get(name, 0) + 1
        if self.delay:
            await asyncio.sleep(self.delay)
        if self.fail_with == 0:
            raise httpx.ConnectError("refused", request=request)
        if self.fail_with:
            return httpx.Response(self.fail_with, json={"message": "down"})
        items = self.data.get(name, [])
        if not request.url.path.endswith("/records"):
            record_id = unquote(request.url.path.rsplit("/", 1)[1])
            found = [item for item in items if item.get("id") == record_id]
            if not found:
                return httpx.Response(404, json={"message": "The requested resource wasn't found."})
            return httpx.Response(200, json=found[0])
        page, per_page = int(request.url.params["page"]), int(request.url.params["perPage"])
        return httpx.Response(200, json=page_body(items[(page - 1) * per_page : page * per_page]))


def make_cache(data: dict[str, list[dict]], **kwargs: Any) -> tuple[ContentCache, CountingBackend, FakeClock]:
    backend = CountingBackend(data)
    clock = FakeClock()
    pb = PocketBaseClient(BASE, transport=httpx.MockTransport(backend))
    return ContentCache(pb, clock=clock, **kwargs), backend, clock


PRODUCTS = [
    {"id": "p1", "name": "Pen", "created": "2026-01-01 00:00:00.000Z"},
    {"id": "p2", "name": "Book", "created": "2026-01-02 00:00:00.000Z"},
]


async def test_cache_returns_parsed_models_and_fetches_once_within_ttl() -> None:
    cache, backend, clock = make_cache({"Products": PRODUCTS}, ttl=30)
    first = await cache.records(Collection.PRODUCTS)
    assert [p.name for p in first] == ["Pen", "Book"] and isinstance(first[0], Product)
    clock.now += 29
    await cache.records(Collection.PRODUCTS)
    assert backend.calls == {"Products": 1}
    clock.now += 2  # past the freshness window: admin edits show up
    backend.data["Products"] = [*PRODUCTS, {"id": "p3", "name": "Bag"}]
    assert len(await cache.records(Collection.PRODUCTS)) == 3
    assert backend.calls == {"Products": 2}


async def test_cache_hands_out_copies_of_its_list() -> None:
    cache, _, _ = make_cache({"Products": PRODUCTS}, ttl=30)
    mine = await cache.records(Collection.PRODUCTS)
    mine.clear()
    assert len(await cache.records(Collection.PRODUCTS)) == 2


async def test_concurrent_callers_share_one_fetch() -> None:
    cache, backend, _ = make_cache({"Products": PRODUCTS, "Jobs": []}, ttl=30)
    backend.delay = 0.05
    results = await asyncio.gather(
        *(cache.records(Collection.PRODUCTS) for _ in range(20)), cache.records(Collection.JOBS)
    )
    assert all(len(result) == 2 for result in results[:20])
    assert backend.calls == {"Products": 1, "Jobs": 1}


async def test_a_cancelled_caller_does_not_cancel_the_shared_fetch() -> None:
    cache, backend, _ = make_cache({"Products": PRODUCTS}, ttl=30)
    backend.delay = 0.05
    leaver = asyncio.create_task(cache.records(Collection.PRODUCTS))
    stayer = asyncio.create_task(cache.records(Collection.PRODUCTS))
    await asyncio.sleep(0.01)
    leaver.cancel()
    assert len(await stayer) == 2
    assert backend.calls == {"Products": 1}


async def test_failure_is_reraised_and_remembered_briefly(caplog) -> None:
    caplog.set_level(logging.DEBUG, logger="student_portal.pocketbase.cache")
    cache, backend, clock = make_cache({"Products": PRODUCTS}, ttl=30, failure_ttl=2)
    backend.fail_with = 500
    for _ in range(5):
        with pytest.raises(ClientResponseError) as caught:
            await cache.records(Collection.PRODUCTS)
        assert caught.value.status == 500
    assert backend.calls == {"Products": 1}  # the dead backend is not hammered
    clock.now += 2.5
    with pytest.raises(ClientResponseError):
        await cache.records(Collection.PRODUCTS)
    assert backend.calls == {"Products": 2}
    warnings = [rec for rec in caplog.records if rec.levelno >= logging.WARNING]
    assert len(warnings) == 1  # once per cause, not per visitor or per retry

    backend.fail_with = None
    clock.now += 2.5
    assert len(await cache.records(Collection.PRODUCTS)) == 2


async def test_unreachable_backend_is_a_client_error_through_the_cache() -> None:
    cache, backend, _ = make_cache({}, ttl=30)
    backend.fail_with = 0
    with pytest.raises(ClientResponseError) as caught:
        await cache.records(Collection.NEWS)
    assert caught.value.status == 0 and caught.value.message == Text.CLIENT_UNREACHABLE


@pytest.mark.parametrize(
    "name",
    [
        Collection.NOTES,
        Collection.CLASS_NOTES,
        Collection.CLASS_RECORDINGS,
        Collection.USERS,
        "Nope",
    ],
)
async def test_cache_refuses_protected_and_unknown_collections(name) -> None:
    cache, backend, _ = make_cache({}, ttl=30)
    with pytest.raises(ValueError):
        await cache.records(name)
    with pytest.raises(ValueError):
        await cache.record(name, "x")
    assert backend.calls == {}


async def test_record_comes_from_the_list_or_falls_back_to_get_one() -> None:
    cache, backend, _ = make_cache({"News": [{"id": "n1", "title": "Hello"}]}, ttl=30)
    assert (await cache.record(Collection.NEWS, "n1")).title == "Hello"
    backend.data["News"].append({"id": "n2", "title": "Fresh"})  # created since the fetch
    assert (await cache.record(Collection.NEWS, "n2")).title == "Fresh"
    assert backend.calls == {"News": 1}
    with pytest.raises(ClientResponseError) as caught:
        await cache.record(Collection.NEWS, "missing")
    assert caught.value.status == 404
    with pytest.raises(ClientResponseError) as caught:
        await cache.record(Collection.NEWS, "")
    assert caught.value.message == Text.CLIENT_MISSING_ID


async def test_cache_sorts_per_registry() -> None:
    cache, _, _ = make_cache(
        {
            "Recordings": [
                {"id": "old", "created": "2026-01-01 00:00:00.000Z"},
                {"id": "new", "created": "2026-03-01 00:00:00.000Z"},
            ]
        },
        ttl=30,
    )
    # The backend sorts; the cache asks for the registry's sort with an id tie-breaker.
    records = await cache.records(Collection.RECORDINGS)
    assert [r.id for r in records] == ["old", "new"]  # served as the (fake) backend ordered


async def test_invalidate_forgets_one_or_all() -> None:
    cache, backend, _ = make_cache({"Products": PRODUCTS, "Jobs": []}, ttl=30)
    await cache.records(Collection.PRODUCTS)
    await cache.records(Collection.JOBS)
    cache.invalidate(Collection.PRODUCTS)
    await cache.records(Collection.PRODUCTS)
    await cache.records(Collection.JOBS)
    assert backend.calls == {"Products": 2, "Jobs": 1}
    cache.invalidate()
    await cache.records(Collection.PRODUCTS)
    await cache.records(Collection.JOBS)
    assert backend.calls == {"Products": 3, "Jobs": 2}


async def test_invalidate_during_a_fetch_discards_its_result() -> None:
    cache, backend, _ = make_cache({"Products": PRODUCTS}, ttl=30)
    backend.delay = 0.03
    pending = asyncio.create_task(cache.records(Collection.PRODUCTS))
    await asyncio.sleep(0.01)
    cache.invalidate(Collection.PRODUCTS)
    assert len(await pending) == 2  # the waiting caller still gets an answer...
    assert cache.cached(Collection.PRODUCTS) is None  # ...but it is not kept


def test_ttl_comes_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    pb = PocketBaseClient(BASE)
    monkeypatch.setenv("CONTENT_CACHE_TTL", "5")
    assert ContentCache(pb).ttl == 5.0
    monkeypatch.setenv("CONTENT_CACHE_TTL", "soon")
    assert ContentCache(pb).ttl == 30.0
    monkeypatch.delenv("CONTENT_CACHE_TTL")
    assert ContentCache(pb).ttl == 30.0


async def test_ttl_zero_always_refetches() -> None:
    cache, backend, _ = make_cache({"Jobs": []}, ttl=0)
    await cache.records(Collection.JOBS)
    await cache.records(Collection.JOBS)
    assert backend.calls == {"Jobs": 2}


async def test_while_live_an_entry_stays_fresh_for_the_live_ttl_then_the_short_ttl_again() -> None:
    cache, backend, clock = make_cache({"Products": PRODUCTS}, ttl=30, live_ttl=600)
    await cache.records(Collection.PRODUCTS)
    cache.set_live(True)  # realtime events keep it current: no refetch every 30 s
    clock.now += 599
    await cache.records(Collection.PRODUCTS)
    assert backend.calls == {"Products": 1}
    clock.now += 2  # the safety net: even while live, a list is refetched after live_ttl
    await cache.records(Collection.PRODUCTS)
    assert backend.calls == {"Products": 2}
    clock.now += 31
    cache.set_live(False)  # the subscription dropped: edits may be missed, the short TTL is back
    await cache.records(Collection.PRODUCTS)
    assert backend.calls == {"Products": 3}


def _product_name(product: Product) -> str:
    return product.name.upper()


_SHAPED_IDS: list[str] = []


def _product_row(product: Product) -> dict:
    _SHAPED_IDS.append(product.id)
    return {"name": product.name}


async def test_shaped_rows_are_made_once_per_version_of_the_list() -> None:
    cache, backend, clock = make_cache({"Products": PRODUCTS}, ttl=30)
    calls, shape = _SHAPED_IDS, _product_row
    calls.clear()
    first = await cache.shaped(Collection.PRODUCTS, Product, shape)
    again = await cache.shaped(Collection.PRODUCTS, Product, shape)
    assert first == again == [{"name": "Pen"}, {"name": "Book"}]
    assert first is not again and first[0] is again[0]  # a new list of the same shared rows
    assert calls == ["p1", "p2"]
    assert await cache.shaped(Collection.PRODUCTS, Product, _product_name) == ["PEN", "BOOK"]
    cache.apply_event(Collection.PRODUCTS, "update", {**PRODUCTS[0], "name": "Pencil"})
    assert (await cache.shaped(Collection.PRODUCTS, Product, shape))[0] == {"name": "Pencil"}
    assert calls == ["p1", "p2", "p1"]  # a realtime change: only the changed record is shaped again
    assert (await cache.shaped(Collection.PRODUCTS, Product, _product_name)) == ["PENCIL", "BOOK"]
    clock.now += 31  # refetched (an edit may have been missed): every record shaped again
    await cache.shaped(Collection.PRODUCTS, Product, shape)
    assert backend.calls == {"Products": 2} and len(calls) == 5


async def test_shapes_that_close_over_values_are_applied_every_time() -> None:
    cache, _, _ = make_cache({"Products": PRODUCTS}, ttl=30)
    for suffix in ("!", "?"):
        rows = await cache.shaped(Collection.PRODUCTS, Product, lambda product: product.name + suffix)  # noqa: B023 - the point of the test
        assert rows == ["Pen" + suffix, "Book" + suffix]


async def test_shaped_skips_records_of_another_model() -> None:
    cache, _, _ = make_cache({"Products": PRODUCTS}, ttl=30)
    assert await cache.shaped(Collection.PRODUCTS, Job, lambda job: job.id) == []


def test_live_ttl_is_never_shorter_than_the_ttl() -> None:
    cache, _, _ = make_cache({}, ttl=900, live_ttl=600)
    assert cache.live_ttl == 900 and cache.live is False


def test_content_cache_is_process_wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(client_module, "_configured", None)
    monkeypatch.setattr(cache_module, "_content_cache", None)
    monkeypatch.setenv("POCKETBASE_URL", "http://cache.test")
    assert content_cache() is content_cache()
    assert content_cache().client is configured_client()
    monkeypatch.setenv("POCKETBASE_URL", "http://other.test")
    assert content_cache().client.base_url == "http://other.test"


# --- realtime events ---------------------------------------
async def primed(data: dict[str, list[dict]]) -> ContentCache:
    cache, _, _ = make_cache(data, ttl=30)
    for name in data:
        await cache.records(name)
    return cache


async def test_apply_event_create_update_delete() -> None:
    cache = await primed({"Products": [dict(p) for p in PRODUCTS]})
    assert cache.apply_event(
        Collection.PRODUCTS,
        "create",
        {"id": "p0", "name": "Old", "created": "2025-12-31 00:00:00.000Z"},
    )
    assert [p.id for p in cache.cached(Collection.PRODUCTS)] == ["p0", "p1", "p2"]
    assert cache.apply_event(
        Collection.PRODUCTS,
        "update",
        {"id": "p1", "name": "Blue pen", "created": "2026-01-01 00:00:00.000Z"},
    )
    assert [p.name for p in cache.cached(Collection.PRODUCTS)] == ["Old", "Blue pen", "Book"]
    assert cache.apply_event(Collection.PRODUCTS, "delete", {"id": "p0"})
    assert [p.id for p in cache.cached(Collection.PRODUCTS)] == ["p1", "p2"]
    assert not cache.apply_event(Collection.PRODUCTS, "delete", {"id": "nope"})


async def test_apply_event_keeps_descending_sorts() -> None:
    cache = await primed(
        {
            "Recordings": [
                {"id": "r2", "created": "2026-02-01 00:00:00.000Z"},
                {"id": "r1", "created": "2026-01-01 00:00:00.000Z"},
            ]
        }
    )
    cache.apply_event(Collection.RECORDINGS, "create", {"id": "r3", "created": "2026-03-01 00:00:00.000Z"})
    assert [r.id for r in cache.cached(Collection.RECORDINGS)] == ["r3", "r2", "r1"]


async def test_apply_event_ignores_what_it_cannot_use() -> None:
    cache = await primed({"Products": [dict(p) for p in PRODUCTS]})
    assert not cache.apply_event(Collection.NOTES, "create", {"id": "n1"})  # protected
    assert not cache.apply_event(Collection.JOBS, "create", {"id": "j1"})  # not cached yet
    assert not cache.apply_event(Collection.PRODUCTS, "create", {"name": "no id"})
    assert not cache.apply_event(Collection.PRODUCTS, "create", "garbage")  # type: ignore[arg-type]
    assert not cache.apply_event(Collection.PRODUCTS, "explode", {"id": "p1"})
    assert len(cache.cached(Collection.PRODUCTS)) == 2


async def test_apply_event_does_not_refresh_the_ttl() -> None:
    cache, backend, clock = make_cache({"Products": PRODUCTS}, ttl=30)
    await cache.records(Collection.PRODUCTS)
    clock.now += 20
    cache.apply_event(Collection.PRODUCTS, "delete", {"id": "p1"})
    clock.now += 15
    await cache.records(Collection.PRODUCTS)
    assert backend.calls == {"Products": 2}


def test_sort_records_orders_like_pocketbase() -> None:
    items = [
        Product.model_validate(d)
        for d in [
            {"id": "a", "name": "b", "price": 2},
            {"id": "b", "name": "a", "price": None},
            {"id": "c", "name": "a", "price": 1},
        ]
    ]
    assert [p.id for p in sort_records(items, "price")] == ["b", "c", "a"]
    assert [p.id for p in sort_records(items, "-price")] == ["a", "c", "b"]
    assert [p.id for p in sort_records(items, "name,-price")] == ["c", "b", "a"]
    assert [p.id for p in sort_records(items, "unknown_field")] == ["a", "b", "c"]
    assert sort_records([], "created") == []


async def test_a_failure_is_never_remembered_longer_than_a_success() -> None:
    cache, backend, clock = make_cache({"Products": PRODUCTS}, ttl=0.3, failure_ttl=2)
    backend.fail_with = 500
    with pytest.raises(ClientResponseError):
        await cache.records(Collection.PRODUCTS)
    backend.fail_with = None
    clock.now += 0.4
    assert len(await cache.records(Collection.PRODUCTS)) == 2
