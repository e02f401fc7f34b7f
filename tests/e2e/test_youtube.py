"""Kuppi Recordings (/youtube): slides, search and subject filter in the address, video cards."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect

from student_portal import routes
from student_portal.constants import Limit
from student_portal.i18n.texts import Text
from student_portal.pocketbase import Recording
from student_portal.utils.youtube import youtube_id
from tests.e2e.address_helpers import is_same_document, mark_document
from tests.support.demo_records import demo_records

NEWEST_FIRST = "-created,id"


def _recordings(demo_pocketbase) -> list[Recording]:
    return [Recording.model_validate(r) for r in demo_records(demo_pocketbase, "Recordings", sort=NEWEST_FIRST)]


def _subjects(demo_pocketbase) -> list[dict]:
    return demo_records(demo_pocketbase, "Subjects", sort=NEWEST_FIRST)


def test_recordings_grid_shows_every_recording_newest_first_with_its_subject(
    sized_page: Page, base_url: str, demo_pocketbase
) -> None:
    recordings = _recordings(demo_pocketbase)
    assert len(recordings) > Limit.RECORDINGS_PAGE  # the demo data fills more than one page
    names = {s["id"]: s["name"] for s in _subjects(demo_pocketbase)}
    sized_page.goto(base_url + routes.YOUTUBE)
    expect(sized_page).to_have_title(re.compile(rf"^{Text.KUPPI_RECORDINGS} \|"))
    cards = sized_page.get_by_test_id("recording-card")
    # One page first, then the rest with Show more: every recording, newest first.
    for shown in (recordings[: Limit.RECORDINGS_PAGE], recordings):
        if len(shown) == len(recordings):
            sized_page.get_by_role("button", name=Text.SHOW_MORE_ROWS).click()
        expect(cards).to_have_count(len(shown))
        expect(cards.get_by_role("heading")).to_have_text([r.name for r in shown])
        expect(cards.locator("span.rounded-full")).to_have_text(
            [names.get(r.subject, Text.SUBJECT_UNKNOWN) for r in shown]
        )
    expect(sized_page.get_by_role("button", name=Text.SHOW_MORE_ROWS)).to_have_count(0)


def test_a_recording_whose_link_has_no_video_id_shows_no_video(page: Page, base_url: str, demo_pocketbase) -> None:
    broken = next(r for r in _recordings(demo_pocketbase) if youtube_id(r.link) is None)
    working = next(r for r in _recordings(demo_pocketbase) if youtube_id(r.link))
    page.goto(base_url + routes.YOUTUBE)
    expect(page.get_by_test_id("recording-card").filter(has_text=broken.name).locator("[data-video-id]")).to_have_count(
        0
    )
    video = page.get_by_test_id("recording-card").filter(has_text=working.name).locator("[data-video-id]")
    expect(video).to_have_attribute("data-video-id", youtube_id(working.link))


def test_tapping_a_video_loads_the_player_with_rel_0(page: Page, base_url: str, demo_pocketbase) -> None:
    first = next(r for r in _recordings(demo_pocketbase) if youtube_id(r.link))
    page.goto(base_url + routes.YOUTUBE)
    card = page.get_by_test_id("recording-card").filter(has=page.get_by_role("heading", name=first.name, exact=True))
    expect(card.locator("iframe")).to_have_count(0)
    card.get_by_role("button", name=re.compile(re.escape(first.name))).and_(
        card.locator(":not([data-testid=save-button])")
    ).click()
    # react-player's youtube-video-element writes the address (more parameters, its own order).
    player = card.locator("iframe")
    expect(player).to_have_attribute(
        "src", re.compile(rf"^https://www\.youtube-nocookie\.com/embed/{youtube_id(first.link)}\?")
    )
    query = parse_qs(urlsplit(player.get_attribute("src")).query)
    assert query["rel"] == ["0"] and query["autoplay"] == ["1"]
    expect(card.locator("iframe")).to_have_attribute("title", first.name)


def test_search_is_case_insensitive_and_goes_into_the_address(sized_page: Page, base_url: str, demo_pocketbase) -> None:
    expected = [r.name for r in _recordings(demo_pocketbase) if "kuppi" in r.name.casefold()]
    assert 0 < len(expected) < len(_recordings(demo_pocketbase))
    sized_page.goto(base_url + routes.YOUTUBE)
    cards = sized_page.get_by_test_id("recording-card")
    expect(cards).to_have_count(Limit.RECORDINGS_PAGE)
    mark_document(sized_page)
    sized_page.get_by_label(Text.SEARCH_RECORDINGS).fill("KUPPI")
    expect(cards.get_by_role("heading")).to_have_text(expected)
    expect(sized_page).to_have_url(f"{base_url}/youtube?q=KUPPI")
    assert is_same_document(sized_page)


def test_no_videos_found_names_the_search(page: Page, base_url: str) -> None:
    page.goto(base_url + routes.YOUTUBE)
    expect(page.get_by_test_id("recording-card").first).to_be_visible()
    page.get_by_label(Text.SEARCH_RECORDINGS).fill("zzz nothing")
    expect(page.get_by_role("status")).to_have_text(f'{Text.NO_VIDEOS_FOUND} for "zzz nothing"')
    expect(page.get_by_test_id("recording-card")).to_have_count(0)


def test_subject_dropdown_lists_all_then_subjects_newest_first_and_filters(
    sized_page: Page, base_url: str, demo_pocketbase
) -> None:
    subjects = _subjects(demo_pocketbase)
    physics = next(s for s in subjects if s["name"] == "Physics")
    expected = [r.name for r in _recordings(demo_pocketbase) if r.subject == physics["id"]]
    sized_page.goto(base_url + routes.YOUTUBE)
    select = sized_page.get_by_label(Text.SUBJECT)
    expect(select.locator("option")).to_have_text([Text.ALL] + [s["name"] for s in subjects])
    select.select_option(label="Physics")
    expect(sized_page.get_by_test_id("recording-card").get_by_role("heading")).to_have_text(expected)
    expect(sized_page).to_have_url(f"{base_url}/youtube?subject={physics['id']}")


def test_a_shared_search_and_subject_link_opens_the_same_view(page: Page, base_url: str, demo_pocketbase) -> None:
    physics = next(s for s in _subjects(demo_pocketbase) if s["name"] == "Physics")
    expected = [
        r.name for r in _recordings(demo_pocketbase) if r.subject == physics["id"] and "dynamics" in r.name.casefold()
    ]
    page.goto(f"{base_url}/youtube?q=dynamics&subject={physics['id']}")
    expect(page.get_by_label(Text.SEARCH_RECORDINGS)).to_have_value("dynamics")
    expect(page.get_by_label(Text.SUBJECT)).to_have_value(physics["id"])
    expect(page.get_by_test_id("recording-card").get_by_role("heading")).to_have_text(expected)
    page.reload()
    expect(page.get_by_test_id("recording-card").get_by_role("heading")).to_have_text(expected)


def test_recording_slides_carousel_is_shown(page: Page, base_url: str, demo_pocketbase) -> None:
    slides = demo_records(demo_pocketbase, "Recording_Slides")
    page.goto(base_url + routes.YOUTUBE)
    carousel = page.get_by_role("region", name="Recording highlights")
    # Hidden slides are aria-hidden: count the pictures, then read the one on show.
    expect(carousel.locator("img")).to_have_count(len(slides))
    expect(carousel.get_by_role("img")).to_have_attribute("alt", slides[0]["title"])
    expect(carousel.get_by_role("figure")).to_contain_text(slides[0]["excerpt"])
    # The first picture may be the page's largest paint: fetched at once and first; the rest lazily.
    pictures = carousel.locator("img")
    expect(pictures.first).to_have_attribute("loading", "eager")
    expect(pictures.first).to_have_attribute("fetchpriority", "high")
    expect(pictures.nth(1)).to_have_attribute("loading", "lazy")
    expect(pictures.nth(1)).to_have_attribute("fetchpriority", "low")


def test_pages_need_no_connection_to_another_origin_for_pictures(page: Page, base_url: str, site) -> None:
    # Pictures come from the site's own /files/ (issue 16): no preconnect, no PocketBase address.
    response = page.request.get(base_url + "/youtube/")
    assert 'rel="preconnect"' not in response.text()
    assert site.pocketbase_url not in response.text()


def test_four_skeleton_cards_show_while_recordings_load(page: Page, base_url: str, backend) -> None:
    backend.slow(2.0)
    page.goto(base_url + routes.YOUTUBE, wait_until="commit")  # not the load event: it waits for the lead picture,
    # which waits for the slow backend too
    expect(page.get_by_test_id("skeletons").locator("> div")).to_have_count(Limit.SKELETON_CARDS)
    expect(page.get_by_test_id("recording-card").first).to_be_visible(timeout=15_000)
    expect(page.get_by_test_id("skeletons")).to_have_count(0)


def test_a_dead_backend_shows_the_video_error(sized_page: Page, base_url: str, backend) -> None:
    backend.down()
    sized_page.goto(base_url + routes.YOUTUBE)
    expect(sized_page.get_by_role("alert")).to_have_text(Text.ERROR_LOADING_VIDEOS)
    expect(sized_page.get_by_test_id("recording-card")).to_have_count(0)


def test_garbage_from_the_backend_shows_the_video_error(page: Page, base_url: str, backend) -> None:
    backend.garbage()
    page.goto(base_url + routes.YOUTUBE)
    expect(page.get_by_role("alert")).to_have_text(Text.ERROR_LOADING_VIDEOS)


def test_no_recordings_at_all_says_no_videos_found(page: Page, base_url: str, backend) -> None:
    backend.empty()
    page.goto(base_url + routes.YOUTUBE)
    expect(page.get_by_role("status")).to_have_text(Text.NO_VIDEOS_FOUND)
    expect(page.get_by_label(Text.SUBJECT).locator("option")).to_have_text([Text.ALL])
