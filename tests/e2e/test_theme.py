"""Dark mode: follows the system setting, a toggle in the header (phone menu on phones) that is
remembered, and no flash of the wrong theme: the page is painted in its theme before the app's
JavaScript has even arrived."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from student_portal import routes
from student_portal.i18n.texts import Text
from tests.e2e.conftest import DESKTOP, PHONE
from tests.e2e.page_checks import new_visitor, wait_for_app, without_app

DARK = re.compile(r"\bdark\b")
# The page's own background (the layout's bg-slate-50): near white, or near black in the dark theme.
SHELL_BACKGROUND = "getComputedStyle(document.querySelector('#main').parentElement).backgroundColor"


def _lightness(page: Page) -> float:
    """0 (black) .. 1 (white): the layout's background as drawn (oklch's L, or rgb's mean)."""
    color = page.evaluate(SHELL_BACKGROUND)
    if color.startswith("oklch("):
        value = color[len("oklch(") :].split()[0]
        return float(value.rstrip("%")) / (100 if value.endswith("%") else 1)
    channels = [float(c) for c in re.findall(r"[\d.]+", color)[:3]]
    return sum(channels) / (3 * 255)


def _toggle(page: Page, name: str):
    return page.get_by_role("button", name=name, exact=True)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_first_paint_already_has_the_system_theme(browser: Browser, base_url: str, client_ip: str, scheme: str):
    context = new_visitor(browser, client_ip, viewport=PHONE, color_scheme=scheme)
    try:
        page = context.new_page()
        without_app(page)
        page.goto(base_url + routes.HOME, wait_until="domcontentloaded")
        expect(page.locator("#main")).to_be_attached()
        head_script = page.locator('head script[src*="/head.js"]')
        expect(head_script).to_have_count(1)
        assert head_script.evaluate("s => !s.async && !s.defer && s.type !== 'module'"), "must block the first paint"
        if scheme == "dark":
            expect(page.locator("html")).to_have_class(DARK)
            assert _lightness(page) < 0.3
        else:
            expect(page.locator("html")).not_to_have_class(DARK)
            assert _lightness(page) > 0.9
    finally:
        context.close()


def test_the_small_scripts_of_every_pages_head_are_served_minified(base_url: str):
    """head.js is written with comments (student_portal/build/page_scripts.py); the other small scripts
    come in the bundle (components/root_scripts.py, assets/share_link.js): no request of their own."""
    home = httpx.get(base_url + routes.HOME, timeout=30).text
    scripts = re.findall(r'<script(?![^>]*type="module")[^>]*src="(/[\w.-]+\.js)[^"]*"', home)
    assert scripts == ["/head.js"], scripts
    for script in scripts:
        text = httpx.get(base_url + script, timeout=30).text
        assert "//" not in text.replace("://", ""), f"{script} still has comments"
        assert text.count("\n") <= 1, f"{script} is not minified"


def test_the_header_toggle_overrides_the_system_and_is_remembered(browser: Browser, base_url: str, client_ip: str):
    context = new_visitor(browser, client_ip, viewport=DESKTOP, color_scheme="light")
    try:
        page = context.new_page()
        page.goto(base_url + routes.YOUTUBE)
        html = page.locator("html")
        expect(html).not_to_have_class(DARK)
        _toggle(page, Text.USE_DARK_THEME).click()
        expect(html).to_have_class(DARK)
        expect(_toggle(page, Text.USE_LIGHT_THEME)).to_be_visible()
        assert page.evaluate("localStorage.getItem('theme')") == "dark"
        assert _lightness(page) < 0.3

        # Moving in the app keeps it; so does a new visit, painted dark before any app script.
        wait_for_app(page)
        page.get_by_role("navigation", name="Main").get_by_role("link", name="Job Market").click()
        expect(page).to_have_url(re.compile(r"/jobs$"))
        expect(html).to_have_class(DARK)
        second = context.new_page()
        without_app(second)
        second.goto(base_url + routes.BOOKING, wait_until="domcontentloaded")
        expect(second.locator("html")).to_have_class(DARK)
        assert _lightness(second) < 0.3
        second.close()

        _toggle(page, Text.USE_LIGHT_THEME).click()
        expect(html).not_to_have_class(DARK)
        assert page.evaluate("localStorage.getItem('theme')") == "light"
        page.emulate_media(color_scheme="dark")  # a chosen theme stays, whatever the system says
        page.reload()
        expect(html).not_to_have_class(DARK)
    finally:
        context.close()


def test_without_a_choice_the_theme_follows_the_system_as_it_changes(page: Page, base_url: str):
    page.emulate_media(color_scheme="light")
    page.goto(base_url + routes.NOTES)
    html = page.locator("html")
    expect(html).not_to_have_class(DARK)
    page.emulate_media(color_scheme="dark")
    expect(html).to_have_class(DARK)
    page.emulate_media(color_scheme="light")
    expect(html).not_to_have_class(DARK)


def test_a_chosen_theme_stays_while_the_system_changes(page: Page, base_url: str):
    """Reflex's own theme provider (in every page's root) also writes <html>'s class, from the
    system setting it follows and a choice it never hears of: the site's choice must win, and
    so must a tap made while the app is still starting (in the full run on a busy machine, a
    tap just as the page hydrated was undone)."""
    page.emulate_media(color_scheme="light")
    page.goto(base_url + routes.JOBS)
    page.wait_for_load_state("networkidle")  # hydrated: the provider has set its class
    html = page.locator("html")
    _toggle(page, Text.USE_DARK_THEME).click()
    expect(html).to_have_class(DARK)
    page.emulate_media(color_scheme="dark")
    page.emulate_media(color_scheme="light")
    expect(_toggle(page, Text.USE_LIGHT_THEME)).to_be_visible()
    expect(html).to_have_class(DARK)
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "dark"


def test_on_phones_the_toggle_is_in_the_menu(browser: Browser, base_url: str, client_ip: str):
    context = new_visitor(browser, client_ip, viewport=PHONE, color_scheme="light")
    try:
        page = context.new_page()
        page.goto(base_url + routes.HOME)
        header = page.get_by_role("banner")
        expect(header.get_by_role("button", name=Text.USE_DARK_THEME)).to_have_count(0)  # no room in the bar
        page.locator("#phone-menu summary").click()
        expect(header.get_by_role("button", name=Text.USE_DARK_THEME)).to_have_count(1)
        menu = page.get_by_role("navigation", name="Menu")
        menu.get_by_role("button", name=Text.USE_DARK_THEME).click()
        expect(page.locator("html")).to_have_class(DARK)
        assert menu.get_by_role("button", name=Text.USE_LIGHT_THEME).inner_text() == Text.USE_LIGHT_THEME  # shown
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        context.close()
