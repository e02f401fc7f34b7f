"""A hydrate's snapshot leaves out the states the browser holds at their defaults
(student_portal/reflex_internals/hydrate_snapshot.py), and the browser gets the same answer."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest
from reflex.state import BaseState, State, _diff_against_initial_state, _resolve_delta

import student_portal.pages  # noqa: F401 - every page, so every state (not the app module: it patches Reflex)
from student_portal.reflex_internals import hydrate_snapshot
from student_portal.state.access_request import AccessRequestState
from student_portal.state.schedule import ScheduleState
from tests.support.hydrate import browser_hashes, state_tree


@pytest.fixture(autouse=True)
def _dict_patched(monkeypatch: pytest.MonkeyPatch) -> None:
    """BaseState.dict replaced as hydrate_snapshot.install does, for these tests only."""
    original = hydrate_snapshot._reflex_dict or BaseState.dict  # the app module may have installed it
    monkeypatch.setattr(hydrate_snapshot, "_reflex_dict", original)
    monkeypatch.setattr(BaseState, "dict", hydrate_snapshot.dict_without_held_defaults)


async def _hydrate_snapshot(root: State, hashes: list[str], *, leave_out: bool) -> tuple[dict, dict]:
    """The snapshot as Reflex's hydrate takes it, and what is sent of it after its diff."""
    held = hydrate_snapshot.states_the_browser_holds(State, hashes) if leave_out else frozenset()
    token = hydrate_snapshot._held.set(held)
    try:
        snapshot = await _resolve_delta(root.dict())
    finally:
        hydrate_snapshot._held.reset(token)
    return snapshot, await _diff_against_initial_state(State, dict(snapshot), hashes)


@pytest.mark.parametrize(
    "fields",
    [{}, {"access": {"busy": True, "error": "down"}}, {"jobs": {"failed": True}, "access": {"sent": ""}}],
    ids=["fresh", "one state changed", "a field set to its default"],
)
def test_the_browser_gets_the_same_answer(fields: dict) -> None:
    hashes = browser_hashes()
    full, sent_by_reflex = asyncio.run(_hydrate_snapshot(state_tree(**fields), hashes, leave_out=False))
    shorter, sent = asyncio.run(_hydrate_snapshot(state_tree(**fields), hashes, leave_out=True))
    assert sent == sent_by_reflex
    assert len(shorter) < len(full) / 2, "most states of a fresh visit are left out"
    # A state with a computed var is always in it: its value may not be the compiled one.
    assert ScheduleState.get_full_name() in shorter
    assert (AccessRequestState.get_full_name() in shorter) == bool(
        {k: v for k, v in fields.get("access", {}).items() if v}
    )


def test_a_state_whose_compiled_defaults_the_browser_lacks_is_sent_whole() -> None:
    name = AccessRequestState.get_full_name()
    hashes = browser_hashes(**{name: "an older build's hash"})
    _, sent_by_reflex = asyncio.run(_hydrate_snapshot(state_tree(), hashes, leave_out=False))
    shorter, sent = asyncio.run(_hydrate_snapshot(state_tree(), hashes, leave_out=True))
    assert name in shorter and sent[name] == sent_by_reflex[name] and len(sent[name]) == 4


def test_hashes_of_another_build_leave_nothing_out() -> None:
    hashes = browser_hashes()
    assert hydrate_snapshot.states_the_browser_holds(State, ["another build", *hashes[1:]]) == frozenset()
    assert hydrate_snapshot.states_the_browser_holds(State, hashes[:-1]) == frozenset()
    assert hydrate_snapshot.states_the_browser_holds(State, None) == frozenset()


def test_only_a_hydrate_says_which_states_the_browser_holds() -> None:
    hashes = browser_hashes()
    hydrate, navigation = hydrate_snapshot.reflex_internals.page_view_events()
    middleware = hydrate_snapshot.HydrateSnapshotMiddleware(hydrate)

    async def held_after(name: str, payload: dict) -> frozenset[str]:
        await middleware.preprocess(None, None, SimpleNamespace(name=name, payload=payload))
        return hydrate_snapshot._held.get()

    async def run() -> None:
        assert AccessRequestState.get_full_name() in await held_after(hydrate, {"hashes": hashes})
        assert await held_after(navigation, {}) == frozenset()  # and a later event clears it
        assert await held_after(hydrate, {}) == frozenset()  # a hydrate without hashes

    asyncio.run(run())
