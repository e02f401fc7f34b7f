"""What a student's history costs (issue 52): the saves of an hour of watching, and /my-study with
1,000 entries of history.

    make bench BENCH_ARGS="--only study"
    python -m benchmarks.my_study              # on its own (--quick: 10 minutes of watching)

- **Writes per student-hour of watching**: a signed-in student on /youtube plays a recording for an
  hour (simulated: the player's timeupdate events four times a second, as youtube-video-element
  sends them, with its position advancing; four pauses on the way and the page left at the end).
  Counted: the saves the browser sends (websocket frames naming HistoryState.watched) and the
  history entry's position in PocketBase at the end. Target: at most 4 saves a minute (issue 52:
  "a few small writes per minute"), i.e. 240 an hour.
- **/my-study with 1,000 entries**: the student's history holds 500 recordings and 500 documents,
  and 100 attempts over 3 papers; a new visit at 390 px: ms until the lists show, the websocket
  bytes until the page settles, DOM nodes; then one Show more. The page sends one page of each
  list (Limit.MY_STUDY_PAGE), whatever the history holds.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any

import httpx

from benchmarks.browser import PHONE, chromium, content_probe_script
from benchmarks.servers import Servers
from student_portal import routes
from student_portal.constants import Limit, StorageKey
from tests.support.admin import superuser_client
from tests.support.pocketbases import DEMO_PASSWORD, SUPERUSER

SITE_ENV = {"SEARCH_INDEXER_EMAIL": SUPERUSER[0], "SEARCH_INDEXER_PASSWORD": SUPERUSER[1]}
STUDENT = ("basic", "basicuser000001")
SAVES_PER_MINUTE_MAX = 4.0
ENTRIES = 1000
ATTEMPTS = 100
SETTLE_S = 1.5
TICKS_PER_S = 4
PAUSES = 4
STAND_IN = '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360"/></svg>'

# An hour of playing as youtube-video-element reports it: timeupdate 4 times a second, a pause now
# and then (each followed by playing again), the page left at the end.
_WATCH = """async ([element, seconds, ticks, pauses]) => {
  let at = 0;
  Object.defineProperty(element, "currentTime", { configurable: true, get: () => at });
  Object.defineProperty(element, "duration", { configurable: true, get: () => seconds + 60 });
  element.dispatchEvent(new Event("durationchange"));
  const every = Math.floor((seconds * ticks) / (pauses + 1));
  for (let tick = 1; tick <= seconds * ticks; tick += 1) {
    at = tick / ticks;
    element.dispatchEvent(new Event("timeupdate"));
    if (tick % every === 0 && tick < seconds * ticks) element.dispatchEvent(new Event("pause"));
    // 20 s of playing every 150 ms: the hour's saves come 7 a second, under the site's limit on
    // one connection's events (10 a second), which dropped the faster simulation's last ones.
    if (tick % (20 * ticks) === 0) await new Promise((resolve) => setTimeout(resolve, 150));
  }
  window.dispatchEvent(new Event("pagehide"));
}"""


def _auth(pocketbase_url: str) -> str:
    response = httpx.post(
        f"{pocketbase_url}/api/collections/users/auth-with-password",
        json={"identity": STUDENT[0], "password": DEMO_PASSWORD},
        headers={"X-Forwarded-For": "198.19.52.1"},
    )
    response.raise_for_status()
    body = response.json()
    return json.dumps({"token": body["token"], "record": body["record"]})


def _wipe(admin: httpx.Client) -> None:
    for collection in ("history", "attempts"):
        while True:
            found = admin.get(f"/api/collections/{collection}/records", params={"perPage": "500"}).json()["items"]
            if not found:
                break
            for record in found:
                admin.delete(f"/api/collections/{collection}/records/{record['id']}")


async def _signed_in_context(browser, site_url: str, auth: str):
    context = await browser.new_context(viewport=PHONE)
    await context.add_init_script(f"localStorage.setItem({json.dumps(StorageKey.AUTH)}, {json.dumps(auth)});")
    await context.route(
        "https://i.ytimg.com/**", lambda route: route.fulfill(content_type="image/svg+xml", body=STAND_IN)
    )
    return context


def _position(pocketbase_url: str) -> int | None:
    with superuser_client(pocketbase_url) as admin:
        found = admin.get("/api/collections/history/records", params={"perPage": "1"}).json()["items"]
    return found[0]["position"] if found else None


async def _watch_an_hour(site_url: str, pocketbase_url: str, auth: str, seconds: int) -> dict[str, Any]:
    async with chromium() as browser:
        context = await _signed_in_context(browser, site_url, auth)
        sent: list[str] = []
        page = await context.new_page()

        def watch(ws) -> None:
            ws.on("framesent", lambda payload: sent.append(payload) if "watched" in str(payload) else None)

        page.on("websocket", watch)
        await page.goto(site_url + routes.YOUTUBE)
        video = page.locator("[data-video-id]").first
        video_id = await video.get_attribute("data-video-id")
        await video.get_by_role("button").first.click()
        player = video.locator("youtube-video")
        await player.wait_for(state="attached", timeout=60_000)
        started = time.monotonic()
        await page.evaluate(_WATCH, [await player.element_handle(), seconds, TICKS_PER_S, PAUSES])
        simulated_s = time.monotonic() - started
        # The simulated hour's saves come faster than real ones: the server writes the latest
        # place every 2 s at most. The tab stays open until the hour's end is stored.
        drained = time.monotonic()
        while time.monotonic() - drained < 60 and await asyncio.to_thread(_position, pocketbase_url) != seconds:
            await asyncio.sleep(0.5)
        drain_s = time.monotonic() - drained
        await context.close()
    minutes = seconds / 60
    return {
        "video_id": video_id,
        "watched_s": seconds,
        "timeupdates": seconds * TICKS_PER_S,
        "pauses": PAUSES,
        "saves_sent": len(sent),
        "saves_per_hour": round(len(sent) * 3600 / seconds, 1),
        "saves_per_minute": round(len(sent) / minutes, 2),
        "simulation_s": round(simulated_s, 1),
        "stored_after_s": round(drain_s, 1),
    }


def _seed(admin: httpx.Client, user_id: str) -> None:
    """ENTRIES entries and ATTEMPTS attempts for the student, as the site's server writes them."""
    for n in range(ENTRIES):
        video = n % 2 == 0
        body = {
            "user": user_id,
            "kind": "video" if video else "document",
            "collection": "" if video else "AL_Items",
            "record": f"v{n:010d}" if video else f"doc{n:012d}",
            "title": f"{'Recording' if video else 'Paper'} number {n} with a title of some length",
            "position": 60 + n,
            "duration": 3600 if video else 0,
        }
        admin.post("/api/collections/history/records", json=body).raise_for_status()
    papers = ["alitem000000013", "alitem000000001", "alitem000000002"]
    for n in range(ATTEMPTS):
        admin.post(
            "/api/collections/attempts/records",
            json={
                "user": user_id,
                "collection": "AL_Items",
                "record": papers[n % 3],
                "score": n % 50,
                "total": 50,
                "seconds": 600,
                "sheet": f"bench{n}",
            },
        ).raise_for_status()


async def _my_study(site_url: str, auth: str) -> dict[str, Any]:
    async with chromium() as browser:
        results = []
        for _ in range(2):  # the first warms the server; the second is reported
            context = await _signed_in_context(browser, site_url, auth)
            frames = {"bytes": 0, "count": 0, "last": time.monotonic()}

            def watch(ws, frames=frames) -> None:
                def received(payload) -> None:
                    frames["bytes"] += len(payload.encode() if isinstance(payload, str) else payload)
                    frames["count"] += 1
                    frames["last"] = time.monotonic()

                ws.on("framereceived", received)

            await context.add_init_script(content_probe_script("[data-testid=history-document]"))
            page = await context.new_page()
            page.on("websocket", watch)
            await page.goto(site_url + routes.MY_STUDY, wait_until="commit")
            await page.wait_for_function("window.__benchContentAt !== null", timeout=60_000, polling=50)
            shown = await page.evaluate("window.__benchContentAt")
            while time.monotonic() - frames["last"] < SETTLE_S:
                await asyncio.sleep(0.05)
            row: dict[str, Any] = {
                "content_ms": round(shown),
                "ws_kb": round(frames["bytes"] / 1024, 1),
                "dom_nodes": await page.evaluate("document.getElementsByTagName('*').length"),
                "videos_shown": await page.get_by_test_id("history-video").count(),
                "documents_shown": await page.get_by_test_id("history-document").count(),
            }
            before, started = frames["bytes"], time.monotonic()
            await page.get_by_test_id("recently-read").get_by_role("button", name="Show more", exact=True).click()
            await page.get_by_test_id("history-document").nth(2 * Limit.MY_STUDY_PAGE - 1).wait_for(timeout=30_000)
            row["show_more_ms"] = round((time.monotonic() - started) * 1000)
            while time.monotonic() - frames["last"] < SETTLE_S:
                await asyncio.sleep(0.05)
            row["show_more_kb"] = round((frames["bytes"] - before) / 1024, 1)
            results.append(row)
            await context.close()
        return results[-1]


def measure(servers: Servers, quick: bool = False, log=print) -> dict[str, Any]:
    """Both measurements on the demo data; the site is left stopped."""
    pocketbase_url = servers.pocketbase.url
    servers.restart_site(SITE_ENV)
    auth = _auth(pocketbase_url)
    results: dict[str, Any] = {}
    try:
        with superuser_client(pocketbase_url) as admin:
            _wipe(admin)
        seconds = 600 if quick else 3600
        log(f"study: {seconds} s of watching")
        results["watching"] = asyncio.run(_watch_an_hour(servers.site_url, pocketbase_url, auth, seconds))
        log(f"study: watching: {results['watching']}")
        with superuser_client(pocketbase_url) as admin:
            entries = admin.get("/api/collections/history/records", params={"perPage": "10"}).json()["items"]
            results["watching"]["entries"] = len(entries)
            results["watching"]["position_saved"] = entries[0]["position"] if entries else None
            _wipe(admin)
            log(f"study: seeding {ENTRIES} history entries and {ATTEMPTS} attempts")
            _seed(admin, STUDENT[1])
        results["my_study"] = asyncio.run(_my_study(servers.site_url, auth))
        with superuser_client(pocketbase_url) as admin:
            _wipe(admin)
    finally:
        servers.stop_site()
    return results


def target_rows(results: dict[str, Any]) -> list[tuple[str, str, bool | None]]:
    per_minute = results.get("watching", {}).get("saves_per_minute")
    return [
        (
            "study: saves per minute of watching",
            f"{per_minute}" if per_minute is not None else "-",
            None if per_minute is None else per_minute <= SAVES_PER_MINUTE_MAX,
        )
    ]


def render(results: dict[str, Any]) -> str:
    w, m = results.get("watching", {}), results.get("my_study", {})
    return "\n".join(
        [
            "A student's history (issue 52):",
            "",
            f"- watching {w.get('watched_s', '-')} s ({w.get('timeupdates', '-')} timeupdates, {w.get('pauses', '-')} "
            f"pauses, then leaving): {w.get('saves_sent', '-')} saves sent = {w.get('saves_per_hour', '-')} an hour, "
            f"{w.get('saves_per_minute', '-')} a minute; {w.get('entries', '-')} entry in PocketBase, at "
            f"{w.get('position_saved', '-')} s (the hour's end; stored {w.get('stored_after_s', '-')} s after the "
            "simulated hour, its saves came 7 a second and the server writes one every 2 s at most)",
            f"- /my-study with {ENTRIES} entries and {ATTEMPTS} attempts, 390 px: lists shown at "
            f"{m.get('content_ms', '-')} ms, {m.get('ws_kb', '-')} KB over the websocket, {m.get('dom_nodes', '-')} "
            f"DOM nodes ({m.get('videos_shown', '-')} recordings, {m.get('documents_shown', '-')} documents shown); "
            f"Show more: {m.get('show_more_ms', '-')} ms, {m.get('show_more_kb', '-')} KB",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    from benchmarks.servers import run_alone

    quick = "--quick" in (argv if argv is not None else sys.argv[1:])
    result = run_alone("study", lambda servers, log: measure(servers, quick, log))
    print(render(result))
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
