"""The paper indexer's own PocketBase credential: a superuser token held by this server only.

Protected notes are indexed with it, never with a visitor's token and never with one a browser
sees. From SEARCH_INDEXER_EMAIL / SEARCH_INDEXER_PASSWORD; with the bundled PocketBase and neither
set, a superuser is made for the indexer with a random password kept in the PocketBase data
folder (readable by its owner only, like the rest of pb_data; left out of backups, and made
anew when missing, as after a restore).

`make rotate-indexer` (`python -m student_portal.search.credential rotate`) gives that superuser a
new password, with the site running or not: PocketBase then refuses the tokens issued with the
old one, and the indexer reads the new password from the file when it signs in again.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import sys
import threading
import weakref
from pathlib import Path

from student_portal.constants import Timing
from student_portal.pocketbase import ClientResponseError, PocketBaseClient
from student_portal.pocketbase.embedded import EmbeddedPocketBase, data_dir_from_env, port_from_env
from student_portal.settings import settings
from student_portal.utils.private_files import open_private

log = logging.getLogger(__name__)

TOKEN_LIFE_S = 30 * 60.0  # a superuser token is asked for again after this (PocketBase's lasts a day)
INDEXER_EMAIL = "paper-indexer@student-portal.invalid"
SECRET_FILE = ".paper-indexer-password"


class Credential:
    """The indexer's superuser token, asked for again when old or refused."""

    def __init__(self, client: PocketBaseClient, email: str, password: str, secret: Path | None = None) -> None:
        self.client, self.email, self._password = client, email, password
        self._secret = secret  # where the password is kept (read again at each sign-in: rotation)
        self._token = ""
        self._at = 0.0
        # Callers at the same moment (the indexer's sync and its subscription, a worker's first
        # taps) share one sign-in: each counts against PocketBase's limit. One lock per event loop.
        self._locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = weakref.WeakKeyDictionary()

    def __repr__(self) -> str:  # never the password, never the token
        return f"Credential({self.email!r})"

    async def token(self, patience_s: float | None = None) -> str:
        """The held token, or a new one. `patience_s`: how long PocketBase's limit on sign-ins from
        this address is waited out (Timing.SUPERUSER_SIGN_IN_PATIENCE_S, the default, says why);
        0 for a visitor's tap, which says so at once rather than wait."""
        loop = asyncio.get_running_loop()
        async with self._locks.setdefault(loop, asyncio.Lock()):
            if not self._token or loop.time() - self._at > TOKEN_LIFE_S:
                if self._secret is not None:
                    self._password = (await asyncio.to_thread(self._secret.read_text)).strip() or self._password
                self._token = await self._sign_in(patience_s)
                self._at = loop.time()
            return self._token

    async def _sign_in(self, patience_s: float | None) -> str:
        loop = asyncio.get_running_loop()
        give_up_at = loop.time() + (Timing.SUPERUSER_SIGN_IN_PATIENCE_S if patience_s is None else patience_s)
        while True:
            try:
                return await self.client.auth_superuser(self.email, self._password)
            except ClientResponseError as error:
                if not error.is_rate_limited or loop.time() + Timing.SUPERUSER_SIGN_IN_RETRY_S > give_up_at:
                    raise
            log.warning(
                "PocketBase limits sign-ins from this address: %s tries again in %.0f s",
                self.email,
                Timing.SUPERUSER_SIGN_IN_RETRY_S,
            )
            await asyncio.sleep(Timing.SUPERUSER_SIGN_IN_RETRY_S)

    async def checked_token(self) -> str:
        """A token the PocketBase answering now accepts, for a new subscription or a full sync.

        PocketBase takes a token it does not know (after a restore, or another server behind the
        same address) as a guest's, without an error: lists then silently leave out the protected
        notes and the subscription gets none of their events. So the held token is renewed
        (PocketBase's auth-refresh), and asked for again with the password when refused.
        """
        if self._token:
            try:
                self._token = await self.client.superuser_refresh(self._token)
                self._at = asyncio.get_running_loop().time()
                return self._token
            except ClientResponseError as error:
                if error.status not in (401, 403, 404):
                    raise
                self.forget()
        return await self.token()

    def forget(self) -> None:
        self._token = ""


# The data folders whose indexer superuser this process has saved. Saving it again gives it a new
# token key, so PocketBase refuses (reads as a guest's) every token taken before: the paper
# indexer, practice and the notice mailer each ask for the credential, and each one's save
# signed the others out (the indexer saw 401 at start, the mailer 403).
_SAVED: set[Path] = set()
_SAVING = threading.Lock()


def configured_credential(client: PocketBaseClient) -> Credential | None:
    """From the settings; or, with the bundled PocketBase, its own superuser (saved once a process)."""
    config = settings()
    if config.search_indexer_email and config.search_indexer_password:
        return Credential(client, config.search_indexer_email, config.search_indexer_password)
    if config.pocketbase_url:
        log.warning("paper search: SEARCH_INDEXER_EMAIL/PASSWORD unset: only public papers are indexed")
        return None
    data_dir = data_dir_from_env()
    secret = data_dir / SECRET_FILE
    with _SAVING:
        if secret.exists():
            password = secret.read_text().strip()
            if data_dir not in _SAVED:
                EmbeddedPocketBase(data_dir, port=port_from_env()).upsert_superuser(INDEXER_EMAIL, password)
        else:
            password = rotate(data_dir)
        _SAVED.add(data_dir)
    return Credential(client, INDEXER_EMAIL, password, secret)


def rotate(data_dir: Path | None = None) -> str:
    """A new random password for the indexer's superuser in `data_dir` (the configured data folder
    by default), saved in PocketBase first and then in the file; returns it."""
    data_dir = data_dir or data_dir_from_env()
    # Hex: a password starting with "-" would read as a flag to PocketBase's command line.
    password = secrets.token_hex(24)
    EmbeddedPocketBase(data_dir, port=port_from_env()).upsert_superuser(INDEXER_EMAIL, password)
    written = data_dir / f"{SECRET_FILE}.new"
    with open_private(written, "w") as out:
        out.write(password)
    os.replace(written, data_dir / SECRET_FILE)
    return password


def main(argv: list[str]) -> int:
    """`python -m student_portal.search.credential rotate` (`make rotate-indexer`)."""
    if argv != ["rotate"]:
        print("usage: make rotate-indexer", file=sys.stderr)
        return 2
    if settings().search_indexer_email and settings().search_indexer_password:
        print("SEARCH_INDEXER_EMAIL/PASSWORD are set: change that account's password yourself", file=sys.stderr)
        return 1
    data_dir = data_dir_from_env()
    rotate(data_dir)
    print(f"The search indexer's PocketBase password is new (in {data_dir / SECRET_FILE}); the old one is refused.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
