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
