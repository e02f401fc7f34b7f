"""Room (Bodim) cards and the Book a Room dialog."""

from __future__ import annotations

import reflex as rx

from student_portal.components.buttons import PRIMARY, SECONDARY, WHATSAPP, action_row, contact_link
from student_portal.components.feedback import picture_card_placeholders
from student_portal.components.icons import SVG_STROKE_ATTRS, icon
from student_portal.components.image import image, server_picture
from student_portal.components.save_button import save_button
from student_portal.components.share import share_button
from student_portal.constants import Limit
from student_portal.i18n import gettext
from student_portal.i18n.texts import Text
from student_portal.sharing import first_view
from student_portal.state.booking import HotelCard
from student_portal.utils.page_actions import page_action_handler
from student_portal.utils.ratings import Star

_STAR = "M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z"


def _star_svg(class_name: str) -> rx.Component:
    return rx.el.svg(
        rx.el.svg.path(d=_STAR),
        view_box="0 0 24 24",
        custom_attrs={**SVG_STROKE_ATTRS, "strokeWidth": "1.5"},  # the fill-* class wins over the attribute
        aria_hidden="true",
        class_name=f"size-4 {class_name}",
    )


_FILLED = "fill-current text-amber-500"
_EMPTY = "fill-none text-slate-300"


def _star(fill: rx.Var[str]) -> rx.Component:
    """A whole, half or empty star (utils.ratings.Star): a half star is the empty outline with
    the filled star's left half over it."""
    return rx.el.span(
        _star_svg(_EMPTY),
        rx.el.span(
            _star_svg(f"max-w-none {_FILLED}"),
            class_name=rx.match(
                fill,
                (Star.FULL, "absolute inset-y-0 left-0 w-full overflow-hidden"),
                (Star.HALF, "absolute inset-y-0 left-0 w-1/2 overflow-hidden"),
                "hidden",
            ),
        ),
        data_star=fill,
        class_name="relative inline-flex",
    )


def _sr_rating(rating: rx.Var) -> rx.Component:
    """ "Rated 4 out of 5" for screen readers, in the page's word order."""
    before, after = gettext("Rated {rating} out of {most}").format(rating="\0", most=Limit.RATING_MAX).split("\0")
    return rx.el.span(before, rating, after, class_name="sr-only")


def star_rating(hotel: HotelCard) -> rx.Component:
    """Stars out of Limit.RATING_MAX, with the number for everyone (and screen readers)."""
    return rx.cond(
        hotel.rating != "",
        rx.el.p(
            rx.el.span(rx.foreach(hotel.stars, _star), class_name="flex"),
            rx.el.span(hotel.rating, f"/{Limit.RATING_MAX}", class_name="text-sm text-slate-700", aria_hidden="true"),
            _sr_rating(hotel.rating),
            class_name="flex items-center gap-1.5",
        ),
        rx.fragment(),
    )


def review_score(hotel: HotelCard) -> rx.Component:
    return rx.cond(
        hotel.has_review,
        rx.el.p(
            rx.el.span(hotel.review, class_name="rounded-md bg-blue-800 px-2 py-0.5 text-sm font-bold text-white"),
            rx.el.span(
                gettext("/{most} review score").format(most=Limit.REVIEW_SCORE_MAX), class_name="text-sm text-slate-700"
            ),
            class_name="flex items-center gap-1.5",
        ),
        rx.el.p(Text.NO_REVIEWS, class_name="text-sm text-slate-600"),
    )


ROOMS_GRID = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
_PICTURE = "aspect-[8/5] w-full rounded-t-lg bg-slate-100 object-cover"


def room_placeholders(count: int) -> rx.Component:
    """The rooms while they load, with the cards' footprint. The first already shows the first
    room's picture for the address's filters (the largest paint of /booking on a phone): the
    server writes it into the HTML (sharing/first_view.py) and the real card asks for the same
    file, from the browser's cache."""
    return picture_card_placeholders(
        count,
        grid=ROOMS_GRID,
        picture="aspect-[8/5] w-full rounded-t-lg",
        bars=("h-6 w-3/4 rounded", "h-5 w-1/2 rounded", "h-5 w-1/3 rounded", "mt-auto h-11 rounded-lg"),
        body="h-60",
        first_picture=server_picture(first_view.ROOM_PICTURE, 640, 400, _PICTURE),
    )


def hotel_card(
    hotel: HotelCard, *, save_kind: str = "", heading=rx.el.h2, eager: rx.Var[bool] | bool = False
) -> rx.Component:
    """`eager`: the first card's picture, the largest paint of /booking on a phone; the others
    are lazy, so a phone fetches only those in or near its screen."""
    return rx.el.article(
        image(
            src=hotel.image_url,
            alt=hotel.name,
            width=640,
            height=400,
            eager=eager,
            class_name=_PICTURE,
        ),
        rx.el.div(
            heading(hotel.name, class_name="text-lg font-semibold text-slate-900"),
            rx.el.p(
                rx.cond(
                    hotel.city_name != "",
                    rx.el.span(icon("map-pin", "size-4"), hotel.city_name, class_name="inline-flex items-center gap-1"),
                    rx.fragment(),
                ),
                rx.el.span(
                    icon("users", "size-4"),
                    hotel.guests_label,
                    class_name="inline-flex items-center gap-1",
                ),
                class_name="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700",
            ),
            star_rating(hotel),
            review_score(hotel),
            rx.el.p(hotel.price, data_testid="price", class_name="text-lg font-bold text-blue-800"),
            action_row(
                contact_link(Text.CALL, hotel.call_href, "phone", PRIMARY, hotel.name),
                contact_link(Text.WHATSAPP, hotel.whatsapp_href, "chat", WHATSAPP, hotel.name, external=True),
                icons=(
                    share_button(hotel.name, hotel.share_url),
                    save_button(save_kind, hotel.id, hotel.name) if save_kind else rx.fragment(),
                ),
            ),
            class_name="flex flex-1 flex-col gap-2 p-4",
        ),
        data_testid="hotel-card",
        id="hotel-" + hotel.id,  # search results link here
        data_linked_card=True,  # assets/hash_target.js brings it into view
        class_name="flex scroll-mt-20 flex-col rounded-lg border border-slate-200 bg-white shadow-sm "
        "target:ring-2 target:ring-blue-700",
    )


def _field(label: str, control: rx.Component) -> rx.Component:
    return rx.el.label(label, control, class_name="flex flex-col gap-1 text-sm font-medium text-slate-700")


_INPUT = "h-11 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900"
BOOK_ROOM_DIALOG_ID = "book-room-dialog"
# Browser-side only: closing the dialog needs no server.
_CLOSE = page_action_handler("closeDialog", BOOK_ROOM_DIALOG_ID)


def book_room_dialog() -> rx.Component:
    """Spec: a Book a Room dialog exists but nothing opens it. Its form has no checks and sends
    nothing (the site makes no writes): both buttons just close it. A native <dialog>: closed,
    it costs no script."""
    return rx.el.dialog(
        rx.el.form(  # Reflex forms never submit by themselves: Enter in a field does nothing
            rx.el.h2(Text.BOOK_A_ROOM, class_name="text-xl font-semibold"),
            _field(
                gettext("Room type"),
                rx.el.select(
                    *[rx.el.option(gettext(t), value=t) for t in Text.ROOM_TYPES], name="room_type", class_name=_INPUT
                ),
            ),
            _field(
                gettext("Number of guests"),
                rx.el.input(type="number", name="guests", min="1", input_mode="numeric", class_name=_INPUT),
            ),
            _field(
                gettext("Your name"), rx.el.input(type="text", name="name", auto_complete="name", class_name=_INPUT)
            ),
            _field(
                gettext("Your phone"), rx.el.input(type="tel", name="phone", auto_complete="tel", class_name=_INPUT)
            ),
            rx.el.div(
                rx.el.button(Text.CANCEL, type="button", on_click=_CLOSE, class_name=SECONDARY),
                rx.el.button(Text.BOOK_A_ROOM, type="button", on_click=_CLOSE, class_name=PRIMARY),
                class_name="flex justify-end gap-2",
            ),
            class_name="flex flex-col gap-3",
        ),
        id=BOOK_ROOM_DIALOG_ID,
        aria_label=Text.BOOK_A_ROOM,
        class_name="m-auto w-[min(28rem,calc(100%-2rem))] rounded-lg p-6 shadow-xl backdrop:bg-slate-900/50",
    )
