"""PocketBase requests caused by home page loads: N anonymous loads, then N loads shared by
SIGNED_IN_SESSIONS signed-in notes users. Each load is a new browser tab (Playwright context)
that waits until the page's content is there; the site is restarted before each phase, so the
count includes filling its caches. Requests are counted at PocketBase (its request log).

Signed-in sessions come from the site's own /login form (the site keeps the session in
localStorage `pocketbase_auth`), saved as Playwright storage states and reused. While the site
has no /login form, the session is put into localStorage directly from a PocketBase sign-in,
as the PocketBase JS SDK stores it ({"token", "record"}); the result says which was used.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from datetime import UTC, datetime
from typing import Any

import httpx

from benchmarks import config
from benchmarks.browser import PHONE, chromium, load_page
from benchmarks.pocketbase_log import PocketBaseLog, classify, pocketbase_time
from benchmarks.servers import Servers

PARALLEL_TABS = 5
_addresses = itertools.count(1)


async def _sign_in_with_form(browser, site_url: str) -> dict | None:
    context = await browser.new_context(viewport=PHONE)
    try:
        page = await context.new_page()
        response = await page.goto(site_url + config.LOGIN_PATH)
        if response is None or response.status != 200:
            return None
        try:
            await page.fill(config.LOGIN_USERNAME_SELECTOR, config.NOTES_USER[0], timeout=10_000)
            await page.fill(config.LOGIN_PASSWORD_SELECTOR, config.NOTES_USER[1])
            await page.click(config.LOGIN_SUBMIT_SELECTOR)
            await page.wait_for_function(
                f"localStorage.getItem({json.dumps(config.AUTH_STORAGE_KEY)}) !== null", timeout=15_000
            )
        except Exception:
            return None
        return await context.storage_state()
    finally:
        await context.close()


def _injected_session(site_url: str, pocketbase_url: str) -> dict:
    response = httpx.post(
        f"{pocketbase_url}/api/collections/users/auth-with-password",
        json={"identity": config.NOTES_USER[0], "password": config.NOTES_USER[1]},
        headers={"X-Forwarded-For": f"198.19.0.{next(_addresses)}"},
        timeout=10,
    )
    response.raise_for_status()
    body = response.json()
    value = json.dumps({"token": body["token"], "record": body["record"]})
    return {
        "cookies": [],
        "origins": [{"origin": site_url, "localStorage": [{"name": config.AUTH_STORAGE_KEY, "value": value}]}],
    }


async def _sessions(browser, site_url: str, pocketbase_url: str, count: int) -> tuple[list[dict], str]:
    states = []
    for _ in range(count):
        state = await _sign_in_with_form(browser, site_url)
        if state is None:
            return [
                _injected_session(site_url, pocketbase_url) for _ in range(count)
            ], "localStorage injected from a PocketBase sign-in (no working /login form)"
        states.append(state)
    return states, "site /login form"


async def _loads(browser, url: str, count: int, selector: str | None, storage_states: list[dict | None]) -> int:
    """`count` loads, PARALLEL_TABS at a time, cycling through the storage states; how many failed."""
    gate = asyncio.Semaphore(PARALLEL_TABS)

    async def one(i: int) -> bool:
        async with gate:
            return await load_page(
                browser, url, selector=selector, storage_state=storage_states[i % len(storage_states)]
            )

    results = await asyncio.gather(*(one(i) for i in range(count)))
    return sum(1 for ok in results if not ok)


async def _selector_shown(browser, url: str, selector: str) -> bool:
    return await load_page(browser, url, selector=selector, timeout_s=10)


async def _measure(servers: Servers, anonymous: int, signed_in: int, log) -> dict[str, Any]:
    pb_log = PocketBaseLog(servers.pocketbase.url)
    home = config.CONTENT_PROBES[0]
    results: dict[str, Any] = {"home_collections": list(config.HOME_COLLECTIONS)}
    async with chromium() as browser:
        servers.start_site()
        url = servers.site_url + home.path
        # Wait for the news title when the page shows one, else for the network to rest.
        selector = home.selector if await _selector_shown(browser, url, home.selector) else None
        results["load_done_when"] = f"{selector} visible" if selector else "network idle (no news title on the page)"
        states, method = await _sessions(browser, servers.site_url, servers.pocketbase.url, config.SIGNED_IN_SESSIONS)
        results["sign_in"] = method
        phases = [("anonymous", anonymous, [None]), ("signed_in", signed_in, states)]
        for name, count, storage in phases:
            await asyncio.to_thread(servers.restart_site)
            log(f"pocketbase requests: {count} {name.replace('_', '-')} home loads")
            since = pocketbase_time(datetime.now(UTC))
            begun = time.monotonic()
            failed = await _loads(browser, url, count, selector, storage)
            # The site's shared cache refetches after its TTL: the count depends on this duration.
            seconds = round(time.monotonic() - begun, 1)
            counts = await asyncio.to_thread(pb_log.entries_since, since)
            results[name] = {"loads": count, "failed_loads": failed, "seconds": seconds, **classify(counts)}
    return results


def measure(servers: Servers, anonymous: int, signed_in: int, log=print) -> dict[str, Any]:
    return asyncio.run(_measure(servers, anonymous, signed_in, log))
