"""The site's state tree as a hydrate meets it, for the unit tests of reflex_internals' hydrate
steps (hydrate_snapshot, hydrate_diff): what the browser's build sends, and a tree with some
fields changed. Import the page modules first, so every state is in the tree."""

from __future__ import annotations

import asyncio
from typing import Any

import reflex.state
from reflex.state import State, _initial_snapshot_cache

from student_portal.reflex_internals import hydrate_diff
from student_portal.state.access_request import AccessRequestState
from student_portal.state.jobs import JobsState

# Reflex's own diff, whether or not an earlier test in the worker installed ours.
REFLEX_DIFF = hydrate_diff._reflex_diff or reflex.state._diff_against_initial_state


def browser_hashes(**changed: str) -> list[str]:
    """What the browser sends: its build's digest of state names, then each state's hash
    (`changed` gives some states another build's)."""
    asyncio.run(REFLEX_DIFF(State, {}, []))  # Reflex makes its defaults' snapshot
    cached = _initial_snapshot_cache[State]
    return [cached.names_digest, *(changed.get(name, cached.hashes[name]) for name in sorted(cached.hashes))]


def state_tree(**fields: dict[str, Any]) -> State:
    """A fresh tree with the given fields of AccessRequestState (`access`) and JobsState (`jobs`) set."""
    root = State(_reflex_internal_init=True)
    for cls, values in ((AccessRequestState, fields.get("access", {})), (JobsState, fields.get("jobs", {}))):
        for name, value in values.items():
            setattr(root.get_substate(cls._get_substate_path()), name, value)
    return root
