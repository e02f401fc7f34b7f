"""A built page answers at its own address, with or without the trailing slash: no redirect.

The build writes each page as `<route>/index.html`, and Reflex's static file server answers
`/booking` with a 307 to `/booking/`: one more round trip before anything paints (~0.3 s on slow
mobile data), paid by every link shared without the slash (WhatsApp, search engines, our own
sitemap and share links). Here `/booking` is handed to the file server as `/booking/` when that
page was built, so the browser gets the page at once and keeps the address it asked for. The
same holds for /si/... and /ta/... (each language's pages are built under its prefix).

An earlier version was reverted because React Router resolved the skip link (`#main`) against
`/route/` and navigated away; the skip link is now a plain in-page anchor (components/layout.py)
and tests/e2e/test_accessibility.py follows it on a page opened without the slash.

Pages travel gzip-encoded, never brotli or zstd: the link previews and the security headers
rewrite or hash each page's HTML and decode gzip only (the build also writes .br for the scripts
and styles, which do travel as brotli: rxconfig.py). So a page request reaches the file server
offering gzip only, and so does a request for a built .html file: the service worker precaches
/saved.html and /offline.html by those names, and a brotli copy got a policy without its inline
scripts' hashes, so /saved served from the worker never hydrated. The same holds for a file name
the build does not have (/paper.pdf, /si/old-page.html): Reflex answers it with its page shell
(the 404), which travelled brotli and, its scripts refused, drew a blank page.

Innermost of the transforms: the others (link previews, security headers) see the address the
browser asked for. Where the build lives is a Reflex internal (reflex_internals.built_pages_dir).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from starlette.types import ASGIApp, Receive, Scope, Send

from student_portal.reflex_internals import built_pages_dir

# Page addresses only: lower-case segments, no dot (files), no leading underscore (Reflex's API).
_PAGE_PATH = re.compile(r"(/[a-z0-9][a-z0-9-]*)+")


def _gzip_only(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """The request's headers with Accept-Encoding reduced to gzip, if it offered gzip."""
    out = [(k, v) for k, v in headers if k.lower() != b"accept-encoding"]
    offered = b",".join(v for k, v in headers if k.lower() == b"accept-encoding").lower()
    if any(part.split(b";")[0].strip() == b"gzip" for part in offered.split(b",")):
        out.append((b"accept-encoding", b"gzip"))
    return out


def built_file_check(build_dir: Callable[[], Path] = built_pages_dir) -> Callable[[str], bool]:
    """Whether the build has a file at an address (`/assets/x.js`, `/si/paper.pdf`): cached, as
    a build does not change while it is served (also sharing/server.py's check)."""

    @lru_cache(maxsize=1024)  # a fixed set of built files; other paths are one cheap miss each
    def is_built_file(path: str) -> bool:
        return (build_dir() / path.lstrip("/")).is_file()

    return is_built_file


def with_page_paths(app: ASGIApp, build_dir: Callable[[], Path] = built_pages_dir) -> ASGIApp:
    """ASGI transform: GET/HEAD `/route` of a built page reaches the app as `/route/`."""
    is_built_file = built_file_check(build_dir)

    @lru_cache(maxsize=1024)  # a fixed set of built pages; other paths are one cheap miss each
    def is_built_page(path: str) -> bool:
        return (build_dir() / path.lstrip("/") / "index.html").is_file()

    async def asgi(scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        name = path.rsplit("/", 1)[-1]
        # A page, or a name the build lacks (answered with the page shell), not a file.
        if scope["type"] == "http" and ("." not in name or name.endswith(".html") or not is_built_file(path)):
            scope = {**scope, "headers": _gzip_only(scope.get("headers", []))}
            if scope.get("method") in ("GET", "HEAD") and _PAGE_PATH.fullmatch(path) and is_built_page(path):
                scope = {**scope, "path": path + "/", "raw_path": path.encode() + b"/"}
        await app(scope, receive, send)

    return asgi
