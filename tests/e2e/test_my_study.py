"""A student's history (issue 52) as they see it: a recording's place saved while it plays and
continued from the home page's Continue row on a second device, a paper reopened at its page,
nothing for a visitor signed out, /my-study's chart, Forget, Download and Clear, and a place
saved offline sent once when the connection returns.

This machine cannot reach YouTube: the player's element is made (react-player's youtube-video),
and the test plays its part, telling its position through the media events react-player listens to.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from student_portal import routes
from student_portal.constants import StorageKey
from student_portal.i18n.texts import Text
from tests.e2e.auth_support import start_signed_in
from tests.support.admin import records, superuser_client
from tests.support.pdfs import make_pdf

HISTORY = "/api/collections/history/records"
ATTEMPTS = "/api/collections/attempts/records"
PHYSICS = "alitem000000013"  # the demo A/L MCQ paper (keyed), in the Physics folder
STAND_IN = '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360"/></svg>'
BASIC = "basicuser000001"


@pytest.fixture
def admin(demo_pocketbase) -> Iterator[httpx.Client]:
    """A superuser's client; every history entry and attempt is deleted before and after."""
    client = superuser_client(demo_pocketbase.url)
    _wipe(client)
    yield client
    _wipe(client)
    client.close()


def _wipe(admin: httpx.Client) -> None:
    for collection, path in (("history", HISTORY), ("attempts", ATTEMPTS)):
        for record in records(admin, collection):
            admin.delete(f"{path}/{record['id']}")


@pytest.fixture
def long_paper(admin: httpx.Client) -> Iterator[str]:
    """A five-page A/L paper in the Physics folder, deleted after the test."""
    created = admin.post(
        "/api/collections/AL_Items/records",
        # A key too: the practice page's viewer shows it.
        data={"folder": "alfolder0000003", "type": "paper", "title": "Five pages", "answers": "1 2 3 4 1"},
        files={"file": ("five.pdf", make_pdf([f"Page {n}" for n in range(1, 6)]), "application/pdf")},
    )
    assert created.status_code == 200, created.text
    yield created.json()["id"]
    admin.delete(f"/api/collections/AL_Items/records/{created.json()['id']}")


def _entries(admin: httpx.Client, **wanted) -> list[dict]:
    return [e for e in records(admin, "history") if all(e.get(k) == v for k, v in wanted.items())]


def _saved(admin: httpx.Client, timeout_s: float = 15, **wanted) -> dict:
    """The history entry the page saves, once PocketBase has it (the save is the server's)."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        found = _entries(admin, **wanted)
        if found:
            return found[0]
        time.sleep(0.2)  # polling PocketBase for the server's write, not waiting on the page
    raise AssertionError(f"no history entry {wanted}: {_entries(admin)}")


def _thumbnails(page: Page) -> None:
    page.route(
        "https://i.ytimg.com/vi/**",
        lambda route: route.fulfill(status=200, content_type="image/svg+xml", body=STAND_IN),
    )


def _play_first(page: Page, scope=None):
    """Tap the first video's play button; its react-player element (youtube-video)."""
    where = scope if scope is not None else page
    video = where.locator("[data-video-id]").first
    video_id = video.get_attribute("data-video-id")
    video.get_by_role("button", name=re.compile(f"^{Text.PLAY_VIDEO}: ")).click()
    player = video.locator("youtube-video")
    expect(player).to_have_count(1, timeout=20_000)
    return video_id, player


# The player's part: its position, then a media event (pause, timeupdate) as YouTube's API would
# make youtube-video-element send.
_TELL = """([element, seconds, length, kind]) => {
  Object.defineProperty(element, "currentTime", { configurable: true, get: () => seconds });
  Object.defineProperty(element, "duration", { configurable: true, get: () => length });
  element.dispatchEvent(new Event(kind));
}"""


_SCROLL_TO_PAGE = """(box, number) => {
  const page = box.querySelector(`[data-page="${number}"]`);
  box.scrollTop += page.getBoundingClientRect().top - box.getBoundingClientRect().top;
}"""


def _violations(page: Page) -> list[tuple[str, list[str]]]:
    found = Axe().run(page).response["violations"]
    return [(v["id"], [" ".join(n["target"]) for n in v["nodes"]][:5]) for v in found]


def _new_page(browser: Browser, base_url: str, demo_pocketbase, client_ip: str, width: int = 1280) -> Page:
    context = browser.new_context(
        viewport={"width": width, "height": 900}, extra_http_headers={"X-Forwarded-For": client_ip}
    )
    page = context.new_page()
    _thumbnails(page)
    start_signed_in(page, base_url, demo_pocketbase.url, "basic", client_ip)
    return page


def test_a_recording_and_a_paper_continue_on_a_second_device(
    page: Page, browser: Browser, base_url: str, demo_pocketbase, client_ip: str, admin, long_paper: str
) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    _thumbnails(page)
    # Signed out, the home page has no Continue row (and no event asks for one).
    page.goto(base_url + routes.HOME)
    expect(page.get_by_role("heading", level=1).first).to_be_visible()
    expect(page.get_by_test_id("continue-row")).to_have_count(0)
    start_signed_in(page, base_url, demo_pocketbase.url, "basic", client_ip)

    # Watching: the place is saved on pause, and no more often than every 20 s of playing.
    page.goto(base_url + routes.YOUTUBE)
    video_id, player = _play_first(page)
    handle = player.element_handle()
    for second in range(700, 710):  # ten ticks of a second: no save yet
        page.evaluate(_TELL, [handle, second, 3600, "timeupdate"])
    page.evaluate(_TELL, [handle, 754, 3600, "pause"])
    entry = _saved(admin, record=video_id, position=754)
    assert (entry["user"], entry["kind"], entry["duration"]) == (BASIC, "video", 3600)
    assert len(_entries(admin)) == 1

    # Reading: the page the student stopped at, once the scrolling rests.
    page.goto(base_url + routes.read("AL_Items", long_paper))
    viewer = page.get_by_test_id("pdf-viewer")
    expect(viewer.locator("[data-page='3']")).to_be_attached(timeout=30_000)
    viewer.locator(".pdf-pages").evaluate(_SCROLL_TO_PAGE, 3)
    _saved(admin, kind="document", record=long_paper, position=3)

    # A second device, the same student: the Continue row opens each exactly there.
    other = _new_page(browser, base_url, demo_pocketbase, client_ip)
    other.goto(base_url + routes.HOME)
    row = other.get_by_test_id("continue-row")
    expect(row).to_be_visible(timeout=20_000)
    expect(row.get_by_test_id("history-video")).to_contain_text("At 12:34")
    expect(row.get_by_test_id("history-document")).to_contain_text("Page 3")
    assert _violations(other) == []
    _, player = _play_first(other, row.get_by_test_id("history-video"))
    frame = player.locator("iframe")
    expect(frame).to_have_attribute("src", re.compile(r"[?&]start=754(&|$)"))
    row.get_by_test_id("history-document").get_by_role("link").click()
    expect(other).to_have_url(re.compile(rf"/read\?c=AL_Items&id={long_paper}&page=3$"))
    expect(other.get_by_test_id("pdf-viewer")).to_have_attribute("data-target-page", "3", timeout=30_000)
    # Opened without a page, the paper still opens where the student left it.
    other.goto(base_url + routes.read("AL_Items", long_paper))
    expect(other.get_by_test_id("pdf-viewer")).to_have_attribute("data-target-page", "3", timeout=30_000)
    other.context.close()


def test_my_study_shows_progress_and_the_student_forgets_downloads_and_clears(
    page: Page, base_url: str, demo_pocketbase, client_ip: str, admin
) -> None:
    for n, score in enumerate((20, 31, 41)):
        made = admin.post(
            ATTEMPTS,
            json={
                "user": BASIC,
                "collection": "AL_Items",
                "record": PHYSICS,
                "score": score,
                "total": 50,
                "seconds": 600,
                "sheet": f"s{n}",
            },
        )
        assert made.status_code == 200, made.text
    for n in range(2):
        made = admin.post(
            HISTORY,
            json={
                "user": BASIC,
                "kind": "video",
                "record": f"abcdefghij{n}",
                "title": f"Recording {n}",
                "position": 60,
                "duration": 600,
            },
        )
        assert made.status_code == 200, made.text
    page.set_viewport_size({"width": 360, "height": 800})
    _thumbnails(page)
    start_signed_in(page, base_url, demo_pocketbase.url, "basic", client_ip)
    page.goto(base_url + routes.MY_STUDY)
    main = page.get_by_role("main")
    chart = main.get_by_role("img", name=re.compile(r"^Scores in A\/L .+: 40%, 62%, 82%$"))
    expect(chart).to_be_visible(timeout=20_000)
    expect(main.get_by_test_id("subject-progress")).to_contain_text("41 / 50")
    table = main.get_by_role("table", name=re.compile(r"^Scores in A\/L"))
    expect(table.get_by_role("row")).to_have_count(4)  # the heading and three attempts
    expect(main.get_by_test_id("history-video")).to_have_count(2)
    # With history, chart and table (the generic suites see the demo students' empty page).
    assert _violations(page) == []

    # Forget one: gone from PocketBase, not only from the page.
    main.get_by_role("button", name="Forget this: Recording 1").click()
    expect(main.get_by_test_id("history-video")).to_have_count(1)
    assert [e["record"] for e in _entries(admin)] == ["abcdefghij0"]

    # Download: one JSON file of the student's own data.
    with page.expect_download() as download:
        main.get_by_role("button", name="Download my data").click()
    data = json.loads(download.value.path().read_text("utf-8"))
    assert data["account"]["id"] == BASIC and "password" not in json.dumps(data["account"])
    assert [e["record"] for e in data["history"]] == ["abcdefghij0"]
    assert sorted(a["score"] for a in data["attempts"]) == [20, 31, 41]
    assert {e["user"] for e in data["history"] + data["attempts"]} == {BASIC}

    # Clear, once confirmed: every entry gone; the marks stay.
    main.get_by_role("button", name="Clear my history").click()
    main.get_by_role("button", name="Yes, clear my history").click()
    expect(main.get_by_test_id("my-study-note")).to_have_text("Your history is cleared.")
    expect(main.get_by_test_id("history-video")).to_have_count(0)
    assert _entries(admin) == []
    assert len(records(admin, "attempts")) == 3
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


def test_a_place_saved_offline_is_sent_once_when_the_connection_returns(
    page: Page, base_url: str, demo_pocketbase, client_ip: str, admin
) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    _thumbnails(page)
    start_signed_in(page, base_url, demo_pocketbase.url, "basic", client_ip)
    video_id, player = _play_first(page)
    handle = player.element_handle()
    page.context.set_offline(True)
    page.evaluate(_TELL, [handle, 321, 3600, "pause"])
    pending = json.loads(page.evaluate("key => localStorage.getItem(key)", StorageKey.HISTORY_PENDING))
    assert pending == {video_id: [pending[video_id][0], 321, 3600]}
    assert _entries(admin) == []
    page.context.set_offline(False)
    entry = _saved(admin, record=video_id, position=321)
    expect(page.locator("body")).to_be_visible()
    assert page.evaluate("key => localStorage.getItem(key)", StorageKey.HISTORY_PENDING) is None
    # Sent once: the same place is not sent again (a second "online" finds nothing waiting).
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    assert [e["updated"] for e in _entries(admin)] == [entry["updated"]]


def test_every_page_resumes_recordings_and_every_viewer_keeps_its_page(
    page: Page, base_url: str, demo_pocketbase, client_ip: str, admin, long_paper: str
) -> None:
    """A recording opens where the student stopped on /youtube, not only from the Continue row
    (one ask for the page's places, none signed out); a preview dialog and the practice page's
    paper open at the page reached and keep it; a page reached offline waits in the browser,
    survives the tab, and is sent once online."""
    page.set_viewport_size({"width": 1280, "height": 900})
    _thumbnails(page)
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(str(frame))))
    page.goto(base_url + routes.YOUTUBE)
    videos = page.get_by_role("main").locator("[data-video-id]")
    expect(videos.nth(1)).to_be_attached(timeout=20_000)
    first, second = (videos.nth(n).get_attribute("data-video-id") for n in (0, 1))
    expect(
        page.get_by_role("main").get_by_role("button", name=re.compile(f"^{Text.PLAY_VIDEO}: ")).first
    ).to_be_visible()
    assert sent and not [f for f in sent if "want_places" in f], "a visitor signed out asked for places"
    for record, position in ((first, 421), (second, 3590)):  # the second watched to its end
        made = admin.post(
            HISTORY,
            json={
                "user": BASIC,
                "kind": "video",
                "record": record,
                "title": "R",
                "position": position,
                "duration": 3600,
            },
        )
        assert made.status_code == 200, made.text

    start_signed_in(page, base_url, demo_pocketbase.url, "basic", client_ip)

    def card(video_id: str | None):
        return page.get_by_role("main").locator("article").filter(has=page.locator(f"[data-video-id='{video_id}']"))

    # The places come with the state a moment after the page: a tap before them starts at 0:00.
    received: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: received.append(str(frame))))
    page.goto(base_url + routes.YOUTUBE)
    expect(card(first)).to_be_visible()
    page.wait_for_function("() => true")  # one round trip to the page: frames seen so far are in `received`
    end = time.monotonic() + 20
    while not [f for f in received if "places" in f and first in f] and time.monotonic() < end:
        page.wait_for_timeout(100)  # polling the socket's frames, which no locator sees
    _, player = _play_first(page, card(first))
    expect(player.locator("iframe")).to_have_attribute("src", re.compile(r"[?&]start=421(&|$)"))
    asks = [f for f in sent if "want_places" in f]
    assert len(asks) == 1 and first in asks[0] and second in asks[0], asks
    _, finished = _play_first(page, card(second))
    expect(finished.locator("iframe")).to_have_attribute("src", re.compile(r"^(?!.*[?&]start=[1-9])"))

    # A paper's preview dialog: the page reached is kept, and the dialog opens there again.
    page.goto(base_url + routes.folder(routes.AL, "alfolder0000003"))
    card = page.get_by_test_id("item-card").filter(has_text="Five pages")
    card.get_by_role("button", name=re.compile(f"^{Text.PREVIEW}")).click()
    viewer = page.get_by_role("dialog").get_by_test_id("pdf-viewer")
    expect(viewer.locator("[data-page='4']")).to_be_attached(timeout=30_000)
    viewer.locator(".pdf-pages").evaluate(_SCROLL_TO_PAGE, 4)
    _saved(admin, kind="document", collection="AL_Items", record=long_paper, position=4)
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)
    card.get_by_role("button", name=re.compile(f"^{Text.PREVIEW}")).click()
    expect(viewer).to_have_attribute("data-target-page", "4", timeout=30_000)

    # Offline: the page waits in the browser (the entry stays at 4); back online, it is sent once.
    page.context.set_offline(True)
    viewer.locator(".pdf-pages").evaluate(_SCROLL_TO_PAGE, 2)
    waiting = f"localStorage.getItem('{StorageKey.HISTORY_PENDING_PAGES}')"
    page.wait_for_function(f"() => ({waiting} || '').includes('\"{long_paper}\",\"Five pages\",2')")
    assert _entries(admin, record=long_paper)[0]["position"] == 4
    page.context.set_offline(False)
    entry = _saved(admin, kind="document", record=long_paper, position=2)
    page.wait_for_function(f"() => {waiting} === null")
    tab = page
    # The practice page's paper opens at that page, and keeps it as the student reads on.
    tab.goto(base_url + routes.practice("AL_Items", long_paper))
    paper = tab.get_by_test_id("practice-paper").get_by_test_id("pdf-viewer")
    expect(paper).to_have_attribute("data-target-page", "2", timeout=30_000)
    expect(paper.locator("[data-page='5']")).to_be_attached(timeout=30_000)
    paper.locator(".pdf-pages").evaluate(_SCROLL_TO_PAGE, 5)
    _saved(admin, kind="document", record=long_paper, position=5)
    assert [e["id"] for e in _entries(admin, record=long_paper)] == [entry["id"]]
