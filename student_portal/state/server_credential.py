"""The site's own superuser credential for the server's writes and reads of what no visitor's
token may touch (answer keys, a student's history, notices seen, follows): the key is a
superuser-only field, the history takes no writes through the API."""

from __future__ import annotations

import asyncio

from student_portal.pocketbase import ClientResponseError, configured_client
from student_portal.search.credential import Credential, configured_credential

_credential: Credential | None = None


async def server_token() -> str:
    """The site's superuser token. Raises ClientResponseError when it cannot be had."""
    global _credential
    if _credential is None:
        _credential = await asyncio.to_thread(configured_credential, configured_client())
    if _credential is None:
        raise ClientResponseError(status=503, message="no superuser credential for answer keys (SEARCH_INDEXER_EMAIL)")
    # A visitor's tap does not wait out PocketBase's limit on the server's sign-ins: refused, it
    # fails at once like any backend failure (the indexer and the mailer wait).
    return await _credential.token(patience_s=0)


async def as_server(call):
    """`call(token)` with the server's token; a refused (old) token is asked for again once."""
    try:
        return await call(await server_token())
    except ClientResponseError as error:
        if error.status not in (401, 403) or _credential is None:
            raise
        _credential.forget()
        return await call(await server_token())
