"""Live updates: PocketBase changes reach the pages visitors have open, without a reload.

Per backend worker (a lifespan task, so one copy in each worker process):
1. a PocketBase realtime subscriber (pocketbase/realtime.py) keeps this worker's content cache
   current and reloads it after every reconnect;
2. the cache tells us which collection's content changed (`ContentCache.add_listener`);
3. a middleware has noted, for each visitor whose events this worker handles, the route they
   are on and the live states (state/live.py, `@live(...)`) that ran a handler there;
4. after a short pause that merges bursts of changes, each such visitor whose open page shows a
   changed collection gets that state's refresh handler enqueued as an event of their own
   session, processed right here, where the cache already holds the change.

Why this shape:
- No state lock is taken here and nothing waits on the network while holding one: the refresh
  is an ordinary background handler of the page's state.
- Several workers sharing state in Redis: a visitor's socket lives on one worker, which handles
  all of their events, so that worker knows their page and has its own subscriber and cache.
  Entries for visitors whose socket is no longer on this worker (gone, or reconnected to another
  worker, whose middleware records them there on the reconnect's hydrate) are dropped.
- Bounded: one small entry per visitor connected to this worker, swept every SWEEP_INTERVAL_S;
  one flush task at a time per worker, however many changes arrive.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from reflex.constants import RouteVar
from reflex.event import Event
from reflex.middleware import Middleware

from student_portal import reflex_internals
from student_portal.pocketbase import configured_client, content_cache
from student_portal.pocketbase.realtime import RealtimeSubscriber
from student_portal.server.first_answer import PAGE_VIEW_EVENTS, first_answer_at
from student_portal.state.live import FILLED_BY, LIVE_STATES, LiveSpec, specs_showing

if TYPE_CHECKING:
    import reflex as rx
    from reflex.state import BaseState, StateUpdate

log = logging.getLogger(__name__)

# Changes arriving within this window are pushed together (an admin saving several records).
DEBOUNCE_S = 0.05
# At most one push per visitor and state this often, however long a burst of changes lasts
# (an import of hundreds of records): the last push always follows the last change.
MIN_PUSH_INTERVAL_S = 0.3
# How often entries of visitors no longer connected to this worker are dropped.
SWEEP_INTERVAL_S = 30.0
# Refresh events enqueued before yielding to the event loop (a big audience, one change).
PUSH_BATCH = 100


@dataclass
class _View:
    path: str
    states: set[str] = field(default_factory=set)


class LiveViews:
    """Which live states each visitor of this worker has on their open page, by client token."""

    def __init__(self) -> None:
        self._views: dict[str, _View] = {}

    def __len__(self) -> int:
        return len(self._views)

    def observe(self, token: str, path: str, event_name: str) -> None:
        """An event of `token`'s session ran on `path`: remember it if it is a live state's."""
        if not token:
            return
        state_name = event_name.rpartition(".")[0]
        view = self._views.get(token)
        if view is not None and view.path != path:
            del self._views[token]  # another page: what the old one showed no longer counts
            view = None
        # A page loader's event shows the sections it fills (state/sections.py) as well.
        shown = [name for name in (state_name, *FILLED_BY.get(state_name, ())) if name in LIVE_STATES]
        if not shown:
            return
        if view is None:
            view = self._views[token] = _View(path)
        view.states.update(shown)

    def targets(self, changed: Iterable[str]) -> list[tuple[str, LiveSpec]]:
        """(token, live state) pairs whose open page shows any of the `changed` collections."""
        changed = frozenset(changed)
        return [(token, spec) for token, view in self._views.items() for spec in specs_showing(changed, view.states)]

    def forget(self, token: str) -> None:
        self._views.pop(token, None)

    def keep_only(self, keep: Callable[[str], bool]) -> int:
        """Drop the visitors `keep` rejects; returns how many were dropped."""
        gone = [token for token in self._views if not keep(token)]
        for token in gone:
            del self._views[token]
        return len(gone)


class LivePusher:
    """Hears the cache's change notices and enqueues the matching refresh handlers."""

    def __init__(
        self,
        views: LiveViews,
        *,
        enqueue: Callable[[str, str], Awaitable[Any]],
        is_local: Callable[[str], bool],
        debounce_s: float = DEBOUNCE_S,
        min_interval_s: float = MIN_PUSH_INTERVAL_S,
        context: contextvars.Context | None = None,
    ) -> None:
        self.views = views
        # Pushes run in this context (the worker's, from the lifespan task), whoever noticed the change.
        self._context = context if context is not None else contextvars.copy_context()
        self._enqueue = enqueue
        self._is_local = is_local
        self.debounce_s = debounce_s
        self.min_interval_s = min_interval_s
        self._pending: set[str] = set()
        self._flush_task: asyncio.Task[None] | None = None
        self._last_push: float | None = None
        self.pushed = 0  # refresh events enqueued so far (diagnostics, tests)

    def on_change(self, collection: str) -> None:
        """A cache listener: note the change, and start one flush if none is waiting."""
        self._pending.add(collection)
        if self._flush_task is None or self._flush_task.done():
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return  # changed outside the site's loop (a script): nobody to tell
            self._start_flush(loop)

    def _start_flush(self, loop: asyncio.AbstractEventLoop) -> None:
        # Not the caller's context: a change noticed inside one visitor's event (their page's
        # fetch found new content) must not make the refreshes children of that event, nor lend
        # them its router data (Reflex forks an enqueued event from the current EventContext).
        self._flush_task = loop.create_task(self._flush_soon(), name="live_updates_flush", context=self._context.copy())

    async def _flush_soon(self) -> None:
        loop = asyncio.get_running_loop()
        wait = self.debounce_s
        if self._last_push is not None:
            wait = max(wait, self._last_push + self.min_interval_s - loop.time())
        await asyncio.sleep(wait)
        changed, self._pending = self._pending, set()
        self._last_push = loop.time()
        await self.push(changed)
        if self._pending:  # changes that came in while pushing: one more round
            self._start_flush(loop)

    async def push(self, changed: Iterable[str]) -> None:
        targets = self.views.targets(changed)
        for count, (token, spec) in enumerate(targets, start=1):
            if not self._is_local(token):
                self.views.forget(token)
                continue
            try:
                await self._enqueue(token, spec.event_name)
                self.pushed += 1
            except Exception:
                log.exception("live update for %s could not be enqueued", spec.event_name)
            if count % PUSH_BATCH == 0:
                await asyncio.sleep(0)

    async def aclose(self) -> None:
        task, self._flush_task = self._flush_task, None
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task


# --- the Reflex side ------------------------------------------------------------------------------
# One set per process; a forked worker starts with its own empty copy.
_views = LiveViews()


class _ViewTracker(Middleware):
    """Notes each event's route and state for LiveViews (a dict update per event)."""

    async def preprocess(self, app: rx.App, state: BaseState, event: Event) -> StateUpdate | None:
        # Plain dict reads: building `state.router` for every event was ~12% of the server's CPU
        # per visit. An event from a socket carries the route; one we enqueued (a refresh) does
        # not, and the state's last router data stands in.
        data = event.router_data or state.router_data
        path, name = str(data.get(RouteVar.PATH) or ""), event.name
        if name in PAGE_VIEW_EVENTS and (answer := first_answer_at(path)) is not None:
            name = answer.rest_event  # the page view showed what the page's loader shows
        _views.observe(str(data.get(RouteVar.CLIENT_TOKEN) or ""), path, name)
        return None


def install(app: rx.App) -> None:
    """Register live updates on the app: the route tracker and the per-worker lifespan task."""
    app.add_middleware(_ViewTracker())
    app.register_lifespan_task(live_updates)


@contextlib.asynccontextmanager
async def live_updates(app: rx.App) -> AsyncIterator[None]:
    """Run this worker's realtime subscriber and pusher for as long as the worker serves."""

    reflex_internals.check(app)  # fail loudly now, not go quiet later, if Reflex moved them

    async def enqueue(token: str, event_name: str) -> None:
        await reflex_internals.enqueue(app, token, event_name)

    cache = content_cache()
    pusher = LivePusher(_views, enqueue=enqueue, is_local=lambda token: reflex_internals.socket_is_here(app, token))
    remove_listener = cache.add_listener(pusher.on_change)
    subscriber = RealtimeSubscriber(configured_client(), cache)
    tasks = [
        asyncio.create_task(subscriber.run(), name="live_updates_realtime"),
        asyncio.create_task(_sweep(app), name="live_updates_sweep"),
    ]
    try:
        yield
    finally:
        remove_listener()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await pusher.aclose()


async def _sweep(app: rx.App) -> None:
    while True:
        await asyncio.sleep(SWEEP_INTERVAL_S)
        dropped = _views.keep_only(lambda token: reflex_internals.socket_is_here(app, token))
        if dropped:
            log.debug("live updates: forgot %d visitors no longer connected here", dropped)
