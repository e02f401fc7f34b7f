"""The site's pages, as `@site_page` declared them: the one list the app registers and the
hardening suites visit (tests/e2e/routes.py checks it covers every page).

Pages go to the app with `app.add_page` when the app module is imported, not through `rx.page`:
Reflex applies `rx.page`'s list on every compile of the same app object, and `reflex run --env
prod` compiles in the supervisor and again in each forked worker, which printed "Page ... is being
redefined with the same component" once per page at every start.

Every page is registered three times: English at its route, Sinhala under /si and Tamil under /ta
(issue 12). Reflex 0.10 keeps the component function and calls it when it compiles the page
(`App._compile_page` -> `compile_unevaluated_page`), so each language's registration wraps the
function in one that sets the current language (i18n.in_language) while it runs: the texts it
reads are compiled into that language's page.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import reflex as rx

from student_portal import reflex_internals
from student_portal.i18n import gettext, in_language
from student_portal.i18n.languages import LANGUAGES, Language, language_of_path, language_prefix, without_language
from student_portal.settings import settings

# A page's title or description: an English msgid (translated when read) or a function that
# builds it in the current language (for texts with a part filled in, "{level} resources").
PageText = str | Callable[[], str]


def resolve(text: PageText) -> str:
    """`text` in the current language."""
    return text() if callable(text) else gettext(text)


@dataclass(frozen=True)
class SitePage:
    route: str
    title_text: PageText  # the full <title>
    description_text: PageText
    component: Callable[[], rx.Component]
    on_load: Any = None  # rx.event.EventType[()]
    # Sections shown with the hydrate instead of an on_load (first_answer.FirstAnswer).
    first_answer: Any = None

    @property
    def title(self) -> str:
        """The full <title>, in the current language."""
        return resolve(self.title_text)

    @property
    def description(self) -> str:
        return resolve(self.description_text)


_PAGES: dict[str, SitePage] = {}


def register(page: SitePage) -> None:
    if page.route in _PAGES:
        raise ValueError(f"two pages declare the route {page.route!r}")
    if page.first_answer is not None and (page.on_load is not None or "[" in page.route):
        # The hydrate shows its sections: an on_load would load them a second time, and a
        # route argument is not known by route alone (first_answer.first_answer_at).
        raise ValueError(f"{page.route!r}: a first answer needs a static route and no on_load")
    _PAGES[page.route] = page


def page_at(route: str) -> SitePage | None:
    """The page declared at `route` (its English route, as declared)."""
    return _PAGES.get(route)


def site_pages() -> tuple[SitePage, ...]:
    """Every page declared so far (import student_portal.pages first to have them all)."""
    return tuple(_PAGES.values())


NOT_FOUND = "404"  # Reflex's name for the page of unknown addresses (routes.NOT_FOUND)
SPLAT = "[[...splat]]"  # the only catch-all route Reflex accepts


def localized_route(route: str, language: Language) -> str:
    """The Reflex route of a page in `language`: /youtube -> /si/youtube, / -> /si; 404 stays."""
    prefix = language_prefix(language)
    if not prefix or route == NOT_FOUND:
        return route
    return prefix if route == "/" else prefix + route


def _in(language: Language, component: Callable[[], rx.Component]) -> Callable[[], rx.Component]:
    def page() -> rx.Component:
        with in_language(language):
            return component()

    page.__name__ = f"{getattr(component, '__name__', 'page')}_{language.value}"
    # One module of memoized components per language (see the function).
    reflex_internals.name_page_module(
        page, component.__module__ + ("" if language is Language.EN else f"_{language.value}")
    )
    page.__qualname__ = page.__name__
    return page


@dataclass(frozen=True)
class Registration:
    """A page in one language, as the app gets it (`app.add_page`'s arguments)."""

    route: str  # Reflex's route: /si/jobs
    language: Language
    component: Callable[[], rx.Component]
    title: str
    description: str | None
    on_load: Any = None


def registrations(page: SitePage) -> list[Registration]:
    """`page` in every language: what `add_pages` registers and `make pages` evaluates."""
    made = []
    for language in LANGUAGES:
        route = localized_route(page.route, language)
        if page.route == NOT_FOUND and language is not Language.EN:
            # Reflex has one 404 page; /si/... and /ta/... addresses no page has get their
            # language's (React Router prefers every other /si/ route to this catch-all;
            # sharing/server.py answers them with status 404).
            route = language_prefix(language) + "/" + SPLAT
        with in_language(language):
            title, description = page.title, page.description
        # A page with a route argument (/news/[news_id]) gets its description from the server's
        # HTML (sharing/server.py writes it on every request): one React rendered would be a second.
        made.append(
            Registration(
                route=route,
                language=language,
                component=_in(language, page.component),
                title=title,
                description=None if "[" in page.route else description,
                on_load=page.on_load,
            )
        )
    return made


# `make dev`'s default (DEV_PAGES=opened): only the pages opened in the browser are compiled, each
# in the language it was opened in. An address of a page not compiled yet gets the 404 page, whose
# load notes the page here (`note_opened`); the file is in a folder `make dev` watches, so the
# backend reloads and compiles it too. `make dev` empties it at each start.
OPENED = "opened"
# Not .txt: Reflex's reload ignores those.
OPENED_FILE = Path(__file__).resolve().parents[1] / ".dev-pages" / "opened.list"


def _listed(raw: str) -> list[str]:
    return [item for item in raw.replace(",", " ").split() if item]


def opened_pages(file: Path | None = None) -> set[tuple[str, Language]]:
    """(declared route, language) of each page opened so far in this `make dev` (OPENED_FILE's)."""
    try:
        lines = (file or OPENED_FILE).read_text().splitlines()
    except OSError:
        return set()
    opened = set()
    for line in lines:
        language, _, route = line.partition(" ")
        if route in _PAGES and language in {lang.value for lang in LANGUAGES}:
            opened.add((route, Language(language)))
    return opened


def declared_route_of(path: str) -> str | None:
    """The declared route of the page at address `path` (/si/news/abc -> /news/[news_id]), if any."""
    english = without_language(path.split("?")[0].split("#")[0]) or "/"
    english = english.rstrip("/") or "/"
    for route in _PAGES:
        if route == NOT_FOUND:
            continue
        pattern = "".join(
            "[^/]+" if part.startswith("[") else re.escape(part) for part in re.split(r"(\[[^/]+\])", route)
        )
        if re.fullmatch(pattern, english):
            return route
    return None


# The opened pages this worker compiled (add_pages).
_compiled_opened: set[tuple[str, Language]] = set()


def compiled_here(path: str) -> bool:
    """Whether this worker compiled the page at `path`: a tab whose router missed the update (it
    shows the 404 page for it still) gets the page by loading the address again."""
    route = declared_route_of(path)
    return route is not None and (route, language_of_path(path)) in _compiled_opened


def note_opened(path: str, file: Path | None = None) -> str:
    """Note the page at `path` as opened (the backend reloads and compiles it): its route in the
    language of the address, or "" when no page is declared there (a real 404)."""
    route = declared_route_of(path)
    if route is None:
        return ""
    language, file = language_of_path(path), file or OPENED_FILE
    if (route, language) not in opened_pages(file):
        file.parent.mkdir(parents=True, exist_ok=True)
        with file.open("a") as notes:
            notes.write(f"{language.value} {route}\n")
    return localized_route(route, language)


def dev_selection(langs: str, pages: str) -> tuple[tuple[Language, ...], tuple[str, ...]]:
    """The languages and pages `make dev LANGS=... PAGES=...` asks for (every one when unset):
    Reflex recompiles every registered page on each saved edit, about 0.13 s a page here, so a
    developer working on one page compiles it alone (docs/recipes.md). Raises ValueError naming
    what is unknown. PAGES=opened: see OPENED."""
    languages = tuple(LANGUAGES) if not langs.strip() or langs.strip() == "all" else ()
    for value in () if languages else _listed(langs):
        if value not in {language.value for language in LANGUAGES}:
            raise ValueError(f"LANGS={langs!r}: {value!r} is not one of {', '.join(lang.value for lang in LANGUAGES)}")
        languages += (Language(value),)
    if pages.strip() == OPENED:
        return languages, (OPENED,)
    routes = () if not pages.strip() or pages.strip() == "all" else tuple(_listed(pages))
    unknown = [route for route in routes if route not in _PAGES]
    if unknown:
        raise ValueError(f"PAGES={pages!r}: no page declared at {', '.join(unknown)} (routes as declared: /jobs, /)")
    return languages, routes


def add_pages(app: rx.App, on_not_compiled: tuple[Callable[[rx.Component], rx.Component], Any] | None = None) -> None:
    """Register every declared page with the app, once per language; only the languages and pages
    DEV_LANGS and DEV_PAGES name when they are set (`make dev LANGS=en PAGES=/jobs`, and the one
    build of `make check-page`; `make run` clears both). With DEV_PAGES=opened (`make dev`'s
    default) only the pages opened so far, and the 404 page drawn by `on_not_compiled`'s
    function around it, with its event on load (it notes the page: `note_opened`)."""
    values = settings()
    languages, routes = dev_selection(values.dev_langs, values.dev_pages)
    opened = routes == (OPENED,)
    chosen = opened_pages() if opened else set()
    _compiled_opened.clear()
    _compiled_opened.update(chosen)
    if opened:
        reflex_internals.keep_frontend_packages()
        print(
            f"Compiling the pages opened in the browser only ({len(chosen)} so far; PAGES=all for every page):"
            " another address shows the 404 page, then the page once compiled"
        )
    elif routes or len(languages) < len(LANGUAGES):
        reflex_internals.keep_frontend_packages()
        pages = f"{len(routes)} page{'s' if len(routes) > 1 else ''}" if routes else "every page"
        print(
            f"Compiling {pages} in {', '.join(language.value for language in languages)} only"
            " (DEV_PAGES, DEV_LANGS): other addresses show the 404 page"
        )
    for page in _PAGES.values():
        for made in registrations(page):
            # The 404 page stays: Reflex answers every address without a page with it.
            if page.route == NOT_FOUND:
                wanted = made.language in languages or (opened and made.language is Language.EN)
            elif opened:
                wanted = (page.route, made.language) in chosen
            else:
                wanted = made.language in languages and (not routes or page.route in routes)
            if not wanted:
                continue
            component, on_load = made.component, made.on_load
            if opened and page.route == NOT_FOUND and on_not_compiled is not None:
                draw, on_load = on_not_compiled
                component = _drawn_around(draw, made.component)
            app.add_page(
                component,
                route=made.route,
                title=made.title,
                description=made.description,
                on_load=on_load,
            )


def _drawn_around(
    draw: Callable[[rx.Component], rx.Component], page: Callable[[], rx.Component]
) -> Callable[[], rx.Component]:
    def drawn() -> rx.Component:
        return draw(page())

    drawn.__name__ = drawn.__qualname__ = page.__name__
    reflex_internals.name_page_module(drawn, page.__module__)  # the page's memoized components, as before
    return drawn
