"""Accessibility (issue 7: "works for everyone").

axe-core finds nothing on any route, at phone and desktop widths, signed out and signed in, in
the light and the dark theme: on the page sweep's one load of each page (test_page_sweep.py);
here, that its checks can fail. Every carousel has a visible pause control, passes axe while it
plays (the sweep sees it paused) and is keyboard operable; the phone menu and the dialogs give
focus back to the control that opened them.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from student_portal import routes
from student_portal.i18n.texts import Text
from tests.e2e.conftest import DESKTOP, PHONE
from tests.e2e.page_checks import (
    COLOUR_RULES,
    axe_violations,
    new_visitor,
    sign_in_context,
    wait_for_app,
    wait_for_content,
    without_app,
)
from tests.e2e.routes import DEMO_IDS, Route
from tests.support.pocketbases import DEMO_PASSWORD


def test_axe_reports_a_planted_violation(page: Page, base_url: str) -> None:
    """The sweep's axe runs can fail: a picture without alt text and an unlabelled field are found;
    text too faint for its background by the dark theme's run of the colour rules alone, which
    are every colour rule a default run of this axe-core runs."""
    page.goto(base_url + routes.ABOUT)
    wait_for_content(page)
    page.wait_for_load_state("networkidle")  # hydrated: React will not redraw over the plant
    page.evaluate("""() => document.body.insertAdjacentHTML('beforeend',
        '<div id="planted"><img src="/favicon.ico"><input type="text">' +
        '<p style="color: #777; background: #888">Faint words</p></div>')""")
    expect(page.locator("#planted img")).to_be_attached()
    assert {"image-alt", "label", "color-contrast"} <= {v[0] for v in axe_violations(page)}
    # A run within some elements finds what is in them only (the carousels' run below).
    assert "image-alt" in {v[0] for v in axe_violations(page, within="#planted")}
    assert "image-alt" not in {v[0] for v in axe_violations(page, within="header")}
    colour_only = axe_violations(page, runOnly={"type": "rule", "values": list(COLOUR_RULES)})
    assert {v[0] for v in colour_only} == {"color-contrast"}
    # Every rule tagged cat.color but the AAA one a default run leaves off: an axe-core with a new
    # colour rule fails here until COLOUR_RULES has it.
    tagged = page.evaluate("() => axe.getRules(['cat.color']).map((rule) => rule.ruleId)")
    assert sorted(tagged) == sorted([*COLOUR_RULES, "color-contrast-enhanced"])


CAROUSELS = 'section[aria-roledescription="carousel"]'
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
        carousels = page.locator(CAROUSELS)
        expect(carousels.first).to_be_visible()
        # The page sweep's visitors prefer reduced motion, which pauses the carousels on arrival:
        # here axe sees them playing (their live region off, a Pause button), at this width.
        expect(page.get_by_role("button", name=Text.PAUSE_SLIDESHOW).first).to_be_visible()
        assert axe_violations(page, within=CAROUSELS) == []
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


@pytest.mark.parametrize("app", ["started", "not started"])
def test_the_phone_menu_gives_focus_back_to_its_toggle(page: Page, base_url: str, app: str) -> None:
    """Escape works before the app has started too (assets/head.js hears it): on slow data the
    app starts seconds after the page shows, and the menu is a native <details> from the start."""
    page.set_viewport_size(PHONE)
    if app == "not started":
        without_app(page)
    page.goto(base_url + routes.JOBS)
    if app == "started":
        wait_for_app(page)
    # The phone menu's toggle (the header's other <summary> opens the language menu).
    toggle = page.get_by_role("banner").locator("summary").filter(has_text="Menu")
    menu = page.get_by_role("navigation", name="Menu")
    _escape_closes(page, toggle, menu)
    page.keyboard.press("Enter")
    expect(menu).to_be_visible()
    page.keyboard.press("Enter")  # the toggle closes it too, and keeps the focus
    expect(menu).to_be_hidden()
    expect(toggle).to_be_focused()


def test_the_account_menu_closes_on_escape_back_on_its_toggle(
    browser: Browser, base_url: str, demo_pocketbase, client_ip: str
) -> None:
    context = new_visitor(browser, client_ip, viewport=DESKTOP)
    try:
        sign_in_context(context, base_url, demo_pocketbase.url, "notes", DEMO_PASSWORD, client_ip)
        page = context.new_page()
        page.goto(base_url + routes.JOBS)
        toggle = page.get_by_test_id("account-menu-toggle")
        _escape_closes(page, toggle, page.get_by_role("navigation", name="Your study and account"))
    finally:
        context.close()


def _escape_closes(page: Page, toggle: Locator, menu: Locator) -> None:
    """The menu opened from its focused toggle, Tab into its first link, and Escape from inside
    it: closed, the focus back on the toggle."""
    toggle.focus()
    page.keyboard.press("Enter")
    expect(menu).to_be_visible()
    page.keyboard.press("Tab")
    expect(menu.get_by_role("link").first).to_be_focused()
    page.keyboard.press("Escape")
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
