"""Rooms (Bodim, /booking): hotels filtered by city and number of guests.

The view lives in the address: /booking?city=<city id>&guests=<1-4>.
"""

from __future__ import annotations

import asyncio
import math
from dataclasses import dataclass, field

import reflex as rx

from student_portal import routes
from student_portal.constants import Limit, Text
from student_portal.pocketbase import City, Collection, Hotel
from student_portal.state.address import replace_address
from student_portal.state.content import file_url, public_rows
from student_portal.state.options import Option, option, usable
from student_portal.utils.filters import filter_hotels
from student_portal.utils.phone import tel_href, whatsapp_link
from student_portal.utils.query import bounded_text, int_choice, query_choice, query_int

HOTEL_THUMB = "640x400"  # Hotels.image thumbs in the schema
DEFAULT_GUESTS = Limit.GUEST_CHOICES[0]


@dataclass
class HotelCard:
    id: str
    name: str
    image_url: str
    city: str  # a Citys id
    city_name: str
    gust: int | None  # spelt so: the guest limit, None = no limit (utils.filters.filter_hotels)
    guests_label: str  # "Up to 2 guests"
    rating: str  # "4.5", "" when not rated
    stars: list[bool] = field(default_factory=list)  # Limit.RATING_MAX entries, True = filled
    price: str = ""  # "RsH 9500.00" or Price Unavailable
    review: str = ""  # "8.2", or No reviews
    has_review: bool = False
    call_href: str = ""
    whatsapp_href: str = ""


def _number(value: float | None) -> str:
    return "" if not value else f"{value:g}"


def _guests_label(limit: int | None) -> str:
    if limit is None:
        return "Any number of guests"
    return "Up to 1 guest" if limit == 1 else f"Up to {limit} guests"


def hotel_card(hotel: Hotel, city_names: dict[str, str]) -> HotelCard:
    rating = min(hotel.rating or 0, Limit.RATING_MAX)
    return HotelCard(
        id=hotel.id,
        name=hotel.name,
        image_url=file_url(hotel, hotel.image, HOTEL_THUMB),
        city=hotel.city,
        city_name=city_names.get(hotel.city, ""),
        gust=hotel.gust,
        guests_label=_guests_label(hotel.gust),
        rating=_number(rating),
        stars=[i < math.floor(rating) for i in range(Limit.RATING_MAX)],
        price=hotel.price_label,
        review=hotel.review_label,
        has_review=hotel.review_label != Text.NO_REVIEWS,
        call_href=tel_href(hotel.contact) or "",
        whatsapp_href=whatsapp_link(hotel.whatsapp) or "",
    )


class BookingState(rx.State):
    hotels: list[HotelCard] = []
    cities: list[Option] = []
    city: str = ""  # a Citys id; "" = All Cities
    guests: int = DEFAULT_GUESTS
    loading: bool = True
    failed: bool = False

    @rx.var
    def visible_hotels(self) -> list[HotelCard]:
        """Spec 5: no guest limit, or the chosen guests at most the limit; in the chosen city."""
        return filter_hotels(self.hotels, self.city, self.guests)

    def _address(self) -> rx.event.EventSpec:
        guests = "" if self.guests == DEFAULT_GUESTS else self.guests
        return replace_address(routes.BOOKING, {"city": self.city, "guests": guests})

    @rx.event
    def set_city(self, value: str):
        self.city = bounded_text(value, Limit.CHOICE_MAX_CHARS)
        return self._address()

    @rx.event
    def set_guests(self, value: str):
        self.guests = int_choice(value, Limit.GUEST_CHOICES, DEFAULT_GUESTS)
        return self._address()

    @rx.event(background=True)
    async def load(self):
        async with self:
            params = dict(self.router.url.query_parameters)
            self.guests = query_int(params, "guests", Limit.GUEST_CHOICES, DEFAULT_GUESTS)
            self.loading = not self.hotels
        hotels, cities = await asyncio.gather(
            public_rows(Collection.HOTELS, Hotel, lambda hotel: hotel),
            public_rows(Collection.CITYS, City, option),
        )
        async with self:
            self.cities = usable(cities)
            names = {c.value: c.label for c in self.cities}
            self.failed = hotels is None
            self.hotels = [hotel_card(h, names) for h in hotels or []]
            self.city = query_choice(params, "city", {o.value for o in self.cities})
            self.loading = False
