"""What the browser reports to the server as "[Reflex Frontend Exception]" (the site's log): real
errors, not a third party's known failure. Tapping a video when YouTube's player API cannot be
fetched (offline; this machine has no internet) logged "undefined: undefined" once per video."""

from __future__ import annotations

import re
import time
import uuid

from playwright.sync_api import Page, expect

from student_portal import routes
from tests.e2e.page_checks import SiteLog
from tests.support.site import Site

REPORTED = "[Reflex Frontend Exception]"


def _once_it_holds(log: SiteLog, marker: str, timeout: float = 10.0) -> str:
    deadline = time.monotonic() + timeout
    while marker not in (text := log.text()) and time.monotonic() < deadline:
        time.sleep(0.2)
    return text


def test_a_video_played_without_youtubes_api_reports_no_exception(page: Page, base_url: str, site: Site) -> None:
    log = SiteLog(site)
    failed_api: list[str] = []
    # Unreachable whatever the machine's network: as offline, or a network that blocks it.
    page.route(re.compile(r"^https://www\.youtube\.com/iframe_api"), lambda route: route.abort("internetdisconnected"))
    page.on("requestfailed", lambda r: failed_api.append(r.url) if "youtube.com/iframe_api" in r.url else None)
    page.goto(base_url + routes.YOUTUBE)
    videos = page.locator("[data-video-id]")
    for i in range(2):  # the issue saw it twice
        videos.nth(i).get_by_role("button", name=re.compile("^Play video")).click()
        expect(videos.nth(i).locator("iframe")).to_be_attached()  # the embed is there all the same
    page.wait_for_timeout(1000)
    assert failed_api, "YouTube's API script was asked for and could not be fetched"
    # A real error after it still reaches the server: only that one failure is handled.
    probe = f"probe-{uuid.uuid4().hex[:8]}"
    page.evaluate("(probe) => { Promise.reject(new Error(probe)); }", probe)
    text = _once_it_holds(log, probe)
    assert f"Error: {probe}" in text
    assert text.count(REPORTED) == 1, text
