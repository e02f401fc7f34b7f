"""The Reflex 0.10 internals the site cannot do without, in one place, checked at start-up.

Live updates need to know whether a visitor's websocket is on this worker (the token manager's
`token_to_socket`) and, like a page's first answer (first_answer.py), to queue an event for a
visitor (`app.event_processor.enqueue`) and which events are a page view (the hydrate, and
`on_load_internal` on a navigation inside the site); the error toast reads the page of the event that broke
(its `EventContext`, backend_errors.py); the
Redis layout fixes (redis_layout.py) replace six methods and a script; the connection toast in the
page's language (components/connection.py) replaces Reflex's English overlay, found by its key in
rx.App's default `app_wraps`. Reflex has no public API for any of these. If an upgrade renames
one, `check(app)` (or, for the overlay, the app's import) stops the worker at start-up with the
list of what is missing, instead of live updates going quiet; tests/unit/test_reflex_internals.py
pins them against the installed Reflex.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

import reflex as rx
from reflex.event import Event
from reflex.state import BaseState

if TYPE_CHECKING:
    from reflex.istate.manager.memory import StateManagerMemory

S = TypeVar("S", bound=BaseState)

# (class or module, attribute) pairs redis_layout.install() replaces.
PATCHED: list[tuple[Any, str]] = []


class ReflexInternalsChanged(RuntimeError):
    """The installed Reflex lacks an internal the site relies on."""


def require(owner: Any, *names: str) -> None:
    missing = [name for name in names if not hasattr(owner, name)]
    if missing:
        where = getattr(owner, "__qualname__", type(owner).__qualname__)
        raise ReflexInternalsChanged(f"Reflex changed: {where} has no {', '.join(missing)} (see reflex_internals/)")


def patch(owner: Any, name: str, replacement: Any) -> None:
    """Replace a Reflex method (or a module's constant), after checking it is there to replace."""
    require(owner, name)
    setattr(owner, name, replacement)
    PATCHED.append((owner, name))


# Every private Reflex name the site touches, by the module and class it lives in. `check_names`
# reads them all when this folder is first imported (before anything is patched or used), so an
# upgrade that moves one stops the worker naming it; tests/unit/test_reflex_internals.py runs it too.
PRIVATE_NAMES: dict[str, tuple[str, ...]] = {
    # (and its `_lock`, checked when redis_layout replaces it, and `redis`, a field of each instance)
    "reflex.istate.manager.redis:StateManagerRedis": (
        "_wait_lock",
        "_lock_key",
        "_notify_next_waiter",
        "_collect_state_writes",
    ),
    # The fenced write redis_layout replaces with one that deletes a state at its defaults, and
    # what it reads of a state to tell.
    "reflex.istate.manager.redis": ("_FENCED_SAVE_SCRIPT",),
    "reflex.state:BaseState": (
        "_was_touched",
        "_serialize",
        "__fields__",
        "computed_vars",
        "dict",
        "_reset_client_storage",
        "_is_client_storage",
        "base_vars",
        "get_fields",
    ),
    # What hydrate_snapshot reads to tell which states the browser holds at their defaults, and
    # the hydrate's diff and browser-storage reset that hydrate_diff replaces.
    "reflex.state": (
        "_initial_snapshot_cache",
        "all_base_state_classes",
        "_InitialSnapshot",
        "_diff_against_initial_state",
        "_serialize_var",
        "_resolve_delta",
    ),
    "reflex_base.vars.base:ComputedVar": ("_cache_attr", "_last_updated_attr"),
    "reflex.utils.token_manager:RedisTokenManager": (
        "link_token_to_sid",
        "_ensure_socket_record_task",
        "_get_redis_key",
    ),
    "reflex.utils.token_manager:LocalTokenManager": ("link_token_to_sid",),
    "reflex.utils.token_manager:SocketRecord": ("__init__",),
    "reflex_base.event.context:EventContext": ("get",),
    "reflex.app:EventProcessor": ("enqueue",),
    "reflex.state:OnLoadInternalState": ("on_load_internal",),
    "reflex.utils.prerequisites": ("get_web_dir",),
    "reflex.utils.exec": ("is_prod_mode", "run_backend_prod"),
    # A lost tree's snapshot, started from the browser storage kept for its tab (browser_storage.py).
    "reflex_base.event.processor.base_state_processor:BaseStateEventProcessor": ("_rehydrate_snapshot",),
    # Serving a build without building it again (serve_built.py, for the browser tests).
    "reflex_base.environment": ("environment",),
    "reflex_base.environment:EnvironmentVariables": ("REFLEX_ENV_MODE", "REFLEX_SKIP_COMPILE"),
    "reflex.config:Config": ("_set_persistent",),
    "reflex.utils.format": ("format_event_handler",),
    "reflex.constants:Dirs": ("STATIC",),
    # The websocket's door (guard_websocket and its helpers, for server/event_guard.py).
    "reflex.app:EventNamespace": ("on_event", "on_disconnect", "disconnect", "sid_to_token"),
    "reflex.utils.token_manager:TokenManager": ("is_token_connected",),
    "reflex.istate.manager.token:BaseStateToken": ("__init__", "_state_key"),
    # A closed tab's state dropped from the one worker's memory (forget_closed_tab).
    "reflex.istate.manager.memory:StateManagerMemory": ("_purge_token", "_coerce_token", "_get_state_lock"),
    # (and BaseState._clean, checked where it is used: another module of ours has a _clean)
    "reflex.state:State": ("get_class_substate",),
    "reflex_base.constants.state": ("FIELD_MARKER",),
    # What a compile of some pages asks npm for (keep_frontend_packages).
    "reflex.utils.js_runtimes": ("install_frontend_packages", "_existing_web_package_sections"),
}


def resolve(where: str) -> Any:
    """The module or class `module[:Class]` names, or ReflexInternalsChanged naming it."""
    import importlib

    module_name, _, class_name = where.partition(":")
    try:
        owner = importlib.import_module(module_name)
    except ImportError as error:
        raise ReflexInternalsChanged(
            f"Reflex changed: no module {module_name} ({error}; see reflex_internals/)"
        ) from None
    if class_name:
        if not hasattr(owner, class_name):
            raise ReflexInternalsChanged(f"Reflex changed: {module_name} has no {class_name} (see reflex_internals/)")
        owner = getattr(owner, class_name)
    return owner


def check_names(names: dict[str, tuple[str, ...]] = PRIVATE_NAMES) -> None:
    """Every private name in `names` is where the site expects it; else one error naming them all."""
    missing = []
    for where, attributes in names.items():
        try:
            owner = resolve(where)
        except ReflexInternalsChanged as error:
            missing.append(str(error))
            continue
        missing += [f"{where}.{name}" for name in attributes if not hasattr(owner, name)]
    if missing:
        raise ReflexInternalsChanged("Reflex changed: " + "; ".join(missing) + " (see reflex_internals/)")


def event_name(handler: Any) -> str:
    """The name Reflex's frontend sends for an event handler ("state.sub.handler")."""
    return resolve("reflex.utils.format").format_event_handler(handler)


def is_prod_mode() -> bool:
    """Whether Reflex runs the production build (`reflex run --env prod`)."""
    return bool(resolve("reflex.utils.exec").is_prod_mode())


def keep_frontend_packages() -> None:
    """A compile of some pages only (make dev PAGES=..., make check-page) asks npm for those pages'
    packages, and Reflex removes the others (the video player, the calendar, pdf.js) from
    .web/package.json and the checkout's reflex.lock/: the next whole build adds them back, npm
    each time, and the dev server restarted for it (a saved edit took a minute). Keep them."""
    js_runtimes = resolve("reflex.utils.js_runtimes")
    original = js_runtimes.install_frontend_packages
    if getattr(original, "keeps_packages", False):
        return

    def install_frontend_packages(packages: set[str], config: Any) -> None:
        installed, _development = js_runtimes._existing_web_package_sections()
        original({*packages, *installed}, config)  # already there: npm leaves them as they are

    install_frontend_packages.keeps_packages = True  # type: ignore[attr-defined]
    patch(js_runtimes, "install_frontend_packages", install_frontend_packages)


def name_page_module(page: Any, module: str) -> None:
    """Reflex puts a page's memoized components in a module named after its function's module
    (.web/app_components/...): naming one per language keeps every page from loading all three."""
    page.__module__ = module


def _token_manager(app: rx.App) -> Any:
    return getattr(app.event_namespace, "_token_manager", None)


async def _connected_again(app: rx.App, token: str) -> bool | None:
    """Whether a tab whose socket closed has a socket again (a reload, a reconnect to another
    worker); None when the app has no token manager to ask."""
    manager = _token_manager(app)
    return None if manager is None else bool(await manager.is_token_connected(token))


def _memory_states(app: rx.App) -> StateManagerMemory | None:
    from reflex.istate.manager.memory import StateManagerMemory

    states = app.state_manager
    return states if isinstance(states, StateManagerMemory) else None


def check(app: rx.App) -> None:
    """At a worker's start (its lifespan): every internal used below is where we expect it."""
    require(type(app), "event_processor", "event_namespace")
    if app.event_namespace is None:
        raise ReflexInternalsChanged("Reflex changed: the app has no event namespace (websocket) at start-up")
    manager = _token_manager(app)
    if manager is None:
        raise ReflexInternalsChanged("Reflex changed: the event namespace has no _token_manager")
    require(manager, "token_to_socket", "instance_id")
    from reflex.app import EventProcessor  # the class behind app.event_processor

    require(EventProcessor, "enqueue")
    built_pages_dir()  # raises if Reflex moved it
    _event_context()  # raises if Reflex moved it


def page_view_events() -> tuple[str, str]:
    """The events Reflex's frontend sends for a page view: `hydrate_and_load` when its websocket
    (re)connects (the first page of a visit), `on_load_internal` on each navigation inside the
    site (.web/utils/context.jsx `onLoadInternalEvent`). Raises if Reflex renamed either."""
    from reflex.state import OnLoadInternalState
    from reflex.utils.format import format_event_handler

    require(rx.State, "hydrate_and_load")
    require(OnLoadInternalState, "on_load_internal")
    return (
        format_event_handler(rx.State.hydrate_and_load),
        format_event_handler(OnLoadInternalState.on_load_internal),
    )


def _event_context() -> type:
    from reflex_base.event.context import EventContext

    require(EventContext, "get")
    if not {"router_data", "token"} <= set(getattr(EventContext, "__dataclass_fields__", {})):
        raise ReflexInternalsChanged(
            "Reflex changed: its EventContext has no router_data or token (see reflex_internals/)"
        )
    return EventContext


def event_router_data() -> dict[str, Any]:
    """The router data of the event Reflex is handling ({} outside one): the page it came from.

    Reflex calls the backend exception handler (backend_errors.py) in a task of its own, outside
    the event's context variables (so the language LanguageMiddleware set is gone), with only its
    EventContext set again; that holds the event's router data."""
    try:
        return dict(_event_context().get().router_data or {})  # type: ignore[attr-defined]
    except LookupError:
        return {}


def event_token() -> str:
    """The tab token of the event Reflex is handling ("" outside one)."""
    try:
        token = _event_context().get().token  # type: ignore[attr-defined]
    except LookupError:
        return ""
    return token if isinstance(token, str) else ""


def socket_is_here(app: rx.App, token: str) -> bool:
    """Whether `token`'s websocket is connected to this worker."""
    manager = _token_manager(app)
    if manager is None:
        return False
    record = manager.token_to_socket.get(token)
    return record is not None and record.instance_id == manager.instance_id


async def enqueue(app: rx.App, token: str, event_name: str, payload: dict[str, Any] | None = None) -> None:
    """Queue the event `event_name` for the visitor `token`, as if their page had sent it."""
    await app.event_processor.enqueue(token, Event(name=event_name, payload=payload or {}))


# The app wrap rx.App's defaults give Reflex's overlay: its connection toast and pulsing
# "wifi off" icon, compiled once for every page, in English.
CONNECTION_OVERLAY = (5, "Overlay")


def without_connection_overlay(app: rx.App) -> None:
    """Drop Reflex's English connection overlay (components/connection.py draws ours, per
    language). `app_wraps` is a public field; the overlay's key in its defaults is not."""
    if CONNECTION_OVERLAY not in app.app_wraps:
        raise ReflexInternalsChanged(
            f"Reflex changed: rx.App's app_wraps have no {CONNECTION_OVERLAY} (see reflex_internals/)"
        )
    del app.app_wraps[CONNECTION_OVERLAY]


def built_pages_dir() -> Path:
    """Where `reflex export` / `reflex run --env prod` writes the built pages (`<route>/index.html`).

    Reflex serves them from here (reflex.utils.exec.get_frontend_mount); it has no public name
    for the folder. Checked at start-up (`check_built_pages_dir`) and by a unit test."""
    from reflex import constants
    from reflex.utils import prerequisites

    require(prerequisites, "get_web_dir")
    require(constants.Dirs, "STATIC")
    frontend_path = rx.config.get_config().frontend_path.strip("/")
    return (prerequisites.get_web_dir() / constants.Dirs.STATIC / frontend_path).resolve()


# --- the websocket's door (server/event_guard.py) ------------------------------------------------------
# Reflex queues every event a socket sends, unbounded, and keeps a tab's state after its socket
# closed; it has no hook before the queue nor one at disconnect. Both methods are wrapped here.

EventFilter = Callable[[Any, str, Any], Awaitable[Any]]
Disconnected = Callable[[rx.App, str, str], Awaitable[None]]
_guarded: list[bool] = []
_closing_tasks: set[asyncio.Task[None]] = set()


def guard_websocket(admit: EventFilter, disconnected: Disconnected) -> None:
    """Every event a socket sends passes `admit(namespace, sid, data)` first: it returns the data
    to process (possibly trimmed) or None to drop the event. After a socket closes (and Reflex
    has unlinked it), `disconnected(app, sid, token)` runs in a task of its own (token "" for a
    socket that named no tab)."""
    if _guarded:
        return
    from reflex.app import EventNamespace

    reflex_on_event = EventNamespace.on_event
    reflex_on_disconnect = EventNamespace.on_disconnect

    async def on_event(self: Any, sid: str, data: Any) -> None:
        admitted = await admit(self, sid, data)
        if admitted is not None:
            await reflex_on_event(self, sid, admitted)

    def on_disconnect(self: Any, sid: str, *reason: Any) -> asyncio.Task | None:
        token = self.sid_to_token.get(sid) or ""  # "": a socket that never named its tab
        unlinking = reflex_on_disconnect(self, sid)

        async def after() -> None:
            if unlinking is not None:
                await asyncio.wait([unlinking])
            await disconnected(self.app, sid, token)

        task = asyncio.get_running_loop().create_task(after())
        _closing_tasks.add(task)
        task.add_done_callback(_closing_tasks.discard)
        return unlinking

    patch(EventNamespace, "on_event", on_event)
    patch(EventNamespace, "on_disconnect", on_disconnect)
    _guarded.append(True)


def connection_address(namespace: Any, sid: str) -> str:
    """The visitor address of socket `sid` as Reflex worked it out at connect (trusted proxy
    hops applied); "" when unknown."""
    from reflex.constants import RouteVar

    static = getattr(namespace, "_static_router_data", {}).get(sid) or {}
    address = static.get(RouteVar.CLIENT_IP, "")
    return address if isinstance(address, str) else ""


async def close_socket(namespace: Any, sid: str) -> None:
    """Close socket `sid` (python-socketio's own disconnect)."""
    await namespace.disconnect(sid)


def storage_var_of(key: str) -> tuple[type, str] | None:
    """The (state class, field) a browser storage key of a `vars` payload names, read the way
    Reflex applies it (reflex.state._apply_client_storage_vars); None when it names none."""
    from reflex.state import State
    from reflex_base.constants.state import FIELD_MARKER

    state_name, _, field = key.rpartition(".")
    try:
        state_cls = State.get_class_substate(state_name)
    except Exception:  # an unknown state: Reflex would raise on it
        return None
    return state_cls, field.removesuffix(FIELD_MARKER)


@contextlib.asynccontextmanager
async def closed_tab_state(
    app: rx.App, token: str, first: type[BaseState] = rx.State
) -> AsyncIterator[BaseState | None]:
    """The root state of a tab whose socket closed, locked, to clear what it held; None when the
    tab is connected again meanwhile (a reload, a reconnect to another worker). What changes is
    not sent anywhere (nobody is there to receive it). With Redis only `first` and the states it
    needs are read at once, the others when asked for (`get_state`)."""
    from reflex.istate.manager.token import BaseStateToken

    async with app.modify_state(BaseStateToken(ident=token, cls=first)) as root:
        if await _connected_again(app, token):
            yield None
        else:
            yield root
        require(root, "_clean")
        root._clean()


async def forget_closed_tab(app: rx.App, token: str) -> bool:
    """Drop the state of a tab whose socket closed and has not come back (True when dropped), from
    the worker's memory or from Redis. Reflex keeps it for `redis_token_expiration` (an hour), some
    30-100 KB a tab in memory, 20 KB and 16 keys in Redis. If the tab reconnects later its hydrate
    builds the page again, as after a restart. Kept: a tab connected again, a state in use by an
    event."""
    from reflex.istate.manager.token import BaseStateToken

    states = _memory_states(app)
    if states is None:
        return await _forget_closed_tab_in_redis(app, token)
    key = states._coerce_token(BaseStateToken(ident=token, cls=rx.State))
    if key.cache_key not in states.states or await _connected_again(app, token) is not False:
        return False  # unknown (no token manager to ask) counts as connected: nothing dropped
    lock = await states._get_state_lock(key)
    if lock.locked():
        return False
    states._purge_token(key)
    return True


def _state_tree(cls: type[BaseState]) -> list[type[BaseState]]:
    return [cls, *(sub for child in cls.get_substates() for sub in _state_tree(child))]


# Deletes a tab's state keys (KEYS[2..]) unless its lock (KEYS[1]) is held: one round trip, and no
# lock of its own, whose taking and giving back Redis would announce to every worker.
_DELETE_UNLESS_LOCKED = """
if redis.call('exists', KEYS[1]) == 1 then return 0 end
redis.call('del', unpack(KEYS, 2))
return 1
"""


async def _forget_closed_tab_in_redis(app: rx.App, token: str) -> bool:
    """forget_closed_tab with Redis: every key of the tab's state tree is deleted, unless an event
    holds the tab's state (then Reflex's expiry applies), so whichever worker serves the tab next
    starts it afresh. A tab coming back while this runs either holds its lock (kept) or starts
    afresh, as after a restart. With REFLEX_OPLOCK_ENABLED a worker keeps a copy of a state only
    while it holds the state's lock (its lease), so a state without a lock has no copy left to
    write back."""
    from reflex.istate.manager.redis import StateManagerRedis
    from reflex.istate.manager.token import BaseStateToken

    manager = app.state_manager
    if not isinstance(manager, StateManagerRedis):
        return False
    require(manager, "_lock_key", "redis")
    if await _connected_again(app, token) is not False:
        return False
    tree = BaseStateToken(ident=token, cls=rx.State)
    keys = [tree._state_key(cls) for cls in _state_tree(rx.State)]
    deleted = await manager.redis.eval(_DELETE_UNLESS_LOCKED, 1 + len(keys), manager._lock_key(tree), *keys)  # type: ignore[misc]
    return bool(deleted)


async def peek_state(app: rx.App, token: str, cls: type[S]) -> S:
    """A tab's state `cls` as it is now, read without its lock (nothing written back): for a look
    that must not cost a lock's round trips, and the announcements Redis makes of them to every
    worker."""
    from reflex.istate.manager.token import BaseStateToken

    root = await app.state_manager.get_state(BaseStateToken(ident=token, cls=cls))
    return cast(S, await root.get_state(cls))
