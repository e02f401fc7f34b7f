"""Two steps of Reflex 0.10.1's hydrate, done with less of the worker's time and the same result.

The hydrate (the first event of every visit and reconnect) resets each state's browser-storage
vars, then compares every var of its snapshot with the default the browser's build holds.
Profiled under 500 visitors at once on `/`, the two were a tenth of the worker's CPU:

- **The reset** (`BaseState._reset_client_storage`) looks up, for each of the 183 vars of the
  tree's 42 states, whether it is a browser-storage var; two of them are. Here each class's list
  of them is found once, and each state sets only those, as Reflex sets them.
- **The comparison** (`reflex.state._diff_against_initial_state`) writes every value as JSON to
  compare it with the default's JSON text, the content of the page's sections included, which
  the answer then writes again. Here a value made of JSON's own types (str, int, float, bool,
  None, lists, dicts with str keys) is first compared with the default's Python value
  (`json_equal`), which tells exactly whether the two JSON texts are equal: a list of twenty news
  items against the default's empty one differs at its length. Any other value (a dataclass, a
  date, a tuple) is written as JSON and compared, as Reflex does. The delta sent is the same.
"""

from __future__ import annotations

import copy
from typing import Any

from student_portal import reflex_internals
from student_portal.reflex_internals import browser_storage
from student_portal.reflex_internals.hydrate_snapshot import current_snapshot, states_the_browser_holds

# Reflex's state module, whose private names (PRIVATE_NAMES) are read on every hydrate.
_STATE = reflex_internals.resolve("reflex.state")
_JSON_TYPES = frozenset({str, int, float, bool, type(None), list, dict})
_EQUAL_WHEN_EQUAL = frozenset({str, int, bool, type(None)})  # their JSON differs when their values do

# Reflex's own diff and reset, kept by install() before they are replaced.
_reflex_diff: Any = None
_reflex_reset: Any = None
# Per root state class: (Reflex's snapshot of the compiled defaults, the same defaults as Python
# values, only those whose JSON is the snapshot's text).
_python_defaults: dict[type, tuple[Any, dict[str, dict[str, Any]]]] = {}


def json_equal(a: Any, b: Any) -> bool | None:
    """Whether Reflex's serializer writes `a` and `b` as the same JSON text, when both are made
    of JSON's own types (str keys only); None when it cannot tell without writing them."""
    kind = type(a)
    if kind is not type(b):
        # Two different JSON types never write the same text (1 and 1.0, 0 and false, [] and {}).
        return False if kind in _JSON_TYPES and type(b) in _JSON_TYPES else None
    if kind in _EQUAL_WHEN_EQUAL:
        return a == b
    if kind is float:
        return repr(a) == repr(b)  # what the encoder writes (nan, inf: their names)
    if kind is list:
        if len(a) != len(b):
            return False
        return _all_equal(zip(a, b, strict=True))
    if kind is dict:
        if not all(type(key) is str for key in a) or not all(type(key) is str for key in b):
            return None  # JSON writes other keys as strings: {1: x} and {"1": x} look alike
        if list(a) != list(b):
            return False  # other keys, or the same in another order (Reflex does not sort them)
        return _all_equal((a[key], b[key]) for key in a)
    return None


def _all_equal(pairs: Any) -> bool | None:
    unknown = False
    for x, y in pairs:
        same = json_equal(x, y)
        if same is False:
            return False
        unknown = unknown or same is None
    return None if unknown else True


async def diff_against_initial_state(root_cls: Any, delta: dict[str, dict[str, Any]], hashes: list[str]) -> Any:
    """Reflex's `_diff_against_initial_state`, comparing values before writing them as JSON: a
    state the browser's hashes say it holds at its compiled defaults gets the vars that differ
    from them, any other is sent whole (all of them, for another build's hashes)."""
    cached = current_snapshot(root_cls)
    if cached is None:
        # Reflex makes its snapshot first (and before install(), in a test, is the only diff).
        return await (_reflex_diff or _STATE._diff_against_initial_state)(root_cls, delta, hashes)
    held = states_the_browser_holds(root_cls, hashes)
    defaults = await _defaults_of(root_cls, cached)
    diff: dict[str, dict[str, Any]] = {}
    for state_name, state_vars in delta.items():
        if state_name not in held:
            diff[state_name] = state_vars
            continue
        default_texts, default_values = cached.serialized[state_name], defaults.get(state_name, {})
        changed = {}
        for name, value in state_vars.items():
            if name not in default_texts:
                changed[name] = value
                continue
            same = json_equal(value, default_values[name]) if name in default_values else None
            if same is None:
                same = _STATE._serialize_var(value) == default_texts[name]
            if not same:
                changed[name] = value
        if changed:
            diff[state_name] = changed
    return diff


async def _defaults_of(root_cls: Any, cached: Any) -> dict[str, dict[str, Any]]:
    """The compiled defaults as Python values, made once per Reflex snapshot as Reflex makes it
    (a fresh tree's dict, initial values of computed vars), keeping only the values whose JSON is
    the snapshot's own text."""
    known = _python_defaults.get(root_cls)
    if known is not None and known[0] is cached:
        return known[1]
    snapshot = await _STATE._resolve_delta(root_cls(_reflex_internal_init=True).dict(initial=True))
    serialize = _STATE._serialize_var
    values = {
        state_name: {
            name: copy.deepcopy(value)
            for name, value in state_vars.items()
            if serialize(value) == cached.serialized.get(state_name, {}).get(name)
        }
        for state_name, state_vars in snapshot.items()
    }
    _python_defaults[root_cls] = (cached, values)
    return values


def reset_client_storage(self: Any) -> None:
    """Reflex's `_reset_client_storage`: each state's browser-storage vars set to their defaults,
    reading each class's list of them once; in a lost tree's snapshot, to the values kept for its
    tab (browser_storage.py)."""
    fields = browser_storage.client_storage_fields(type(self))
    restored = browser_storage.restored_values(self) if fields else {}
    for name, field in fields:
        setattr(self, name, restored[name] if name in restored else field.default_value())
    for substate in self.substates.values():
        substate._reset_client_storage()


def install() -> None:
    """Replace Reflex's hydrate diff and its browser-storage reset."""
    global _reflex_diff, _reflex_reset
    if _reflex_diff is None:
        _reflex_diff = _STATE._diff_against_initial_state
        _reflex_reset = _STATE.BaseState._reset_client_storage
    reflex_internals.patch(_STATE, "_diff_against_initial_state", diff_against_initial_state)
    reflex_internals.patch(_STATE.BaseState, "_reset_client_storage", reset_client_storage)
