"""A page's content in the websocket's first answer: its sections are written into the state
while Reflex hydrates the page, so they come with the hydrate snapshot (one event, one delta);
on a navigation inside the site, with the answer to Reflex's `on_load_internal` (the one event
such a navigation sends).

With an `on_load` loader a page view costs three events: the hydrate, Reflex's
`on_load_internal`, then the loader, which sends the content in a third answer. For 1,000
visitors arriving at once on one worker, the two extra events and the loader's state proxy were
about a quarter of the server's CPU per visit: 3.75 -> 2.83 ms without them
(`python -m benchmarks.capacity_ab`, README "Speed").

A page declares its sections instead of an on_load (`site_page(first_answer=FirstAnswer(...))`).
The middleware below runs just before the page view's handler, under the visitor's state lock (Reflex
0.10 awaits middlewares there, after setting the router to the page's address): the sections
whose data the shared cache has (in a few event loop turns) are shown there and then. Those
still coming after BATCH_WINDOW_S (a cold cache, a slow PocketBase) are left to the page's
background loader, queued for the visitor with their names, so the page shows their loading
faces, as before, and the lock is never held across a slow fetch. Unlike an on_load, that
loader is not cancelled when the visitor moves on before it is done: it then writes sections the
new page does not show (harmless: a section shows what its address asks for). Live updates see
the hydrate as the loader's event (live_updates.py): the open page still gets its sections'
refreshes.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any

from reflex.constants import PageNames, RouteVar
from reflex.middleware import Middleware

from student_portal import reflex_internals, site_pages
from student_portal.i18n.languages import english_page
from student_portal.state.sections import BATCH_WINDOW_S, Section, show_within

# The events of a page view: the hydrate (a visit's first page, a reconnect) and Reflex's
# `on_load_internal` (each navigation inside the site, which sends no hydrate).
HYDRATE_EVENT, NAVIGATION_EVENT = reflex_internals.page_view_events()
PAGE_VIEW_EVENTS = frozenset((HYDRATE_EVENT, NAVIGATION_EVENT))


@dataclass(frozen=True)
class FirstAnswer:
    """A page's sections, and the background handler that loads those the first answer could not
    show: a page loader taking `sections` (their full state names, e.g. HomeState.load) or, on a
    page of one section, that section's own `load`."""

    sections: tuple[type[Section], ...]
    rest: Any  # rx.event.EventHandler

    def __post_init__(self) -> None:
        if len(self.sections) > 1 and not self._rest_takes_sections:
            raise TypeError(f"{self.rest_event} loads a page of several sections: it needs a `sections` parameter")

    @property
    def _rest_takes_sections(self) -> bool:
        return "sections" in inspect.signature(self.rest.fn).parameters

    @property
    def rest_event(self) -> str:
        return reflex_internals.event_name(self.rest)

    def rest_payload(self, late: list[type[Section]]) -> dict[str, Any]:
        return {"sections": [section.get_full_name() for section in late]} if self._rest_takes_sections else {}


# Reflex's name for the route "/" in the router data events carry.
INDEX = "/" + PageNames.INDEX_ROUTE


def english_route(path: str) -> str:
    """The route a page address (or an event's route) is registered under: /si/ -> /,
    /ta/youtube/ -> /youtube, /index -> /."""
    route = english_page(path)
    return "/" if route == INDEX else route


def first_answer_at(path: str) -> FirstAnswer | None:
    page = site_pages.page_at(english_route(path))
    return page.first_answer if page is not None else None


class FirstAnswerMiddleware(Middleware):
    """Shows a page's sections in the hydrate it answers (after LanguageMiddleware: the texts they
    write are in the page's language)."""

    async def preprocess(self, app: Any, state: Any, event: Any) -> None:
        if event.name not in PAGE_VIEW_EVENTS:
            return None
        # The page's route from the router data (a dict read; `state.router` builds an object).
        data = state.router_data
        answer = first_answer_at(str(data.get(RouteVar.PATH) or ""))
        if answer is None:
            return None
        rest = await show_within(state, answer.sections, BATCH_WINDOW_S)
        token = str(data.get(RouteVar.CLIENT_TOKEN) or "")
        if rest and token:
            await reflex_internals.enqueue(app, token, answer.rest_event, answer.rest_payload(rest))
        return None
