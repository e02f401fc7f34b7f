"""Start the bundled PocketBase with the site when no external one is configured.

A lifespan task runs in every backend worker; a file lock makes exactly one of them own the
PocketBase process, the others wait for it to answer. With POCKETBASE_URL set, nothing starts.

The owner passes PocketBase the site's address (DEPLOY_URL: the account mails link to the
site's pages) and, with no SMTP_HOST, starts the development outbox (accounts/outbox.py) and
points PocketBase's mail at it, so a developer can finish a sign-up: each mail is kept in
pb_data/outbox/ and its links are printed on the console.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path

from student_portal import reflex_internals
from student_portal.accounts.outbox import Outbox
from student_portal.pocketbase.embedded import (
    EmbeddedPocketBase,
    data_dir_from_env,
    port_from_env,
)
from student_portal.settings import settings
from student_portal.utils.private_files import make_private_dir, worker_claim

logger = logging.getLogger(__name__)

_STARTUP_WAIT_S = 30.0
OUTBOX_FOLDER = "outbox"


@contextlib.asynccontextmanager
async def embedded_pocketbase() -> AsyncIterator[None]:
    if settings().pocketbase_url:
        yield
        return
    data_dir = data_dir_from_env()
    make_private_dir(data_dir)
    server = EmbeddedPocketBase(
        data_dir,
        port=port_from_env(),
        log_file=data_dir / "pocketbase.log",
        env={"DEPLOY_URL": settings().site_address},
    )
    outbox: Outbox | None = None
    with worker_claim(data_dir / ".embedded.lock") as owner:  # held for the app's lifetime
        try:
            if owner and await asyncio.to_thread(server.is_healthy):
                # Something already answers on the port (e.g. a PocketBase left from an earlier run).
                print(
                    f"Using the PocketBase already running at {server.url} — admin UI: {server.admin_url}", flush=True
                )
            elif owner:
                outbox = _development_outbox(data_dir)
                if outbox is not None:
                    server.env.update(outbox.smtp_environment())
                server.launch()  # here, in the event loop's thread: see EmbeddedPocketBase.launch
                await asyncio.to_thread(server.wait_until_healthy)
                print(f"PocketBase (embedded) at {server.url} — admin UI: {server.admin_url}", flush=True)
            else:
                await _wait_until_healthy(server)
            yield
        finally:
            if owner:
                await asyncio.to_thread(server.stop)
                if outbox is not None:
                    outbox.stop()


def _development_outbox(data_dir: Path) -> Outbox | None:
    """With no SMTP_HOST: an outbox on loopback keeping PocketBase's mails in data_dir/outbox.

    In development (`make dev`) the console shows each mail's links, to click. In production mode
    (`make run`) it never does: a console is a log, and a verify or reset link in a log is a way
    into an account (issue 49, finding 6). There the mails are kept on disk only, unless
    DEV_OUTBOX_LINKS says this is a developer's own machine."""
    if settings().smtp_host:
        return None
    folder = data_dir / OUTBOX_FOLDER
    links = not reflex_internals.is_prod_mode() or settings().dev_outbox_links
    if links:
        outbox = Outbox(folder, announce=lambda line: print(f"Outbox: {line}", flush=True)).start()
        print(f"No SMTP_HOST: account mails are kept in {folder}/new/ (and their links shown here)", flush=True)
    else:
        outbox = Outbox(folder, announce=None).start()
        print(
            f"No SMTP_HOST: account mails are NOT sent; they are kept in {folder}/new/ (owner only), their"
            " links never shown. Set SMTP_HOST (docs/accounts.md) for real mail.",
            flush=True,
        )
    return outbox


async def _wait_until_healthy(server: EmbeddedPocketBase) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + _STARTUP_WAIT_S
    while loop.time() < deadline:
        if await asyncio.to_thread(server.is_healthy):
            return
        await asyncio.sleep(0.2)
    logger.error("embedded PocketBase did not answer at %s", server.url)
