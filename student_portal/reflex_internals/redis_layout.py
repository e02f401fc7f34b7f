"""Two fixes to Reflex 0.10.1's Redis layout (workers + Redis), found by the back button, and a limit.

Measured with `make run-redis` (home -> /talent -> back, the page left within a moment): 2 of
40 home pages got no data until reloaded, 1 in 200 got it only after 10 s. Both come from the
old page's socket and the new one of the same tab overlapping:

1. Token claims. `RedisTokenManager.link_token_to_sid` checks `EXISTS`, then `SET`s the token's
   socket record: both sockets can find the token free, the last `SET` wins, and the other
   worker routes the tab's deltas to the winner - a socket that is gone. Here the claim is one
   `SET NX`; the loser gets a fresh token, as Reflex does for a second tab. Upstream:
   reflex-dev/reflex#6877 (fix proposed in #6771, unreleased).
2. State locks. Reflex cancels a closing tab's hydrate; cancelled after Redis granted it the
   state lock but before it took ownership (the `SET NX` reply in flight, or leaving the
   waiters' bookkeeping), the lock stays until it expires (10 s), and the tab's next page waits
   that long. Here such a lock is given back, compare-and-delete by its unique id. The same
   for a lock whose release is cancelled: an event cancelled while Reflex gives its lock
   back (the `GETDEL` in flight) kept it until it expired. Found under a site build's load, 2 of
   211 `/login` -> `/account` loads took 10.2 s, both after such a release.

And one limit, for a worker with more visitors than it can serve at once:

3. Events in turn. Reflex takes a visitor's state lock as soon as an event arrives, so 500
   visitors at once on one worker hold 500 locks while the worker runs all their events
   interleaved: each lock is held for about the whole burst, Reflex warns "held too long" by the
   hundred, and a lock past its 10 s expiry loses the event's changes. Here at most
   Limit.STATE_EVENTS_AT_ONCE events run under their locks; the others wait before taking one.

And one saving: every state kept is written on each event and held in Redis until the tab closes.

4. Only what differs from a fresh state. Reflex writes every state an event touched, and a first
   view touches most of them by computing their cached vars: 6 of the 16 states a first view of
   `/` wrote held nothing but their defaults and values computed from them. Here a state whose
   fields are all at their defaults is deleted instead of written, in the same fenced script;
   Redis's missing key reads back as a fresh state, whose computed vars are computed again when
   read. A record of what the browser was last sent of an uncached var counts as a field: without
   it, every later event would send that var again.
5. Nothing of a state that holds only shared content. A state class declaring `SHARED_ONLY = True`
   (the home page's news, slides, social cards and articles: state/sections.py) holds what every
   page view and live update writes whole again from the content cache, nothing of the visitor's
   own; it is deleted like a state at its defaults, and reads back fresh. Its 6.5 KB of the 18 KB
   a first view of `/` wrote were copies of the same lists for every visitor.

Remove the first two once Reflex does them itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import pickle
import uuid
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

from student_portal import reflex_internals
from student_portal.constants import Limit
from student_portal.reflex_internals import browser_storage

if TYPE_CHECKING:
    from reflex.istate.manager.redis import StateManagerRedis
    from reflex.state import BaseState
    from reflex.utils.token_manager import RedisTokenManager, SocketRecord

log = logging.getLogger(__name__)

# Deletes the lock only if it is still the one this waiter was given (ids are unique).
_RELEASE_IF_OURS = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0"
# Reflex's own wait for a state lock, and its lock, kept by install() before they are replaced.
_reflex_wait_lock: Callable[..., Awaitable[None]] | None = None
_reflex_lock: Callable[..., contextlib.AbstractAsyncContextManager[bytes]] | None = None
_releases: set[asyncio.Task[None]] = set()  # keeps each release alive until it is done
# Reflex's own modify_state, kept by install() before it is replaced.
_reflex_modify_state: Callable[..., contextlib.AbstractAsyncContextManager[Any]] | None = None
# A worker's turns: one set per event loop (a worker runs one).
_turns: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = weakref.WeakKeyDictionary()
# Inside a turn already (a state modified within another's): no second turn, which could wait
# for itself.
_in_turn: ContextVar[bool] = ContextVar("in_state_turn", default=False)

# Reflex's fenced write of a tab's states, as install() expects to find it: _SAVE_OR_DELETE takes
# the same KEYS and ARGV, so a Reflex that writes differently stops the worker at start-up.
_REFLEX_FENCED_SAVE = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then
    return nil
end
for i = 2, #KEYS do
    redis.call('SET', KEYS[i], ARGV[i + 1], 'EX', ARGV[2])
end
return redis.call('PTTL', KEYS[1])
"""
# The same, deleting each state whose payload is empty (a state at its defaults).
_SAVE_OR_DELETE = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then
    return nil
end
for i = 2, #KEYS do
    if ARGV[i + 1] == '' then
        redis.call('DEL', KEYS[i])
    else
        redis.call('SET', KEYS[i], ARGV[i + 1], 'EX', ARGV[2])
    end
end
return redis.call('PTTL', KEYS[1])
"""
# Reflex's own set_state, kept by install() before it is replaced.
_reflex_set_state: Callable[..., Awaitable[None]] | None = None
# Writing under a lock, through _SAVE_OR_DELETE: only then can an empty payload mean "delete".
_fenced: ContextVar[bool] = ContextVar("fenced_state_write", default=False)


async def claim_token(manager: RedisTokenManager, token: str, sid: str) -> str | None:
    """Link `token` to socket `sid`, or a fresh token if another socket holds it.

    Returns the fresh token (Reflex sends it to the tab), None when `token` was claimed.
    """
    if (record := manager.token_to_socket.get(token)) is not None and record.sid == sid:
        return None  # the same socket again
    manager._ensure_socket_record_task()
    record = reflex_internals.resolve("reflex.utils.token_manager:SocketRecord")(
        instance_id=manager.instance_id, sid=sid
    )
    new_token = None
    try:
        if not await _set_if_free(manager, token, record):
            # Held by another socket: a fresh uuid4 is nobody's, but claim it the same way.
            token = new_token = str(uuid.uuid4())
            if not await _set_if_free(manager, token, record):
                log.error("token %s was taken the moment it was made; linking it locally", token)
    except Exception as error:
        log.error("Redis error claiming a socket token: %s", error)
        local: Any = reflex_internals.resolve("reflex.utils.token_manager:LocalTokenManager")
        return await local.link_token_to_sid(manager, token, sid)
    # No await since the claim: the socket record subscriber sees this link with the record.
    manager.token_to_socket[token] = record
    manager.sid_to_token[sid] = token
    return new_token


async def _set_if_free(manager: RedisTokenManager, token: str, record: SocketRecord) -> bool:
    return bool(
        await manager.redis.set(
            manager._get_redis_key(token), pickle.dumps(record), ex=manager.token_expiration, nx=True
        )
    )


async def wait_lock_or_give_it_back(manager: StateManagerRedis, lock_key: bytes, lock_id: bytes) -> None:
    """Reflex's wait for a state lock; if the waiter is cancelled (or fails), a lock Redis may
    already have granted it is released, in a task of its own the cancellation cannot reach."""
    assert _reflex_wait_lock is not None, "install() keeps Reflex's wait before replacing it"
    try:
        await _reflex_wait_lock(manager, lock_key, lock_id)
    except BaseException:
        _give_back(manager, lock_key, lock_id)
        raise


@contextlib.asynccontextmanager
async def lock_given_back(manager: StateManagerRedis, token: Any, **context: Any) -> AsyncIterator[bytes]:
    """Reflex's state lock; if the holder is cancelled (maybe while Reflex releases it), the lock
    is given back, if still its own, in a task of its own the cancellation cannot reach."""
    assert _reflex_lock is not None, "install() keeps Reflex's lock before replacing it"
    held: bytes | None = None
    try:
        async with _reflex_lock(manager, token, **context) as lock_id:
            held = lock_id
            yield lock_id
    except asyncio.CancelledError:
        if held is not None:
            _give_back(manager, manager._lock_key(token), held)
        raise


def _give_back(manager: StateManagerRedis, lock_key: bytes, lock_id: bytes) -> None:
    release = asyncio.get_running_loop().create_task(_release_if_ours(manager, lock_key, lock_id))
    _releases.add(release)
    release.add_done_callback(_releases.discard)


async def _release_if_ours(manager: StateManagerRedis, lock_key: bytes, lock_id: bytes) -> None:
    try:
        if await manager.redis.eval(_RELEASE_IF_OURS, 1, lock_key, lock_id):  # type: ignore[misc]
            log.info("gave back %s, granted to a cancelled event", lock_key.decode(errors="replace"))
            manager._notify_next_waiter(lock_key)
    except Exception as error:
        log.warning("could not give back %s: %s", lock_key.decode(errors="replace"), error)


@contextlib.asynccontextmanager
async def modify_state_in_turn(manager: StateManagerRedis, token: Any, **context: Any) -> AsyncIterator[Any]:
    """Reflex's modify_state, entered once one of the worker's STATE_EVENTS_AT_ONCE turns is free."""
    assert _reflex_modify_state is not None, "install() keeps Reflex's modify_state before replacing it"
    async with contextlib.nullcontext() if _in_turn.get() else _worker_turns():
        entered = _in_turn.set(True)
        try:
            async with _reflex_modify_state(manager, token, **context) as state:
                yield state
        finally:
            _in_turn.reset(entered)


def _worker_turns() -> asyncio.Semaphore:
    loop = asyncio.get_running_loop()
    turns = _turns.get(loop)
    if turns is None:
        turns = _turns[loop] = asyncio.Semaphore(Limit.STATE_EVENTS_AT_ONCE)
    return turns


async def set_state_fenced(
    manager: StateManagerRedis, token: Any, state: Any, *, lock_id: bytes | None = None, **context: Any
) -> None:
    """Reflex's set_state, telling collect_changed_states whether its writes go through the fenced
    script (every call Reflex makes holds the lock) or a plain SET, which cannot delete."""
    assert _reflex_set_state is not None, "install() keeps Reflex's set_state before replacing it"
    fenced = _fenced.set(lock_id is not None)
    try:
        await _reflex_set_state(manager, token, state, lock_id=lock_id, **context)
    finally:
        _fenced.reset(fenced)


def collect_changed_states(manager: StateManagerRedis, token: Any, root: BaseState) -> list[tuple[str, bytes]]:
    """Reflex's _collect_state_writes (each touched state of the tree, pickled), except that a
    touched state at its defaults or holding only shared content gets an empty payload, which
    _SAVE_OR_DELETE deletes. What each holds of the browser's storage is kept (browser_storage)."""
    writes: list[tuple[str, bytes]] = []
    stack = [root]
    while stack:
        state = stack.pop()
        if state._was_touched:
            browser_storage.remember(token.ident, state)
            kept = not shared_only(type(state))
            if _fenced.get() and (not kept or at_defaults(state)):
                writes.append((token._state_key(type(state)), b""))
            elif kept and (payload := state._serialize()):
                writes.append((token._state_key(type(state)), payload))
        stack.extend(state.substates.values())
    return writes


def shared_only(cls: type[BaseState]) -> bool:
    """A state class that says it holds only shared content, written again by every page view."""
    return getattr(cls, "SHARED_ONLY", False) is True


def at_defaults(state: BaseState) -> bool:
    """Every field the state holds is its class's default; cached computed values are left out, as
    a fresh state computes them again."""
    defaults, derived = _fresh(type(state))
    for name, value in vars(state).items():
        if name in derived:
            continue
        try:
            if name not in defaults or defaults[name] != value:
                return False
        except Exception:  # a value that cannot be compared is kept, as Reflex keeps it
            return False
    return True


@functools.cache
def _fresh(cls: type[BaseState]) -> tuple[dict[str, Any], frozenset[str]]:
    """A state class's own fields' defaults, and the cached values its computed vars keep on it."""
    defaults = {name: field.default_value() for name, field in cls.__fields__.items() if field._owner is cls}
    derived = frozenset(
        attr for var in cls.computed_vars.values() for attr in (var._cache_attr, var._last_updated_attr)
    )
    return defaults, derived


def install() -> None:
    """Patch Reflex's Redis token manager and state manager classes (each worker makes its
    instances after the app module is imported)."""
    global _reflex_wait_lock, _reflex_lock, _reflex_modify_state, _reflex_set_state
    redis_tokens = reflex_internals.resolve("reflex.utils.token_manager:RedisTokenManager")
    redis_states = reflex_internals.resolve("reflex.istate.manager.redis:StateManagerRedis")
    redis_module = reflex_internals.resolve("reflex.istate.manager.redis")
    if _reflex_wait_lock is None:
        _reflex_wait_lock = redis_states._wait_lock
    if _reflex_lock is None:
        _reflex_lock = redis_states._lock
    if _reflex_modify_state is None:
        _reflex_modify_state = redis_states.modify_state
    if _reflex_set_state is None:
        _reflex_set_state = redis_states.set_state
    if redis_module._FENCED_SAVE_SCRIPT not in (_REFLEX_FENCED_SAVE, _SAVE_OR_DELETE):
        raise reflex_internals.ReflexInternalsChanged(
            "Reflex changed: reflex.istate.manager.redis._FENCED_SAVE_SCRIPT is not the write "
            "redis_layout._SAVE_OR_DELETE replaces (see reflex_internals/)"
        )
    reflex_internals.patch(redis_tokens, "link_token_to_sid", claim_token)
    reflex_internals.patch(redis_states, "_wait_lock", wait_lock_or_give_it_back)
    reflex_internals.patch(redis_states, "_lock", lock_given_back)
    reflex_internals.patch(redis_states, "modify_state", modify_state_in_turn)
    reflex_internals.patch(redis_states, "set_state", set_state_fenced)
    reflex_internals.patch(redis_states, "_collect_state_writes", collect_changed_states)
    reflex_internals.patch(redis_module, "_FENCED_SAVE_SCRIPT", _SAVE_OR_DELETE)
