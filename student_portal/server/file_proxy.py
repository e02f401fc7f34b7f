"""PocketBase's stored files, served from the site's own origin: `/files/{collection}/{record}/{name}`.

Browsers never need to reach PocketBase (issue 16): anyone who can reach its API can try
passwords there, so it stays on loopback / a private network and the site streams each file
from it. What a browser may ask is passed on (`thumb` when it is a size the site uses, `token`,
`download`, ranges and revalidation headers), and PocketBase's answer comes back as it is:
status, type, length, range, disposition, its sandboxing Content-Security-Policy and its caching headers (public
files: 30 days). A tokenised (protected) file is never stored by any cache
(`private, no-store`), whatever PocketBase said. A public JPEG/PNG goes to a browser that
accepts WebP as WebP (student_portal/server/image_variants.py, converted once and kept), with
`Vary: Accept` on every answer for such a picture so no cache hands one format to the other.
Answered before Reflex's app, like lead_images.py, with no middleware on the way of pages and the websocket.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import httpx
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route, Router
from starlette.types import ASGIApp

from student_portal.pocketbase import ClientResponseError, PocketBaseClient, configured_client
from student_portal.routes import FILES_PREFIX
from student_portal.server.asgi_prefix import answered_before
from student_portal.server.image_variants import (
    CONVERTIBLE,
    MAX_SOURCE_BYTES,
    WEBP,
    VariantCache,
    accepts_webp,
    known_thumb,
    shared_variants,
)

# Collection ids/names, record ids and PocketBase's stored file names (it normalises uploads).
_PART = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-]{0,254}")
QUERY_PASSED = ("thumb", "token", "download")
REQUEST_HEADERS_PASSED = ("range", "if-range", "if-none-match", "if-modified-since")
RESPONSE_HEADERS_PASSED = (
    "content-type",
    "content-length",
    "content-range",
    "content-encoding",
    "accept-ranges",
    "content-disposition",
    "content-security-policy",
    "cache-control",
    "etag",
    "last-modified",
)
NO_STORE = "private, no-store"
UNAVAILABLE = {"cache-control": "no-store", "content-type": "text/plain; charset=utf-8"}


def _response_headers(upstream_headers: dict[str, str], *, tokenised: bool, status: int) -> dict[str, str]:
    headers = {name: upstream_headers[name] for name in RESPONSE_HEADERS_PASSED if name in upstream_headers}
    if tokenised or status >= 400:
        headers["cache-control"] = NO_STORE  # the token expires; an error must not stick
    if headers.get("content-type", "").lower().startswith(("text/html", "application/xhtml")):
        # Never rendered as a page of our origin, whatever was uploaded (PocketBase already
        # sends it as an attachment).
        headers["content-type"] = "application/octet-stream"
    # Note previews are framed by our own pages: the site's default (DENY) would block them.
    headers["x-frame-options"] = "SAMEORIGIN"
    if not tokenised and _media_type(headers) in CONVERTIBLE:
        headers["vary"] = "Accept"  # the same address answers WebP or the original
    return headers


def _media_type(headers: dict[str, str]) -> str:
    return headers.get("content-type", "").partition(";")[0].strip().lower()


def _webp_candidate(upstream_headers: dict[str, str], status: int) -> bool:
    """A whole public picture small enough to read and convert."""
    try:
        length = int(upstream_headers.get("content-length", ""))
    except ValueError:
        return False
    return (
        status == 200
        and _media_type(upstream_headers) in CONVERTIBLE
        and "content-encoding" not in upstream_headers
        and 0 < length <= MAX_SOURCE_BYTES
    )


def with_file_proxy(
    app: ASGIApp,
    client: Callable[[], PocketBaseClient] = configured_client,
    variants: Callable[[], VariantCache] = shared_variants,
) -> ASGIApp:
    """ASGI transform (rx.App(api_transformer=...)): answers /files/ requests, hands every
    other request and the websocket straight to `app`."""

    async def as_webp(
        parts: tuple[str, str, str], thumb: str, upstream: httpx.Response, headers: dict[str, str]
    ) -> Response | None:
        """The WebP answer for this picture, or None when the original is the better one (then
        `upstream` has been read: its bytes are in `upstream.content`)."""
        source = await upstream.aread()
        variant = await run_in_threadpool(variants().variant, (*parts, thumb, WEBP), source)
        if variant.body is None:
            return None
        headers = {name: value for name, value in headers.items() if name not in ("content-length", "etag")}
        return Response(variant.body, headers={**headers, "content-type": WEBP})

    async def serve(request: Request) -> Response:
        parts = (request.path_params["collection"], request.path_params["record"], request.path_params["name"])
        if not all(_PART.fullmatch(part) for part in parts) or any(".." in part for part in parts):
            return Response("Not found", status_code=404, headers=UNAVAILABLE)
        params = {key: request.query_params[key] for key in QUERY_PASSED if request.query_params.get(key)}
        if "thumb" in params and not known_thumb(params["thumb"]):
            del params["thumb"]  # PocketBase's answer to an unknown size: the original
        headers = {name: request.headers[name] for name in REQUEST_HEADERS_PASSED if name in request.headers}
        try:
            upstream = await client().open_file(*parts, params=params, headers=headers)
        except ClientResponseError:
            return Response("File unavailable", status_code=502, headers=UNAVAILABLE)
        response_headers = _response_headers(
            dict(upstream.headers), tokenised="token" in params, status=upstream.status_code
        )
        if request.method == "HEAD":
            await upstream.aclose()
            return Response(status_code=upstream.status_code, headers=response_headers)
        wants_webp = (
            not params.keys() & {"token", "download"}
            and "range" not in headers
            and accepts_webp(request.headers.get("accept", ""))
        )
        if wants_webp and _webp_candidate(dict(upstream.headers), upstream.status_code):
            try:
                converted = await as_webp(parts, params.get("thumb", ""), upstream, response_headers)
            except httpx.TransportError:  # PocketBase went away halfway through the picture
                return Response("File unavailable", status_code=502, headers=UNAVAILABLE)
            finally:
                await upstream.aclose()
            if converted is not None:
                return converted
            return Response(upstream.content, status_code=upstream.status_code, headers=response_headers)
        return StreamingResponse(
            upstream.aiter_raw(),
            status_code=upstream.status_code,
            headers=response_headers,
            background=BackgroundTask(upstream.aclose),
        )

    router = Router(routes=[Route(FILES_PREFIX + "/{collection}/{record}/{name}", serve, methods=["GET", "HEAD"])])
    return answered_before(app, FILES_PREFIX, router)
