"""The common layout: header, navigation (desktop and phone), footer, 404, lean assets."""

from __future__ import annotations

import datetime
import re

import httpx
from playwright.sync_api import Page, expect

from student_portal import routes
from student_portal.constants import SHOP_WHATSAPP_NUMBER
from student_portal.routes.navigation import NAVIGATION, PHONE_TAB_URLS
from tests.e2e.conftest import DESKTOP, PHONE


def test_shell_renders_header_footer_and_chat_link(sized_page: Page, base_url: str) -> None:
    sized_page.goto(base_url + "/")
    expect(sized_page.get_by_role("banner")).to_be_visible()
    expect(sized_page.get_by_role("link", name="Login")).to_be_visible()
    footer = sized_page.get_by_role("contentinfo")
    expect(footer).to_contain_text(f"© {datetime.date.today().year}")
    expect(footer.get_by_role("link", name=re.compile("YouTube"))).to_have_attribute("target", "_blank")
    expect(footer.get_by_role("link", name="Social")).to_have_attribute("href", "/social")
    expect(footer.get_by_role("link", name=re.compile(r"^Call "))).to_have_attribute("href", re.compile(r"^tel:\+94"))
    chat = sized_page.get_by_role("link", name="Chat with us on WhatsApp")
    expect(chat).to_have_attribute("href", f"https://wa.me/{SHOP_WHATSAPP_NUMBER}")
    expect(chat).to_have_attribute("rel", "noopener noreferrer")
    # The maintenance banner sits behind the site-open flag, fixed true.
    expect(sized_page.get_by_text("Site is temporarily shut down")).to_have_count(0)


def test_on_a_phone_the_chat_button_steps_aside_while_a_field_is_typed_in(page: Page, base_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(base_url + routes.LOGIN)
    chat = page.get_by_role("link", name="Chat with us on WhatsApp")
    field = page.get_by_role("main").get_by_role("textbox").first
    expect(field).to_be_focused()  # the form's first field takes focus on arrival
    expect(chat).to_be_hidden()
    field.blur()
    expect(chat).to_be_visible()
    field.focus()
    expect(chat).to_be_hidden()
    page.set_viewport_size(DESKTOP)  # room enough: it stays
    field.focus()
    expect(chat).to_be_visible()


def test_desktop_shows_all_eight_entries_and_highlights_the_active_one(page: Page, base_url: str) -> None:
    page.set_viewport_size(DESKTOP)
    page.goto(base_url + routes.JOBS)
    nav = page.get_by_role("navigation", name="Main")
    for item in NAVIGATION:
        expect(nav.get_by_role("link", name=item.title, exact=True)).to_be_visible()
    expect(nav.locator("[aria-current=page]")).to_have_count(1)
    expect(nav.get_by_role("link", name="Job Market")).to_have_attribute("aria-current", "page")
    expect(page.get_by_role("navigation", name="Sections")).to_be_hidden()


def test_desktop_navigation_moves_between_pages(page: Page, base_url: str) -> None:
    page.set_viewport_size(DESKTOP)
    page.goto(base_url + "/")
    nav = page.get_by_role("navigation", name="Main")
    expect(nav.get_by_role("link", name="Home")).to_have_attribute("aria-current", "page")
    nav.get_by_role("link", name="Bodim").click()
    expect(page).to_have_url(base_url + routes.BOOKING)
    expect(page.get_by_role("navigation", name="Main").get_by_role("link", name="Bodim")).to_have_attribute(
        "aria-current", "page"
    )


def test_phone_shows_four_short_tabs_and_a_menu_with_everything(page: Page, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(base_url + routes.OL_FOLDERS)
    tabs = page.get_by_role("navigation", name="Sections")
    by_url = {item.url: item for item in NAVIGATION}
    expect(tabs.get_by_role("link")).to_have_text([by_url[url].short_title for url in PHONE_TAB_URLS])
    expect(tabs.get_by_role("link", name="O/L", exact=True)).to_have_attribute("aria-current", "page")
    expect(page.get_by_role("navigation", name="Main")).to_be_hidden()
    menu = page.get_by_role("navigation", name="Menu")
    expect(menu).to_be_hidden()
    # The toggle itself: its "Menu" text is sr-only (clipped), so clicking the text hits the icon.
    page.locator("summary").filter(has_text="Menu").click()
    expect(menu).to_be_visible()
    languages = menu.get_by_role("navigation", name="Language")  # the language switch, at its end
    expect(languages.get_by_role("link")).to_have_text(["English", "සිංහල", "தமிழ்"])
    expect(menu.get_by_role("link")).to_have_count(len(NAVIGATION) + 3)
    menu.get_by_role("link", name="Tuition Classes").click()
    expect(page).to_have_url(base_url + routes.PROFILE)


def test_section_pages_highlight_their_tab(page: Page, base_url: str) -> None:
    page.set_viewport_size(DESKTOP)
    page.goto(base_url + "/al/does-not-exist")
    expect(page.get_by_role("navigation", name="Main").get_by_role("link", name="A/L Api")).to_have_attribute(
        "aria-current", "page"
    )


def test_unknown_route_shows_a_real_404_page(page: Page, base_url: str) -> None:
    page.goto(base_url + "/no-such-page")
    expect(page.get_by_role("heading", name="Page not found")).to_be_visible()
    page.get_by_role("link", name="Go to the home page").click()
    expect(page).to_have_url(base_url + "/")


def test_pages_load_no_radix_themes_stylesheet(page: Page, base_url: str) -> None:
    stylesheets: list[str] = []
    page.on("response", lambda r: stylesheets.append(r.url) if r.request.resource_type == "stylesheet" else None)
    page.goto(base_url + "/")
    page.wait_for_load_state("networkidle")
    assert stylesheets, "the page should load its Tailwind stylesheet"
    css = "".join(page.request.get(url).text() for url in stylesheets)
    assert "--radix" not in css and "radix-themes" not in css


# Asks for a toast through Reflex's refs.__toast as soon as the page exposes it: before sonner.
_EARLY_TOAST = """
(() => { const poll = setInterval(() => {
  const state = window.__reflex && window.__reflex["$/utils/state"];
  if (!state) return;
  clearInterval(poll);
  state.refs.__toast.error("Early toast");
}, 5); })();
"""
_SONNER_MARK = "data-sonner-toaster"
_TOASTS_READY = "() => !!window.__reflex?.['$/utils/state']?.refs?.__toast"
_TOAST = "window.__reflex['$/utils/state'].refs.__toast"  # once _TOASTS_READY
_NOTIFICATIONS = 'section[aria-label*="Notifications"]'  # sonner's <Toaster/>, mounted


def _script_responses(page: Page) -> list:
    """The page's script responses from now on."""
    scripts: list = []
    page.on("response", lambda r: scripts.append(r) if r.request.resource_type == "script" else None)
    return scripts


def _sonner_scripts(scripts: list) -> list[str]:
    return [r.url for r in scripts if _SONNER_MARK in r.text()]


def test_a_page_fetches_no_sonner_until_a_toast_is_asked_for(page: Page, base_url: str) -> None:
    scripts = _script_responses(page)
    page.goto(base_url + "/")
    page.wait_for_load_state("networkidle")
    page.wait_for_function(_TOASTS_READY)
    page.wait_for_timeout(3000)  # past the idle moment that used to fetch it, and the page's settling
    assert scripts and not _sonner_scripts(scripts)
    expect(page.locator(_NOTIFICATIONS)).to_have_count(0)

    page.evaluate(f"{_TOAST}.error('Asked for toast')")
    expect(page.get_by_text("Asked for toast")).to_be_visible(timeout=15_000)
    assert _sonner_scripts(scripts)


def test_a_toast_asked_for_before_the_page_is_up_shows_once_sonner_arrives(page: Page, base_url: str) -> None:
    page.add_init_script(_EARLY_TOAST)
    page.goto(base_url + "/")
    expect(page.get_by_text("Early toast")).to_be_visible(timeout=15_000)
    expect(page.locator(_NOTIFICATIONS)).to_have_count(1)


def test_a_dismiss_before_any_toast_fetches_nothing_and_one_after_a_toast_follows_it(page: Page, base_url: str) -> None:
    scripts = _script_responses(page)
    page.goto(base_url + "/")
    page.wait_for_function(_TOASTS_READY)
    page.evaluate(f"{_TOAST}.dismiss('websocket-error')")
    page.wait_for_timeout(1500)
    assert not _sonner_scripts(scripts)
    # Asked for and dismissed before sonner has arrived: it never shows.
    page.evaluate(
        f"""() => {{ const toast = {_TOAST};
        toast.error('Gone before shown', {{id: 'gone'}}); toast.dismiss('gone'); toast('Shown after'); }}"""
    )
    expect(page.get_by_text("Shown after")).to_be_visible(timeout=15_000)
    expect(page.get_by_text("Gone before shown")).to_have_count(0)


def test_a_toast_after_a_failed_sonner_fetch_shows_once_sonner_can_be_fetched(browser, base_url: str) -> None:
    first = browser.new_page()
    scripts = _script_responses(first)
    first.goto(base_url + "/")
    first.wait_for_function(_TOASTS_READY)
    first.evaluate(f"{_TOAST}('First page toast')")
    expect(first.locator(_NOTIFICATIONS)).to_have_count(1)
    sonner_url = _sonner_scripts(scripts)[0]
    first.close()

    page = browser.new_page()  # sonner unreachable: the connection dropped, no worker yet
    refused: list[str] = []
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.route(sonner_url, lambda route: (refused.append(route.request.url), route.abort()))
    page.goto(base_url + "/")
    page.wait_for_function(_TOASTS_READY)
    page.evaluate(f"{_TOAST}.error('Lost toast')")
    for _ in range(100):
        if refused:
            break
        page.wait_for_timeout(100)
    assert refused and not errors
    expect(page.locator(_NOTIFICATIONS)).to_have_count(0)
    page.unroute(sonner_url)
    # A failed lazy import may have made offline.js reload the page once (Vite's preloadError
    # recovery): toast on the page that is there once its state is up.
    page.wait_for_function(_TOASTS_READY)
    page.evaluate(f"{_TOAST}.error('Back online toast')")
    expect(page.get_by_text("Back online toast")).to_be_visible(timeout=15_000)
    page.close()


def test_the_site_starts_without_registering_a_page_twice(site, base_url: str) -> None:
    """`reflex run --env prod` once printed "Page ... is being redefined" for every page."""
    httpx.get(base_url + routes.HOME, timeout=30)
    assert "is being redefined" not in site.log_file.read_text(errors="replace")
