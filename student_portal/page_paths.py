"""Serve a built page at its own address, without the trailing-slash redirect.

The build writes each page as `<route>/index.html`; the static file server answers `/jobs` with a
307 to `/jobs/`, one more round trip before anything paints (a quarter of a second on slow
mobile data). This rewrites `/jobs` to `/jobs/` inside the server when that page exists, so the
browser gets the page at once and keeps the address it asked for.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, MutableMapping
from functools import lru_cache
from pathlib import Path
from typing import Any

Scope = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable, Callable], Awaitable[None]]

# Page routes only: lower-case segments, no dot (files), no leading underscore (Reflex's API).
_PAGE_PATH = re.compile(r"^(/[a-z0-9][a-z0-9-]*)+$")


@lru_cache(maxsize=1)
def _build_dir() -> Path:
    from reflex import constants
    from reflex.utils import prerequisites

    return (prerequisites.get_web_dir() / constants.Dirs.STATIC).resolve()


@lru_cache(maxsize=512)
def _has_built_page(path: str) -> bool:
    return (_build_dir() / path.lstrip("/") / "index.html").is_file()


class PagePathMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Callable, send: Callable) -> None:
        if (
            scope["type"] == "http"
            and scope.get("method") in ("GET", "HEAD")
            and _PAGE_PATH.match(scope.get("path", ""))
            and _has_built_page(scope["path"])
        ):
            scope = {**scope, "path": scope["path"] + "/", "raw_path": scope["path"].encode() + b"/"}
        await self.app(scope, receive, send)
