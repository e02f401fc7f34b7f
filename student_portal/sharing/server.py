"""The ASGI side of sharing (rx.App(api_transformer=...)): answered before Reflex's app.

- /robots.txt, /sitemap.xml and /calendar/... .ics are answered here, from the content cache; a
  calendar under /si/ or /ta/ (the address a Sinhala or Tamil page links to) has the texts the site
  writes in it (reminder, "Teacher:", the feed's name) in that language.
- Every HTML page Reflex sends goes out with its own tags (sharing/content.py) in place of the
  built ones: crawlers run no JavaScript, and a built page cannot know a news item's title.
  An unknown news, teacher or folder id answers 404 with `noindex`. This wrapper sits inside
  the security headers, so the Content-Security-Policy hashes the page as it finally is.
Websockets and other requests pass straight through.
"""

from __future__ import annotations

import asyncio
import dataclasses
import gzip
import logging
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route, Router
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from student_portal import routes
from student_portal.i18n import in_language
from student_portal.i18n.languages import (
    LANGUAGE_COOKIE,
    Language,
    in_language_path,
    language_of_path,
    without_language,
)
from student_portal.i18n.texts import Text
from student_portal.pocketbase import ClientResponseError
from student_portal.routes.links import absolute, language_versions, site_url
from student_portal.server.page_paths import built_file_check
from student_portal.sharing import content, first_view
from student_portal.sharing.calendar import classes_calendar
from student_portal.sharing.sitemap import robots_txt, sitemap_xml
from student_portal.sharing.tags import head_tags, with_head_tags, with_language

log = logging.getLogger(__name__)

# A content page (/news/{id}) needs its record for its tags and status; on a cold cache and a slow
# PocketBase, generic tags rather than a page held back longer (the fetch goes on).
CONTENT_WAIT_S = 1.0
NO_CACHE = {"cache-control": "no-cache"}
# Not pages: Reflex's own endpoints and the built files.
PASS_THROUGH = ("/assets/", "/_", "/ping", routes.LEAD_IMAGE_PREFIX + "/", "/favicon")


async def _in_time(work: Awaitable[Any], wait_s: float) -> Any:
    async with asyncio.timeout(wait_s):  # not wait_for: it can drop a cancel (3.11)
        return await work


_built_file = built_file_check()


def is_file_address(path: str, is_built: Callable[[str], bool] = _built_file) -> bool:
    """A file, not a page: a name with a dot. Under /si/ and /ta/ only a file the build has: Reflex
    answers any other /si/... with its page shell (the catch-all /si/ page matches it, status 200,
    lang "en"), which must go out as that language's 404 like every unknown address."""
    if "." not in path.rsplit("/", 1)[-1]:
        return False
    return language_of_path(path) is Language.EN or is_built(path)


def with_sharing(
    app: ASGIApp,
    base_url: Callable[[], str] = site_url,
    wait_s: float = CONTENT_WAIT_S,
    is_built: Callable[[str], bool] = _built_file,
) -> ASGIApp:
    async def robots(request: Request) -> Response:
        body = robots_txt(absolute(base_url(), routes.SITEMAP_XML))
        return Response(body, media_type="text/plain; charset=utf-8", headers=NO_CACHE)

    async def sitemap(request: Request) -> Response:
        entries = await content.sitemap_entries(base_url())
        return Response(sitemap_xml(entries), media_type="application/xml; charset=utf-8", headers=NO_CACHE)

    def host() -> str:
        return urlsplit(base_url()).hostname or "localhost"

    async def calendar(work: Awaitable[Any], build: Callable[[Any], tuple[bytes, str]]) -> Response:
        """`build(found)` -> (.ics, file name) for what `work` found; 404 for None, 503 when the
        backend failed or was too slow (calendar apps retry later)."""
        try:
            found = await _in_time(work, wait_s)
        except (ClientResponseError, TimeoutError):
            return Response(status_code=503, headers=NO_CACHE)
        if found is None:
            return Response("Not found\n", status_code=404, media_type="text/plain", headers=NO_CACHE)
        body, filename = build(found)
        disposition = f'inline; filename="{filename}"'
        headers = {**NO_CACHE, "content-disposition": disposition}
        return Response(body, media_type="text/calendar; charset=utf-8", headers=headers)

    async def class_ics(request: Request) -> Response:
        return await calendar(
            content.one_class(request.path_params["class_id"]),
            lambda item: (classes_calendar([item], host=host()), "class.ics"),
        )

    async def teacher_ics(request: Request) -> Response:
        def feed(found: tuple[str, list]) -> tuple[bytes, str]:
            name, classes = found
            return classes_calendar(classes, host=host(), name=Text.teacher_calendar_name(name)), "classes.ics"

        return await calendar(content.teacher_feed(request.path_params["teacher_id"]), feed)

    answers = Router(
        routes=[
            Route(routes.ROBOTS_TXT, robots, methods=["GET", "HEAD"]),
            Route(routes.SITEMAP_XML, sitemap, methods=["GET", "HEAD"]),
            Route(routes.CALENDAR_PREFIX + "/class/{class_id}.ics", class_ics, methods=["GET", "HEAD"]),
            Route(routes.CALENDAR_PREFIX + "/teacher/{teacher_id}.ics", teacher_ics, methods=["GET", "HEAD"]),
        ]
    )
    own = (routes.ROBOTS_TXT, routes.SITEMAP_XML)

    async def asgi(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            await app(scope, receive, send)
            return
        path: str = scope["path"]
        if path == routes.HOME and (chosen := _chosen_language(scope)) is not None:
            await _to_language(chosen, scope, receive, send)
        elif path in own:
            await answers(scope, receive, send)
        elif (english := without_language(path)).startswith(routes.CALENDAR_PREFIX + "/"):
            with in_language(language_of_path(path)):
                await answers({**scope, "path": english}, receive, send)
        elif path.startswith(PASS_THROUGH) or is_file_address(path, is_built):  # files are not pages
            await app(scope, receive, send)
        else:
            await _tagged_page(app, scope, receive, send, base_url, wait_s)

    return asgi


async def _first_content(work: Awaitable[first_view.Filler], path: str, wait_s: float) -> first_view.Filler | None:
    """What fills a page's first content into its HTML (the home page's first news, /booking's
    and /shop's first picture); None (the face as built) when the backend is slow or fails: the page is
    not held up for it."""
    try:
        return await _in_time(work, wait_s)
    except TimeoutError:
        return None
    except Exception:  # a bug here must not take the page down
        log.exception("first content for the HTML of %s failed", path)
        return None


def _chosen_language(scope: Scope) -> Language | None:
    """Sinhala or Tamil, when the visitor chose it with the language switch (assets/head.js)."""
    cookies = Request(scope).cookies
    chosen = cookies.get(LANGUAGE_COOKIE, "")
    return next((lang for lang in Language if lang.value == chosen and lang is not Language.EN), None)


async def _to_language(language: Language, scope: Scope, receive: Receive, send: Send) -> None:
    """`/` for a visitor who chose Sinhala or Tamil: their home page (/si/, /ta/), query kept."""
    query = scope.get("query_string", b"").decode("latin-1")
    target = in_language_path(routes.HOME, language) + (f"?{query}" if query else "")
    headers = {"location": target, "cache-control": "no-cache", "vary": "Cookie"}
    await Response(status_code=302, headers=headers)(scope, receive, send)


def _content(path: str) -> bool:
    """A record's page (/news/{id}): served at its address as it is, not as a folder."""
    return content.is_content_path(content.normalise(path))


def _query(scope: Scope) -> dict[str, str]:
    """The request's query parameters (the last of a repeated name, as the page's state reads them)."""
    return dict(Request(scope).query_params)


def _in_page_language(url: str, language: Language) -> str:
    if not url:
        return url
    parts = urlsplit(url)
    return parts._replace(path=in_language_path(parts.path, language)).geturl()


def _without_conditionals(scope: Scope) -> Scope:
    # The built file's ETag does not change when the content does: never answer 304 from it.
    headers = [(k, v) for k, v in scope.get("headers", []) if k.lower() not in (b"if-none-match", b"if-modified-since")]
    return {**scope, "headers": headers}


async def _tagged_page(
    app: ASGIApp, scope: Scope, receive: Receive, send: Send, base_url: Callable[[], str], wait_s: float
) -> None:
    start: Message | None = None
    chunks: list[bytes] = []

    async def send_tagged(message: Message) -> None:
        nonlocal start
        if message["type"] == "http.response.start":
            headers = dict(message.get("headers", []))
            if headers.get(b"content-type", b"").startswith(b"text/html"):
                start = message  # held until the body is complete
                return
            await send(message)
            return
        if start is None:
            await send(message)
            return
        if message["type"] == "http.response.pathsend":
            with open(message["path"], "rb") as file:
                chunks.append(file.read())
        else:
            chunks.append(message.get("body", b""))
            if message.get("more_body"):
                return
        start_message, body = await _retagged(scope, start, b"".join(chunks), base_url, wait_s)
        await send(start_message)
        await send({"type": "http.response.body", "body": body, "more_body": False})

    await app(_without_conditionals(scope), receive, send_tagged)


async def _retagged(
    scope: Scope, start: Message, body: bytes, base_url: Callable[[], str], wait_s: float
) -> tuple[Message, bytes]:
    dropped = (b"etag", b"last-modified", b"content-length", b"cache-control")
    headers = [(k, v) for k, v in start.get("headers", []) if k.lower() not in dropped]
    encoding = dict(headers).get(b"content-encoding", b"").lower()
    if encoding not in (b"", b"identity", b"gzip"):
        return start, body  # br/zstd are never chosen by our build; leave such a page as it is
    document = gzip.decompress(body) if encoding == b"gzip" and body else body
    status = start.get("status", 200)
    # /si/... and /ta/...: the tags in the page's language, found by its English path.
    language = language_of_path(scope["path"])
    path = without_language(scope["path"])
    with in_language(language):
        # The page's first content (home: news; /booking, /shop: a picture), fetched beside the
        # tags (one wait at most, not two), in the page's language like the page's own state.
        fill = first_view.filler(content.normalise(path), _query(scope)) if status == 200 and document else None
        first = asyncio.create_task(_first_content(fill, path, wait_s)) if fill is not None else None
        if status == 404:
            answer = content.not_found()
        else:
            try:
                answer = await _in_time(content.page_answer(path, base_url()), wait_s)
            except TimeoutError:
                answer = content.generic_answer(path, base_url())
            except Exception:  # a bug here must not take the page down: send it as built
                log.exception("link preview tags failed for %s", scope["path"])
                if first is not None:
                    first.cancel()
                return start, body
    if document:
        if first is not None and (filled := await first) is not None:
            document = filled(document)
        meta = dataclasses.replace(
            answer.meta,
            url=_in_page_language(answer.meta.url, language),
            locale=f"{language.value}_LK",
            alternates=() if answer.meta.noindex else language_versions(base_url(), path, built=not _content(path)),
        )
        document = with_language(with_head_tags(document, head_tags(meta)), language.value)
    out = gzip.compress(document, compresslevel=6) if encoding == b"gzip" and document else document
    headers.append((b"cache-control", b"no-cache"))  # the tags follow the content
    if scope["method"] == "HEAD":
        out = b""
    else:
        headers.append((b"content-length", str(len(out)).encode()))
    return {**start, "status": answer.status or status, "headers": headers}, out
