"""The Reflex internals the site relies on (student_portal/reflex_internals/core.py) exist in the
installed Reflex, and a Reflex without one stops the worker at start-up, saying which."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest
from reflex.istate.manager.redis import StateManagerRedis
from reflex.utils.token_manager import LocalTokenManager, RedisTokenManager

from student_portal import reflex_internals
from student_portal.reflex_internals import ReflexInternalsChanged


def test_the_installed_reflex_has_every_internal_we_use() -> None:
    reflex_internals.require(LocalTokenManager(), "token_to_socket", "instance_id")
    reflex_internals.require(RedisTokenManager, "link_token_to_sid")
    reflex_internals.require(StateManagerRedis, "_wait_lock", "_lock_key")
    # A field of each instance (forget_closed_tab with Redis).
    assert "redis" in {field.name for field in dataclasses.fields(StateManagerRedis)}
    from reflex.app import App, EventProcessor

    reflex_internals.require(App, "event_processor", "event_namespace")
    reflex_internals.require(EventProcessor, "enqueue")


def test_a_renamed_internal_fails_loudly_and_names_itself() -> None:
    renamed = SimpleNamespace(event_namespace=SimpleNamespace(_token_manager=SimpleNamespace(instance_id="x")))
    with pytest.raises(ReflexInternalsChanged, match="token_to_socket"):
        reflex_internals.require(renamed.event_namespace._token_manager, "token_to_socket", "instance_id")
    with pytest.raises(ReflexInternalsChanged, match="no _wait_lock_v2"):
        reflex_internals.patch(StateManagerRedis, "_wait_lock_v2", lambda *a: None)
    assert not hasattr(StateManagerRedis, "_wait_lock_v2")


def test_only_the_adapter_may_reach_into_reflex_internal_packages() -> None:
    from pathlib import Path

    door = Path(reflex_internals.__file__).parent
    package = door.parent
    internal = ("reflex_base", "reflex_components_core")
    offenders = [
        str(path.relative_to(package))
        for path in sorted(package.rglob("*.py"))
        if door not in path.parents and any(name in path.read_text() for name in internal)
    ]
    assert offenders == []


def test_reflex_connection_overlay_is_dropped_by_its_key_and_a_moved_one_is_named() -> None:
    from reflex.app import App

    app = SimpleNamespace(app_wraps=App.__dataclass_fields__["app_wraps"].default_factory())  # type: ignore[misc]
    assert reflex_internals.CONNECTION_OVERLAY in app.app_wraps
    reflex_internals.without_connection_overlay(app)  # type: ignore[arg-type]
    assert reflex_internals.CONNECTION_OVERLAY not in app.app_wraps
    assert app.app_wraps  # the error boundary and the rest stay
    with pytest.raises(ReflexInternalsChanged, match="Overlay"):
        reflex_internals.without_connection_overlay(app)  # type: ignore[arg-type]


def test_the_router_data_of_the_event_being_handled_and_none_outside_one() -> None:
    import contextvars

    from reflex_base.event.context import EventContext

    def inside() -> dict:
        EventContext.set(
            EventContext(token="t", state_manager=None, enqueue_impl=None, router_data={"asPath": "/si/jobs"})  # type: ignore[arg-type]
        )
        return reflex_internals.event_router_data()

    assert contextvars.Context().run(inside) == {"asPath": "/si/jobs"}
    assert contextvars.Context().run(reflex_internals.event_router_data) == {}


def test_every_private_name_the_door_lists_is_in_the_installed_reflex() -> None:
    reflex_internals.check_names()  # as the door's import does at start-up
    assert reflex_internals.PRIVATE_NAMES  # and it is the list the site's code uses (next test)


def test_a_moved_private_name_or_module_is_named_at_start_up() -> None:
    moved = {
        "reflex.istate.manager.redis:StateManagerRedis": ("_wait_lock", "_wait_lock_v3"),
        "reflex.no_such_module:Thing": ("x",),
        "reflex.app:NoSuchClass": ("x",),
    }
    with pytest.raises(ReflexInternalsChanged) as raised:
        reflex_internals.check_names(moved)
    message = str(raised.value)
    assert "StateManagerRedis._wait_lock_v3" in message
    assert "no module reflex.no_such_module" in message
    assert "reflex.app has no NoSuchClass" in message
    assert "._wait_lock;" not in message and not message.count("_wait_lock,")


def test_private_reflex_names_are_used_only_behind_the_door() -> None:
    """Outside student_portal/reflex_internals/, no module names a private Reflex module or name."""
    import re
    from pathlib import Path

    door = Path(reflex_internals.__file__).parent
    package = door.parent
    private_names = {
        name for names in reflex_internals.PRIVATE_NAMES.values() for name in names if name.startswith("_")
    }
    private_names -= {"__init__"}
    pattern = re.compile(
        r"reflex_base|reflex_components_core|reflex\.istate|reflex\.utils\.(token_manager|format|exec|prerequisites)"
        r"|\.__module__\s*=|_token_manager\b|" + "|".join(re.escape(name) + r"\b" for name in sorted(private_names))
    )
    offenders = [
        f"{path.relative_to(package)}: {match.group(0)}"
        for path in sorted(package.rglob("*.py"))
        if door not in path.parents
        for match in [pattern.search(path.read_text())]
        if match
    ]
    assert offenders == []


def test_the_websocket_door_finds_what_it_wraps_and_reads() -> None:
    from reflex.app import EventNamespace
    from reflex.utils.token_manager import TokenManager

    from student_portal.state.auth import AuthState

    reflex_internals.require(EventNamespace, "on_event", "on_disconnect", "disconnect", "sid_to_token")
    reflex_internals.require(TokenManager, "is_token_connected")
    namespace = SimpleNamespace(_static_router_data={"sid1": {"ip": "198.51.100.4"}})
    assert reflex_internals.connection_address(namespace, "sid1") == "198.51.100.4"
    assert reflex_internals.connection_address(namespace, "other") == ""
    key = f"{AuthState.get_full_name()}.stored_auth_rx_state_"
    assert reflex_internals.storage_var_of(key) == (AuthState, "stored_auth")
    assert reflex_internals.storage_var_of("nothing.here") is None


def test_reflex_keeps_a_tabs_token_under_the_session_storage_key_head_js_clears() -> None:
    """assets/head.js drops the tab's token when the page's language changes, so the page does not
    show the rows its state holds in the other language: Reflex's frontend must still keep it there."""
    from pathlib import Path

    import reflex_base

    state_js = Path(reflex_base.__file__).parent / ".templates" / "web" / "utils" / "state.js"
    assert 'const TOKEN_KEY = "token";' in state_js.read_text()
    head_js = Path(__file__).resolve().parents[2] / "assets" / "head.js"
    assert 'sessionStorage.removeItem("token")' in head_js.read_text()


def test_a_reflex_that_writes_states_another_way_stops_the_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    """redis_layout deletes a state at its defaults with a script of the same KEYS and ARGV as
    Reflex's fenced write; another write (other arguments, other order) is named at start-up."""
    import reflex.istate.manager.redis as reflex_redis

    from student_portal.reflex_internals import redis_layout

    monkeypatch.setattr(reflex_redis, "_FENCED_SAVE_SCRIPT", "return redis.call('SET', KEYS[1], ARGV[1])")
    with pytest.raises(ReflexInternalsChanged, match="_FENCED_SAVE_SCRIPT"):
        redis_layout.install()
    assert reflex_redis._FENCED_SAVE_SCRIPT == "return redis.call('SET', KEYS[1], ARGV[1])"  # left as found


def test_a_state_is_at_its_defaults_until_one_of_its_fields_differs() -> None:
    """What redis_layout leaves out of Redis: cached computed values do not count, as a fresh state
    computes them again; what the browser was last sent of an uncached var does."""
    from student_portal.reflex_internals.redis_layout import at_defaults
    from student_portal.state.auth import AuthState
    from student_portal.state.search import SearchState

    box = SearchState(_reflex_internal_init=True, init_substates=False)
    assert at_defaults(box)
    assert box.all_results_href == "/search" and at_defaults(box)  # its cached value left out
    box.query = "physics"
    assert not at_defaults(box)
    box.query = ""
    assert at_defaults(box)
    box.suggestions = []  # a new list, equal to the default
    assert at_defaults(box)

    auth = AuthState(_reflex_internal_init=True, init_substates=False)
    assert auth.role == "" and at_defaults(auth)  # uncached: nothing kept on the state
    auth.stored_auth = "a token"
    assert not at_defaults(auth)
    vars(auth).pop("stored_auth")
    assert at_defaults(auth)
    # What the browser was sent (kept by Reflex when it delivers a delta): without it, every event
    # would send the var again.
    vars(auth)[AuthState.computed_vars["role"]._last_delta_key_attr] = ("a tab's token", (str, ""))
    assert not at_defaults(auth)

    class Uncomparable:
        def __ne__(self, other: object) -> bool:
            raise TypeError("no comparing")

    box = SearchState(_reflex_internal_init=True, init_substates=False)
    vars(box)["query"] = Uncomparable()
    assert not at_defaults(box)  # kept, as Reflex keeps it
