"""The PocketBase client never logs a password or a token, even at DEBUG level (issue 7).

Everything the site does with credentials - sign in (right and wrong), refresh, protected lists,
file tokens, failures - runs against the real PocketBase with every logger (ours, httpx,
httpcore) at DEBUG; the captured text must hold none of the secrets.
"""

from __future__ import annotations

import logging

import pytest

from student_portal.pocketbase import ClientResponseError, Collection, PocketBaseClient
from student_portal.pocketbase.embedded import EmbeddedPocketBase
from tests.integration.test_client import DEMO_PASSWORD, visitor_ip

WRONG_PASSWORD = "wrong-pass-7f3a9c"


async def test_no_secret_reaches_any_log(pocketbase: EmbeddedPocketBase, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)  # the root logger: ours, httpx, httpcore, asyncio
    client = PocketBaseClient(pocketbase.url, timeout=10)
    try:
        with pytest.raises(ClientResponseError) as refused:
            await client.auth_with_password("notes", WRONG_PASSWORD, client_ip=visitor_ip())
        logging.getLogger("test").warning("refused: %s %r", refused.value, refused.value)
        auth = await client.auth_with_password("notes@demo.lk", DEMO_PASSWORD, client_ip=visitor_ip())
        refreshed = await client.auth_refresh(auth.token)
        notes = await client.full_list(Collection.NOTES, sort="created", token=refreshed.token)
        file_token = await client.file_token(refreshed.token)
        note = next(n for n in notes if n["file"])
        url = client.file_url(note["collectionId"], note["id"], note["file"], token=file_token)
        with pytest.raises(ClientResponseError) as missing:
            await client.get_one(Collection.NOTES, "nosuchnote0000", token=refreshed.token)
        logging.getLogger("test").warning("missing: %s %r", missing.value, missing.value)
        # An error for a tokenised file address (as if a page logged it) keeps the token out too.
        error = ClientResponseError(url=url, status=404)
        logging.getLogger("test").warning("file: %s %r", error, error)
    finally:
        await client.aclose()
    logged = caplog.text
    assert "HTTP Request" in logged or "send_request" in logged  # the DEBUG loggers did write
    for secret in (WRONG_PASSWORD, DEMO_PASSWORD, auth.token, refreshed.token, file_token):
        assert secret not in logged
