"""A hydrate's snapshot without the states the browser already holds as they are.

Reflex 0.10.1's hydrate (the first event of every visit and reconnect) builds the dict of the
whole state tree, every var of every state, and then drops each var whose serialised value is the
default the browser's build carries (`_diff_against_initial_state`, for each state whose compiled
defaults the browser's hashes say it holds). A state with no computed var, all of whose fields
are at their defaults, is therefore dropped whole: on a first view of `/`, most of the site's
states. Here such a state is left out of the snapshot instead of being built, serialised and
compared: the answer the browser gets is the same, for less of the worker's time.

A state is left out only when the hydrate's hashes say the browser holds that state's compiled
defaults (else Reflex sends it whole, and so it is sent), when the class has no computed var (a
computed value may differ from the compiled one), and when every field it holds equals its
default (`redis_layout.at_defaults`: a field never read holds nothing yet).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

import reflex as rx

from student_portal import reflex_internals
from student_portal.reflex_internals.redis_layout import at_defaults

# The full names of the states the hydrate being handled says the browser holds at their compiled
# defaults; empty outside a hydrate. Set by the middleware for every event it sees.
_held: ContextVar[frozenset[str]] = ContextVar("states_the_browser_holds", default=frozenset())
# Reflex's own BaseState.dict, kept by install() before it is replaced.
_reflex_dict: Callable[..., dict[str, Any]] | None = None


def current_snapshot(root_cls: type[rx.State]) -> Any:
    """Reflex's snapshot of the compiled defaults (`_InitialSnapshot`), or None before this
    worker has made it for the state classes it now has (Reflex makes it at its first hydrate)."""
    state_module = reflex_internals.resolve("reflex.state")
    cached = state_module._initial_snapshot_cache.get(root_cls)
    if cached is None or cached.n_state_classes != len(state_module.all_base_state_classes):
        return None
    return cached


def states_the_browser_holds(root_cls: type[rx.State], hashes: Any) -> frozenset[str]:
    """The states whose compiled defaults the browser's hashes match, as Reflex's diff reads
    them; none before this worker has that snapshot, or for another build's hashes."""
    cached = current_snapshot(root_cls)
    if (
        cached is None
        or not isinstance(hashes, list)
        or len(hashes) != len(cached.hashes) + 1
        or hashes[0] != cached.names_digest
    ):
        return frozenset()
    names = sorted(cached.hashes)
    return frozenset(name for name, held in zip(names, hashes[1:], strict=True) if held == cached.hashes[name])


def dict_without_held_defaults(self: Any, include_computed: bool = True, initial: bool = False, **kwargs: Any):
    """Reflex's BaseState.dict, leaving out a state the browser holds as it is (in a hydrate)."""
    assert _reflex_dict is not None, "install() keeps Reflex's dict before replacing it"
    held = _held.get()
    if held and include_computed and not initial and _left_out(self, held):
        snapshot: dict[str, Any] = {}
        for substate in self.substates.values():
            snapshot.update(substate.dict(include_computed=include_computed, initial=initial, **kwargs))
        return snapshot
    return _reflex_dict(self, include_computed=include_computed, initial=initial, **kwargs)


def _left_out(state: Any, held: frozenset[str]) -> bool:
    cls: Any = type(state)
    return (
        state.parent_state is not None and not _has_computed(cls) and cls.get_full_name() in held and at_defaults(state)
    )


@functools.cache
def _has_computed(cls: Any) -> bool:
    return bool(cls.computed_vars)


class HydrateSnapshotMiddleware(rx.Middleware):
    """Tells dict_without_held_defaults, for each event, which states the browser holds (none
    but in a hydrate)."""

    def __init__(self, hydrate_event: str) -> None:
        self._hydrate_event = hydrate_event

    async def preprocess(self, app: Any, state: Any, event: Any) -> None:
        held: frozenset[str] = frozenset()
        if event.name == self._hydrate_event:
            held = states_the_browser_holds(rx.State, (event.payload or {}).get("hashes"))
        _held.set(held)
        return None


def install(app: rx.App) -> None:
    """Replace Reflex's BaseState.dict and add the middleware that feeds it."""
    global _reflex_dict
    snapshot = reflex_internals.resolve("reflex.state:_InitialSnapshot")
    snapshot_fields = {field.name for field in dataclasses.fields(snapshot)}
    if missing := {"n_state_classes", "names_digest", "hashes"} - snapshot_fields:
        raise reflex_internals.ReflexInternalsChanged(
            f"Reflex changed: reflex.state._InitialSnapshot has no {', '.join(sorted(missing))} (see reflex_internals/)"
        )
    base_state = reflex_internals.resolve("reflex.state:BaseState")
    if _reflex_dict is None:
        _reflex_dict = base_state.dict
    reflex_internals.patch(base_state, "dict", dict_without_held_defaults)
    hydrate_event, _ = reflex_internals.page_view_events()
    app.add_middleware(HydrateSnapshotMiddleware(hydrate_event))
