"""Workers + Redis: Reflex 0.10.1 fixes (student_portal/reflex_internals/redis_layout.py), on a real Redis.

Each tab token belongs to one socket (two RedisTokenManagers stand for two workers, as in
`make run-redis`), and a state lock granted to a cancelled event is given back.
"""

from __future__ import annotations

import asyncio
import contextlib
import pickle
import uuid
from collections.abc import AsyncIterator, Iterator

import pytest
from redis.asyncio import Redis
from reflex.istate.manager.redis import StateManagerRedis
from reflex.utils.token_manager import RedisTokenManager

from student_portal.reflex_internals import redis_layout
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


async def test_a_lock_granted_to_a_cancelled_event_is_given_back(redis_server: RedisServer) -> None:
    redis_layout.install()
    manager = StateManagerRedis(redis=_LateLockReplies.from_url(redis_server.url))
    lock_key = f"{uuid.uuid4()}_lock".encode()
    try:
        await _cancel_while_the_grant_is_on_its_way(manager, lock_key)
        # Without the fix it stays for Reflex's lock expiry (10 s) and the tab's next page waits.
        assert await _lock_holder(manager.redis, lock_key) is None
        # The next event gets the lock at once.
        await asyncio.wait_for(manager._wait_lock(lock_key, b"next-page"), timeout=1.0)
        assert await manager.redis.get(lock_key) == b"next-page"
    finally:
        await manager.close()


async def test_a_cancelled_waiter_leaves_another_events_lock_alone(redis_server: RedisServer) -> None:
    redis_layout.install()
    manager = StateManagerRedis(redis=_LateLockReplies.from_url(redis_server.url))
    lock_key = f"{uuid.uuid4()}_lock".encode()
    await manager.redis.set(lock_key, b"running-event", px=10_000)
    try:
        await _cancel_while_the_grant_is_on_its_way(manager, lock_key)
        await asyncio.sleep(0.3)
        assert await manager.redis.get(lock_key) == b"running-event"
    finally:
        await manager.close()
