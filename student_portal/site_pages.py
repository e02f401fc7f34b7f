"""The site's pages, as `@site_page` declared them: the one list the app registers and the
hardening suites visit (tests/e2e/routes.py checks it covers every page).

Pages go to the app with `app.add_page` when the app module is imported, not through `rx.page`:
Reflex applies `rx.page`'s list on every compile of the same app object, and `reflex run --env
prod` compiles in the supervisor and again in each forked worker, which printed "Page ... is being
redefined with the same component" once per page at every start.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import reflex as rx


@dataclass(frozen=True)
class SitePage:
    route: str
    title: str  # the full <title>
    description: str
    component: Callable[[], rx.Component]
    on_load: Any = None  # rx.event.EventType[()]


_PAGES: dict[str, SitePage] = {}


def register(page: SitePage) -> None:
    if page.route in _PAGES:
        raise ValueError(f"two pages declare the route {page.route!r}")
    _PAGES[page.route] = page


def site_pages() -> tuple[SitePage, ...]:
    """Every page declared so far (import student_portal.pages first to have them all)."""
    return tuple(_PAGES.values())


def add_pages(app: rx.App) -> None:
    """Register every declared page with the app, once."""
    for page in _PAGES.values():
        # A page with a route argument (/news/[news_id]) gets its description from the server's HTML
        # (sharing/server.py writes it on every request): one React rendered too would be a second.
        description = None if "[" in page.route else page.description
        app.add_page(page.component, route=page.route, title=page.title, description=description, on_load=page.on_load)
