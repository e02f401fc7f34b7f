"""The common layout of every page (spec "Layout") and the `site_page` decorator.

The active navigation tab is decided when a page is compiled (each page knows its route),
so highlighting it costs the browser nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import reflex as rx
from reflex.event import EventType

from student_portal import routes, site_pages
from student_portal.components.connection import connection_toast
from student_portal.components.footer import site_footer
from student_portal.components.header import site_header
from student_portal.components.icons import icon
from student_portal.components.links import external_link, plain_link
from student_portal.components.offline import offline_support
from student_portal.constants import SHOP_WHATSAPP_NUMBER, SITE_NAME, SITE_OPEN
from student_portal.i18n import gettext
from student_portal.i18n.texts import Text
from student_portal.routes.navigation import NAV_SECTION_PREFIXES, NAVIGATION

if TYPE_CHECKING:
    from student_portal.server.first_answer import FirstAnswer


def nav_section(route: str) -> str:
    """The navigation entry a route belongs to ("" when none)."""
    for prefix, section in NAV_SECTION_PREFIXES:
        if route.startswith(prefix):
            return section
    return route if any(item.url == route for item in NAVIGATION) else ""


def maintenance_banner() -> rx.Component:
    return rx.el.div(Text.MAINTENANCE_BANNER, role="alert", class_name="bg-red-700 p-3 text-center text-white")


def floating_chat_link() -> rx.Component:
    # In its own landmark, so every part of the page belongs to one (axe rule "region"). Hidden on
    # a phone while a text field has focus: with the keyboard up it sat over the field's end.
    return rx.el.aside(
        external_link(
            icon("chat", "size-7"),
            rx.el.span(gettext("Chat with us on WhatsApp"), class_name="sr-only"),
            href=f"https://wa.me/{SHOP_WHATSAPP_NUMBER}",
            class_name=(
                "fixed right-4 bottom-4 z-40 flex size-14 items-center justify-center rounded-full "
                "bg-green-700 text-white shadow-lg hover:bg-green-800 focus-visible:outline-4 "
                "focus-visible:outline-offset-2 focus-visible:outline-green-900 "
                "max-sm:[body:has(:is(input,textarea):focus)_&]:hidden"
            ),
        ),
        aria_label=gettext("Chat"),
    )


@dataclass(frozen=True)
class NearHeights:
    """About how tall (px) a part is once drawn, on phones and from 640, 768 and 1,024 px wide:
    the space it holds until it is first drawn (the browser then remembers its real height)."""

    phone: int
    small: int
    medium: int
    large: int

    @property
    def class_name(self) -> str:
        # One custom property per width, read by .render-when-near (assets/styles/rendering.css).
        return (
            f"[--near-height:{self.phone}px] sm:[--near-height:{self.small}px] "
            f"md:[--near-height:{self.medium}px] lg:[--near-height:{self.large}px]"
        )


def render_when_near(child: rx.Component, heights: NearHeights) -> rx.Component:
    """`child` drawn only once it nears the viewport (assets/styles/rendering.css): for the parts of
    a long page below a phone's first screen, holding `heights` until then. Nothing inside may be
    `position: fixed`."""
    return rx.el.div(child, class_name=f"render-when-near {heights.class_name}")


def shell(*children: rx.Component, route: str) -> rx.Component:
    return rx.el.div(
        # A plain <a> (see links.py): through the router, axe no longer took it for a skip link.
        plain_link(
            gettext("Skip to content"),
            href="#main",
            class_name="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 "
            "focus:rounded focus:bg-white focus:p-2",
        ),
        maintenance_banner() if not SITE_OPEN else rx.fragment(),
        site_header(active=nav_section(route), route=route),
        # At least a screen tall: the footer starts below the first screen, so a list that grows
        # when its data arrives (20 folders after "Loading…") does not push it out of view (CLS).
        rx.el.main(*children, id="main", class_name="mx-auto min-h-screen w-full max-w-6xl flex-1 px-4 py-6"),
        site_footer(),
        floating_chat_link(),
        offline_support(),  # the service worker, page copies for offline, Keep offline
        connection_toast(),  # "Cannot connect to the server", in the page's language
        class_name="flex min-h-screen flex-col bg-slate-50 text-slate-900 antialiased",
    )


def site_page(
    route: str,
    title: site_pages.PageText,
    description: site_pages.PageText,
    on_load: EventType[()] | None = None,
    first_answer: FirstAnswer | None = None,
) -> Callable[[Callable[[], rx.Component]], Callable[[], rx.Component]]:
    """Declare a page inside the common layout, with its own title and meta description
    (student_portal.py adds every declared page to the app, in every language).

    `title` and `description` are English texts that the catalogs translate (a literal string
    marked `N_(...)`, or a `Text` message), or functions that build them in the current language.
    `first_answer` (first_answer.FirstAnswer): sections sent with the hydrate, instead of an on_load.
    """

    def decorator(content: Callable[[], rx.Component]) -> Callable[[], rx.Component]:
        @functools.wraps(content)
        def page() -> rx.Component:
            return shell(content(), route=route)

        def full_title() -> str:
            return SITE_NAME if route == routes.HOME else f"{site_pages.resolve(title)} | {SITE_NAME}"

        site_pages.register(site_pages.SitePage(route, full_title, description, page, on_load, first_answer))
        return page

    return decorator
