"""The Reflex 0.10 internals the site cannot do without, in one place, checked at start-up.

Live updates need to know whether a visitor's websocket is on this worker (the token manager's
`token_to_socket`) and, like a page's first answer (first_answer.py), to queue an event for a
visitor (`app.event_processor.enqueue`) and which events are a page view (the hydrate, and
`on_load_internal` on a navigation inside the site); the error toast reads the page of the event that broke
(its `EventContext`, backend_errors.py); the
Redis layout fixes (redis_layout.py) replace two methods; the connection toast in the
page's language (components/connection.py) replaces Reflex's English overlay, found by its key in
rx.App's default `app_wraps`. Reflex has no public API for any of these. If an upgrade renames
one, `check(app)` (or, for the overlay, the app's import) stops the worker at start-up with the
list of what is missing, instead of live updates going quiet; tests/unit/test_reflex_internals.py
pins them against the installed Reflex.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import reflex as rx
from reflex.event import Event

# (class, attribute) pairs redis_layout.install() replaces.
PATCHED: list[tuple[type, str]] = []


class ReflexInternalsChanged(RuntimeError):
    """The installed Reflex lacks an internal the site relies on."""


def require(owner: Any, *names: str) -> None:
    missing = [name for name in names if not hasattr(owner, name)]
    if missing:
        where = getattr(owner, "__qualname__", type(owner).__qualname__)
        raise ReflexInternalsChanged(f"Reflex changed: {where} has no {', '.join(missing)} (see reflex_internals/)")


def patch(owner: type, name: str, replacement: Any) -> None:
    """Replace a Reflex method, after checking it is there to replace."""
    require(owner, name)
    setattr(owner, name, replacement)
    PATCHED.append((owner, name))


# Every private Reflex name the site touches, by the module and class it lives in. `check_names`
# reads them all when this folder is first imported (before anything is patched or used), so an
# upgrade that moves one stops the worker naming it; tests/unit/test_reflex_internals.py runs it too.
PRIVATE_NAMES: dict[str, tuple[str, ...]] = {
    "reflex.istate.manager.redis:StateManagerRedis": ("_wait_lock", "_notify_next_waiter"),
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
    "reflex.utils.exec": ("is_prod_mode",),
    "reflex.utils.format": ("format_event_handler",),
    "reflex.constants:Dirs": ("STATIC",),
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


def name_page_module(page: Any, module: str) -> None:
    """Reflex puts a page's memoized components in a module named after its function's module
    (.web/app_components/...): naming one per language keeps every page from loading all three."""
    page.__module__ = module


def _token_manager(app: rx.App) -> Any:
    return getattr(app.event_namespace, "_token_manager", None)


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
    if "router_data" not in getattr(EventContext, "__dataclass_fields__", {}):
        raise ReflexInternalsChanged("Reflex changed: its EventContext has no router_data (see reflex_internals/)")
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
