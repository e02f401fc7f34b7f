"""Security headers on every response, with a Content-Security-Policy as tight as the app allows.

The built pages carry a few inline scripts (React Router's hydration data). Rather than
allowing every inline script, each HTML response is hashed as it goes out and only its own
inline scripts are allowed (`'sha256-…'`). Reflex's `rx.call_script` evaluates code sent by
our own server, hence `'unsafe-eval'`; injected markup still cannot run a script.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import re
import zlib
from collections.abc import Awaitable, Callable, MutableMapping
from functools import lru_cache
from typing import Any

from student_portal.pocketbase.client import public_base_url

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

_INLINE_SCRIPT = re.compile(rb"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.DOTALL | re.IGNORECASE)

STATIC_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"strict-origin-when-cross-origin"),
    (b"x-frame-options", b"DENY"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=()"),
)

YOUTUBE_FRAMES = "https://www.youtube-nocookie.com https://www.youtube.com"
YOUTUBE_IMAGES = "https://i.ytimg.com"
# The player (react-player's youtube-video-element, loaded on tap) drives its frame through
# YouTube's iframe API: this one script and the widget script it loads, by path, not the whole
# host (youtube.com also serves JSONP-style endpoints that would turn script-src into a bypass).
YOUTUBE_SCRIPTS = "https://www.youtube.com/iframe_api https://www.youtube.com/s/player/"


def content_security_policy(script_hashes: list[str]) -> str:
    # Files (pictures, note previews) come from the site's own /files/, or from a CDN when
    # POCKETBASE_PUBLIC_URL names one; never from PocketBase itself.
    cdn = public_base_url()
    scripts = " ".join(f"'sha256-{h}'" for h in script_hashes)
    return "; ".join(
        [
            "default-src 'self'",
            f"script-src 'self' 'unsafe-eval' {YOUTUBE_SCRIPTS} {scripts}".strip(),
            # React sets style attributes; stylesheets themselves come from 'self'.
            "style-src 'self' 'unsafe-inline'",
            " ".join(filter(None, ["img-src 'self' data:", cdn, YOUTUBE_IMAGES])),
            "font-src 'self'",
            "connect-src 'self'",
            # pdf.js's worker and the offline service worker are files of our own origin.
            "worker-src 'self'",
            "manifest-src 'self'",
            f"frame-src 'self' {YOUTUBE_FRAMES}",
            "media-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ]
    )


@lru_cache(maxsize=256)
def _policy_for(body: bytes) -> bytes:
    hashes = [base64.b64encode(hashlib.sha256(m.group(1)).digest()).decode() for m in _INLINE_SCRIPT.finditer(body)]
    return content_security_policy(hashes).encode()


def _decoded(body: bytes, encoding: bytes) -> bytes | None:
    try:
        if encoding == b"gzip":
            return gzip.decompress(body)
        if encoding == b"deflate":
            return zlib.decompress(body)
        if encoding in (b"", b"identity"):
            return body
    except (OSError, zlib.error):
        return None
    return None  # br/zstd: not decoded here, falls back to a policy without inline scripts


def _with_policy(start: Message, body: bytes) -> Message:
    headers = [(k, v) for k, v in start.get("headers", []) if k.lower() != b"content-security-policy"]
    encoding = dict(headers).get(b"content-encoding", b"").lower()
    html = _decoded(body, encoding)
    policy = _policy_for(html) if html is not None else content_security_policy([]).encode()
    start["headers"] = [*headers, *STATIC_HEADERS, (b"content-security-policy", policy)]
    return start


class SecurityHeadersMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start: Message | None = None
        chunks: list[bytes] = []

        async def send_with_headers(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                headers = dict(message.get("headers", []))
                if not headers.get(b"content-type", b"").startswith(b"text/html"):
                    # A response may set its own (the file proxy's SAMEORIGIN for note previews).
                    own = {k.lower() for k in headers}
                    extra = [(k, v) for k, v in STATIC_HEADERS if k not in own]
                    message["headers"] = [*message.get("headers", []), *extra]
                    await send(message)
                    return
                start = message  # hold until the body is complete: its scripts decide the policy
                return
            if start is None:
                await send(message)
                return
            if message["type"] == "http.response.pathsend":
                # The server sends the file itself (granian); read it to see its scripts.
                with open(message["path"], "rb") as file:
                    await send(_with_policy(start, file.read()))
                await send(message)
                return
            chunks.append(message.get("body", b""))
            if message.get("more_body"):
                return
            body = b"".join(chunks)
            await send(_with_policy(start, body))
            await send({"type": "http.response.body", "body": body, "more_body": False})

        await self.app(scope, receive, send_with_headers)
