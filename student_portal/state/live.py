"""Live pages: a state declares which public collections it shows, and is refreshed when they change.

An open page updates without a reload when PocketBase content changes (an admin switches a News
item to active, adds a class): each backend worker subscribes to PocketBase realtime, keeps its
content cache current, and asks the states that show a changed collection, on the pages its own
visitors have open, to refresh themselves (student_portal/server/live_updates.py does that part).

Adopting it is one line on the state, plus a `refresh` handler if the loader is not idempotent
or is not called `refresh`:

    @live(Collection.NEWS)                      # or @live(Collection.NEWS, handler="load")
    class NewsState(rx.State):
        items: list[NewsSlide] = []

        @rx.event(background=True)
        async def load(self):
            news = await content_cache().records(Collection.NEWS)   # no lock held here
            async with self:
                self.items = [news_slide(n) for n in news if n.active]

        refresh = load                          # the same handler under the name live updates call

The handler is called with no arguments, as an event of the visitor's own session, on the worker
that serves the visitor, after that worker's cache has the change: reading the cache there is a
memory read. It must be a background handler (checked) that holds `async with self:` only to
write state, never across a fetch, like every loader. It runs while the visitor is on the page,
so it must not reset what the visitor chose (a filter, the calendar day) unless the data makes
it invalid, nor flash a loading face: when the loader does either, give the state its own
`refresh` (see ScheduleState.refresh).

Which pages: a visitor's open page "shows" a live state once any of that state's handlers ran
for the page (normally its on_load loader; for a page whose hydrate shows its sections,
first_answer.py, the hydrate counts as its loader's event); navigating to another route forgets it. Nothing is
kept per page view beyond a small entry per connected visitor, dropped when they disconnect.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

import reflex as rx

from student_portal import reflex_internals
from student_portal.pocketbase.collections import PROTECTED, PUBLIC

StateT = TypeVar("StateT", bound=type[rx.State])


@dataclass(frozen=True)
class LiveSpec:
    state: type[rx.State]
    collections: frozenset[str]
    handler: str
    event_name: str  # the registered name of the handler's event


# Full state name -> what it shows. Filled at import time by @live, read by live_updates.
LIVE_STATES: dict[str, LiveSpec] = {}


def live(*collections: str, handler: str = "refresh") -> Callable[[StateT], StateT]:
    """Class decorator: refresh this state (its `handler`) when any of `collections` changes."""
    names = frozenset(collections)
    unknown = sorted(name for name in names if name not in PUBLIC)
    if not names or unknown:
        hint = " (protected collections are per visitor, not live)" if set(unknown) & PROTECTED else ""
        raise ValueError(f"@live needs public collection names; not public: {unknown}{hint}")

    def register(state: StateT) -> StateT:
        if handler not in state.event_handlers:
            raise TypeError(f"@live: {state.__name__} has no event handler {handler!r} to refresh it")
        if not state.event_handlers[handler].is_background:
            # It reads the cache, which may fetch: never while holding the visitor's state lock.
            raise TypeError(f"@live: {state.__name__}.{handler} must be @rx.event(background=True)")
        # Reflex names a handler after its function: `refresh = load` is registered as "load".
        event_name = reflex_internals.event_name(state.event_handlers[handler])
        spec = LiveSpec(state=state, collections=names, handler=handler, event_name=event_name)
        LIVE_STATES[state.get_full_name()] = spec
        return state

    return register


# Page loaders that show other states' sections in one event (state/sections.py):
# the loader's full state name -> the full names of the section states it fills.
FILLED_BY: dict[str, frozenset[str]] = {}


def fills(*sections: type[rx.State]) -> Callable[[StateT], StateT]:
    """Class decorator for a page loader state: its events count as events of `sections`, so an
    open page it loaded gets the live refreshes of those sections that are live."""

    def register(loader: StateT) -> StateT:
        FILLED_BY[loader.get_full_name()] = frozenset(section.get_full_name() for section in sections)
        return loader

    return register


def specs_showing(collections: Iterable[str], states: Iterable[str]) -> list[LiveSpec]:
    """The live states among `states` (full names) that show any of `collections`."""
    changed = frozenset(collections)
    found = []
    for name in states:
        spec = LIVE_STATES.get(name)
        if spec is not None and spec.collections & changed:
            found.append(spec)
    return found
