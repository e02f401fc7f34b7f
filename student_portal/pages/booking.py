"""Bodim (/booking): rooms near universities, filtered by city and guests.

The view lives in the address: /booking?city=<city id>&guests=<1-4>.
"""

import reflex as rx

from student_portal import routes
from student_portal.components.booking import ROOMS_GRID, book_room_dialog, hotel_card, room_placeholders
from student_portal.components.feedback import empty_message, list_faces
from student_portal.components.filters import filter_bar, select_filter
from student_portal.components.headings import page_heading
from student_portal.components.layout import site_page
from student_portal.components.paging import list_count, show_more_button
from student_portal.constants import Limit
from student_portal.i18n import N_, gettext
from student_portal.i18n.texts import Text
from student_portal.state.booking import BookingState
from student_portal.state.favourites import FavouritesState, Kind


@site_page(
    route=routes.BOOKING,
    title=N_("Bodim - Rooms for students"),
    description=N_(
        "Boarding rooms (bodim) near Sri Lankan universities: filter by city and guests, call or WhatsApp the owner."
    ),
    on_load=[BookingState.load, FavouritesState.load],
)
def booking() -> rx.Component:
    return rx.el.div(
        page_heading(Text.BODIM, gettext("Rooms and boarding places near universities. Contact the owner directly.")),
        filter_bar(
            select_filter(
                Text.CITY,
                control_id="booking-city",
                value=BookingState.city,
                on_change=BookingState.set_city,
                options=BookingState.cities,
                all_label=Text.ALL_CITIES,
            ),
            select_filter(
                Text.GUESTS,
                control_id="booking-guests",
                value=BookingState.guests.to_string(),
                on_change=BookingState.set_guests,
                fixed=[(str(n), str(n)) for n in Limit.GUEST_CHOICES],
            ),
        ),
        list_count(BookingState),
        list_faces(
            loading=BookingState.loading,
            loading_face=room_placeholders(Limit.SKELETON_CARDS),
            failed=BookingState.failed,
            error_text=Text.ROOMS_FAILED,
            items=BookingState.page,
            content=rx.el.div(
                rx.foreach(
                    BookingState.page,
                    lambda hotel, index: hotel_card(hotel, save_kind=Kind.HOTEL, eager=index == 0),
                ),
                id=BookingState.LIST_ID,
                class_name=ROOMS_GRID,
            ),
            empty=empty_message(Text.NO_ROOMS),
        ),
        show_more_button(BookingState),
        book_room_dialog(),
        class_name="flex flex-col gap-6",
    )
