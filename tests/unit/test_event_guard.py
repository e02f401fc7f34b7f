"""The websocket's door (student_portal/server/event_guard.py): events per connection and per visitor
address, and the browser storage values a tab may hand the server (issue 36, findings 1-2)."""

from __future__ import annotations

import json

import pytest

from student_portal.constants import Limit
from student_portal.server import event_guard
from student_portal.server.event_guard import EventLimits, TokenBucket, Verdict, bounded_event
from student_portal.state.auth import AuthState, dump_stored_auth
from student_portal.state.favourites import FavouritesState

# The two events that carry storage values, as the compiled frontend names them.
HYDRATE = "reflex___state____state.hydrate_and_load"
UPDATE_VARS = "reflex___state____update_vars_internal_state.update_vars_internal"
# As Reflex's compiled frontend names them (reflex/compiler/utils.py, client storage).
AUTH_KEY = f"{AuthState.get_full_name()}.stored_auth_rx_state_"
PENDING_KEY = f"{FavouritesState.get_full_name()}.pending_rx_state_"


def _verdicts(limits: EventLimits, sid: str, address: str, count: int, now: float = 0.0) -> list[Verdict]:
    return [limits.admit(sid, address, now) for _ in range(count)]


def test_a_bucket_gives_its_burst_then_its_rate() -> None:
    bucket = TokenBucket(3, 2.0, stamp=0.0)
    assert [bucket.take(0.0) for _ in range(4)] == [True, True, True, False]
    assert bucket.take(0.5) and not bucket.take(0.5)  # one more per half second
    assert bucket.idle(10.0) and not bucket.idle(0.5)


def test_one_flooding_connection_is_held_to_its_rate_and_others_are_not() -> None:
    limits = EventLimits(connection=(5, 1.0), address=(100, 10.0), close_after=1000)
    assert _verdicts(limits, "flood", "203.0.113.1", 8) == [Verdict.ADMIT] * 5 + [Verdict.DROP] * 3
    assert limits.admit("other", "203.0.113.2", 0.0) is Verdict.ADMIT
    assert limits.admit("flood", "203.0.113.1", 1.0) is Verdict.ADMIT  # its rate refills


def test_many_connections_from_one_address_share_its_limit() -> None:
    limits = EventLimits(connection=(5, 1.0), address=(12, 1.0), close_after=1000)
    verdicts = [v for n in range(5) for v in _verdicts(limits, f"tab{n}", "203.0.113.9", 5)]
    assert verdicts.count(Verdict.ADMIT) == 12
    assert limits.admit("elsewhere", "198.51.100.7", 0.0) is Verdict.ADMIT


def test_no_address_limit_when_it_is_turned_off() -> None:
    limits = EventLimits(connection=(5, 1.0), address=None)
    verdicts = [v for n in range(50) for v in _verdicts(limits, f"tab{n}", "127.0.0.1", 1)]
    assert verdicts == [Verdict.ADMIT] * 50


def test_a_connection_that_keeps_flooding_is_closed_and_forgotten_after() -> None:
    limits = EventLimits(connection=(2, 0.0), address=None, close_after=3)
    assert _verdicts(limits, "s", "a", 5) == [Verdict.ADMIT, Verdict.ADMIT, Verdict.DROP, Verdict.DROP, Verdict.CLOSE]
    limits.forget("s")
    assert len(limits) == 0


def test_idle_address_buckets_are_swept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(event_guard, "ADDRESS_SWEEP_AT", 3)
    limits = EventLimits(connection=(5, 1.0), address=(5, 1.0))
    for n in range(3):
        limits.admit(f"s{n}", f"a{n}", 0.0)
        limits.forget(f"s{n}")
    limits.admit("late", "new", 100.0)  # the three others are full again: gone
    assert len(limits._addresses) == 1


# --- storage values --------------------------------------------------------------------------


def _event(name: str, values: object) -> dict:
    return {"name": name, "payload": {"vars": values}, "router_data": {"pathname": "/"}}


def test_real_storage_values_pass_on_the_hydrate_and_in_update_vars() -> None:
    auth = dump_stored_auth("eyJ" + "a" * 300, {"id": "u" * 15, "email": "x" * 200 + "@t.lk", "role": "notes"})
    assert len(auth) < Limit.AUTH_ITEM_MAX_CHARS
    values = {AUTH_KEY: auth, PENDING_KEY: "class_recording:abcdefghijklmno"}
    for name in (HYDRATE, UPDATE_VARS):
        assert bounded_event(_event(name, values)) == _event(name, values)


def test_oversize_or_odd_storage_values_are_refused() -> None:
    values = {
        AUTH_KEY: "x" * (Limit.AUTH_ITEM_MAX_CHARS + 1),  # ~900 KB sent by 300 tabs in the attack
        PENDING_KEY: "recording:" + "y" * Limit.PENDING_SAVE_MAX_CHARS,
        AUTH_KEY.removesuffix("_rx_state_"): {"nested": "x"},  # not text
        "reflex___state____state.no_such_state.value": "v",  # no such state
        f"{AuthState.get_full_name()}.logging_out": "true",  # no storage field
    }
    assert bounded_event(_event(HYDRATE, values))["payload"]["vars"] == {}
    assert bounded_event(_event(UPDATE_VARS, "not a dict"))["payload"]["vars"] == {}


def test_other_events_pass_untouched_and_non_events_not_at_all() -> None:
    other = {"name": "x.y.z", "payload": {"form": {AUTH_KEY: "x" * 10_000}}}
    assert bounded_event(other) is other
    # Another spelling of the storage event's name is bounded all the same.
    long_name = "reflex___state____state.reflex___state____update_vars_internal_state.update_vars_internal"
    assert bounded_event(_event(long_name, {AUTH_KEY: "x" * 10_000}))["payload"]["vars"] == {}
    assert bounded_event(json.dumps(_event(HYDRATE, {PENDING_KEY: "job:abc"}))) == _event(
        HYDRATE, {PENDING_KEY: "job:abc"}
    )
    for garbage in ("{not json", 42, ["event"], None):
        assert bounded_event(garbage) is None


def test_a_closed_socket_leaves_no_entry_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    monkeypatch.setattr(event_guard, "_limits", [EventLimits()])
    monkeypatch.setattr(event_guard, "_active", set())
    namespace = type("Namespace", (), {"_static_router_data": {}})()

    async def connect_send_close() -> None:
        for sid in ("with-tab", "no-tab"):
            assert await event_guard.admit(namespace, sid, {"name": "x.y", "payload": {}}) is not None
        # A socket that never named its tab: nothing to clear, nothing kept.
        await event_guard.disconnected(None, "no-tab", "")  # type: ignore[arg-type]

    asyncio.run(connect_send_close())
    assert event_guard._active == {"with-tab"} and len(event_guard._limits[0]._connections) == 1


def test_ipv6_visitors_share_their_64s_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 49, finding 5: twelve addresses of one /64 each had a fresh allowance."""
    import asyncio

    from student_portal import reflex_internals

    monkeypatch.setattr(event_guard, "_limits", [EventLimits(connection=(5, 0.0), address=(12, 0.0))])
    monkeypatch.setattr(event_guard, "_active", set())
    addresses = {f"tab{n}": f"2001:db8:49:1::{n + 1:x}" for n in range(12)} | {"other": "2001:db8:49:2::1"}
    monkeypatch.setattr(reflex_internals, "connection_address", lambda namespace, sid: addresses[sid])
    monkeypatch.setattr(event_guard.reflex_internals, "connection_address", lambda namespace, sid: addresses[sid])

    async def send() -> list[bool]:
        admitted = []
        for sid in [s for s in addresses if s != "other"]:
            admitted.append(await event_guard.admit(None, sid, {"name": "x.y", "payload": {}}) is not None)
            admitted.append(await event_guard.admit(None, sid, {"name": "x.y", "payload": {}}) is not None)
        admitted.append(await event_guard.admit(None, "other", {"name": "x.y", "payload": {}}) is not None)
        return admitted

    admitted = asyncio.run(send())
    assert admitted[:-1].count(True) == 12  # the /64's 12, not 2 x 12
    assert admitted[-1]  # the next /64 is another visitor


@pytest.mark.parametrize(
    "address, counted",
    [
        ("203.0.113.7", "203.0.113.7"),
        (" 203.0.113.7 ", "203.0.113.7"),
        ("2001:db8:49:1:aaaa:bbbb:cccc:dddd", "2001:db8:49:1::"),
        ("2001:db8:49:1::1", "2001:db8:49:1::"),
        ("::ffff:198.51.100.4", "198.51.100.4"),
        ("::1", "::"),
        ("not an address", None),
        ("", None),
        (None, None),
    ],
)
def test_a_visitor_is_counted_by_their_ipv4_address_or_ipv6_64(address, counted) -> None:
    from student_portal.utils.visitors import visitor_address

    assert visitor_address(address) == counted
