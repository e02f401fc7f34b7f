"""Live updates on the Reflex side: which open pages hear of a change, and how (no server)."""

from __future__ import annotations

import asyncio
import contextvars
import itertools
import logging

import pytest
import reflex as rx

from student_portal.pocketbase import Collection
from student_portal.server.live_updates import LivePusher, LiveViews
from student_portal.state.live import FILLED_BY, LIVE_STATES, fills, live


@live(Collection.NEWS)
class LiveNewsProbeState(rx.State):
    titles: list[str] = []

    @rx.event(background=True)
    async def refresh(self):
        async with self:
            self.titles = []


@live(Collection.CLASSES, Collection.TEACHERS, handler="load")
class LiveScheduleProbeState(rx.State):
    classes: list[str] = []

    @rx.event(background=True)
    async def load(self):
        async with self:
            self.classes = []

    @rx.event
    def choose_day(self, day: str):
        self.classes = [day]


class PlainProbeState(rx.State):
    @rx.event
    def poke(self):
        pass


@fills(LiveNewsProbeState, PlainProbeState)
class PageLoaderProbeState(rx.State):
    @rx.event(background=True)
    async def load(self):
        pass


NEWS = LiveNewsProbeState.get_full_name()
LOADER = PageLoaderProbeState.get_full_name()
SCHEDULE = LiveScheduleProbeState.get_full_name()
PLAIN = PlainProbeState.get_full_name()


def event(state: str, handler: str) -> str:
    return f"{state}.{handler}"


# --- @live ---------------------------------------
def test_live_registers_the_state_and_the_registered_name_of_its_handler() -> None:
    assert LIVE_STATES[NEWS].collections == {Collection.NEWS}
    assert LIVE_STATES[NEWS].event_name == event(NEWS, "refresh")
    assert LIVE_STATES[SCHEDULE].event_name == event(SCHEDULE, "load")
    assert PLAIN not in LIVE_STATES


def test_an_alias_refresh_calls_the_handler_reflex_registered() -> None:
    @live(Collection.JOBS)
    class LiveAliasProbeState(rx.State):
        @rx.event(background=True)
        async def load(self):
            pass

        refresh = load  # Reflex registers the event under the function's name

    name = LiveAliasProbeState.get_full_name()
    assert LIVE_STATES[name].event_name == event(name, "load")


@pytest.mark.parametrize("collections", [(), ("Nope",), (Collection.NOTES,)], ids=["none", "unknown", "protected"])
def test_live_accepts_only_public_collections(collections: tuple[str, ...]) -> None:
    with pytest.raises(ValueError, match="public"):
        live(*collections)


def test_live_needs_the_handler_to_exist() -> None:
    with pytest.raises(TypeError, match="refresh"):

        @live(Collection.NEWS)
        class LiveMissingHandlerProbeState(rx.State):
            pass


def test_live_needs_a_background_handler() -> None:
    with pytest.raises(TypeError, match="background"):

        @live(Collection.NEWS)
        class LiveLockedHandlerProbeState(rx.State):
            @rx.event
            async def refresh(self):
                pass


# --- which visitors show what ---------------------------------------
def test_a_visitor_shows_the_live_states_that_ran_on_their_page() -> None:
    views = LiveViews()
    views.observe("t1", "/", event(NEWS, "refresh"))
    views.observe("t1", "/", event(SCHEDULE, "choose_day"))
    views.observe("t1", "/", event(PLAIN, "poke"))
    views.observe("t2", "/", event(SCHEDULE, "load"))
    targets = views.targets({Collection.NEWS})
    assert [(token, spec.state) for token, spec in targets] == [("t1", LiveNewsProbeState)]
    assert {token for token, _ in views.targets({Collection.TEACHERS})} == {"t1", "t2"}
    assert views.targets({Collection.JOBS}) == []


def test_a_page_loader_event_shows_the_live_sections_it_fills() -> None:
    assert FILLED_BY[LOADER] == {NEWS, PLAIN}
    views = LiveViews()
    views.observe("t1", "/", event(LOADER, "load"))
    assert [(token, spec.state) for token, spec in views.targets({Collection.NEWS})] == [("t1", LiveNewsProbeState)]
    assert views.targets({Collection.JOBS}) == []


def test_changing_page_forgets_what_the_old_page_showed() -> None:
    views = LiveViews()
    views.observe("t1", "/", event(NEWS, "refresh"))
    views.observe("t1", "/jobs", event(PLAIN, "poke"))  # e.g. on_load_internal of the new page
    assert views.targets({Collection.NEWS}) == [] and len(views) == 0
    views.observe("t1", "/news/n1", event(NEWS, "refresh"))
    assert [t for t, _ in views.targets({Collection.NEWS})] == ["t1"]


def test_visitors_on_pages_without_live_states_take_no_room() -> None:
    views = LiveViews()
    for n in range(100):
        views.observe(f"t{n}", "/jobs", event(PLAIN, "poke"))
    views.observe("", "/", event(NEWS, "refresh"))  # no token: nothing to push to
    assert len(views) == 0


def test_keep_only_drops_visitors_that_left() -> None:
    views = LiveViews()
    for token in ("a", "b", "c"):
        views.observe(token, "/", event(NEWS, "refresh"))
    assert views.keep_only(lambda token: token != "b") == 1
    assert sorted(t for t, _ in views.targets({Collection.NEWS})) == ["a", "c"]


# --- pushing ---------------------------------------
class Enqueued:
    def __init__(self, fail_for: str = "") -> None:
        self.calls: list[tuple[str, str]] = []
        self.fail_for = fail_for

    async def __call__(self, token: str, event_name: str) -> None:
        if token == self.fail_for:
            raise RuntimeError("queue closed")
        self.calls.append((token, event_name))


async def settle(pusher: LivePusher) -> None:
    await asyncio.sleep(pusher.debounce_s + 0.05)


async def test_a_burst_of_changes_is_one_refresh_per_visitor_and_state() -> None:
    views = LiveViews()
    views.observe("t1", "/", event(NEWS, "refresh"))
    views.observe("t1", "/", event(SCHEDULE, "load"))
    views.observe("t2", "/jobs-elsewhere", event(SCHEDULE, "load"))
    enqueued = Enqueued()
    pusher = LivePusher(views, enqueue=enqueued, is_local=lambda _: True, debounce_s=0.02)
    for collection in (Collection.CLASSES, Collection.TEACHERS, Collection.CLASSES, Collection.NEWS):
        pusher.on_change(collection)
    await settle(pusher)
    assert sorted(enqueued.calls) == sorted(
        [("t1", event(NEWS, "refresh")), ("t1", event(SCHEDULE, "load")), ("t2", event(SCHEDULE, "load"))]
    )
    pusher.on_change(Collection.JOBS)  # nobody shows Jobs
    await settle(pusher)
    assert len(enqueued.calls) == 3 and pusher.pushed == 3


async def test_a_long_burst_of_changes_pushes_at_most_once_per_interval_and_once_after_the_last() -> None:
    views = LiveViews()
    views.observe("t1", "/", event(NEWS, "refresh"))
    loop = asyncio.get_running_loop()
    pushed_at: list[float] = []

    async def timed(token: str, name: str) -> None:
        pushed_at.append(loop.time())

    pusher = LivePusher(views, enqueue=timed, is_local=lambda _: True, debounce_s=0.01, min_interval_s=0.2)
    started = loop.time()
    while loop.time() - started < 0.6:  # an import: a change every 10 ms
        pusher.on_change(Collection.NEWS)
        last_change = loop.time()
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.5)
    gaps = [b - a for a, b in itertools.pairwise(pushed_at)]
    assert pushed_at and all(gap >= 0.199 for gap in gaps), gaps
    assert len(pushed_at) <= (last_change - started) / 0.2 + 2  # not one per change (60 of them)
    assert pushed_at[-1] >= last_change  # the final state is pushed after the last change


async def test_visitors_whose_socket_left_this_worker_are_dropped_not_pushed() -> None:
    views = LiveViews()
    views.observe("here", "/", event(NEWS, "refresh"))
    views.observe("gone", "/", event(NEWS, "refresh"))
    enqueued = Enqueued()
    pusher = LivePusher(views, enqueue=enqueued, is_local=lambda token: token == "here", debounce_s=0.01)
    pusher.on_change(Collection.NEWS)
    await settle(pusher)
    assert enqueued.calls == [("here", event(NEWS, "refresh"))] and len(views) == 1


async def test_one_failed_push_does_not_stop_the_others(caplog: pytest.LogCaptureFixture) -> None:
    views = LiveViews()
    for token in ("a", "b", "c"):
        views.observe(token, "/", event(NEWS, "refresh"))
    enqueued = Enqueued(fail_for="b")
    pusher = LivePusher(views, enqueue=enqueued, is_local=lambda _: True, debounce_s=0.01)
    with caplog.at_level(logging.ERROR):
        pusher.on_change(Collection.NEWS)
        await settle(pusher)
    assert [t for t, _ in enqueued.calls] == ["a", "c"] and "queue closed" in caplog.text


CURRENT_VISITOR: contextvars.ContextVar[str] = contextvars.ContextVar("current_visitor", default="worker")


async def test_pushes_run_in_the_workers_context_not_in_the_event_that_noticed_the_change() -> None:
    """Reflex forks an enqueued event from the current event's context: a refresh must not
    become a child of (nor take the router data of) whichever visitor's fetch saw the change."""
    views = LiveViews()
    views.observe("t1", "/", event(NEWS, "refresh"))
    seen: list[str] = []

    async def enqueue(token: str, name: str) -> None:
        seen.append(CURRENT_VISITOR.get())

    pusher = LivePusher(views, enqueue=enqueue, is_local=lambda _: True, debounce_s=0.01)

    async def some_visitors_event() -> None:
        CURRENT_VISITOR.set("visitor-42")
        pusher.on_change(Collection.NEWS)

    await asyncio.create_task(some_visitors_event())
    await settle(pusher)
    assert seen == ["worker"]


async def test_the_pusher_keeps_at_most_one_flush_task() -> None:
    pusher = LivePusher(LiveViews(), enqueue=Enqueued(), is_local=lambda _: True, debounce_s=0.05)
    before = len(asyncio.all_tasks())
    for _ in range(50):
        pusher.on_change(Collection.NEWS)
    assert len(asyncio.all_tasks()) == before + 1
    await pusher.aclose()
    assert len(asyncio.all_tasks()) == before


def test_a_change_outside_an_event_loop_is_ignored() -> None:
    views = LiveViews()
    views.observe("t1", "/", event(NEWS, "refresh"))
    enqueued = Enqueued()
    pusher = LivePusher(views, enqueue=enqueued, is_local=lambda _: True, debounce_s=0.01)
    pusher.on_change(Collection.NEWS)  # e.g. a script using the cache: no loop, no error, no push

    async def a_later_change_in_the_sites_loop() -> list[tuple[str, str]]:
        await asyncio.sleep(0.05)
        before = list(enqueued.calls)
        pusher.on_change(Collection.NEWS)
        await settle(pusher)
        await pusher.aclose()
        return before

    assert asyncio.run(a_later_change_in_the_sites_loop()) == []
    assert enqueued.calls == [("t1", event(NEWS, "refresh"))]  # and the pusher still works


async def test_a_hydrate_that_showed_a_pages_sections_counts_as_its_loaders_event() -> None:
    from types import SimpleNamespace

    from reflex.constants import RouteVar

    from student_portal import pages  # noqa: F401 - declares every page
    from student_portal.server import live_updates
    from student_portal.server.first_answer import HYDRATE_EVENT, NAVIGATION_EVENT
    from student_portal.state.news import NewsState

    tracker, token = live_updates._ViewTracker(), "hydrated-home-tab"
    state = SimpleNamespace(router_data={})
    for name in (HYDRATE_EVENT, NAVIGATION_EVENT):  # a visit's first page, a navigation inside the site
        for path, expected in (("/jobs", []), ("/index", [NewsState])):  # "/index": Reflex's name for "/"
            view = SimpleNamespace(name=name, router_data={RouteVar.CLIENT_TOKEN: token, RouteVar.PATH: path})
            await tracker.preprocess(None, state, view)  # type: ignore[arg-type]
            shown = [spec.state for tab, spec in live_updates._views.targets({Collection.NEWS}) if tab == token]
            assert shown == expected, (name, path)
    live_updates._views.forget(token)
