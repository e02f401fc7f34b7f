"""Accessibility on every route (issue 7: "works for everyone").

axe-core finds nothing on any route, at phone (390 px) and desktop (1280 px) widths, signed out
and signed in as a notes user, in the light and the dark theme; on the same visit, nothing
breaks the page's content security policy (test_security_headers.py has the rest); every
carousel has a visible pause control and is keyboard operable; the phone menu and the dialogs
give focus back to the control that opened them.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from student_portal import routes
from student_portal.i18n.texts import Text
from tests.e2e.conftest import DESKTOP, PHONE
from tests.e2e.page_checks import SETTLE, WATCH_CSP, axe_violations, new_visitor, sign_in_context, wait_for_content
from tests.e2e.routes import ALL_ROUTES, DEMO_IDS, LANGUAGE_SAMPLE, Route, checked_pages
from tests.support.pocketbases import DEMO_PASSWORD

# Pages with another face worth checking: a news id that does not exist, a teacher that does not.
# Addresses of particular pages (not under make check-page, which checks the pages it names).
EXTRA = () if checked_pages() else (Route("/news/no-such-news"), Route("/class/noteacher000000", signed_in=True))


# Each route is loaded once per visitor and checked at both widths and in both themes: the layout
# follows the width through CSS alone and the theme follows the system's setting as it changes
# (assets/head.js), so a resized or re-themed page is the page a visitor loading it so would get.
DARK = re.compile(r"\bdark\b")
LOOKS = ((PHONE, "light"), (DESKTOP, "light"), (PHONE, "dark"), (DESKTOP, "dark"))


def _route_violations(
    browser: Browser, base_url: str, pocketbase_url: str, client_ip: str, route: Route, *, signed_in: bool, looks
) -> list[tuple[str, ...]]:
    """axe's findings on a route as a new visitor sees it, in each (width, theme) of `looks`;
    and, for the visitor the page is for, every breach of its content security policy (a video's
    player frame loaded too, on pages that play them): one visit for both sweeps."""
    policy = signed_in == route.signed_in
    context = new_visitor(browser, client_ip, viewport=looks[0][0], color_scheme=looks[0][1])
    console: list[str] = []
    try:
        if signed_in:
            sign_in_context(context, base_url, pocketbase_url, "notes", DEMO_PASSWORD, client_ip)
        if policy:
            context.add_init_script(WATCH_CSP)
        page = context.new_page()
        page.on("console", lambda m: console.append(m.text) if "Content Security Policy" in m.text else None)
        page.goto(base_url + route.path(DEMO_IDS))
        if route.signed_in and not signed_in:
            if route.signed_out_view:
                expect(page.get_by_test_id(route.signed_out_view)).to_be_visible()
            else:
                expect(page).to_have_url(re.compile(r"/login/?$"))
        wait_for_content(page)
        expect(page.get_by_role("main").get_by_role("heading", level=1)).to_have_count(1)
        page.wait_for_load_state("networkidle")
        found: list[tuple[str, ...]] = []
        for width, scheme in looks:
            page.set_viewport_size(width)
            page.emulate_media(color_scheme=scheme)
            html = expect(page.locator("html"))
            if scheme == "dark":
                html.to_have_class(DARK)
            else:
                html.not_to_have_class(DARK)
            page.evaluate(SETTLE)
            found += [(f"{width['width']}px {scheme}", *violation) for violation in axe_violations(page)]
        if policy:
            play = page.get_by_role("button", name=Text.PLAY_VIDEO).first  # a player frame, too
            if play.count() and play.is_visible():
                play.click()
                expect(page.locator("iframe").first).to_be_attached()
            found += [("policy", breach) for breach in page.evaluate("window.__cspViolations")]
        return found + [("policy", message) for message in console]
    finally:
        context.close()


def _looks(route: Route, signed_in: bool):
    """Both widths; the dark theme too on English pages, signed in where the page needs it."""
    english = route in ALL_ROUTES or route in EXTRA
    return LOOKS if english and signed_in == route.signed_in else LOOKS[:2]


@pytest.mark.parametrize("signed_in", [False, True], ids=["signed-out", "signed-in"])
@pytest.mark.parametrize("route", [*ALL_ROUTES, *EXTRA, *LANGUAGE_SAMPLE], ids=lambda r: r.template)
def test_axe_and_the_content_security_policy_find_nothing_at_any_width_or_theme(
    browser: Browser, base_url: str, demo_pocketbase, client_ip: str, route: Route, signed_in: bool
) -> None:
    """Phone and desktop widths signed out and in; the dark theme (contrast included) as the
    system asks for it, signed in where the page needs it; no breach of the page's policy."""
    looks = _looks(route, signed_in)
    found = _route_violations(
        browser, base_url, demo_pocketbase.url, client_ip, route, signed_in=signed_in, looks=looks
    )
    assert found == []


def test_axe_reports_a_planted_violation(page: Page, base_url: str) -> None:
    """The check above can fail: a picture without alt text and an unlabelled field are found."""
    page.goto(base_url + routes.ABOUT)
    wait_for_content(page)
    page.wait_for_load_state("networkidle")  # hydrated: React will not redraw over the plant
    page.evaluate("""() => document.body.insertAdjacentHTML('beforeend',
        '<div id="planted"><img src="/favicon.ico"><input type="text"></div>')""")
    expect(page.locator("#planted img")).to_be_attached()
    assert {"image-alt", "label"} <= {v[0] for v in axe_violations(page)}


CAROUSEL_PAGES = [
    Route("/"),
    Route("/youtube"),
    Route("/ol-folder"),
    Route("/al-folder"),
    Route("/notes", signed_in=True),
]


@pytest.mark.parametrize("route", CAROUSEL_PAGES, ids=lambda r: r.template)
def test_every_carousel_can_be_paused_and_driven_from_the_keyboard(
    browser: Browser, base_url: str, demo_pocketbase, client_ip: str, route: Route
) -> None:
    context = new_visitor(browser, client_ip, viewport=DESKTOP)
    try:
        if route.signed_in:
            sign_in_context(context, base_url, demo_pocketbase.url, "notes", DEMO_PASSWORD, client_ip)
        page = context.new_page()
        page.goto(base_url + route.template)
        wait_for_content(page)
        carousels = page.locator('section[aria-roledescription="carousel"]')
        expect(carousels.first).to_be_visible()
        driven = 0
        for index in range(carousels.count()):
            carousel = carousels.nth(index)
            if not carousel.is_visible() or not carousel.get_by_role("button", name=Text.PAUSE_SLIDESHOW).count():
                continue  # the other slide set (phone/desktop) of the home page; a single slide
            driven += 1
            pause = carousel.get_by_role("button", name=Text.PAUSE_SLIDESHOW)
            pause.focus()
            expect(pause).to_be_focused()  # reachable by keyboard, and visible
            expect(pause).to_be_visible()
            page.keyboard.press("Enter")
            expect(carousel.get_by_role("button", name=Text.PLAY_SLIDESHOW)).to_be_focused()
            shown = carousel.locator('[role="group"][aria-hidden="false"]')
            before = shown.get_attribute("aria-label")
            page.keyboard.press("ArrowRight")  # focus is in the carousel: the arrow keys move it
            expect(shown).not_to_have_attribute("aria-label", before or "")
            page.keyboard.press("ArrowLeft")
            expect(shown).to_have_attribute("aria-label", before or "")
            next_button = carousel.get_by_role("button", name=re.compile(r"^Next "))
            if next_button.count():  # carousels with arrows: the button works from the keyboard
                next_button.focus()
                page.keyboard.press("Enter")
                expect(shown).not_to_have_attribute("aria-label", before or "")
        assert driven >= 1
    finally:
        context.close()


def test_the_phone_menu_gives_focus_back_to_its_toggle(page: Page, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(base_url + routes.JOBS)
    # The phone menu's toggle (the header's other <summary> opens the language menu).
    toggle = page.get_by_role("banner").locator("summary").filter(has_text="Menu")
    menu = page.get_by_role("navigation", name="Menu")
    toggle.focus()
    page.keyboard.press("Enter")
    expect(menu).to_be_visible()
    page.keyboard.press("Tab")
    expect(menu.get_by_role("link").first).to_be_focused()
    page.keyboard.press("Escape")  # closes the menu from inside it, back on the toggle
    expect(menu).to_be_hidden()
    expect(toggle).to_be_focused()
    page.keyboard.press("Enter")
    expect(menu).to_be_visible()
    page.keyboard.press("Enter")  # the toggle closes it too, and keeps the focus
    expect(menu).to_be_hidden()
    expect(toggle).to_be_focused()


def test_every_image_has_alt_text(page: Page, base_url: str) -> None:
    """axe checks this per route; here the pictures of the busiest page, all of them loaded."""
    page.goto(base_url + "/")
    wait_for_content(page)
    missing = page.locator("img:not([alt])")
    expect(missing).to_have_count(0)
    named = page.locator("main img[alt]:not([alt=''])")
    expect(named.first).to_be_attached()  # slides are named by their titles


@pytest.mark.parametrize("path", ["/notes", "/class/{teacher}"])
def test_the_preview_dialog_takes_focus_and_gives_it_back(
    browser: Browser, base_url: str, demo_pocketbase, client_ip: str, path: str
) -> None:
    context = new_visitor(browser, client_ip, viewport=PHONE)
    try:
        sign_in_context(context, base_url, demo_pocketbase.url, "notes", DEMO_PASSWORD, client_ip)
        page = context.new_page()
        page.goto(base_url + path.format(**DEMO_IDS))
        preview = page.get_by_role("button", name=re.compile(f"^{Text.PREVIEW}")).first
        preview.focus()
        page.keyboard.press("Enter")
        dialog = page.get_by_role("dialog")
        expect(dialog.get_by_role("button", name=Text.CLOSE)).to_be_focused()
        # the viewer's page area is named after the document
        expect(dialog.get_by_test_id("pdf-viewer").get_by_role("document")).to_have_attribute(
            "aria-label", re.compile(r"\S")
        )
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        expect(preview).to_be_focused()
        page.keyboard.press("Enter")
        expect(dialog.get_by_role("button", name=Text.CLOSE)).to_be_focused()
        page.keyboard.press("Enter")  # the close button, from the keyboard
        expect(dialog).to_be_hidden()
        expect(preview).to_be_focused()
    finally:
        context.close()


def test_the_skip_link_jumps_to_the_content_without_leaving_the_page(page: Page, base_url: str) -> None:
    page.goto(base_url + routes.JOBS)
    wait_for_content(page)
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to content")
    expect(skip).to_be_focused()
    expect(skip).to_be_visible()  # shown when focused
    page.keyboard.press("Enter")
    # Served at /jobs itself (no trailing-slash redirect: student_portal/server/page_paths.py).
    expect(page).to_have_url(re.compile(re.escape(base_url) + r"/jobs/?#main$"))
    page.keyboard.press("Tab")  # the next stop is inside the content, not the header
    assert page.evaluate("() => document.activeElement.closest('main') !== null")
