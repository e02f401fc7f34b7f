"""Rooms (Bodim, /booking): hotels filtered by city and number of guests.

The view lives in the address: /booking?city=<city id>&guests=<1-4>&show=<cards shown>.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

import reflex as rx
from reflex.event import EventSpec

from student_portal import routes
from student_portal.constants import Limit
from student_portal.i18n import Np_, format_number, gettext, ngettext
from student_portal.i18n.texts import Text
from student_portal.pocketbase import City, Collection, Hotel
from student_portal.routes.links import page_address, share_url
from student_portal.state.address import replace_address
from student_portal.state.content import SharedView, file_url, public_lists
from student_portal.state.options import Option, option, usable
from student_portal.state.paging import PagedList
from student_portal.utils.filters import filter_hotels
from student_portal.utils.phone import tel_href, whatsapp_link
from student_portal.utils.query import bounded_text, int_choice, query_choice, query_int
from student_portal.utils.ratings import star_fills

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
    stars: list[str] = field(default_factory=list)  # Limit.RATING_MAX entries: utils.ratings.Star values
    price: str = ""  # "RsH 9500.00" or Price Unavailable
    review: str = ""  # "8.2", or No reviews
    has_review: bool = False
    call_href: str = ""
    whatsapp_href: str = ""
    share_url: str = ""  # this room on /booking (its card's anchor); WhatsApp's link is made in the browser


def _number(value: float | None) -> str:
    return "" if not value else f"{value:g}"


def _guests_label(limit: int | None) -> str:
    if limit is None:
        return gettext("Any number of guests")
    return ngettext("Up to {count} guest", "Up to {count} guests", limit).format(count=format_number(limit))


def hotel_card(hotel: Hotel, city_names: dict[str, str]) -> HotelCard:
    rating = min(hotel.rating or 0, Limit.RATING_MAX)
    shared = share_url(f"{page_address(routes.BOOKING)}#hotel-{hotel.id}") if hotel.id else ""
    return HotelCard(
        id=hotel.id,
        name=hotel.name,
        image_url=file_url(hotel, hotel.image, HOTEL_THUMB),
        city=hotel.city,
        city_name=city_names.get(hotel.city, ""),
        gust=hotel.gust,
        guests_label=_guests_label(hotel.gust),
        rating=_number(rating),
        stars=[str(star) for star in star_fills(rating, Limit.RATING_MAX)],
        price=hotel.price_label,
        review=hotel.review_label,
        has_review=hotel.review_label != Text.NO_REVIEWS,
        call_href=tel_href(hotel.contact) or "",
        whatsapp_href=whatsapp_link(hotel.whatsapp) or "",
        share_url=shared,
    )


@dataclass(frozen=True)
class RoomsView(SharedView):
    """Every hotel card named with its city, and the city choices: made once per version of the
    two lists and shared by every visitor (read-only)."""

    cards: list[HotelCard]
    cities: list[Option]
    failed: bool = False
    LISTS: ClassVar[tuple[str, ...]] = (Collection.HOTELS, Collection.CITYS)

    def matching(self, city: str, guests: int) -> list[HotelCard]:
        """Spec 5: no guest limit, or the chosen guests at most the limit; in the chosen city."""
        return self.filtered((city, guests), lambda: filter_hotels(self.cards, city, guests))

    def city_of(self, params: Mapping[str, str]) -> str:
        """The address's city (?city=) when it is one of the cities, else All Cities ("")."""
        return query_choice(params, "city", {o.value for o in self.cities})

    def for_address(self, params: Mapping[str, str]) -> list[HotelCard]:
        """The rooms /booking?city=..&guests=.. opens with (its first card: sharing/first_view.py)."""
        return self.matching(self.city_of(params), guests_of(params))


def guests_of(params: Mapping[str, str]) -> int:
    """The address's guests (?guests=) when it is one of the choices, else the default."""
    return query_int(params, "guests", Limit.GUEST_CHOICES, DEFAULT_GUESTS)


async def rooms_view() -> RoomsView:
    hotels, cities = await public_lists((Collection.HOTELS, Hotel, _hotel), (Collection.CITYS, City, option))
    options = usable(cities)
    if hotels is None:
        return RoomsView([], options, failed=True)
    names = {c.value: c.label for c in options}
    return RoomsView.shared(lambda: RoomsView([hotel_card(h, names) for h in hotels], options))


def _hotel(hotel: Hotel) -> Hotel:
    return hotel


class BookingState(PagedList, rx.State):
    PAGE_SIZE: ClassVar[int] = Limit.ROOMS_PAGE
    LIST_ID: ClassVar[str] = "rooms-list"
    COUNT_WORDS: ClassVar[tuple[str, str]] = Np_("{count} room", "{count} rooms")

    page: list[HotelCard] = []  # the cards shown, one page at a time
    cities: list[Option] = []
    city: str = ""  # a Citys id; "" = All Cities
    guests: int = DEFAULT_GUESTS
    loading: bool = True
    failed: bool = False

    def _address(self) -> EventSpec:
        guests = "" if self.guests == DEFAULT_GUESTS else self.guests
        return replace_address(routes.BOOKING, {"city": self.city, "guests": guests, **self._show_query()})

    def _show_view(self, view: RoomsView) -> None:
        self.failed = view.failed
        self.cities = view.cities
        self.page = self._paged(view.matching(self.city, self.guests))
        self.loading = False

    async def _refresh_page(self) -> None:
        self._show_view(await rooms_view())

    @rx.event
    async def set_city(self, value: str):
        self.city = bounded_text(value, Limit.CHOICE_MAX_CHARS)
        self._first_page()
        await self._refresh_page()
        return self._address()

    @rx.event
    async def set_guests(self, value: str):
        self.guests = int_choice(value, Limit.GUEST_CHOICES, DEFAULT_GUESTS)
        self._first_page()
        await self._refresh_page()
        return self._address()

    @rx.event(background=True)
    async def load(self):
        async with self:
            params = dict(self.router.url.query_parameters)
            self.guests = guests_of(params)
            self.loading = not self.page
        view = await rooms_view()
        async with self:
            self.city = view.city_of(params)
            self.shown = self._shown_from(params)
            self._show_view(view)
