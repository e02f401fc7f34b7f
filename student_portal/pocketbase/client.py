"""An async PocketBase REST client for a server that serves many visitors.

One shared `httpx.AsyncClient` (connection pool) per process; each call takes the visitor's
`token` and sends it as the Authorization header, so no auth state lives in the client and one
visitor's session can never leak into another's request. Knows nothing of Reflex.
"""

from __future__ import annotations

import asyncio
import builtins
import json
import logging
import math
from typing import Any
from urllib.parse import quote, urlencode

import httpx
from tenacity import (
    AsyncRetrying,
    RetryCallState,
    retry_if_exception_type,
    stop_after_attempt,
    wait_fixed,
)

from student_portal.constants import Limit, Timing
from student_portal.pocketbase.accounts import AccountCalls
from student_portal.pocketbase.errors import ClientResponseError
from student_portal.pocketbase.results import AuthResult, ListResult
from student_portal.routes import FILES_PREFIX
from student_portal.settings import Settings, settings, variables
from student_portal.utils.visitors import visitor_address

log = logging.getLogger(__name__)

USERS_COLLECTION = "users"
# PocketBase caps perPage at 1000: a larger batch would end full_list after the first page.
MAX_PER_PAGE = 1000
# GET is idempotent: one more try when a pooled connection went stale or the server restarted.
GET_RETRIES = 1
GET_RETRY_DELAY_S = 0.05
_RETRYABLE = (httpx.ConnectError, httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError)


def _as_int(value: object, default: int) -> int:
    if isinstance(value, bool):
        return default
    if isinstance(value, int):
        return value
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    return default


def _quote(part: str) -> str:
    return quote(part, safe="")


def _client_ip_header(client_ip: str | None) -> dict[str, str]:
    """X-Forwarded-For for PocketBase's per-IP rate limit, only for a real IP address; an IPv6
    visitor as their /64 (utils/visitors.py), so PocketBase counts the line, not each address."""
    if not client_ip:
        return {}
    counted = visitor_address(client_ip)
    if counted is None:
        log.debug("ignoring a client address that is not an IP")
        return {}
    return {"X-Forwarded-For": counted}


class PocketBaseClient(AccountCalls):
    """Calls PocketBase's REST API. Safe to share between visitors: pass each one's `token`."""

    def __init__(
        self,
        base_url: str,
        *,
        public_url: str | None = None,
        site_url: str = "",
        timeout: float = Timing.BACKEND_TIMEOUT_S,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.public_url = (public_url or "").rstrip("/")  # "": the site's own /files/
        self.site_url = site_url.rstrip("/")  # where /files/ is answered; "": the page's own origin
        self.timeout = timeout
        self._transport = transport
        self._http: httpx.AsyncClient | None = None
        self._http_loop: asyncio.AbstractEventLoop | None = None

    def __repr__(self) -> str:
        return f"PocketBaseClient({self.base_url!r}, public_url={self.public_url!r})"

    # --- the shared connection pool ------------------------------------------------------
    def _client(self) -> httpx.AsyncClient:
        """The shared httpx client, rebuilt when called from another event loop.

        An httpx pool belongs to the loop that opened its connections; the site's loop,
        pytest's loop or a script's `asyncio.run` may each come and go over a process's life.
        """
        loop = asyncio.get_running_loop()
        if self._http is not None and (self._http_loop is not loop or self._http.is_closed):
            if self._http_loop is not loop:
                log.debug("event loop changed: opening a new PocketBase connection pool")
            # The old pool's connections belong to a loop we cannot await on: let them go.
            self._http = None
        if self._http is None:
            self._http = httpx.AsyncClient(
                base_url=self.base_url,
                timeout=httpx.Timeout(self.timeout, connect=min(self.timeout, 3.0)),
                limits=httpx.Limits(max_connections=100, max_keepalive_connections=20, keepalive_expiry=30.0),
                headers={"Accept": "application/json"},
                transport=self._transport,
                follow_redirects=False,
            )
            self._http_loop = loop
        return self._http

    async def aclose(self) -> None:
        """Close the pool (requests made afterwards open a new one)."""
        http, loop = self._http, self._http_loop
        self._http, self._http_loop = None, None
        if http is None:
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if loop is running and not http.is_closed:
            await http.aclose()

    async def __aenter__(self) -> PocketBaseClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    # --- one request -------------------------------------------------------------------------
    async def _send(
        self,
        method: str,
        path: str,
        *,
        params: dict[str, Any] | None = None,
        json_body: dict[str, Any] | None = None,
        token: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> dict[str, Any]:
        """Send one request and return its JSON object body, or raise ClientResponseError."""
        request_headers = dict(headers or {})
        if token:
            request_headers["Authorization"] = token
        url = self.base_url + path
        if params:
            url += "?" + urlencode(params)
        try:
            # reraise=True: once the tries are spent (or on anything not retryable, including a
            # cancellation) the original exception comes out, never tenacity's RetryError.
            async for attempt in _retrying(method, path):
                with attempt:
                    response = await self._client().request(
                        method, path, params=params, json=json_body, headers=request_headers
                    )
        except httpx.TransportError as error:
            raise ClientResponseError.from_transport_error(url, error) from error
        except RuntimeError as error:
            # httpx refuses requests on a client closed under us (aclose during shutdown).
            if self._http is None or self._http.is_closed:
                raise ClientResponseError.aborted(url, error) from error
            raise
        except asyncio.CancelledError as error:
            # A cancellation aimed at this task must propagate (asyncio.timeout, TaskGroup).
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise
            raise ClientResponseError.aborted(url, error) from error
        return self._json_object(response)

    @staticmethod
    def _json_object(response: httpx.Response) -> dict[str, Any]:
        if response.status_code >= 400:
            raise ClientResponseError.from_response(response)
        if response.status_code == 204:  # DELETE: no content
            return {}
        try:
            body = response.json()
        except (ValueError, json.JSONDecodeError, UnicodeDecodeError) as error:
            raise ClientResponseError.bad_body(response, "not JSON") from error
        if not isinstance(body, dict):
            raise ClientResponseError.bad_body(response, f"JSON {type(body).__name__}, not object")
        return body

    # --- records ---------------------------------------------------------------------------
    @staticmethod
    def _records_path(collection: str, record_id: str | None = None) -> str:
        path = f"/api/collections/{_quote(collection)}/records"
        return path if record_id is None else f"{path}/{_quote(record_id)}"

    async def list(
        self,
        collection: str,
        *,
        page: int = 1,
        per_page: int = Limit.DEFAULT_PAGE_SIZE,
        sort: str | None = None,
        filter: str | None = None,  # PocketBase's own name
        skip_total: bool = False,
        token: str | None = None,
        expand: str | None = None,
    ) -> ListResult:
        """One page of `collection` (GET /api/collections/{collection}/records)."""
        params: dict[str, Any] = {"page": page, "perPage": per_page}
        if sort:
            params["sort"] = sort
        if filter:
            params["filter"] = filter
        if expand:
            params["expand"] = expand
        if skip_total:
            params["skipTotal"] = 1
        path = self._records_path(collection)
        body = await self._send("GET", path, params=params, token=token)
        items = body.get("items")
        if not isinstance(items, list):
            raise ClientResponseError(
                url=self.base_url + path,
                status=200,
                original_error=ValueError("list body without an items list"),
            )
        records = [item for item in items if isinstance(item, dict)]
        if len(records) != len(items):
            log.warning(
                "%s: dropped %d list item(s) that were not objects",
                collection,
                len(items) - len(records),
            )
        return ListResult(
            page=_as_int(body.get("page"), page),
            per_page=_as_int(body.get("perPage"), per_page),
            total_items=_as_int(body.get("totalItems"), -1),
            total_pages=_as_int(body.get("totalPages"), -1),
            items=records,
        )

    async def full_list(
        self,
        collection: str,
        *,
        batch: int = Limit.FULL_LIST_BATCH,
        sort: str | None = None,
        filter: str | None = None,
        token: str | None = None,
        expand: str | None = None,
    ) -> builtins.list[dict[str, Any]]:  # `list` here is the method above
        """Every record of `collection`, fetched `batch` at a time until a short page.

        `id` is appended to the sort as a tie-breaker: records seeded together share a
        `created` value, and paging over an order with ties could skip or repeat records.
        """
        batch = max(1, min(int(batch), MAX_PER_PAGE))
        sort = _with_tiebreak(sort)
        records: list[dict[str, Any]] = []
        page = 1
        while True:
            result = await self.list(
                collection,
                page=page,
                per_page=batch,
                sort=sort,
                filter=filter,
                skip_total=True,
                token=token,
                expand=expand,
            )
            records.extend(result.items)
            if len(result.items) < batch:
                return records
            page += 1

    async def get_one(self, collection: str, record_id: str, *, token: str | None = None) -> dict[str, Any]:
        """One record by id; 404 ClientResponseError when missing (or hidden by the view rule)."""
        if not isinstance(record_id, str) or not record_id.strip():
            raise ClientResponseError.missing_id(self.base_url + self._records_path(collection))
        return await self._send("GET", self._records_path(collection, record_id), token=token)

    async def create(self, collection: str, body: dict[str, Any], *, token: str) -> dict[str, Any]:
        """Create a record as the token's user (POST); the collection's create rule decides."""
        return await self._send("POST", self._records_path(collection), json_body=body, token=token)

    async def update(self, collection: str, record_id: str, body: dict[str, Any], *, token: str) -> dict[str, Any]:
        """Change a record's fields as the token's user (PATCH); the update rule decides."""
        if not isinstance(record_id, str) or not record_id.strip():
            raise ClientResponseError.missing_id(self.base_url + self._records_path(collection))
        return await self._send("PATCH", self._records_path(collection, record_id), json_body=body, token=token)

    async def delete(self, collection: str, record_id: str, *, token: str) -> None:
        """Delete a record as the token's user; 404 when it is not theirs (or gone)."""
        if not isinstance(record_id, str) or not record_id.strip():
            raise ClientResponseError.missing_id(self.base_url + self._records_path(collection))
        await self._send("DELETE", self._records_path(collection, record_id), token=token)

    async def first_item(
        self,
        collection: str,
        filter: str,
        *,
        token: str | None = None,
    ) -> dict[str, Any]:
        """The first record matching `filter` (build it with filter_eq); 404 when none."""
        result = await self.list(collection, page=1, per_page=1, filter=filter, skip_total=True, token=token)
        if not result.items:
            raise ClientResponseError.not_found(
                self.base_url + self._records_path(collection) + "?" + urlencode({"filter": filter})
            )
        return result.items[0]

    # --- auth ----------------------------------------------------------------------------------
    async def auth_with_password(self, identity: str, password: str, *, client_ip: str | None = None) -> AuthResult:
        """Sign in to `users` with a user name or email.

        `client_ip` (the visitor's address) goes out as X-Forwarded-For so PocketBase's per-IP
        rate limit counts each visitor, not our server; PocketBase uses it only when its
        trusted-proxy settings name that header.
        """
        body = await self._send(
            "POST",
            f"/api/collections/{USERS_COLLECTION}/auth-with-password",
            json_body={"identity": identity, "password": password},
            headers=_client_ip_header(client_ip),
        )
        return self._auth_result(body, "auth-with-password")

    async def auth_superuser(self, email: str, password: str) -> str:
        """A superuser's token (for server-side work such as the paper indexer; never a browser's)."""
        return await self._superuser_token("auth-with-password", json_body={"identity": email, "password": password})

    async def superuser_refresh(self, token: str) -> str:
        """A new superuser token for a `token` this PocketBase still accepts (401 when it does not:
        a restored or replaced PocketBase, whose other signing key makes the old token unknown)."""
        return await self._superuser_token("auth-refresh", token=token)

    async def _superuser_token(self, action: str, **request: Any) -> str:
        path = f"/api/collections/_superusers/{action}"
        token = (await self._send("POST", path, **request)).get("token")
        if not isinstance(token, str) or not token:
            raise ClientResponseError(
                url=self.base_url + path, status=200, original_error=ValueError("auth body without a token")
            )
        return token

    async def auth_refresh(self, token: str) -> AuthResult:
        """A fresh token (and the current record) for a still-valid `token`."""
        body = await self._send("POST", f"/api/collections/{USERS_COLLECTION}/auth-refresh", token=token)
        return self._auth_result(body, "auth-refresh")

    async def sign_out(self, token: str) -> None:
        """End `token` and every other token of its account: Logout, and "sign out everywhere" on
        the account page, are the same act (a new token key, pb/pb_hooks/accounts.pb.js)."""
        await self.sign_out_everywhere(token=token)

    def _auth_result(self, body: dict[str, Any], action: str) -> AuthResult:
        token, record = body.get("token"), body.get("record")
        if not isinstance(token, str) or not token or not isinstance(record, dict):
            raise ClientResponseError(
                url=f"{self.base_url}/api/collections/{USERS_COLLECTION}/{action}",
                status=200,
                original_error=ValueError("auth body without token and record"),
            )
        return AuthResult(token=token, record=record)

    # --- files -----------------------------------------------------------------------------------
    async def open_file(
        self, collection: str, record_id: str, filename: str, *, params: dict[str, str], headers: dict[str, str]
    ) -> httpx.Response:
        """GET a stored file, streamed: the caller reads `aiter_raw()` and must `aclose()` it.

        Any status comes back as it is (a 404, a 206 for a range); transport failures raise
        ClientResponseError like every other call.
        """
        http = self._client()
        path = "/api/files/" + "/".join(_quote(part) for part in (collection, record_id, filename))
        request = http.build_request("GET", path, params=params, headers={"Accept": "*/*", **headers})
        try:
            return await http.send(request, stream=True)
        except httpx.TransportError as error:
            raise ClientResponseError.from_transport_error(self.base_url + path, error) from error

    async def file_token(self, token: str) -> str:
        """A short-lived (~3 min) token that opens protected files (POST /api/files/token)."""
        body = await self._send("POST", "/api/files/token", token=token)
        file_token = body.get("token")
        if not isinstance(file_token, str) or not file_token:
            raise ClientResponseError(
                url=f"{self.base_url}/api/files/token",
                status=200,
                original_error=ValueError("file token body without a token"),
            )
        return file_token

    def file_url(
        self,
        collection_id: str,
        record_id: str,
        filename: str,
        *,
        thumb: str | None = None,
        token: str | None = None,
        download: bool = False,
    ) -> str:
        """The browser address of a stored file, or "" when any part is missing.

        The site's own `/files/...` (student_portal/server/file_proxy.py streams it from PocketBase),
        so browsers never need PocketBase's address; with `public_url` (a CDN in front of
        PocketBase's files) public files are named there instead. A tokenised (protected) file
        always comes through the site: its token stays out of a CDN's logs and caches.
        """
        parts = (collection_id, record_id, filename)
        if not all(isinstance(part, str) and part for part in parts):
            return ""
        base = f"{self.public_url}/api/files/" if self.public_url and not token else f"{self.site_url}{FILES_PREFIX}/"
        url = base + "/".join(_quote(part) for part in parts)
        query: dict[str, str] = {}
        if thumb:
            query["thumb"] = thumb
        if token:
            query["token"] = token
        if download:
            query["download"] = "1"
        return f"{url}?{urlencode(query)}" if query else url


def _retrying(method: str, path: str) -> AsyncRetrying:
    """The retry policy for one request: GETs get GET_RETRIES more tries after a
    connection-level error (_RETRYABLE); other methods are tried once, since a POST that
    reached the server before the connection dropped must not run twice."""

    def log_retry(state: RetryCallState) -> None:
        error = state.outcome.exception() if state.outcome is not None else None
        log.debug("retrying %s %s after %s", method, path, type(error).__name__)

    return AsyncRetrying(
        stop=stop_after_attempt(1 + (GET_RETRIES if method == "GET" else 0)),
        wait=wait_fixed(GET_RETRY_DELAY_S),
        retry=retry_if_exception_type(_RETRYABLE),
        before_sleep=log_retry,
        reraise=True,
    )


def _with_tiebreak(sort: str | None) -> str:
    fields = [field.strip() for field in (sort or "").split(",") if field.strip()]
    if not any(field.lstrip("+-") == "id" for field in fields):
        fields.append("id")
    return ",".join(fields)


# --- the process-wide client ---------------------------------------------------------------------
_configured: PocketBaseClient | None = None


def default_base_url(config: Settings | None = None) -> str:
    config = config or settings()
    return config.pocketbase_url or f"http://127.0.0.1:{config.pocketbase_port}"


def public_base_url(config: Settings | None = None) -> str:
    """A CDN in front of PocketBase's public files (POCKETBASE_PUBLIC_URL), without a trailing
    slash; "" (the default) when browsers get files from the site's own /files/."""
    return ((config or settings()).pocketbase_public_url or "").rstrip("/")


_site_url = ""


def set_site_url(url: str) -> None:
    """Name the site's own address in file URLs (development only: `reflex run` serves pages
    from another port than the backend answering /files/); "" keeps them relative."""
    global _site_url
    _site_url = url.rstrip("/")


# The settings the process-wide client is made from (read by default_base_url, public_base_url).
CLIENT_SETTINGS = ("pocketbase_url", "pocketbase_port", "pocketbase_public_url")
_configured_from: tuple[object, ...] | None = None


def configured_client() -> PocketBaseClient:
    """The process-wide client for POCKETBASE_URL / POCKETBASE_PUBLIC_URL.

    Usable from any event loop: the client opens a new connection pool when the loop changes.
    A change of those variables gives a new client at once; otherwise only they are read (this
    runs several times per visit, through content_cache()).
    """
    global _configured, _configured_from
    made_from = (variables(*CLIENT_SETTINGS), _site_url)
    if _configured is None or made_from != _configured_from:
        config = settings()
        base_url, public_url = default_base_url(config).rstrip("/"), public_base_url(config)
        if _configured is None or (_configured.base_url, _configured.public_url, _configured.site_url) != (
            base_url,
            public_url,
            _site_url,
        ):
            _configured = PocketBaseClient(base_url, public_url=public_url, site_url=_site_url)
        _configured_from = made_from
    return _configured
