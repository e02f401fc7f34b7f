"""The hydrate's diff and browser-storage reset (student_portal/reflex_internals/hydrate_diff.py)
give what Reflex's own give: the same delta, the same values and the same changes marked."""

from __future__ import annotations

import asyncio
import dataclasses
import datetime
import math
import random
from typing import Any

import pytest
import reflex.state
from reflex.state import BaseState, State, _resolve_delta
from reflex.utils.format import json_dumps
from reflex_base.constants.state import FIELD_MARKER

import student_portal.pages  # noqa: F401 - every page, so every state (not the app module: it patches Reflex)
from student_portal.reflex_internals import hydrate_diff
from student_portal.state.access_request import AccessRequestState
from student_portal.state.auth import AuthState
from student_portal.state.favourites import FavouritesState
from student_portal.state.jobs import JobCard, JobsState
from tests.support.hydrate import REFLEX_DIFF, browser_hashes, state_tree

# Reflex's own, whether or not an earlier test in this worker installed ours.
REFLEX_RESET = hydrate_diff._reflex_reset or BaseState._reset_client_storage


@dataclasses.dataclass
class Row:
    title: str
    count: int = 0


# Values whose JSON texts are alike or nearly: the same value in another type, order or spelling.
# fmt: off
TRICKY = [
    0, 1, -1, 0.0, -0.0, 1.0, 1e16, 10**16, 0.1, 0.1 + 0.2, math.inf, -math.inf, math.nan, True, False, None,
    "", "0", "1", "null", "true", "a\"b", "a\\b", "\u00e9", "e\u0301", "ශ්‍රී", "\n", "\ud800",
    [], [0], [0.0], [False], [None], [[]], [{}], [1, 2], [2, 1], (1, 2), (),
    {}, {"a": 1}, {"a": 1.0}, {"a": 1, "b": 2}, {"b": 2, "a": 1}, {"1": "x"}, {1: "x"}, {True: "x"}, {None: 1},
    {"a": [1, {"b": None}]}, {"a": [1, {"b": False}]},
    Row("x"), Row("x", 0), Row("y"), [Row("x")], {"r": Row("x")},
    datetime.date(2026, 12, 1), datetime.datetime(2026, 12, 1, 8, 30), {1, 2}, b"x",
]
# fmt: on


def _random_json(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return rng.choice([0, 1, -7, 2**40, True, False, None])
    if kind == 1:
        return rng.choice([0.0, -0.0, 1.0, 0.5, 1e300, math.inf, math.nan])
    if kind in (2, 3, 4):
        return rng.choice(["", "a", "b", "ශ", "த", '"', "null"])
    if kind == 5:
        return rng.choice([(), (1,), Row("a"), datetime.date(2026, 1, 1)])
    if kind in (6, 7):
        return [_random_json(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(["a", "b", "c", 1]): _random_json(rng, depth + 1) for _ in range(rng.randrange(4))}


def _nearly(rng: random.Random, value: Any) -> Any:
    """A copy of `value`, sometimes changed in one small place (a type, an order, one item)."""
    if isinstance(value, list) and value and rng.random() < 0.7:
        changed = list(value)
        i = rng.randrange(len(changed))
        changed[i] = _nearly(rng, changed[i])
        return changed
    if isinstance(value, dict) and value and rng.random() < 0.7:
        items = list(value.items())
        if rng.random() < 0.3:
            return dict(reversed(items))
        i = rng.randrange(len(items))
        items[i] = (items[i][0], _nearly(rng, items[i][1]))
        return dict(items)
    if rng.random() < 0.5:
        return value
    return LOOKALIKE.get(repr(value), _random_json(rng, 3))


# A value (by its repr) and one of another type that looks like it.
LOOKALIKE = {"0": 0.0, "1": 1.0, "True": 1, "False": 0, "None": "null", "''": None, "0.0": -0.0}


def _check(a: Any, b: Any) -> bool | None:
    same = hydrate_diff.json_equal(a, b)
    if same is not None:
        assert same == (json_dumps(a) == json_dumps(b)), (a, b, same)
    return same


def test_json_equal_says_what_the_serializer_writes() -> None:
    told = 0
    for a in TRICKY:
        for b in TRICKY:
            told += _check(a, b) is not None
    assert told > len(TRICKY) ** 2 * 0.6, "most pairs are told without writing JSON"


def test_json_equal_on_random_nested_values() -> None:
    rng = random.Random(38)
    equal = differ = unknown = 0
    for _ in range(20_000):
        a = _random_json(rng)
        same = _check(a, _nearly(rng, a))
        equal += same is True
        differ += same is False
        unknown += same is None
    assert min(equal, differ, unknown) > 1_000, (equal, differ, unknown)


def test_json_equal_tells_only_json_types() -> None:
    assert hydrate_diff.json_equal((1, 2), (1, 2)) is None  # written as a list: not told
    assert hydrate_diff.json_equal(Row("x"), Row("x")) is None
    assert hydrate_diff.json_equal({1: "x"}, {1: "x"}) is None  # a key JSON writes as "1"
    assert hydrate_diff.json_equal([Row("x")], []) is False  # but a list of another length is
    assert hydrate_diff.json_equal(-0.0, 0.0) is False and hydrate_diff.json_equal(1, 1.0) is False


def _snapshot(**fields: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return asyncio.run(_resolve_delta(state_tree(**fields).dict()))


CARD = JobCard("j1", "Intern", "Co", "", True, False, "1 Dec 2026", "2026-12-01", "Full time", "Colombo")


@pytest.mark.parametrize(
    ("fields", "jobs_sent"),
    [
        ({}, set()),
        ({"access": {"busy": True, "error": "down"}}, set()),
        ({"jobs": {"page": [CARD], "total": 1, "count": "1 job"}}, {"page", "total", "count"}),
        # Equal in Python, not in JSON: sent.
        ({"jobs": {"shown": 0.0, "more": False, "failed": 0}}, {"shown", "failed"}),
        ({"jobs": {"page": [dataclasses.replace(CARD)], "count": ""}, "access": {"sent": ""}}, {"page"}),
    ],
    ids=["fresh", "one state changed", "a list of cards", "an equal value of another type", "defaults set again"],
)
def test_the_diff_sends_what_reflex_sends(fields: dict, jobs_sent: set[str]) -> None:
    hashes = browser_hashes()
    snapshot = _snapshot(**fields)
    expected = asyncio.run(REFLEX_DIFF(State, dict(snapshot), hashes))
    assert asyncio.run(hydrate_diff.diff_against_initial_state(State, dict(snapshot), hashes)) == expected
    sent = expected.get(JobsState.get_full_name(), {})
    assert {name for name in fields.get("jobs", {}) if name + FIELD_MARKER in sent} == jobs_sent


def test_a_state_the_browser_lacks_and_another_build_are_sent_whole() -> None:
    name = AccessRequestState.get_full_name()
    snapshot = _snapshot()
    older = browser_hashes(**{name: "an older build's hash"})
    sent = asyncio.run(hydrate_diff.diff_against_initial_state(State, dict(snapshot), older))
    assert sent == asyncio.run(REFLEX_DIFF(State, dict(snapshot), older)) and sent[name] == snapshot[name]
    other_build = ["another build", *older[1:]]
    assert asyncio.run(hydrate_diff.diff_against_initial_state(State, dict(snapshot), other_build)) == snapshot


def test_before_reflex_has_its_snapshot_reflex_diffs(monkeypatch: pytest.MonkeyPatch) -> None:
    hashes = browser_hashes()
    snapshot = _snapshot(jobs={"count": "2 jobs"})
    monkeypatch.setattr(reflex.state, "_initial_snapshot_cache", {})  # a worker's first hydrate
    sent = asyncio.run(hydrate_diff.diff_against_initial_state(State, dict(snapshot), hashes))
    assert State in reflex.state._initial_snapshot_cache, "Reflex's own diff made its snapshot"
    assert sent == asyncio.run(REFLEX_DIFF(State, dict(snapshot), hashes))
    assert sent[JobsState.get_full_name()] == {"count" + FIELD_MARKER: "2 jobs"}


def _stored_tree() -> State:
    root = State(_reflex_internal_init=True)
    root.get_substate(AuthState._get_substate_path()).stored_auth = '{"token": "t"}'
    root.get_substate(FavouritesState._get_substate_path()).pending = "job:j1"
    root.get_substate(JobsState._get_substate_path()).count = "3 jobs"  # not browser storage: kept
    root._clean()
    return root


def _values_and_marks(root: BaseState) -> dict[str, tuple[dict[str, Any], set[str]]]:
    out = {root.get_full_name(): ({name: getattr(root, name) for name in root.base_vars}, set(root.dirty_vars))}
    for substate in root.substates.values():
        out.update(_values_and_marks(substate))
    return out


def test_the_reset_sets_what_reflex_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    theirs, ours = _stored_tree(), _stored_tree()
    monkeypatch.setattr(BaseState, "_reset_client_storage", REFLEX_RESET)
    theirs._reset_client_storage()
    monkeypatch.setattr(BaseState, "_reset_client_storage", hydrate_diff.reset_client_storage)
    ours._reset_client_storage()
    assert _values_and_marks(ours) == _values_and_marks(theirs)
    assert ours.get_substate(AuthState._get_substate_path()).stored_auth == ""
    assert ours.get_substate(FavouritesState._get_substate_path()).pending == ""
    assert ours.get_substate(JobsState._get_substate_path()).count == "3 jobs"
