"""RFC 8058 one-click unsubscribe, answered before Reflex (rx.App(api_transformer=...)).

A notice mail names /unsubscribe/{token} in its List-Unsubscribe header, with
`List-Unsubscribe-Post: List-Unsubscribe=One-Click` (pb/pb_hooks/notice_mail.js). A mail app's
own Unsubscribe button then POSTs to that address, without a browser, a page or a sign-in: the
token (signed by PocketBase, for one student and one list) is all it takes. A person who clicks
the link in the mail gets the page at the same address (pages/unsubscribe.py), which does the
same over the websocket once its script runs, so a mail scanner that only fetches links
unsubscribes nobody.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from student_portal import routes
from student_portal.i18n.languages import without_language
from student_portal.pocketbase import ClientResponseError, PocketBaseClient
from student_portal.pocketbase.client import configured_client

log = logging.getLogger(__name__)

PREFIX = routes.UNSUBSCRIBE.split("[", 1)[0]  # "/unsubscribe/"
NO_CACHE = {"cache-control": "no-store"}


def with_one_click_unsubscribe(app: ASGIApp, client: Callable[[], PocketBaseClient] = configured_client) -> ASGIApp:
    async def asgi(scope: Scope, receive: Receive, send: Send) -> None:
        path = without_language(scope.get("path", "")) if scope["type"] == "http" else ""
        if scope["type"] != "http" or scope["method"] != "POST" or not path.startswith(PREFIX):
            await app(scope, receive, send)
            return
        token = path.removeprefix(PREFIX).strip("/")
        status = 200
        try:
            await client().unsubscribe(token)
        except ClientResponseError as failure:
            # Forged, altered or too old: 400 (the mail app shows its own failure); the backend
            # down: 503, and the app may try again.
            status = 400 if failure.status == 400 else 503
            log.info("one-click unsubscribe refused: status %s", failure.status)
        await Response(status_code=status, headers=NO_CACHE)(scope, receive, send)

    return asgi
