"""Bodim (/booking): city and guests filters in the address, hotel cards, Book a Room dialog."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from student_portal import routes
from student_portal.constants import Limit
from student_portal.i18n.texts import Text
from student_portal.pocketbase import Hotel
from student_portal.utils.phone import tel_href, whatsapp_number
from tests.e2e.address_helpers import is_same_document, mark_document
from tests.e2e.page_checks import wait_for_app
from tests.support.demo_records import demo_records


def _hotels(demo_pocketbase) -> list[Hotel]:
    return [Hotel.model_validate(h) for h in demo_records(demo_pocketbase, "Hotels")]


def _city(demo_pocketbase, name: str) -> dict:
    return next(c for c in demo_records(demo_pocketbase, "Citys") if c["name"] == name)


def test_all_rooms_show_for_one_guest_in_all_cities(sized_page: Page, base_url: str, demo_pocketbase) -> None:
    hotels = _hotels(demo_pocketbase)
    sized_page.goto(base_url + routes.BOOKING)
    expect(sized_page).to_have_title(re.compile(r"^Bodim"))
    cards = sized_page.get_by_test_id("hotel-card")
    expect(cards).to_have_count(len(hotels))
    expect(cards.get_by_role("heading")).to_have_text([h.name for h in hotels])
    expect(cards.get_by_test_id("price")).to_have_text([h.price_label for h in hotels])
    expect(sized_page.get_by_label(Text.CITY, exact=True)).to_have_value("")
    expect(sized_page.get_by_label(Text.GUESTS, exact=True)).to_have_value("1")


def test_hotel_card_shows_stars_out_of_5_review_out_of_10_or_no_reviews(
    page: Page, base_url: str, demo_pocketbase
) -> None:
    hotels = _hotels(demo_pocketbase)
    reviewed = next(h for h in hotels if h.review_score)
    unreviewed = next(h for h in hotels if not h.review_score)
    page.goto(base_url + routes.BOOKING)
    card = page.get_by_test_id("hotel-card").filter(has_text=reviewed.name)
    expect(card).to_contain_text(f"Rated {reviewed.rating:g} out of {Limit.RATING_MAX}")
    expect(card.locator("[data-star=full]")).to_have_count(int(reviewed.rating))
    expect(card).to_contain_text(f"{reviewed.review_score:g}/{Limit.REVIEW_SCORE_MAX}")
    expect(card.get_by_text(re.compile(r"^RsH \d+\.00$"))).to_have_text(f"RsH {reviewed.price:.0f}.00")
    expect(page.get_by_test_id("hotel-card").filter(has_text=unreviewed.name)).to_contain_text(Text.NO_REVIEWS)


def test_a_rating_of_four_and_a_half_shows_four_and_a_half_stars(page: Page, base_url: str, demo_pocketbase) -> None:
    hotel = next(h for h in _hotels(demo_pocketbase) if h.rating == 4.5)
    page.goto(base_url + routes.BOOKING)
    card = page.get_by_test_id("hotel-card").filter(has_text=hotel.name)
    expect(card).to_contain_text(f"Rated 4.5 out of {Limit.RATING_MAX}")  # what a screen reader hears
    stars = card.locator("[data-star]")
    expect(stars).to_have_count(Limit.RATING_MAX)
    expect(card.locator("[data-star=full]")).to_have_count(4)
    half = card.locator("[data-star=half]")
    expect(half).to_have_count(1)
    # Drawn as half a star: the filled star shows over the left half of the outline only.
    star, filled = (
        half.bounding_box(),
        half.locator("svg")
        .nth(1)
        .evaluate("svg => { const r = svg.parentElement.getBoundingClientRect(); return {width: r.width}; }"),
    )
    assert filled["width"] == pytest.approx(star["width"] / 2, abs=0.5)
    # and whole stars fill their whole box
    full = card.locator("[data-star=full]").first.locator("svg").nth(1)
    assert full.evaluate("svg => svg.parentElement.getBoundingClientRect().width") == pytest.approx(
        card.locator("[data-star=full]").first.bounding_box()["width"], abs=0.5
    )


def test_call_and_whatsapp_buttons(page: Page, base_url: str, demo_pocketbase) -> None:
    hotel = next(h for h in _hotels(demo_pocketbase) if whatsapp_number(h.whatsapp))
    no_wa = next(h for h in _hotels(demo_pocketbase) if not whatsapp_number(h.whatsapp))
    page.goto(base_url + routes.BOOKING)
    card = page.get_by_test_id("hotel-card").filter(has_text=hotel.name)
    expect(card.get_by_role("link", name=f"{Text.CALL} {hotel.name}")).to_have_attribute(
        "href", tel_href(hotel.contact)
    )
    expect(card.get_by_role("link", name=f"{Text.WHATSAPP} {hotel.name}")).to_have_attribute(
        "href", f"https://wa.me/{whatsapp_number(hotel.whatsapp)}"
    )
    expect(
        page.get_by_test_id("hotel-card")
        .filter(has_text=no_wa.name)
        .get_by_role("link", name=re.compile(f"^{Text.WHATSAPP}"))
    ).to_have_count(0)


def test_guests_filter_keeps_rooms_without_limit_or_with_room_enough(
    sized_page: Page, base_url: str, demo_pocketbase
) -> None:
    hotels = _hotels(demo_pocketbase)
    sized_page.goto(base_url + routes.BOOKING)
    cards = sized_page.get_by_test_id("hotel-card")
    expect(cards).to_have_count(len(hotels))
    expect(sized_page.get_by_label(Text.GUESTS, exact=True).locator("option")).to_have_text(
        [str(n) for n in Limit.GUEST_CHOICES]
    )
    mark_document(sized_page)
    sized_page.get_by_label(Text.GUESTS, exact=True).select_option("3")
    expected = [h.name for h in hotels if h.gust is None or h.gust >= 3]
    assert any(h.gust is None for h in hotels) and len(expected) < len(hotels)
    expect(cards.get_by_role("heading")).to_have_text(expected)
    expect(sized_page).to_have_url(f"{base_url}/booking?guests=3")
    assert is_same_document(sized_page)


def test_city_and_guests_together_and_a_shared_link_restores_them(page: Page, base_url: str, demo_pocketbase) -> None:
    hotels = _hotels(demo_pocketbase)
    colombo = _city(demo_pocketbase, "Colombo")
    expected = [h.name for h in hotels if h.city == colombo["id"] and h.fits_guests(4)]
    page.goto(base_url + routes.BOOKING)
    expect(page.get_by_test_id("hotel-card")).to_have_count(len(hotels))
    expect(page.get_by_label(Text.CITY, exact=True).locator("option").first).to_have_text(Text.ALL_CITIES)
    page.get_by_label(Text.CITY, exact=True).select_option(label="Colombo")
    page.get_by_label(Text.GUESTS, exact=True).select_option("4")
    expect(page.get_by_test_id("hotel-card").get_by_role("heading")).to_have_text(expected)
    expect(page).to_have_url(f"{base_url}/booking?city={colombo['id']}&guests=4")
    page.reload()
    expect(page.get_by_label(Text.CITY, exact=True)).to_have_value(colombo["id"])
    expect(page.get_by_label(Text.GUESTS, exact=True)).to_have_value("4")
    expect(page.get_by_test_id("hotel-card").get_by_role("heading")).to_have_text(expected)


def test_a_guest_count_outside_1_to_4_in_the_address_means_1(page: Page, base_url: str, demo_pocketbase) -> None:
    page.goto(base_url + "/booking?guests=9")
    expect(page.get_by_test_id("hotel-card")).to_have_count(len(_hotels(demo_pocketbase)))
    expect(page.get_by_label(Text.GUESTS, exact=True)).to_have_value("1")


def test_no_room_matching_the_filters_says_so(page: Page, base_url: str, demo_pocketbase) -> None:
    galle = _city(demo_pocketbase, "Galle")
    assert not [h for h in _hotels(demo_pocketbase) if h.city == galle["id"] and h.fits_guests(3)]
    page.goto(f"{base_url}/booking?city={galle['id']}&guests=3")
    expect(page.get_by_role("status")).to_have_text(Text.NO_ROOMS)


def test_no_rooms_available_with_an_empty_backend(sized_page: Page, base_url: str, backend) -> None:
    backend.empty()
    sized_page.goto(base_url + routes.BOOKING)
    expect(sized_page.get_by_role("status")).to_have_text(Text.NO_ROOMS)
    expect(sized_page.get_by_label(Text.CITY, exact=True).locator("option")).to_have_text([Text.ALL_CITIES])


def test_a_dead_backend_says_rooms_could_not_load(page: Page, base_url: str, backend) -> None:
    backend.down()
    page.goto(base_url + routes.BOOKING)
    expect(page.get_by_role("alert")).to_have_text(Text.ROOMS_FAILED)


def test_book_a_room_dialog_exists_but_is_never_open(page: Page, base_url: str) -> None:
    page.goto(base_url + routes.BOOKING)
    dialog = page.locator("dialog#book-room-dialog")
    expect(dialog).to_have_count(1)
    expect(dialog).to_be_hidden()
    expect(dialog).not_to_have_attribute("open", "")
    expect(dialog.locator("select[name=room_type] option")).to_have_text(list(Text.ROOM_TYPES))
    for name in ["guests", "name", "phone"]:
        expect(dialog.locator(f"input[name={name}]")).to_have_count(1)
    # Opened by hand, its form only closes it: no checks, no request.
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url) if r.method != "GET" else None)
    wait_for_app(page)  # its button closes it by a React handler
    page.evaluate("document.getElementById('book-room-dialog').showModal()")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name=Text.BOOK_A_ROOM).click()
    expect(dialog).to_be_hidden()
    assert requests == []
