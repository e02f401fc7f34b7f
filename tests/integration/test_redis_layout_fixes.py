"""Workers + Redis: Reflex 0.10.1 fixes (student_portal/reflex_internals/redis_layout.py), on a real Redis.

Each tab token belongs to one socket (two RedisTokenManagers stand for two workers, as in
`make run-redis`), a state lock granted to a cancelled event, or whose release is cancelled, is
given back, a closed tab's state leaves Redis, events take turns, a state at its defaults or
holding only shared content is not kept (issue 38), and a tab's state Redis lost while its page is
open is built again with what its browser stores (reflex_internals/browser_storage.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import pickle
import uuid
from collections.abc import AsyncIterator, Iterator
from types import SimpleNamespace

import pytest
from redis.asyncio import Redis
from reflex.istate.manager.redis import StateManagerRedis
from reflex.istate.manager.token import BaseStateToken
from reflex.state import State
from reflex.utils.token_manager import RedisTokenManager
from reflex_base.event.context import EventContext
from reflex_base.event.processor import BaseStateEventProcessor

from student_portal import reflex_internals
from student_portal.constants import Limit
from student_portal.reflex_internals import browser_storage, hydrate_diff, redis_layout
from student_portal.state.auth import AuthState
from student_portal.state.news import NewsSlide, NewsState
from student_portal.state.search import SearchState
from tests.support.backend_proxy import free_port
from tests.support.redis_server import RedisServer


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path_factory.mktemp("redis") / "redis.log").start()
    yield server
    server.stop()


async def _workers(url: str, count: int = 2) -> list[RedisTokenManager]:
    redis_layout.install()  # as student_portal.py does for the site
    return [RedisTokenManager(Redis.from_url(url)) for _ in range(count)]


@pytest.fixture
async def workers(redis_server: RedisServer) -> AsyncIterator[list[RedisTokenManager]]:
    managers = await _workers(redis_server.url)
    yield managers
    for manager in managers:
        await manager.close()


async def _owner_sid(manager: RedisTokenManager, token: str) -> str | None:
    raw = await manager.redis.get(manager._get_redis_key(token))
    return None if raw is None else pickle.loads(raw).sid


async def test_two_sockets_claiming_one_token_at_once_end_up_with_different_tokens(workers) -> None:
    """A page closing and the next opening in the same tab, on two workers (the back button)."""
    first, second = workers
    for _ in range(20):
        token = str(uuid.uuid4())
        results = await asyncio.gather(
            first.link_token_to_sid(token, "sid-old"), second.link_token_to_sid(token, "sid-new")
        )
        assert results.count(None) == 1, "exactly one socket keeps the token"
        fresh = next(result for result in results if result is not None)
        winner, loser = ("sid-old", "sid-new") if results[0] is None else ("sid-new", "sid-old")
        assert await _owner_sid(first, token) == winner
        assert await _owner_sid(first, fresh) == loser
        # Each worker routes the tokens it linked to its own socket.
        holder = first if winner == "sid-old" else second
        assert holder.token_to_socket[token].sid == winner


async def test_a_second_tab_gets_a_fresh_token_and_a_reconnect_keeps_its_own(workers) -> None:
    first, second = workers
    token = str(uuid.uuid4())
    assert await first.link_token_to_sid(token, "sid-a") is None
    assert await first.link_token_to_sid(token, "sid-a") is None  # the same socket again
    fresh = await second.link_token_to_sid(token, "sid-b")
    assert fresh is not None and fresh != token
    assert second.sid_to_token["sid-b"] == fresh and await _owner_sid(second, fresh) == "sid-b"
    assert await _owner_sid(first, token) == "sid-a"


async def test_a_token_whose_socket_left_can_be_claimed_again(workers) -> None:
    first, second = workers
    token = str(uuid.uuid4())
    assert await first.link_token_to_sid(token, "sid-a") is None
    await first.disconnect_token(token, "sid-a")
    assert await second.link_token_to_sid(token, "sid-b") is None
    assert await _owner_sid(second, token) == "sid-b"


async def test_redis_down_links_the_token_on_this_worker() -> None:
    (manager,) = await _workers(f"redis://127.0.0.1:{free_port()}", count=1)
    try:
        token = str(uuid.uuid4())
        assert await manager.link_token_to_sid(token, "sid-a") is None
        assert manager.token_to_socket[token].sid == "sid-a" and manager.sid_to_token["sid-a"] == token
    finally:
        await manager.close()


class _LateLockReplies(Redis):
    """Redis answering a lock's SET late: the lock is granted, the waiter does not know yet."""

    async def set(self, *args, **kwargs):
        granted = await super().set(*args, **kwargs)
        if kwargs.get("px"):  # only state locks are set with a millisecond expiry
            await asyncio.sleep(0.5)
        return granted


async def _cancel_while_the_grant_is_on_its_way(manager: StateManagerRedis, lock_key: bytes) -> None:
    waiter = asyncio.ensure_future(manager._wait_lock(lock_key, b"cancelled-hydrate"))
    await asyncio.sleep(0.2)  # the SET has reached Redis; its reply has not reached the waiter
    waiter.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await waiter


async def _lock_holder(redis: Redis, lock_key: bytes, timeout: float = 2.0) -> bytes | None:
    deadline = asyncio.get_running_loop().time() + timeout
    while (holder := await redis.get(lock_key)) is not None and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(0.05)
    return holder


@contextlib.asynccontextmanager
async def _state_manager(url: str, redis_class: type[Redis]) -> AsyncIterator[StateManagerRedis]:
    """One worker's state manager, patched as the site's, on a Redis client of `redis_class`."""
    redis_layout.install()
    manager = StateManagerRedis(redis=redis_class.from_url(url))
    try:
        yield manager
    finally:
        await manager.close()


async def test_a_lock_granted_to_a_cancelled_event_is_given_back(redis_server: RedisServer) -> None:
    async with _state_manager(redis_server.url, _LateLockReplies) as manager:
        lock_key = f"{uuid.uuid4()}_lock".encode()
        await _cancel_while_the_grant_is_on_its_way(manager, lock_key)
        # Without the fix it stays for Reflex's lock expiry (10 s) and the tab's next page waits.
        assert await _lock_holder(manager.redis, lock_key) is None
        # The next event gets the lock at once.
        await asyncio.wait_for(manager._wait_lock(lock_key, b"next-page"), timeout=1.0)
        assert await manager.redis.get(lock_key) == b"next-page"


async def test_a_cancelled_waiter_leaves_another_events_lock_alone(redis_server: RedisServer) -> None:
    async with _state_manager(redis_server.url, _LateLockReplies) as manager:
        lock_key = f"{uuid.uuid4()}_lock".encode()
        await manager.redis.set(lock_key, b"running-event", px=10_000)
        await _cancel_while_the_grant_is_on_its_way(manager, lock_key)
        await asyncio.sleep(0.3)
        assert await manager.redis.get(lock_key) == b"running-event"


async def _cancel_lock_holder(
    manager: StateManagerRedis, token: BaseStateToken, *, working_s: float, cancel_after_s: float
) -> None:
    """An event that takes the token's lock and works `working_s` under it, cancelled
    `cancel_after_s` after it got the lock."""
    held = asyncio.Event()

    async def event() -> None:
        async with manager._lock(token, event_name="hydrate"):
            held.set()
            await asyncio.sleep(working_s)

    task = asyncio.ensure_future(event())
    await asyncio.wait_for(held.wait(), timeout=2.0)
    await asyncio.sleep(cancel_after_s)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


class _SlowReleases(Redis):
    """Redis reached late by a lock's release: the event can be cancelled meanwhile."""

    async def getdel(self, *args, **kwargs):
        await asyncio.sleep(0.5)
        return await super().getdel(*args, **kwargs)


async def test_a_lock_whose_release_is_cancelled_is_given_back(redis_server: RedisServer) -> None:
    """A closing tab's hydrate, cancelled while Reflex gives its lock back (seen under
    load: the tab's next page waited 10 s for the lock to expire)."""
    async with _state_manager(redis_server.url, _SlowReleases) as manager:
        token = BaseStateToken(ident=str(uuid.uuid4()), cls=AuthState)
        lock_key = manager._lock_key(token)
        # Cancelled when the event is done and its release is on its way.
        await _cancel_lock_holder(manager, token, working_s=0, cancel_after_s=0.1)
        assert await _lock_holder(manager.redis, lock_key) is None
        await asyncio.wait_for(manager._wait_lock(lock_key, b"next-page"), timeout=1.0)
        assert await manager.redis.get(lock_key) == b"next-page"


class _SlowScripts(Redis):
    """Redis reached late by a script (the give-back): the next event's lock gets there first."""

    async def eval(self, *args, **kwargs):
        await asyncio.sleep(0.3)
        return await super().eval(*args, **kwargs)


async def test_a_cancelled_event_leaves_the_lock_its_release_already_passed_on(redis_server: RedisServer) -> None:
    """Cancelled while working, the event's own release gives the lock back and the next event
    takes it: the give-back that follows the cancellation must not take it from that event."""
    async with _state_manager(redis_server.url, _SlowScripts) as manager:
        token = BaseStateToken(ident=str(uuid.uuid4()), cls=AuthState)
        lock_key = manager._lock_key(token)
        await _cancel_lock_holder(manager, token, working_s=10, cancel_after_s=0)
        await asyncio.wait_for(manager._wait_lock(lock_key, b"next-page"), timeout=1.0)
        await asyncio.sleep(0.6)  # the give-back has reached Redis
        assert await manager.redis.get(lock_key) == b"next-page"


# --- a closed tab's state leaves Redis (reflex_internals.forget_closed_tab) ---------------------


async def _redis_app(url: str, *, oplock: bool = False) -> SimpleNamespace:
    """What forget_closed_tab reads of rx.App, as one worker of `make run-redis` has it."""
    manager = StateManagerRedis(redis=Redis.from_url(url))
    manager._oplock_enabled = oplock
    return SimpleNamespace(
        state_manager=manager, event_namespace=SimpleNamespace(_token_manager=(await _workers(url, 1))[0])
    )


async def _tab_with_state(app: SimpleNamespace) -> str:
    token = str(uuid.uuid4())
    async with app.state_manager.modify_state(BaseStateToken(ident=token, cls=AuthState)) as root:
        (await root.get_state(AuthState)).stored_auth = "a tab's sign-in"
    return token


async def _keys(app: SimpleNamespace, token: str) -> list[bytes]:
    return [key async for key in app.state_manager.redis.scan_iter(match=f"{token}*")]


async def test_a_closed_tabs_state_leaves_redis_and_an_open_tabs_stays(redis_server: RedisServer) -> None:
    app = await _redis_app(redis_server.url)
    try:
        closed, open_ = await _tab_with_state(app), await _tab_with_state(app)
        assert await _keys(app, closed), "the tab's states are in Redis"
        await app.event_namespace._token_manager.link_token_to_sid(open_, "sid-open")

        assert await reflex_internals.forget_closed_tab(app, closed)
        assert await _keys(app, closed) == []
        # The tab back later starts afresh, as after a restart.
        root = await app.state_manager.get_state(BaseStateToken(ident=closed, cls=AuthState))
        assert (await root.get_state(AuthState)).stored_auth == ""

        assert not await reflex_internals.forget_closed_tab(app, open_)
        assert await _keys(app, open_), "an open tab keeps its state"
    finally:
        await app.state_manager.close()
        await app.event_namespace._token_manager.close()


async def test_a_closed_tab_whose_state_an_event_holds_is_kept(redis_server: RedisServer) -> None:
    app = await _redis_app(redis_server.url)
    try:
        token = await _tab_with_state(app)
        release = asyncio.Event()

        async def event() -> None:
            async with app.state_manager.modify_state(BaseStateToken(ident=token, cls=AuthState)) as root:
                await release.wait()
                (await root.get_state(AuthState)).stored_auth = "written by the last event"

        running = asyncio.create_task(event())
        await asyncio.sleep(0.2)
        assert not await reflex_internals.forget_closed_tab(app, token)
        release.set()
        await running
        root = await app.state_manager.get_state(BaseStateToken(ident=token, cls=AuthState))
        assert (await root.get_state(AuthState)).stored_auth == "written by the last event"
        assert await reflex_internals.forget_closed_tab(app, token)  # once the event is done
        assert await _keys(app, token) == []
    finally:
        await app.state_manager.close()
        await app.event_namespace._token_manager.close()


async def test_a_closed_tabs_sign_in_is_read_without_waiting_for_its_lock(redis_server: RedisServer) -> None:
    app = await _redis_app(redis_server.url)
    try:
        token = await _tab_with_state(app)
        release = asyncio.Event()

        async def event() -> None:
            async with app.state_manager.modify_state(BaseStateToken(ident=token, cls=AuthState)):
                await release.wait()

        running = asyncio.create_task(event())
        await asyncio.sleep(0.2)
        peeked = await asyncio.wait_for(reflex_internals.peek_state(app, token, AuthState), timeout=1)
        assert peeked.stored_auth == "a tab's sign-in"
        release.set()
        await running
    finally:
        await app.state_manager.close()
        await app.event_namespace._token_manager.close()


async def test_under_optimistic_locks_a_closed_tabs_state_leaves_once_its_lease_is_over(
    redis_server: RedisServer,
) -> None:
    app = await _redis_app(redis_server.url, oplock=True)
    try:
        token = await _tab_with_state(app)  # the worker keeps it, holding the lock, for its lease
        deadline = asyncio.get_running_loop().time() + 5
        while not await reflex_internals.forget_closed_tab(app, token):
            assert asyncio.get_running_loop().time() < deadline, "the lease never ended"
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.5)  # nothing is written back after the drop
        assert await _keys(app, token) == []
    finally:
        await app.state_manager.close()
        await app.event_namespace._token_manager.close()


# --- the state manager of one worker, with the fixes installed ---------------------------------


@pytest.fixture
async def manager(redis_server: RedisServer) -> AsyncIterator[StateManagerRedis]:
    redis_layout.install()  # as student_portal.py does for the site
    states = StateManagerRedis(redis=Redis.from_url(redis_server.url))
    yield states
    await states.close()


# --- events in turn (redis_layout.modify_state_in_turn) -----------------------------------------


async def test_a_worker_runs_a_limited_number_of_events_under_their_locks(manager: StateManagerRedis) -> None:
    """Many visitors at once: the others wait before taking their locks, so no lock is held
    while its event waits for the worker, and every event's change is kept."""
    inside, most, locks_held = 0, 0, 0
    tokens = [str(uuid.uuid4()) for _ in range(Limit.STATE_EVENTS_AT_ONCE * 3)]

    async def event(token: str) -> None:
        nonlocal inside, most, locks_held
        async with manager.modify_state(BaseStateToken(ident=token, cls=AuthState)) as root:
            inside += 1
            most = max(most, inside)
            # KEYS, not SCAN: one reading of every lock at a moment (a SCAN spans several calls, in
            # which a released lock and its successor's can both be counted).
            locks = [key.decode() for key in await manager.redis.keys("*_lock")]
            locks_held = max(locks_held, len([key for key in locks if key.removesuffix("_lock") in tokens]))
            await asyncio.sleep(0.2)  # long enough for every turn to be taken, on a busy machine too
            (await root.get_state(AuthState)).stored_auth = f"sign-in of {token}"
            inside -= 1

    await asyncio.gather(*(event(token) for token in tokens))
    assert most == Limit.STATE_EVENTS_AT_ONCE
    assert 0 < locks_held <= Limit.STATE_EVENTS_AT_ONCE  # those waiting hold none
    for token in tokens:
        root = await manager.get_state(BaseStateToken(ident=token, cls=AuthState))
        assert (await root.get_state(AuthState)).stored_auth == f"sign-in of {token}"


async def test_a_state_modified_inside_another_events_turn_does_not_wait_for_a_turn(
    manager: StateManagerRedis,
) -> None:
    """Every turn taken by an event that modifies a second state: no event waits for itself."""

    async def event() -> None:
        async with manager.modify_state(BaseStateToken(ident=str(uuid.uuid4()), cls=AuthState)):
            await asyncio.sleep(0.05)  # all the turns are taken now
            async with manager.modify_state(BaseStateToken(ident=str(uuid.uuid4()), cls=AuthState)) as other:
                (await other.get_state(AuthState)).stored_auth = "inside"

    await asyncio.wait_for(asyncio.gather(*(event() for _ in range(Limit.STATE_EVENTS_AT_ONCE))), timeout=5)


# --- only what differs from a fresh state (redis_layout.collect_changed_states) -----------------


async def test_a_state_at_its_defaults_is_not_kept_and_reads_back_fresh(manager: StateManagerRedis) -> None:
    tab = BaseStateToken(ident=str(uuid.uuid4()), cls=SearchState)
    key = tab._state_key(SearchState)

    async def search_box() -> SearchState:
        return await (await manager.get_state(tab)).get_state(SearchState)

    async with manager.modify_state(tab) as root:
        box = await root.get_state(SearchState)
        assert box.all_results_href == "/search"  # computed and cached: Reflex would write it
        assert box._was_touched
    assert not await manager.redis.exists(key)

    async with manager.modify_state(tab) as root:
        (await root.get_state(SearchState)).query = "combined maths"
    assert await manager.redis.exists(key)
    assert (await search_box()).all_results_href == "/search?q=combined+maths"

    async with manager.modify_state(tab) as root:
        (await root.get_state(SearchState)).query = ""  # back to its default: the key goes
    assert not await manager.redis.exists(key)
    box = await search_box()
    assert (box.query, box.suggestions, box.all_results_href) == ("", [], "/search")


async def test_a_state_holding_only_shared_content_is_not_kept(manager: StateManagerRedis) -> None:
    """The home page's news: every page view writes it again from the content cache, so Redis
    keeps no copy per visitor, even one left by an older worker, and it reads back fresh."""
    tab = BaseStateToken(ident=str(uuid.uuid4()), cls=NewsState)
    key = tab._state_key(NewsState)
    slide = NewsSlide(id="n1", title="Exam dates", excerpt="", image_url="", href="/news/n1")
    await manager.redis.set(key, NewsState(_reflex_internal_init=True)._serialize())  # an older worker's copy

    async with manager.modify_state(tab) as root:
        (await root.get_state(NewsState))._show([slide])
        (await root.get_state(AuthState)).stored_auth = "kept: the visitor's own"
    assert not await manager.redis.exists(key)
    assert await manager.redis.exists(tab._state_key(AuthState))
    news = await (await manager.get_state(tab)).get_state(NewsState)
    assert (news.items, news.loading) == ([], True)


async def test_a_write_without_the_lock_keeps_reflexs_plain_set(manager: StateManagerRedis) -> None:
    """Reflex's set_state without a lock id writes with SET, which cannot delete: a state at its
    defaults is written whole, never as the empty payload the fenced script deletes."""
    tab = BaseStateToken(ident=str(uuid.uuid4()), cls=SearchState)
    root = await manager.get_state(tab)
    assert (await root.get_state(SearchState)).all_results_href == "/search"
    await manager.set_state(tab, root)
    assert await manager.redis.get(tab._state_key(SearchState))
    assert (await (await manager.get_state(tab)).get_state(SearchState)).query == ""


# --- a state Redis lost, built again with the browser's storage (browser_storage) -------------------


async def _rebuilt_after_redis_lost_it(manager: StateManagerRedis, token: str) -> tuple[str, list[dict]]:
    """Reflex's answer to the tab's next event once Redis lost its tree (a restart, empty): the
    snapshot it sends, as the worker handling the event makes it, and the sign-in the tree holds."""
    browser_storage.install()  # as student_portal.py does for the site
    hydrate_diff.install()
    await manager.redis.flushall()
    sent: list[dict] = []

    async def emit_delta(_token: str, delta: dict) -> None:
        sent.append(delta)

    async def enqueue(*_: object, **__: object) -> None:
        return None

    tab = BaseStateToken(ident=token, cls=AuthState)
    with EventContext(token=token, state_manager=manager, enqueue_impl=enqueue, emit_delta_impl=emit_delta):
        async with manager.modify_state(tab) as root:
            assert not root.router_data, "the tree is a fresh one"
            await BaseStateEventProcessor._rehydrate_snapshot(root)
            signed_in = (await root.get_state(AuthState)).stored_auth
    return signed_in, sent


async def test_a_tree_redis_lost_starts_from_the_sign_in_its_browser_holds(manager: StateManagerRedis) -> None:
    token, other = str(uuid.uuid4()), str(uuid.uuid4())
    for tab, stored in ((token, "this tab's sign-in"), (other, "another tab's sign-in")):
        async with manager.modify_state(BaseStateToken(ident=tab, cls=AuthState)) as root:
            root.router_data = {"pathname": "/account"}
            (await root.get_state(AuthState)).stored_auth = stored

    signed_in, sent = await _rebuilt_after_redis_lost_it(manager, token)
    assert signed_in == "this tab's sign-in"
    snapshot = sent[0]
    assert snapshot[AuthState.get_full_name()]["stored_auth_rx_state_"] == "this tab's sign-in"
    # Not hydrated: Reflex's frontend writes no browser storage from it (the browser holds its own).
    assert snapshot[State.get_full_name()]["is_hydrated_rx_state_"] is False


async def test_a_lost_tree_of_a_tab_never_written_here_or_closed_starts_signed_out(manager: StateManagerRedis) -> None:
    closed = str(uuid.uuid4())
    async with manager.modify_state(BaseStateToken(ident=closed, cls=AuthState)) as root:
        (await root.get_state(AuthState)).stored_auth = "a closed tab's sign-in"
    browser_storage.forget(closed)  # its socket closed and it did not come back

    for token in (closed, str(uuid.uuid4())):
        signed_in, sent = await _rebuilt_after_redis_lost_it(manager, token)
        assert signed_in == ""
        assert sent[0][AuthState.get_full_name()]["stored_auth_rx_state_"] == ""


async def test_a_sign_out_is_kept_too(manager: StateManagerRedis) -> None:
    token = str(uuid.uuid4())
    for stored in ("signed in", ""):  # the second write deletes the state at its defaults
        async with manager.modify_state(BaseStateToken(ident=token, cls=AuthState)) as root:
            (await root.get_state(AuthState)).stored_auth = stored
    signed_in, _ = await _rebuilt_after_redis_lost_it(manager, token)
    assert signed_in == ""
