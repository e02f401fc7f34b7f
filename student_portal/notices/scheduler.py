"""The site's notice mailer (issue 53): a lifespan task that, in the one worker holding its lock,
runs NoticeMailer.tick every Timing.NOTICE_TICK_S: class reminders, settling notices into their
followers' deliveries, the mails due at once and the digests due (sender.py)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from student_portal.constants import Timing
from student_portal.pocketbase import ClientResponseError, configured_client
from student_portal.settings import settings
from student_portal.utils.private_files import worker_claim

log = logging.getLogger(__name__)


async def _run() -> None:
    from student_portal.notices.sender import NoticeMailer
    from student_portal.search.credential import configured_credential

    # The credential after a first wait: at start the paper indexer may be making the bundled
    # PocketBase's superuser (search/credential.py), and a second one made at the same moment
    # would change its password under it.
    await asyncio.sleep(Timing.NOTICE_TICK_S)
    client = configured_client()
    credential = await asyncio.to_thread(configured_credential, client)
    if credential is None:
        log.warning("notices: no superuser credential: no notice mails or reminders")
        return
    mailer = NoticeMailer(client, credential.token, settings().site_address)
    while True:
        try:
            # PocketBase reads a token it no longer knows (the superuser made again, a restore)
            # as a guest's: the deliveries would answer 403. A checked token each run.
            await credential.checked_token()
            await mailer.tick()
        except ClientResponseError as error:  # PocketBase down or refusing: next tick
            log.warning("notices: the mailer's run stopped (PocketBase answered %s); trying again", error.status)
        except Exception:  # a bug: logged whole, tried again next tick
            log.exception("notices: the mailer's run failed; trying again in a while")
        await asyncio.sleep(Timing.NOTICE_TICK_S)


@contextlib.asynccontextmanager
async def notice_mailer(_app: Any = None) -> AsyncIterator[None]:
    with worker_claim(settings().search_index_dir / ".notice-mailer.lock") as owner:
        if not owner:
            yield
            return
        task = asyncio.create_task(_run(), name="notice_mailer")
        try:
            yield
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
