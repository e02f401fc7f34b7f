"""/booking is sent with its first room's picture for the address's filters (sharing/first_view.py):
it loads before any script, and the real first card shows the same file, fetched once."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from student_portal import routes
from student_portal.i18n.languages import Language, in_language_path
from student_portal.pocketbase import Hotel
from student_portal.sharing import first_view
from tests.e2e.page_checks import without_app
from tests.e2e.test_booking import _city, _hotels

FACE_PICTURE = f'img[data-preview="{first_view.ROOM_PICTURE}"]'


def _picture_of(hotel: Hotel) -> re.Pattern[str]:
    return re.compile(rf"^/files/[^/]+/{hotel.id}/[^/?]+\?thumb=640x400$")


def _first_room(demo_pocketbase, city_name: str | None = None) -> Hotel:
    city = _city(demo_pocketbase, city_name)["id"] if city_name else None
    return next(h for h in _hotels(demo_pocketbase) if city is None or h.city == city)


@pytest.mark.parametrize(("language", "city_name"), [(Language.EN, None), (Language.SI, "Colombo")])
def test_the_html_names_the_first_room_picture_for_the_address(
    page: Page, base_url: str, demo_pocketbase, language: Language, city_name: str | None
) -> None:
    query = f"?city={_city(demo_pocketbase, city_name)['id']}" if city_name else ""
    html = page.request.get(base_url + in_language_path(routes.BOOKING, language) + query).text()
    face = re.search(r'<img\b[^>]*data-preview="room-picture"[^>]*>', html)
    assert face is not None, "the loading face's picture is in the page"
    src = re.search(r'\bsrc="([^"]+)"', face.group(0))
    assert src is not None and _picture_of(_first_room(demo_pocketbase, city_name)).match(
        src.group(1).replace("&amp;", "&")
    )


def test_before_any_script_the_first_room_picture_is_on_screen(
    sized_page: Page, base_url: str, demo_pocketbase
) -> None:
    without_app(sized_page)
    sized_page.goto(base_url + routes.BOOKING, wait_until="load")
    picture = sized_page.locator(FACE_PICTURE)
    expect(picture).to_have_attribute("src", _picture_of(_first_room(demo_pocketbase)))
    expect(picture).to_be_in_viewport()
    sized_page.wait_for_function(f"document.querySelector({FACE_PICTURE!r}).naturalWidth > 0")


def test_the_first_card_shows_the_same_picture_fetched_once(sized_page: Page, base_url: str, demo_pocketbase) -> None:
    first = _first_room(demo_pocketbase, "Colombo")
    card = first_card_after_face(
        sized_page, f"{base_url}{routes.BOOKING}?city={first.city}", "hotel-card", first.id, FACE_PICTURE
    )
    expect(card.get_by_role("heading")).to_have_text(first.name)
    expect(card.locator("img")).to_have_attribute("src", _picture_of(first))


def first_card_after_face(page: Page, url: str, card_test_id: str, record_id: str, face: str) -> Locator:
    """Opens `url` and returns its first card once the page has loaded, checking on the way that
    the record's picture was fetched once (the face's, which the card finds in the cache), that
    the face made way for the cards and that hydration raised no error."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    pictures: list[str] = []
    page.on("request", lambda request: f"/{record_id}/" in request.url and pictures.append(request.url))
    page.goto(url)
    card = page.get_by_test_id(card_test_id).first
    expect(card.locator("img")).to_have_attribute("src", re.compile(f"/{record_id}/"))
    page.wait_for_load_state("load")
    assert len(pictures) == 1, pictures
    expect(page.locator(face)).to_have_count(0)
    assert not [e for e in errors if "418" in e or "ydration" in e], errors
    return card
