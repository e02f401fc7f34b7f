"""Content sections, and loading several of them in one event.

A section is a content state (NewsState, ShopState, ...) split in two halves:
- `_fetch()`, a static coroutine that reads what the section shows from the shared content
  cache and never raises for a backend failure (it returns what `_show` takes as "failed");
  it touches no state, so no lock is held while it waits;
- `_show(data)`, which writes that into the state: no I/O, run under the state lock.

A new section is those two halves and nothing else: mix in `Section`, which declares them
(typed, for `load_sections`) and gives the section its `load` event:

    class SocialState(Section, rx.State):
        cards: list[SocialCard] = []
        loading: bool = True

        @staticmethod
        async def _fetch() -> list[SocialCard] | None:
            return await public_rows(Collection.SOCIAL_MEDIA, SocialMedia, social_card)

        def _show(self, cards: list[SocialCard] | None) -> None:
            self.cards, self.loading = cards or [], False

A page made of several sections
(home) shows them with the page's first answer, while Reflex hydrates it (first_answer.py,
`show_within`), and loads those not ready by then from one background event: fetched
concurrently, then shown together under one lock, so a page view costs the server one event and
one delta instead of one or two per section (measured: most of its CPU per visitor). Sections
still waiting after BATCH_WINDOW_S (a slow collection, a cold cache) are shown one by one as they
arrive, so one slow collection never holds up the others.

A section whose data comes in two steps (the class schedule: its classes, then their teachers)
returns a `FollowUp` from `_show` for the part still on its way; it is shown the same way when
it arrives, so the page still costs one event.

A section that holds only what `_show` writes from the shared cache, nothing of the visitor's
own (no event but `load`: no paging, filter or choice), says so with `SHARED_ONLY = True`.
Every page view and live update writes it whole again, so the Redis layout does not keep it
between events (reflex_internals/redis_layout.py): its copy in the browser is the one that counts.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

import reflex as rx
from reflex.event import EventHandler

log = logging.getLogger(__name__)

# How long the sections that are ready wait for the others before they are shown: a warm cache
# answers within a few event loop turns; a fetch from PocketBase takes longer.
BATCH_WINDOW_S = 0.05

# Writes fetched data into a section's state, under the lock: `apply(section_state, data)`.
Apply = Callable[[Any, Any], "FollowUp | None"]


@dataclass
class FollowUp:
    """Returned by a section's `_show` for data still on its way: once `pending` is done,
    `apply(section_state, its_result)` runs under the lock (and may return another)."""

    pending: Awaitable[Any]
    apply: Apply


class Section(rx.State, mixin=True):
    """A content section: its two halves, and `load` (one background event) made of them.

    A mixin, so each section stays a state of its own in Reflex's tree (not a child of this)."""

    # Only the shared content every page view writes again: not kept between events (above).
    SHARED_ONLY: ClassVar[bool] = False

    @staticmethod
    async def _fetch() -> Any:
        """What the section shows, from the shared cache; never raises for a backend failure."""
        raise NotImplementedError

    def _show(self, data: Any) -> FollowUp | None:
        """Write `data` (None: the fetch failed) into the state, under the lock; no I/O."""
        raise NotImplementedError

    def __init_subclass__(cls, mixin: bool = False, **kwargs: Any) -> None:
        # Checked before Reflex adds the class to its state tree: a broken section never joins it.
        if not mixin and (cls._fetch is Section._fetch or cls._show is Section._show):
            raise TypeError(f"{cls.__name__} is a Section: it needs a static `_fetch()` and `_show(data)`")
        if not mixin and cls.SHARED_ONLY and (own := own_events(cls) - {"load"}):
            # An event of its own would change it for one visitor: a change the next event loses.
            raise TypeError(f"{cls.__name__} is SHARED_ONLY: it cannot have events of its own ({sorted(own)})")
        super().__init_subclass__(mixin=mixin, **kwargs)

    @rx.event(background=True)
    async def load(self):
        await load_sections(self, [self.__class__])  # the concrete section (through the state proxy)


def own_events(cls: type[rx.State]) -> set[str]:
    """A state class's event handlers besides those Reflex gives every state: its own and its
    mixins' public methods, readable before Reflex has made them handlers."""
    own_classes = cls.__mro__[: cls.__mro__.index(rx.State)]
    methods = {
        name
        for klass in own_classes
        for name, value in vars(klass).items()
        if not name.startswith("_") and (inspect.isfunction(value) or isinstance(value, EventHandler))
    }
    return methods - set(rx.State.event_handlers)


def _show(section_state: Section, data: Any) -> FollowUp | None:
    return section_state._show(data)


async def load_sections(state: rx.State, sections: Iterable[type[Section]]) -> None:
    """Fetch `sections` concurrently and show them, those ready together (call from a
    background handler of `state`, holding no lock)."""
    await show_when_ready(state, [(section._fetch(), section, _show) for section in sections])


# Fetches on their way: each one's section and what writes its result.
_Waiting = dict[asyncio.Future[Any], tuple[type[rx.State], Apply]]


def _start(fetches: Iterable[tuple[Awaitable[Any], type[rx.State], Apply]]) -> _Waiting:
    return {asyncio.ensure_future(fetch): (section, apply) for fetch, section, apply in fetches}


async def _apply_done(
    state: rx.State, waiting: _Waiting, done: set[asyncio.Future[Any]], broken: set[type[rx.State]] | None = None
) -> None:
    """Write the `done` fetches into their sections (the lock held), in the page's order; their
    follow-ups join `waiting`. With `broken`, a section whose writing raises is logged and put
    there instead of the error stopping the others (and its caller)."""
    for task in [task for task in waiting if task in done]:
        section, apply = waiting.pop(task)
        try:
            follow_up = apply(await state.get_state(section), _result(task, section))
        except Exception:
            if broken is None:
                raise
            log.exception("%s: showing the section failed", section.__name__)
            broken.add(section)
            continue
        if follow_up is not None:
            waiting[asyncio.ensure_future(follow_up.pending)] = (section, follow_up.apply)


async def show_when_ready(state: rx.State, fetches: Iterable[tuple[Awaitable[Any], type[rx.State], Apply]]) -> None:
    """Await each `(fetch, section, apply)` and apply its result to the section's state: those
    done within BATCH_WINDOW_S together, each later one (and each follow-up) as it arrives."""
    waiting = _start(fetches)
    window: float | None = BATCH_WINDOW_S
    while waiting:
        done, _ = await asyncio.wait(waiting, timeout=window, return_when=asyncio.ALL_COMPLETED)
        if not done:
            done, _ = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
        window = 0  # after the first batch, show each section as soon as it is there
        async with state:
            await _apply_done(state, waiting, done)


async def show_within(state: rx.State, sections: Iterable[type[Section]], window: float) -> list[type[Section]]:
    """For a caller that holds the state's lock (first_answer.py, at hydrate): fetch `sections`
    and show those whose data, follow-ups included, come within `window` seconds. Returns the
    others, in the page's order, for a background load (their fetches go on: the cache shares
    them with that load, and a section shown twice shows the same). A section whose `_show`
    raises is returned too: the page's hydrate never fails for one section, and the background
    load meets the error where it always did."""
    sections = list(sections)
    waiting = _start((section._fetch(), section, _show) for section in sections)
    broken: set[type[rx.State]] = set()
    deadline = asyncio.get_running_loop().time() + window
    while waiting:
        remaining = deadline - asyncio.get_running_loop().time()
        done, _ = await asyncio.wait(waiting, timeout=max(remaining, 0), return_when=asyncio.ALL_COMPLETED)
        if not done:
            break
        await _apply_done(state, waiting, done, broken)
    for task in waiting:
        task.add_done_callback(_discard)
    late = broken | {section for section, _ in waiting.values()}
    return [section for section in sections if section in late]


def _discard(task: asyncio.Future[Any]) -> None:
    if not task.cancelled():
        task.exception()  # retrieved: a late fetch's bug is the background load's to log


def named(sections: Iterable[type[Section]], names: Iterable[str] | None) -> list[type[Section]]:
    """`sections` whose full state names are in `names` (None: all of them), in their order."""
    if names is None:
        return list(sections)
    wanted = set(names)
    return [section for section in sections if section.get_full_name() in wanted]


def _result(task: asyncio.Future[Any], section: type[rx.State]) -> Any:
    """The fetched data; a bug in a fetch shows that section as failed, not the page."""
    try:
        return task.result()
    except Exception:
        log.exception("%s: fetching the section failed", section.__name__)
        return None
