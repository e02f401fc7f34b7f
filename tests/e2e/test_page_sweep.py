"""The page sweep: every page, one load for every check a page gets (issues 7, 33 and 50).

Each registered route (tests/e2e/routes.py reads site_pages, so a new page is swept without
editing this file), in English, Sinhala and Tamil, signed out and signed in, is loaded once at
the narrowest width, and on that load:
- on /si/ and /ta/, no English among the site's own words once all of it is drawn, its calendar
  included (tests/e2e/site_words.py): every page, signed out and in (the header's account
  controls, saved marks, the pages only a member sees);
- axe-core finds nothing at phone (390 px) and desktop (1280 px) widths: every English page
  signed out and signed in, and a sample of every kind of page in Sinhala and Tamil
  (LANGUAGE_SAMPLE); in the dark theme too, as the system asks for it, on English pages for the
  visitor they are for: axe's colour rules only there, the markup being the light theme's but for
  the theme button's face;
- nothing breaks the page's content security policy, for the visitor the page is for (a video's
  player frame loaded too, on pages that play them; test_security_headers.py has the rest);
- it fits at 360, 390, 768 and 1,280 px (tests/e2e/fit_checks.py): nothing scrolls sideways,
  every header control is on the screen and no text is cut off; the pages a signed-out visitor
  stays on, and signed in, those that need it (every page in Sinhala and Tamil), with the
  header's menus opened on the first of them.
The layout follows the width through CSS alone and the theme follows the system's setting as it
changes (assets/head.js), so a resized or re-themed page is the page a visitor loading it so would
get, at a fraction of the cost of loading it again. Visitors prefer reduced motion: the carousels
stand still (assets/carousel.js), so a slide caught halfway through its window is not cut off and
axe sees the same page each run. A failure names the page's address, the width and the theme.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, expect

from student_portal.i18n.languages import LANGUAGES, Language, in_language_path
from student_portal.i18n.texts import Text
from tests.e2e.conftest import DESKTOP, PHONE
from tests.e2e.fit_checks import ENGLISH_LEFT, HEIGHT, WIDTHS, hints, misfits
from tests.e2e.page_checks import (
    COLOUR_RULES,
    SETTLE,
    WATCH_CSP,
    axe_violations,
    new_visitor,
    sign_in_context,
    wait_for_content,
)
from tests.e2e.routes import ALL_ROUTES, DEMO_IDS, LANGUAGE_SAMPLE, SIGNED_IN_ROUTES, Route, checked_pages
from tests.e2e.site_words import Content, site_words_left
from tests.support.pocketbases import DEMO_PASSWORD

# Pages with another face worth checking by axe: a news id that does not exist, a teacher that
# does not. Addresses of particular pages (not under make check-page, which checks those it names).
EXTRA = () if checked_pages() else (Route("/news/no-such-news"), Route("/class/noteacher000000", signed_in=True))

DARK = re.compile(r"\bdark\b")
LIGHT_LOOKS = ((PHONE, "light"), (DESKTOP, "light"))
DARK_LOOKS = ((PHONE, "dark"), (DESKTOP, "dark"))


@dataclass(frozen=True)
class Visit:
    """One load of one route in one language, and what is checked on it."""

    route: Route  # the English route
    language: Language
    signed_in: bool
    fit: bool  # the fit at every width (and on /si/, /ta/ the one-language check)
    axe: bool  # axe in the light theme at both widths
    menus: bool  # the header's menus opened at every width (on one page per language and visitor)

    @property
    def path(self) -> str:
        return in_language_path(self.route.path(DEMO_IDS), self.language)

    @property
    def for_this_visitor(self) -> bool:
        """The visitor the page is for: its policy is checked, and (in English) its dark theme."""
        return self.signed_in == self.route.signed_in

    @property
    def dark(self) -> bool:
        return self.axe and self.language is Language.EN and self.for_this_visitor

    @property
    def id(self) -> str:
        return f"{self.language.value}-{'signed-in' if self.signed_in else 'signed-out'}-{self.route.template}"


def _fit_routes(language: Language, signed_in: bool) -> list[Route]:
    """Signed out, every page a signed-out visitor stays on (one for signed-in visitors sends them
    to /login, checked anyway). Signed in, the pages that need it; in Sinhala and Tamil every page,
    for the header's account controls and saved marks in that language."""
    if not signed_in:
        return [r for r in ALL_ROUTES if not r.signed_in or r.signed_out_view]
    return list(SIGNED_IN_ROUTES) if language is Language.EN else list(ALL_ROUTES)


def _axe_routes(language: Language) -> list[Route]:
    """Every English page (and EXTRA); in Sinhala and Tamil, the sample (as English routes)."""
    if language is Language.EN:
        return [*ALL_ROUTES, *EXTRA]
    sample = {route.template for route in LANGUAGE_SAMPLE}
    return [route for route in ALL_ROUTES if in_language_path(route.template, language) in sample]


def visits() -> list[Visit]:
    found = []
    for language in LANGUAGES:
        for signed_in in (False, True):
            fit, axe = _fit_routes(language, signed_in), _axe_routes(language)
            for route in [*ALL_ROUTES, *EXTRA]:
                if route in fit or route in axe:
                    # (make check-page may leave a visitor no page to fit: then no menus either)
                    menus = bool(fit) and route == fit[0]
                    found.append(Visit(route, language, signed_in, route in fit, route in axe, menus))
    return found


def _sweep(browser: Browser, base_url: str, pb_url: str, client_ip: str, content: Content, visit: Visit) -> list[str]:
    route, path = visit.route, visit.path
    context = new_visitor(browser, client_ip, reduced_motion="reduce", color_scheme="light")
    console: list[str] = []
    try:
        if visit.signed_in:
            # The longest name among the demo students (the header shows it); a notes reader.
            sign_in_context(context, base_url, pb_url, "full", DEMO_PASSWORD, client_ip)
        if visit.for_this_visitor:
            context.add_init_script(WATCH_CSP)
        page = context.new_page()
        page.on("console", lambda m: console.append(m.text) if "Content Security Policy" in m.text else None)
        page.set_viewport_size({"width": WIDTHS[0], "height": HEIGHT})
        page.goto(base_url + path)
        expect(page.locator("html")).to_have_attribute("lang", visit.language.value)
        if route.signed_in and not visit.signed_in:
            if route.signed_out_view:
                expect(page.get_by_test_id(route.signed_out_view)).to_be_visible()
            else:
                expect(page).to_have_url(re.compile(r"/login/?$"))
        if "?q=" in route.template:  # search results come after "Searching...", not a "Loading" status
            expect(page.get_by_test_id("search-group").first).to_be_visible()
        wait_for_content(page)
        expect(page.get_by_role("main").get_by_role("heading", level=1)).to_have_count(1)
        problems: list[str] = []
        if visit.fit and visit.language is not Language.EN:
            problems += [f"{path}: {ENGLISH_LEFT}{line}" for line in site_words_left(page, content, visit.language)]
        if visit.axe:
            page.wait_for_load_state("networkidle")
            for width, scheme in LIGHT_LOOKS + (DARK_LOOKS if visit.dark else ()):
                page.set_viewport_size(width)
                page.emulate_media(color_scheme=scheme)
                if scheme == "dark":
                    expect(page.locator("html")).to_have_class(DARK)
                else:
                    expect(page.locator("html")).not_to_have_class(DARK)
                page.evaluate(SETTLE)
                options = {"runOnly": {"type": "rule", "values": list(COLOUR_RULES)}} if scheme == "dark" else {}
                problems += [
                    f"{path} at {width['width']} px {scheme}: axe {rule} ({help_text}) at {places}"
                    for rule, help_text, places in axe_violations(page, **options)
                ]
            page.emulate_media(color_scheme="light")
            expect(page.locator("html")).not_to_have_class(DARK)
        fit_problems = misfits(page, path, menus=visit.menus) if visit.fit else []
        if visit.for_this_visitor:
            play = page.get_by_role("button", name=Text.PLAY_VIDEO).first  # a player frame, too
            if play.count() and play.is_visible():
                play.click()
                expect(page.locator("iframe").first).to_be_attached()
            problems += [f"{path} policy: {breach}" for breach in page.evaluate("window.__cspViolations")]
        problems += fit_problems + [f"{path} policy: {message}" for message in console]
        return problems
    finally:
        context.close()


@pytest.mark.parametrize("visit", [pytest.param(visit, id=visit.id) for visit in visits()])
def test_every_page_fits_speaks_its_language_and_passes_axe_and_its_policy(
    browser: Browser, base_url: str, demo_pocketbase, client_ip: str, content: Content, visit: Visit
) -> None:
    problems = _sweep(browser, base_url, demo_pocketbase.url, client_ip, content, visit)
    assert not problems, "\n" + "\n".join(problems) + _what_to_do(problems)


def _what_to_do(problems: list[str]) -> str:
    """Hints for the fit and language problems (axe's own help is on its lines)."""
    found = hints([problem for problem in problems if " axe " not in problem and " policy: " not in problem])
    return "\nWhat to do:\n- " + "\n- ".join(found) if found else ""
