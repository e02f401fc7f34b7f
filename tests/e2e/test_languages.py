"""The whole site in English, Sinhala and Tamil (issue 12, items 1-2): each page prerendered in
its language under /si/... and /ta/..., the language switch, the remembered choice, and sign-in
that comes back to the page in its language."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import httpx
import pytest
from playwright.sync_api import Page, expect

from student_portal import routes
from student_portal.components.header import FITS
from student_portal.i18n import current_language, gettext, in_language
from student_portal.i18n.languages import Language, in_language_path, language_of_path
from student_portal.i18n.texts import Text
from student_portal.routes.navigation import NAVIGATION
from tests.e2e.auth_support import DEMO_PASSWORD, at, sign_in_with_form
from tests.e2e.conftest import PHONE
from tests.e2e.page_checks import new_visitor, wait_for_content
from tests.e2e.routes import ALL_ROUTES, DEMO_IDS

TRANSLATED = [Language.SI, Language.TA]
NOT_FOUND_PATH = "/no-such-page"
# Every page with an address of its own, built as a page (a record's page is checked in its
# language below; a mailed link's page, /verify/<token>, is built as a shell its script fills).
FIXED_PAGES = [
    r.template for r in ALL_ROUTES if not r.argument and "?" not in r.template and r.template != NOT_FOUND_PATH
]


# What a failure below asks for: the page's texts translated (docs/recipes.md, recipe 3).
_TRANSLATE = (
    "run `make messages`, translate the empty msgstr entries in student_portal/i18n/locale/si/LC_MESSAGES/"
    "messages.po and .../ta/LC_MESSAGES/messages.po, then `make test T=tests/unit/test_catalogs.py` (it names "
    "each untranslated text) and `make check-page PAGES=<the page>`"
)


class _Headings(HTMLParser):
    """The text of the <h1>-<h3> and the labelled <nav>s of a page's HTML, and its <html lang>."""

    def __init__(self) -> None:
        super().__init__()
        self.lang = ""
        self.headings: list[str] = []
        self.navs: list[str] = []
        self._open: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "html":
            self.lang = values.get("lang") or ""
        if tag == "nav" and values.get("aria-label"):
            self.navs.append(values["aria-label"] or "")
        if tag in ("h1", "h2", "h3"):
            self._open = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("h1", "h2", "h3") and self._open is not None:
            self.headings.append(" ".join("".join(self._open).split()))
            self._open = None

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self._open.append(data)


def _raw(base_url: str, path: str, status: int = 200) -> tuple[_Headings, str]:
    """The page as a crawler or a phone without JavaScript gets it."""
    response = httpx.get(base_url + path, follow_redirects=True, timeout=30)
    assert response.status_code == status, path
    parsed = _Headings()
    parsed.feed(response.text)
    return parsed, response.text


def _header_navigation() -> set[str]:
    """The names of the header's navigation in the current language: the entries in the bar
    ("Main") where that language's words fit it at some width, else the tabs ("Sections");
    the menu ("Menu") in every language (components/header.py FITS)."""
    bar = gettext("Main") if FITS[current_language.get()].navigation else gettext("Sections")
    return {bar, gettext("Menu")}


@pytest.mark.parametrize("language", TRANSLATED, ids=str)
def test_raw_html_of_the_home_page_is_already_in_its_language(base_url: str, language: Language) -> None:
    parsed, html = _raw(base_url, in_language_path(routes.HOME, language))
    assert parsed.lang == language.value
    with in_language(language):
        assert Text.WELCOME in parsed.headings  # the hero
        for item in NAVIGATION:
            assert f">{item.title}<" in html  # the navigation, before any script runs
        assert _header_navigation() <= set(parsed.navs) and gettext("Language") in parsed.navs
    for other in Language:
        assert f'hreflang="{other.value}" href="' in html
    assert 'hreflang="x-default"' in html


@pytest.mark.parametrize("language", TRANSLATED, ids=str)
@pytest.mark.parametrize("path", FIXED_PAGES)
def test_every_page_is_prerendered_with_its_headings_in_its_language(
    base_url: str, path: str, language: Language
) -> None:
    english, english_html = _raw(base_url, path)
    translated, html = _raw(base_url, in_language_path(path, language))
    assert english.lang == "en" and translated.lang == language.value
    with in_language(language):
        ours = {h: gettext(h) for h in english.headings if h and gettext(h) != h}
        assert _header_navigation() <= set(translated.navs)  # the header, as on every page
    # Every heading that is a text of ours comes translated; none stays English. (A record's
    # own words, a teacher's name, stay as authored in every language.)
    assert set(ours.values()) <= set(translated.headings), f"{path} in {language}: {_TRANSLATE}"
    english_left = sorted(set(ours) & set(translated.headings))
    assert not english_left, f"{path} in {language}: headings left in English {english_left}: {_TRANSLATE}"
    titles = [re.search(r"<title>([^<]*)</title>", page).group(1) for page in (english_html, html)]  # type: ignore[union-attr]
    assert path == routes.HOME or titles[0] != titles[1], (
        f"{path} in {language}: the title {titles[1]!r} is the English one (its title text is untranslated): "
        f"{_TRANSLATE}"
    )


@pytest.mark.parametrize("language", TRANSLATED, ids=str)
def test_an_unknown_address_says_page_not_found_in_its_language(page: Page, base_url: str, language) -> None:
    path = in_language_path(NOT_FOUND_PATH, language)
    parsed, html = _raw(base_url, path, status=404)
    with in_language(language):
        # Reflex serves an unknown address its one shell page: our server gives it the language's
        # lang and <title>; the catch-all /si/ (/ta/) page draws the message in the language.
        assert parsed.lang == language.value and f"<title>{Text.PAGE_NOT_FOUND} |" in html
        page.goto(base_url + path)
        expect(page.get_by_role("heading", level=1)).to_have_text(Text.PAGE_NOT_FOUND)
        home = page.get_by_role("main").get_by_role("link", name=gettext("Go to the home page"))
        expect(home).to_have_attribute("href", in_language_path(routes.HOME, language))


@pytest.mark.parametrize(
    "path", ["/si/old-page.html", "/ta/paper.pdf", "/si/assets/gone.js", "/paper.pdf", "/ta/no-such-page/deeper"]
)
def test_an_unknown_address_that_looks_like_a_file_is_the_404_of_its_language(page: Page, base_url: str, path) -> None:
    """Reflex answered /si/old-page.html with its shell in English (status 200, lang "en"), and an
    unknown .pdf or .js address with a blank page (its shell's scripts refused by the policy)."""
    page.set_viewport_size(PHONE)
    language = language_of_path(path)
    with in_language(language):
        title, home = Text.PAGE_NOT_FOUND, gettext("Go to the home page")
    response = page.goto(base_url + path)
    assert response is not None and response.status == 404
    expect(page.locator("html")).to_have_attribute("lang", language.value)
    expect(page.get_by_role("heading", level=1)).to_have_text(title)
    expect(page.get_by_role("main").get_by_role("link", name=home)).to_be_visible()
    expect(page).to_have_title(re.compile(f"^{re.escape(title)} \\|"))


@pytest.mark.parametrize("language", TRANSLATED, ids=str)
def test_empty_and_failure_messages_are_in_the_page_language(page: Page, base_url: str, backend, language) -> None:
    with in_language(language):
        no_jobs, no_rooms, no_videos, jobs_failed = Text.NO_JOBS, Text.NO_ROOMS, Text.NO_VIDEOS_FOUND, Text.JOBS_FAILED
    backend.empty()
    page.goto(base_url + in_language_path(routes.JOBS, language))
    expect(page.get_by_role("status")).to_have_text(no_jobs)
    page.goto(base_url + in_language_path(routes.BOOKING, language))
    expect(page.get_by_role("status")).to_have_text(no_rooms)
    page.goto(base_url + in_language_path(routes.YOUTUBE, language) + "?q=zzz")
    expect(page.get_by_role("main").get_by_role("status").filter(has_text=no_videos)).to_contain_text("zzz")
    backend.down()
    page.goto(base_url + in_language_path(routes.JOBS, language))
    expect(page.get_by_role("alert")).to_have_text(jobs_failed)


def test_prices_counts_and_the_buy_message_are_in_the_page_language(page: Page, base_url: str, demo_pocketbase) -> None:
    page.goto(base_url + "/si" + routes.SHOP)
    wait_for_content(page)
    main = page.get_by_role("main")
    expect(main.get_by_text(re.compile(r"^රු\. \d")).first).to_be_visible()
    expect(main.get_by_text(re.compile(r"^නිෂ්පාදන \d"))).to_be_visible()
    buy = main.get_by_role("link", name=re.compile("^දැන් මිලදී ගන්න")).first
    assert "%E0%B6%B8%E0%B6%A7" in (buy.get_attribute("href") or "")  # "මට ... මිලදී ගැනීමට අවශ්‍යයි"
    page.goto(base_url + "/ta" + routes.BOOKING)
    wait_for_content(page)
    expect(page.get_by_role("main").get_by_text(re.compile(r"^ரூ\. \d")).first).to_be_visible()


ENGLISH_DATE = re.compile(r"\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) 20\d\d\b")


def test_cards_an_english_visitor_saw_first_come_in_the_next_visitors_language(
    page: Page, browser, base_url: str, demo_pocketbase, client_ip: str
) -> None:
    # Cards are made once and shared by every visitor: once per language, not once for all.
    page.goto(base_url + routes.JOBS)
    wait_for_content(page)
    assert ENGLISH_DATE.search(page.get_by_role("main").inner_text())
    page.goto(base_url + routes.BOOKING)
    wait_for_content(page)
    expect(page.get_by_test_id("price").first).to_have_text(re.compile(r"^RsH \d"))
    context = new_visitor(browser, client_ip)
    try:
        other = context.new_page()
        other.goto(base_url + "/si" + routes.JOBS)
        wait_for_content(other)  # a new visitor's list shows its loading face until its cards come
        assert not ENGLISH_DATE.search(other.get_by_role("main").inner_text())
        other.goto(base_url + "/ta" + routes.BOOKING)
        wait_for_content(other)
        expect(other.get_by_test_id("price").first).to_have_text(re.compile(r"^ரூ\. \d"))
    finally:
        context.close()
    # The same tab in another language: its English cards, kept while they refresh, are replaced.
    page.goto(base_url + "/si" + routes.JOBS)
    expect(page.get_by_role("main").locator("time").first).to_be_visible()
    expect(page.get_by_role("main")).not_to_contain_text(ENGLISH_DATE)


def _switch(page: Page, language: Language, phone: bool) -> None:
    """Choose `language` in the phone menu or the header's language menu."""
    page.locator("#phone-menu > summary" if phone else "#language-menu > summary").click()
    page.locator(f'header a[data-language="{language.value}"]:visible').click()


# Counts the moments a page's <main> shows a date written in English (ENGLISH_DATE, given to it).
WATCH_ENGLISH_DATES = (
    """((pattern) => {
  window.__englishDates = 0;
  const english = new RegExp(pattern);
  new MutationObserver(() => {
    const main = document.querySelector("main");
    if (main && english.test(main.innerText)) window.__englishDates += 1;
  }).observe(document, { subtree: true, childList: true, characterData: true });
})("""
    + json.dumps(ENGLISH_DATE.pattern)
    + ")"
)


def test_a_tab_switched_to_sinhala_never_shows_the_english_cards_it_had(
    page: Page, base_url: str, demo_pocketbase
) -> None:
    page.goto(base_url + routes.JOBS)
    wait_for_content(page)
    assert ENGLISH_DATE.search(page.get_by_role("main").inner_text())
    page.add_init_script(WATCH_ENGLISH_DATES)
    _switch(page, Language.SI, phone=False)
    expect(page).to_have_url(re.compile(r"/si/jobs/?$"))
    expect(page.get_by_role("main").locator("time").first).to_be_visible()
    wait_for_content(page)
    page.wait_for_load_state("networkidle")
    assert page.evaluate("window.__englishDates") == 0


@pytest.mark.parametrize("width", [PHONE, None], ids=["phone", "desktop"])
def test_the_switch_keeps_the_page_and_its_filters_and_is_remembered(
    browser, base_url: str, demo_pocketbase, client_ip: str, width
) -> None:
    context = browser.new_context(
        extra_http_headers={"X-Forwarded-For": client_ip}, viewport=width or {"width": 1280, "height": 800}
    )
    try:
        page = context.new_page()
        page.goto(base_url + routes.YOUTUBE + "?q=maths")
        wait_for_content(page)
        _switch(page, Language.SI, phone=width is not None)
        expect(page).to_have_url(re.compile(re.escape(base_url) + r"/si/youtube/?\?q=maths$"))
        with in_language(Language.SI):
            expect(page.get_by_role("heading", level=1)).to_have_text(Text.KUPPI_RECORDINGS)
        assert page.evaluate("document.documentElement.lang") == "si"
        page.reload()
        expect(page).to_have_url(re.compile(r"/si/youtube/?\?q=maths$"))
        page.goto(base_url + "/")  # a new visit to the home page: the chosen language's
        expect(page).to_have_url(at(base_url, "/si/"))
        with in_language(Language.SI):
            expect(page.get_by_role("heading", level=1)).to_have_text(Text.WELCOME)
        _switch(page, Language.TA, phone=width is not None)
        expect(page).to_have_url(at(base_url, "/ta/"))
        _switch(page, Language.EN, phone=width is not None)
        expect(page).to_have_url(at(base_url, "/"))
        page.goto(base_url + "/")
        expect(page).to_have_url(at(base_url, "/"))  # English chosen: home stays English
        expect(page.get_by_role("heading", level=1)).to_have_text(Text.WELCOME)
    finally:
        context.close()


def test_a_record_page_switches_with_its_id(page: Page, base_url: str, demo_pocketbase) -> None:
    path = routes.news_item(DEMO_IDS["news"])
    page.goto(base_url + "/ta" + path)
    wait_for_content(page)
    with in_language(Language.TA):
        expect(page.get_by_role("link", name=gettext("Back to home"))).to_have_attribute("href", "/ta/")
    _switch(page, Language.SI, phone=False)
    expect(page).to_have_url(re.compile(re.escape(base_url + "/si" + path) + "/?$"))


@pytest.mark.parametrize("language", TRANSLATED, ids=str)
def test_sign_in_returns_to_the_page_in_its_language(page: Page, base_url: str, demo_pocketbase, language) -> None:
    notes = in_language_path(routes.NOTES, language)
    page.goto(base_url + notes)
    expect(page).to_have_url(at(base_url, in_language_path(routes.LOGIN, language)))
    with in_language(language):
        expect(page.get_by_role("heading", name=Text.SIGN_IN_HEADING)).to_be_visible()
        form = page.get_by_role("main")
        form.get_by_label(Text.IDENTITY_LABEL).fill("notes")
        form.get_by_label(Text.PASSWORD_LABEL, exact=True).fill(DEMO_PASSWORD)
        form.get_by_role("button", name=Text.SIGN_IN, exact=True).click()
        expect(page).to_have_url(at(base_url, notes))
        expect(page.get_by_role("heading", level=1)).to_have_text(Text.UNI_NOTES)
        expect(page.get_by_role("banner").get_by_role("button", name=Text.LOGOUT)).to_be_visible()


# A page's route manifest (student_portal/reflex_internals/route_manifests.py): its language's paths, and the
# catch-alls that send another language's addresses to the server.
_MANIFEST_PATHS = "Object.values(window.__reactRouterManifest.routes).map(route => route.path ?? '')"
_OTHER_LANGUAGE_PATHS = {Language.EN: {"si/*", "ta/*"}, Language.SI: {"*"}, Language.TA: {"*"}}


@pytest.mark.parametrize("language", list(Language), ids=str)
def test_a_page_loads_the_routes_of_its_own_language_only(page: Page, base_url: str, language) -> None:
    """Issue 12's byte budget: the manifest of every route in three languages cost ~1.3 KB gzipped
    on every page. A client-side navigation to another language still opens that page."""
    manifests: list[str] = []
    page.on("request", lambda request: "/assets/manifest-" in request.url and manifests.append(request.url))
    page.goto(base_url + in_language_path(routes.YOUTUBE, language))
    wait_for_content(page)
    assert len(manifests) == 1, manifests  # its language's, not the full one as well
    paths = set(page.evaluate(_MANIFEST_PATHS)) - {""}  # the root layout
    fallbacks = _OTHER_LANGUAGE_PATHS[language]
    assert fallbacks <= paths
    assert {language_of_path("/" + path) for path in paths - fallbacks} == {language}
    assert "youtube" in {path.rsplit("/", 1)[-1] for path in paths}

    other = Language.SI if language is Language.EN else Language.EN
    page.evaluate("window.stillTheSamePage = true")
    page.evaluate("path => window.__reactRouterDataRouter.navigate(path)", in_language_path(routes.JOBS, other))
    expect(page.locator("html")).to_have_attribute("lang", other.value)
    with in_language(other):
        expect(page.get_by_role("heading", level=1)).to_have_text(Text.JOB_MARKET)
    assert page.evaluate("window.stillTheSamePage") is None  # loaded from the server


def test_sign_in_form_in_english_still_works(page: Page, base_url: str, demo_pocketbase) -> None:
    page.goto(base_url + routes.NOTES)
    expect(page).to_have_url(at(base_url, routes.LOGIN))
    sign_in_with_form(page, "notes")
    expect(page).to_have_url(at(base_url, routes.NOTES))


def test_an_english_page_shows_no_sinhala_or_tamil_until_the_language_menu_opens(page: Page, base_url: str) -> None:
    """So it downloads no Sinhala or Tamil font for the switch (fonts load for shown letters)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(base_url + routes.JOBS)
    menu = page.get_by_role("banner").locator("#language-menu")
    expect(menu.locator("summary")).to_have_text("Language: English")
    expect(menu.get_by_role("link", name="සිංහල")).to_be_hidden()
    menu.locator("summary").click()
    expect(menu.get_by_role("link", name="සිංහල")).to_be_visible()
    expect(menu.get_by_role("link", name="English")).to_have_attribute("aria-current", "true")


def test_the_sitemap_and_robots_name_every_language(base_url: str) -> None:
    sitemap = httpx.get(base_url + routes.SITEMAP_XML, timeout=30).text
    for prefix in ("", "/si", "/ta"):
        assert re.search(rf"<loc>[^<]*{prefix}/youtube/</loc>", sitemap)
    assert 'hreflang="si"' in sitemap and 'hreflang="x-default"' in sitemap
    robots = httpx.get(base_url + routes.ROBOTS_TXT, timeout=30).text
    assert "Disallow: /si/login" in robots and "Disallow: /ta/notes" in robots


@pytest.mark.parametrize("language", [Language.SI, Language.TA])
def test_a_broken_event_answers_with_the_error_toast_in_the_page_language(site, base_url: str, language) -> None:
    from student_portal.server.backend_errors import TOAST_ID
    from student_portal.state.carousel import CarouselState
    from tests.e2e.page_checks import SiteLog
    from tests.support.tab_socket import TabSocket

    with in_language(language):
        expected = Text.BACKEND_ERROR
    log = SiteLog(site)
    tab = TabSocket(base_url, in_language_path("/", language))
    try:
        tab.drain()
        # A handler called without its arguments raises on the server (an old tab, a forged event).
        tab.emit(f"{CarouselState.get_full_name()}.go_to", {})
        tab.drain(quiet_s=2.0)
    finally:
        tab.close()
    toasts = [event for event in tab.events if TOAST_ID in str(event)]
    assert toasts, tab.events
    # The toast is a script for the page, its text a JSON string in it.
    assert json.dumps(expected)[1:-1] in toasts[0]["payload"]["function"]
    assert "[Reflex Backend Exception]" in log.crashes()  # logged, as Reflex's own handler did
