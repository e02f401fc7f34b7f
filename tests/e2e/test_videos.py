"""Videos through react-player (components/video.py, assets/youtube_video.js and youtube_player.js),
at 390 and 1280 px.

This machine cannot reach YouTube: thumbnails are answered here by a stand-in picture, and a
played video is checked by the player's frame appearing with the right address.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Locator, Page, Request, expect

from student_portal import routes
from student_portal.constants import Limit
from student_portal.i18n.texts import Text
from student_portal.pocketbase import Recording
from student_portal.utils.youtube import youtube_id
from tests.e2e.auth_support import start_signed_in
from tests.e2e.conftest import PHONE
from tests.support.demo_records import demo_records

# Hosts a page must not contact before a tap: the player's, and noembed (react-player's own
# thumbnail look-up, which we replace with i.ytimg.com pictures).
PLAYER_HOSTS = re.compile(r"^https?://([^/]+\.)?(youtube\.com|youtube-nocookie\.com|googlevideo\.com|noembed\.com)/")
THUMBNAILS = "https://i.ytimg.com/vi/**"
STAND_IN = '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360"/></svg>'
# By selector, not element handle: the picture drawn until react-player arrives is replaced by
# react-player's preview's own (same address).
LOADED = "selector => { const img = document.querySelector(selector); return img?.complete && img.naturalWidth > 0; }"


def _serve_thumbnails(page: Page) -> list[str]:
    """Answer i.ytimg.com with a stand-in picture; the addresses asked for, in order."""
    asked: list[str] = []

    def answer(route) -> None:
        asked.append(route.request.url)
        route.fulfill(status=200, content_type="image/svg+xml", body=STAND_IN)

    page.route(THUMBNAILS, answer)
    return asked


def _player_requests(page: Page) -> list[str]:
    seen: list[str] = []

    def watch(request: Request) -> None:
        if PLAYER_HOSTS.match(request.url):
            seen.append(request.url)

    page.on("request", watch)
    return seen


def _videos(page: Page) -> Locator:
    return page.locator("[data-video-id]")


def _play(video: Locator) -> Locator:
    return video.get_by_role("button", name=re.compile(f"^{Text.PLAY_VIDEO}: "))


# The chunk assets/youtube_video.js imports when a video nears the viewport: react-player with
# assets/youtube_player.js.
PLAYER_CHUNK = re.compile(r"/assets/youtube_player-[\w-]+\.js$")
# react-player's own preview box (its Preview.js), drawn once react-player is here.
REACT_PLAYER_PREVIEW = ".react-player__preview"


def _ready(video: Locator) -> Locator:
    """The video in view, once react-player has taken over its picture (the button under it
    is a new element then)."""
    video.scroll_into_view_if_needed()
    expect(video.locator(REACT_PLAYER_PREVIEW)).to_be_attached()
    return video


# Every place the site shows videos: home (recordings, talents), /youtube, /talent, a class.
CLASS_PAGE = routes.class_page("teacher00000001")  # sign-in required
VIDEO_PAGES = [routes.HOME, routes.YOUTUBE, routes.TALENT, CLASS_PAGE]


def _recordings(demo_pocketbase) -> list[Recording]:
    records = demo_records(demo_pocketbase, "Recordings", sort="-created,id")
    return [Recording.model_validate(r) for r in records]


@pytest.mark.parametrize("path", [routes.HOME, routes.YOUTUBE])
def test_thumbnails_show_and_nothing_reaches_youtube_before_a_tap(sized_page: Page, base_url: str, path: str) -> None:
    asked = _serve_thumbnails(sized_page)
    player_requests = _player_requests(sized_page)
    sized_page.goto(base_url + path)
    expect(_videos(sized_page).first).to_be_visible()
    sized_page.wait_for_load_state("networkidle")
    first = _videos(sized_page).first
    video_id = first.get_attribute("data-video-id")
    thumbnail = first.locator("img")
    # Ours, lazy, with its size (the frame keeps 16:9 before it arrives), at i.ytimg.com.
    expect(thumbnail).to_have_attribute("src", f"https://i.ytimg.com/vi/{video_id}/hqdefault.jpg")
    expect(thumbnail).to_have_attribute("loading", "lazy")
    expect(thumbnail).to_have_attribute("width", "480")
    expect(_play(first)).to_be_visible()  # on our picture, or react-player's preview once it is here
    first.scroll_into_view_if_needed()
    sized_page.wait_for_function(LOADED, arg=f'[data-video-id="{video_id}"] img')
    assert f"https://i.ytimg.com/vi/{video_id}/hqdefault.jpg" in asked
    expect(sized_page.locator("iframe")).to_have_count(0)
    assert player_requests == []


def test_one_tap_plays_in_place_from_youtube_nocookie_with_rel_0(sized_page: Page, base_url: str) -> None:
    _serve_thumbnails(sized_page)
    player_requests = _player_requests(sized_page)
    sized_page.goto(base_url + routes.YOUTUBE)
    video = _videos(sized_page).first
    video_id = video.get_attribute("data-video-id")
    _ready(video)
    before = video.bounding_box()
    _play(video).click()
    player = video.locator("iframe")
    expect(player).to_have_attribute("src", re.compile(rf"^https://www\.youtube-nocookie\.com/embed/{video_id}\?"))
    query = parse_qs(urlsplit(player.get_attribute("src")).query)
    assert query["rel"] == ["0"] and query["autoplay"] == ["1"]  # the tap starts the video
    assert "autoplay" in (player.get_attribute("allow") or "")
    expect(player).to_have_attribute("title", re.compile(r"\S"))
    assert video.bounding_box() == before  # nothing moved
    assert player.bounding_box() == before
    # The player's frame, and YouTube's player script, only now.
    assert any("youtube-nocookie.com/embed/" in url for url in player_requests)


def test_react_player_is_fetched_only_when_a_video_nears_the_viewport(page: Page, base_url: str) -> None:
    """On a phone the home page's recordings are below the fold: react-player is not part of the
    page's first download, nor fetched until one of them comes near."""
    page.set_viewport_size(PHONE)
    _serve_thumbnails(page)
    scripts: list[str] = []
    page.on("request", lambda r: scripts.append(r.url) if r.resource_type == "script" else None)
    page.goto(base_url + routes.HOME)
    expect(_videos(page).first).to_be_attached()
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)
    assert scripts and not [url for url in scripts if PLAYER_CHUNK.search(url)]
    expect(page.locator(REACT_PLAYER_PREVIEW)).to_have_count(0)
    expect(_play(_videos(page).first)).to_be_attached()  # our picture and button meanwhile
    with page.expect_request(lambda r: bool(PLAYER_CHUNK.search(r.url))):
        _videos(page).first.scroll_into_view_if_needed()
    _ready(_videos(page).first)


def _hold_player_chunk(page: Page) -> list:
    """Hold back the react-player chunk's response until the test lets it go."""
    held: list = []
    page.route(PLAYER_CHUNK, lambda route: held.append(route))
    return held


@pytest.fixture
def open_with_player_held(page: Page, base_url: str) -> Callable[[str], list]:
    """Opens a page on a phone, with stand-in thumbnails and the react-player chunk held back;
    returns the held requests (for `_release`)."""
    page.set_viewport_size(PHONE)
    _serve_thumbnails(page)
    held = _hold_player_chunk(page)

    def open_page(path: str) -> list:
        page.goto(base_url + path)
        return held

    return open_page


def _wait_until(page: Page, condition, timeout_ms: int = 10_000) -> None:
    for _ in range(timeout_ms // 50):
        if condition():
            return
        page.wait_for_timeout(50)
    raise AssertionError("timed out")


def _release(page: Page, held: list) -> None:
    _wait_until(page, lambda: held)
    for route in held:
        route.continue_()


def test_a_tap_before_react_player_arrives_plays_in_one_tap(page: Page, open_with_player_held) -> None:
    held = open_with_player_held(routes.YOUTUBE)
    video = _videos(page).first
    _play(video).click()
    _wait_until(page, lambda: held)  # in view, or the tap itself, asked for react-player
    expect(video.locator(REACT_PLAYER_PREVIEW)).to_have_count(0)
    expect(page.locator("iframe")).to_have_count(0)
    _release(page, held)
    expect(video.locator("iframe")).to_have_attribute(
        "src", re.compile(rf"^https://www\.youtube-nocookie\.com/embed/{video.get_attribute('data-video-id')}\?")
    )


def test_the_keyboard_plays_a_far_video_before_react_player_arrives(page: Page, open_with_player_held) -> None:
    held = open_with_player_held(routes.HOME)
    video = _videos(page).last
    expect(_play(video)).to_be_attached()
    _play(video).focus()  # as a Tab would: the browser scrolls to it
    page.keyboard.press("Enter")
    _release(page, held)
    player = video.locator("iframe")
    expect(player).to_be_attached()
    expect(player).to_be_focused()


def test_the_focus_stays_on_the_play_button_when_react_player_takes_over(page: Page, open_with_player_held) -> None:
    held = open_with_player_held(routes.HOME)
    video = _videos(page).last
    _play(video).focus()
    expect(_play(video)).to_be_focused()
    _release(page, held)
    expect(video.locator(REACT_PLAYER_PREVIEW)).to_be_attached()
    expect(_play(video)).to_be_focused()  # react-player's button, in place of ours
    page.keyboard.press("Enter")
    expect(video.locator("iframe")).to_be_focused()


def test_a_second_video_stops_the_first(sized_page: Page, base_url: str) -> None:
    _serve_thumbnails(sized_page)
    sized_page.goto(base_url + routes.YOUTUBE)
    first, second = _videos(sized_page).nth(0), _videos(sized_page).nth(1)
    _ready(first)  # a tap before react-player takes over lands on the button it then replaces
    _play(first).click()
    expect(first.locator("iframe")).to_have_count(1)
    _ready(second)
    _play(second).click()
    expect(second.locator("iframe")).to_have_count(1)
    expect(first.locator("iframe")).to_have_count(0)  # stopped: back to its picture
    expect(_play(first)).to_be_visible()
    expect(sized_page.locator("iframe")).to_have_count(1)


def test_the_keyboard_plays_a_video_and_lands_in_the_player(sized_page: Page, base_url: str) -> None:
    _serve_thumbnails(sized_page)
    sized_page.goto(base_url + routes.YOUTUBE)
    video = _videos(sized_page).first
    expect(_play(video)).to_be_visible()
    # The play button is the video's only tab stop (react-player's preview box is not one).
    expect(video.locator("[tabindex='0']")).to_have_count(0)
    _play(video).focus()
    sized_page.keyboard.press("Enter")
    player = video.locator("iframe")
    expect(player).to_be_attached()
    expect(player).to_be_focused()
    # Space works as well, on the next video.
    second = _videos(sized_page).nth(1)
    _play(second).focus()
    sized_page.keyboard.press(" ")
    expect(second.locator("iframe")).to_be_attached()
    expect(video.locator("iframe")).to_have_count(0)


def test_a_link_without_a_video_renders_nothing(sized_page: Page, base_url: str, demo_pocketbase) -> None:
    recordings = _recordings(demo_pocketbase)
    broken = next(r for r in recordings if youtube_id(r.link) is None)
    _serve_thumbnails(sized_page)
    sized_page.goto(base_url + routes.YOUTUBE)
    sized_page.get_by_role("button", name=Text.SHOW_MORE_ROWS).click()  # every demo recording
    expect(sized_page.get_by_test_id("recording-card")).to_have_count(len(recordings))
    card = sized_page.get_by_test_id("recording-card").filter(has_text=broken.name)
    expect(card).to_be_visible()
    expect(card.locator("[data-video-id]")).to_have_count(0)
    expect(card.locator("img")).to_have_count(0)
    # No play button: the card's one button is its Save toggle (favourites, issue 18).
    expect(card.get_by_role("button")).to_have_count(1)
    expect(card.get_by_role("button")).to_have_attribute("data-testid", "save-button")
    expect(_videos(sized_page)).to_have_count(sum(1 for r in recordings if youtube_id(r.link)))


def test_reduced_motion_gets_no_transition_on_the_play_mark(page: Page, base_url: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    _serve_thumbnails(page)
    page.goto(base_url + routes.YOUTUBE)
    mark = _play(_videos(page).first).locator("span").first
    expect(mark).to_have_css("transition-duration", "0s")
    page.emulate_media(reduced_motion="no-preference")
    expect(mark).not_to_have_css("transition-duration", "0s")


@pytest.mark.parametrize("path", VIDEO_PAGES)
def test_every_video_on_the_site_plays_through_the_same_player(
    page: Page, base_url: str, demo_pocketbase, client_ip: str, path: str
) -> None:
    if path == CLASS_PAGE:
        start_signed_in(page, base_url, demo_pocketbase.url, "basic", client_ip)
    _serve_thumbnails(page)
    page.goto(base_url + path)
    videos = _videos(page)
    expect(videos.first).to_be_visible()
    # Settled: the list drawn for good (in a full run on a busy machine, the last card's tap
    # came while the cards were still being redrawn, and its spot started as a picture again;
    # a tap before the player arrives has its own test above).
    page.wait_for_load_state("networkidle")
    for video in videos.all():
        video_id = video.get_attribute("data-video-id")
        expect(video.locator("img")).to_have_attribute("src", f"https://i.ytimg.com/vi/{video_id}/hqdefault.jpg")
        expect(_play(video)).to_have_count(1)
    last = videos.last
    _play(last).click()
    expect(last.locator("iframe")).to_have_attribute(
        "src", re.compile(rf"^https://www\.youtube-nocookie\.com/embed/{last.get_attribute('data-video-id')}\?")
    )


def test_a_search_typed_while_a_video_plays_starts_no_other_video(page: Page, base_url: str, demo_pocketbase) -> None:
    """Cards are re-drawn in place: the spot of the playing video may get another video, which
    must come as a picture, not as a player that starts by itself."""
    playable = [r for r in _recordings(demo_pocketbase) if youtube_id(r.link)]
    first = playable[0]
    other = next(r for r in playable[1:] if r.name.casefold() not in first.name.casefold())
    _serve_thumbnails(page)
    page.goto(base_url + routes.YOUTUBE)
    playing = _videos(page).first
    expect(playing).to_have_attribute("data-video-id", youtube_id(first.link))
    _play(playing).click()
    expect(page.locator("iframe")).to_have_count(1)
    page.get_by_label(Text.SEARCH_RECORDINGS).fill(other.name)
    expect(_videos(page).first).to_have_attribute("data-video-id", youtube_id(other.link))
    expect(_play(_videos(page).first)).to_be_visible()
    expect(page.locator("iframe")).to_have_count(0)


def test_a_browser_without_intersection_observer_gets_the_player_and_the_calendar_at_once(
    page: Page, base_url: str
) -> None:
    """assets/near_screen.js, shared by the videos and the calendar: with no IntersectionObserver
    to say they near the screen, both import what they wait for at once (here both are below a
    phone's first screen and its margin, where a browser with one waits for a scroll)."""
    page.set_viewport_size(PHONE)
    page.add_init_script("window.IntersectionObserver = undefined;")
    _serve_thumbnails(page)
    page.goto(base_url + routes.HOME)
    video, calendar = _videos(page).first, page.locator("[data-calendar]")
    expect(video.locator(REACT_PLAYER_PREVIEW)).to_be_attached()
    expect(calendar).to_have_attribute("data-calendar", "ready")
    assert page.evaluate("window.scrollY") == 0
    assert video.bounding_box()["y"] > PHONE["height"] + Limit.VIDEO_PLAYER_NEAR_PX
    assert calendar.bounding_box()["y"] > PHONE["height"] + Limit.CALENDAR_NEAR_PX
