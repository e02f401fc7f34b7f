"""Sticky header: logo, the eight-entry navigation (four short tabs and a menu on phones),
and the sign-in button.

The bar holds what fits in one row in the page's language, and the menu holds everything: Sinhala
and Tamil names are up to twice as long as English ones (the Tamil entries alone take ~1,160 px),
so where a language's words do not fit, items move into the menu instead of getting smaller.
`FITS` says, per language, from which width each part shows (tests/e2e/test_page_sweep.py checks
every page at 360-1,280 px in every language, and fails when a translation no longer fits).
"""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from student_portal import routes
from student_portal.components.auth_button import auth_button
from student_portal.components.bell import bell
from student_portal.components.icons import icon
from student_portal.components.language_switch import language_menu, language_switch
from student_portal.components.links import internal_link
from student_portal.components.search_box import search_box, search_icon_link
from student_portal.components.theme_toggle import theme_toggle
from student_portal.constants import SITE_NAME
from student_portal.i18n import N_, current_language, gettext
from student_portal.i18n.languages import Language
from student_portal.routes.navigation import NAVIGATION, PHONE_TAB_URLS, NavItem
from student_portal.state.auth import AuthState

_TAB = "rounded-md py-2 text-sm font-medium whitespace-nowrap"
_ACTIVE = "bg-blue-700 text-white"
_IDLE = "text-slate-700 hover:bg-blue-50 hover:text-blue-800"


# The header's bar and the row inside it; the loading frame (components/loading_frame.py) draws
# the same, so nothing moves when the page replaces it. Wider than the page's column from
# 1280 px: links, search, language, theme and sign-in all fit on one row there.
BAR = "sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur"
ROW = "mx-auto flex h-16 max-w-6xl items-center justify-between gap-1 px-2 sm:gap-2 sm:px-4 xl:max-w-7xl"


@dataclass(frozen=True)
class Fit:
    """From which width (a Tailwind breakpoint, "" for every width) a part of the bar shows in
    one language, as measured with its font at 360-1,280 px signed in (Logout is the longer
    button), with some room to spare for other system fonts."""

    navigation: str | None  # the eight entries in the bar; below (None: at every width) tabs and the menu
    tabs: tuple[str, ...]  # each of the phone tabs (PHONE_TAB_URLS), in their order
    # Signed in, the bell (44 px) stands beside Logout: the tabs from these widths ("": as `tabs`).
    signed_in_tabs: tuple[str, ...] = ()


FITS: dict[Language, Fit] = {
    # English: the entries, search box, language, theme and Logout need ~1,150 px: from 1,280 px.
    # Four tabs beside Logout need 370 px: on a 360 px phone "Jobs" is in the menu, at 320 "A/L" too.
    # Signed in, the bell needs 42 px more: three tabs from 390 px, four from 430 px.
    Language.EN: Fit("xl", ("", "", "min-[360px]", "min-[390px]"), ("", "", "min-[390px]", "min-[430px]")),
    # The entries need 1,200-1,450 px in Sinhala and Tamil without the rest of the bar, more than
    # the row's 1,248: tabs and the menu at every width; the tabs need ~620 / ~700 px with Logout.
    Language.SI: Fit(None, ("md", "md", "md", "md")),
    Language.TA: Fit(None, ("md", "md", "md", "md")),
}


def _from(breakpoint: str, display: str) -> str:
    """Classes that show an element from `breakpoint` on ("" = always) with `display`."""
    return f"hidden {breakpoint}:{display}" if breakpoint else display


def _until(breakpoint: str | None) -> str:
    """Classes that hide an element from `breakpoint` on (None = never)."""
    return f"{breakpoint}:hidden" if breakpoint else ""


def logo_badge() -> rx.Component:
    return rx.el.span(
        "SP",
        aria_hidden="true",
        class_name="flex size-9 items-center justify-center rounded-lg bg-blue-700 font-bold text-white",
    )


def logo(fit: Fit) -> rx.Component:
    # The name is spelled out where there is room for it: not on phones, nor beside the entries.
    shown = "sm:not-sr-only" + (f" {fit.navigation}:sr-only" if fit.navigation else "")
    return internal_link(
        logo_badge(),
        rx.el.span(SITE_NAME, class_name=f"sr-only font-semibold whitespace-nowrap text-slate-900 {shown}"),
        href=routes.HOME,
        class_name="flex shrink-0 items-center gap-2",
    )


def nav_link(item: NavItem, active: bool, label: str, extra: str = "px-3") -> rx.Component:
    # `extra` carries the horizontal padding: two px-* classes on one element do not combine
    # (the stylesheet's order picks one), which left the phone tabs too wide for a 390 px screen.
    return internal_link(
        label,
        href=item.url,
        aria_current="page" if active else None,
        class_name=f"{_TAB} {_ACTIVE if active else _IDLE} {extra}",
    )


SAVED_ITEM = NavItem(N_("Saved"), routes.SAVED)
# In the phone menu, and where it is gone, the account menu.
ACCOUNT_ITEM = NavItem(N_("My account"), routes.ACCOUNT)
MY_STUDY_ITEM = NavItem(N_("My study"), routes.MY_STUDY)


def saved_link(active: str, extra: str = "px-3") -> rx.Component:
    """The signed-in visitor's saved items (/saved), after the main entries."""
    return rx.cond(AuthState.is_authenticated, nav_link(SAVED_ITEM, active == SAVED_ITEM.url, SAVED_ITEM.title, extra))


def desktop_navigation(active: str, shown_from: str) -> rx.Component:
    return rx.el.nav(
        *[nav_link(item, item.url == active, item.title, "px-2") for item in NAVIGATION],
        saved_link(active, "px-2"),
        aria_label=gettext("Main"),
        class_name=f"{_from(shown_from, 'flex')} items-center gap-1",
    )


def _tab_classes(shown_from: str, signed_in_from: str | None) -> str | rx.Var[str]:
    classes = f"px-1.5 sm:px-2 {_from(shown_from, 'block')}"
    if signed_in_from is None or signed_in_from == shown_from:
        return classes
    return rx.cond(AuthState.is_authenticated, f"px-1.5 sm:px-2 {_from(signed_in_from, 'block')}", classes)


def phone_tabs(active: str, fit: Fit) -> rx.Component:
    by_url = {item.url: item for item in NAVIGATION}
    signed_in = fit.signed_in_tabs or (None,) * len(fit.tabs)
    return rx.el.nav(
        *[
            nav_link(
                by_url[url],
                url == active,
                by_url[url].short_title or by_url[url].title,
                _tab_classes(shown_from, signed_in_from),
            )
            for url, shown_from, signed_in_from in zip(PHONE_TAB_URLS, fit.tabs, signed_in, strict=True)
        ],
        aria_label=gettext("Sections"),
        class_name=f"flex items-center gap-0.5 {_until(fit.navigation)}",
    )


PHONE_MENU_ID = "phone-menu"
ACCOUNT_MENU_ID = "account-menu"

# Escape inside an open menu closes it and gives the focus back to its toggle: assets/head.js,
# which runs before the app starts, listens for it on the whole page.
CLOSES_ON_ESCAPE = {"data_closes_on_escape": ""}


def account_menu(active: str, shown_from: str | None) -> rx.Component:
    """Signed in, where the bar holds the entries and the phone menu is gone (`shown_from`; None:
    never, the phone menu has these at every width): the student's own pages, My study and My
    account, behind one icon (44 px: a word for each does not fit beside the entries at 1,280 px)."""
    if shown_from is None:
        return rx.fragment()
    return rx.cond(
        AuthState.is_authenticated,
        rx.el.details(
            rx.el.summary(
                icon("user", "size-5"),
                rx.el.span(gettext("Your study and account"), class_name="sr-only"),
                title=gettext("Your study and account"),
                data_testid="account-menu-toggle",
                class_name="flex size-10 cursor-pointer list-none items-center justify-center rounded-md "
                "text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden",
            ),
            rx.el.nav(
                nav_link(MY_STUDY_ITEM, active == MY_STUDY_ITEM.url, MY_STUDY_ITEM.title, "block px-3"),
                nav_link(ACCOUNT_ITEM, active == ACCOUNT_ITEM.url, ACCOUNT_ITEM.title, "block px-3"),
                aria_label=gettext("Your study and account"),
                class_name="absolute right-0 z-40 mt-2 grid w-56 gap-1 rounded-lg border border-slate-200 "
                "bg-white p-2 shadow-lg",
            ),
            id=ACCOUNT_MENU_ID,
            **CLOSES_ON_ESCAPE,
            class_name=f"relative {_from(shown_from, 'block')}",
        ),
    )


def phone_menu(active: str, route: str, hidden_from: str | None) -> rx.Component:
    """The full menu behind a toggle (up to `hidden_from`, a breakpoint; None: at every width).
    A native <details>: works before any script loads."""
    return rx.el.details(
        rx.el.summary(
            icon("menu", "size-6"),
            rx.el.span(gettext("Menu"), class_name="sr-only"),
            class_name="flex size-11 cursor-pointer list-none items-center justify-center rounded-md "
            "text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden",
        ),
        rx.el.nav(
            *[nav_link(item, item.url == active, item.title, "block px-3") for item in NAVIGATION],
            saved_link(active, "block px-3"),
            rx.cond(
                AuthState.is_authenticated,
                rx.fragment(
                    nav_link(MY_STUDY_ITEM, active == MY_STUDY_ITEM.url, MY_STUDY_ITEM.title, "block px-3"),
                    nav_link(ACCOUNT_ITEM, active == ACCOUNT_ITEM.url, ACCOUNT_ITEM.title, "block px-3"),
                ),
            ),
            theme_toggle("flex py-2 px-3 text-sm font-medium", with_label=True),
            language_switch(route, "flex border-t border-slate-200 pt-1"),
            aria_label=gettext("Menu"),
            # As wide as the header on phones; under its toggle, a column's width, on wider screens.
            class_name="absolute right-2 left-2 mt-2 grid gap-1 rounded-lg border border-slate-200 "
            "bg-white p-2 shadow-lg sm:right-0 sm:left-auto sm:w-72",
        ),
        id=PHONE_MENU_ID,
        **CLOSES_ON_ESCAPE,
        class_name=f"sm:relative {_until(hidden_from)}",
    )


def site_header(active: str, route: str = "/") -> rx.Component:
    fit = FITS[current_language.get()]
    return rx.el.header(
        rx.el.div(
            logo(fit),
            desktop_navigation(active, fit.navigation) if fit.navigation else rx.fragment(),
            rx.el.div(
                search_box(),
                search_icon_link(),
                language_menu(route, "hidden lg:block"),
                phone_tabs(active, fit),
                phone_menu(active, route, fit.navigation),
                theme_toggle("hidden size-10 items-center justify-center lg:flex"),
                bell(),
                account_menu(active, fit.navigation),
                auth_button(),
                class_name="flex items-center gap-0.5 sm:gap-1",
            ),
            class_name=ROW,
        ),
        class_name=BAR,
    )
