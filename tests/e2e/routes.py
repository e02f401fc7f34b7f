"""Every page of the site, for the suites that must visit all of them (accessibility, CSP,
hostile content, odd records, backend faults).

The list comes from the pages the app registers (`student_portal.site_pages`), not from memory,
so a new page cannot escape these suites. `PAGE_TRAITS` only adds what a page needs from a test;
a page without an entry is taken as public and showing content (`Traits()`), after the listed
ones. A page for signed-in visitors, or one without content, needs its entry.

Routes with an id are templates: `{news}`, `{ol}`, `{al}`, `{teacher}` are filled from the data
set a test runs against (`demo_ids`, or a test's own PocketBase).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Final

from student_portal import pages  # noqa: F401 - declares every page
from student_portal import routes as site
from student_portal.i18n.languages import Language, in_language_path
from student_portal.site_pages import site_pages


@dataclass(frozen=True)
class Route:
    template: str
    signed_in: bool = False  # needs a signed-in visitor (with the notes role for /notes)
    content: bool = True  # shows records from PocketBase
    signed_out_view: str = ""  # see Traits
    argument: bool = False  # registered with an argument (/verify/[token]): built as a shell, not a page

    def path(self, ids: dict[str, str]) -> str:
        return self.template.format(**ids)

    @property
    def id(self) -> str:
        return self.template.replace("{", "").replace("}", "")


@dataclass(frozen=True)
class Traits:
    signed_in: bool = False
    content: bool = True
    query: str = ""  # visited with this query string
    # A signed_in page a signed-out visitor may stay on: the test id of what it shows them
    # instead ("": they are sent to /login).
    signed_out_view: str = ""


# Registered route -> what a test must know about it. In the order the suites visit them.
PAGE_TRAITS: dict[str, Traits] = {
    site.HOME: Traits(),
    site.ABOUT: Traits(content=False),
    site.COURSES: Traits(content=False),
    site.INSTRUCTOR: Traits(),
    site.TALENT: Traits(),
    site.SINGLE_BLOG: Traits(content=False),
    site.SOCIAL: Traits(),
    site.LOGIN: Traits(content=False),
    site.BOOKING: Traits(),
    site.YOUTUBE: Traits(),
    site.PROFILE: Traits(),
    site.CLASS_INDEX: Traits(),  # no teacher chosen: the teachers are listed on /profile
    site.SHOP: Traits(),
    site.NEWS_ITEM: Traits(),
    site.ARTICLE: Traits(),
    site.OL_FOLDERS: Traits(),
    site.AL_FOLDERS: Traits(),
    site.OL_FOLDER: Traits(),
    site.AL_FOLDER: Traits(),
    site.JOBS: Traits(),
    # Site search results; content=False only because the hostile data set has no "physics":
    # test_hostile_content searches its payload records instead (REFLECTED).
    site.SEARCH: Traits(content=False, query="?q=physics"),
    # A document in the viewer: without ?c=&id= it says the document is not available.
    site.READ: Traits(content=False),
    # The demo A/L MCQ paper's answer sheet (a data set without it: "not available").
    site.PRACTICE: Traits(content=False, query="?c=AL_Items&id=alitem000000013"),
    site.NOT_FOUND: Traits(content=False),
    site.NOTES: Traits(signed_in=True),
    site.CLASS_PAGE: Traits(signed_in=True),
    site.SAVED: Traits(signed_in=True, signed_out_view="saved-sign-in"),  # sign-in above the kept files
    site.SIGN_UP: Traits(content=False),
    site.FORGOT_PASSWORD: Traits(content=False),
    # The mailed links' pages, with a token that is no longer (never was) valid.
    site.VERIFY_EMAIL: Traits(content=False),
    site.RESET_PASSWORD: Traits(content=False),
    site.CONFIRM_EMAIL: Traits(content=False),
    site.ACCOUNT: Traits(signed_in=True, content=False),
    site.NOTICES: Traits(signed_in=True, content=False),
    site.UNSUBSCRIBE: Traits(content=False),  # a forged link: "not valid"  # the demo students follow nothing
    # A student's own history and practice (the demo students have none: its empty face).
    site.MY_STUDY: Traits(signed_in=True, content=False, signed_out_view="my-study-sign-in"),
    site.Z_SCORE: Traits(),
    # One district's table with an estimated Z-score marking some of it (the demo's and the
    # hostile data set's first cut-offs are in Colombo).
    site.CUT_OFFS: Traits(query="?district=colombo&z=1.5"),
}

# A route's argument -> the id key its template uses (DEMO_IDS, a test's own ids).
_ID_KEYS = {
    site.CLASS_PAGE: site.class_page("{teacher}"),
    site.NEWS_ITEM: site.news_item("{news}"),
    site.OL_FOLDER: site.ol_folder("{ol}"),
    site.AL_FOLDER: site.al_folder("{al}"),
    site.NOT_FOUND: "/no-such-page",  # Reflex's 404 page answers any unknown address
    site.VERIFY_EMAIL: site.verify_email("expired-token"),
    site.RESET_PASSWORD: site.reset_password("expired-token"),
    site.CONFIRM_EMAIL: site.confirm_email("expired-token"),
    site.UNSUBSCRIBE: site.unsubscribe("forged-token"),
}


def template(route: str) -> str:
    """A registered route as a test template: /news/[news_id] -> /news/{news}."""
    if "[" in route and route not in _ID_KEYS:
        raise LookupError(
            f"{route}: a page with an argument needs the address the suites visit: add it to _ID_KEYS in "
            f'tests/e2e/routes.py (e.g. {route!r}: "/.../{{key}}", the key\'s demo id in DEMO_IDS), then run '
            f"make check-page PAGES={route}"
        )
    return _ID_KEYS.get(route, route).replace("%7B", "{").replace("%7D", "}")


def _visit_order() -> dict[str, Traits]:
    """Every registered page with its traits: PAGE_TRAITS's order, then pages it does not list."""
    registered = [page.route for page in site_pages()]
    listed = {route: traits for route, traits in PAGE_TRAITS.items() if route in registered}
    return listed | {route: Traits() for route in registered if route not in listed}


EVERY_ROUTE: tuple[Route, ...] = tuple(
    Route(template(route) + traits.query, traits.signed_in, traits.content, traits.signed_out_view, "[" in route)
    for route, traits in _visit_order().items()
)


def checked_pages() -> tuple[str, ...]:
    """The routes `make check-page PAGES="/x /y"` checks (CHECK_PAGES, as declared: /news/[news_id]),
    or () for every page."""
    wanted = tuple(os.environ.get("CHECK_PAGES", "").replace(",", " ").split())
    registered = {page.route for page in site_pages()}
    unknown = [route for route in wanted if route not in registered]
    if unknown:
        raise LookupError(f"CHECK_PAGES: no page declared at {', '.join(unknown)} (routes as declared: /jobs, /)")
    return wanted


# The routes the suites visit: every page, or under `make check-page` those it checks.
ALL_ROUTES: tuple[Route, ...] = (
    tuple(route for route in EVERY_ROUTE if route.template.split("?")[0] in {template(r) for r in checked_pages()})
    if checked_pages()
    else EVERY_ROUTE
)
PUBLIC_ROUTES: tuple[Route, ...] = tuple(route for route in ALL_ROUTES if not route.signed_in)
SIGNED_IN_ROUTES: tuple[Route, ...] = tuple(route for route in ALL_ROUTES if route.signed_in)

# The Sinhala and Tamil pages are the English pages' components built with other texts (the
# same states, the same markup): the hardening suites visit every English route and this sample
# in each language, not every page three times (make test would take twice as long for no code
# path of its own). The sample has a page of every kind: the home page's sections, a list with
# filters, a signed-in page and a record's page.
LANGUAGE_SAMPLE_ROUTES: Final = (site.HOME, site.YOUTUBE, site.NOTES, site.BOOKING, site.NEWS_ITEM)


def _in_language(route: Route, language: Language) -> Route:
    return Route(
        in_language_path(route.template, language),
        route.signed_in,
        route.content,
        route.signed_out_view,
        route.argument,
    )


LANGUAGE_SAMPLE: tuple[Route, ...] = tuple(
    _in_language(route, language)
    for language in (Language.SI, Language.TA)
    for route in ALL_ROUTES
    # Under make check-page, the checked pages are the sample.
    if checked_pages() or route.template in {template(r) for r in LANGUAGE_SAMPLE_ROUTES}
)

# The demo seed's ids (pb/pb_migrations/*_seed_demo.js).
DEMO_IDS = {"news": "news00000000001", "ol": "olfolder0000001", "al": "alfolder0000001", "teacher": "teacher00000001"}
