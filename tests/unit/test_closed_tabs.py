"""A closed tab's state leaves the worker's memory after a short while (issue 38: Reflex alone
keeps it an hour). Reflex's own in-memory state manager and token manager, no site; the same in
Redis is tested on a real Redis (tests/integration/test_redis_layout_fixes.py)."""

from __future__ import annotations

import asyncio
import uuid
from types import SimpleNamespace

import pytest
import reflex as rx
from reflex.istate.manager.memory import StateManagerMemory
from reflex.istate.manager.token import BaseStateToken
from reflex.utils.token_manager import LocalTokenManager

from student_portal import reflex_internals
from student_portal.server import event_guard
from student_portal.server.event_guard import EventLimits


def _app() -> SimpleNamespace:
    """What forget_closed_tab reads of rx.App: its state manager and its websocket's token manager."""
    namespace = SimpleNamespace(_token_manager=LocalTokenManager())
    return SimpleNamespace(state_manager=StateManagerMemory(), event_namespace=namespace)


def _key(token: str) -> BaseStateToken:
    return BaseStateToken(ident=token, cls=rx.State)


def _kept(app: SimpleNamespace, token: str) -> bool:
    return _key(token).cache_key in app.state_manager.states


def test_a_closed_tabs_state_is_dropped_and_an_open_or_busy_one_kept() -> None:
    async def scenario() -> None:
        app = _app()
        closed, open_, busy = (str(uuid.uuid4()) for _ in range(3))
        for token in (closed, open_, busy):
            await app.state_manager.get_state(_key(token))
        await app.event_namespace._token_manager.link_token_to_sid(open_, "sid-open")

        assert await reflex_internals.forget_closed_tab(app, closed)
        assert not _kept(app, closed)
        assert not await reflex_internals.forget_closed_tab(app, closed)  # nothing left to drop

        assert not await reflex_internals.forget_closed_tab(app, open_)
        assert _kept(app, open_)

        async with app.state_manager.modify_state(_key(busy)):
            assert not await reflex_internals.forget_closed_tab(app, busy)
        assert _kept(app, busy)
        assert await reflex_internals.forget_closed_tab(app, busy)  # once the event is done
        await app.state_manager.close()

    asyncio.run(scenario())


def test_a_state_manager_of_another_kind_is_left_alone() -> None:
    """Neither Reflex's in-memory manager nor its Redis one (Redis: tests/integration/test_redis_layout_fixes.py)."""

    async def scenario() -> None:
        app = _app()
        app.state_manager = SimpleNamespace(states={})
        assert not await reflex_internals.forget_closed_tab(app, str(uuid.uuid4()))

    asyncio.run(scenario())


def test_without_a_token_manager_to_ask_nothing_is_dropped() -> None:
    async def scenario() -> None:
        app = _app()
        app.event_namespace._token_manager = None
        token = str(uuid.uuid4())
        await app.state_manager.get_state(_key(token))
        assert not await reflex_internals.forget_closed_tab(app, token)
        assert _kept(app, token)
        await app.state_manager.close()

    asyncio.run(scenario())


@pytest.fixture
def guard(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """event_guard with limits and sockets of this test's own; set Timing.CLOSED_TAB_KEPT_S on it."""
    monkeypatch.setattr(event_guard, "_limits", [EventLimits()])
    monkeypatch.setattr(event_guard, "_active", set())
    return monkeypatch


def test_after_its_socket_closes_a_tab_keeps_its_state_a_while_unless_it_is_back(guard: pytest.MonkeyPatch) -> None:
    guard.setattr(event_guard.Timing, "CLOSED_TAB_KEPT_S", 0.2)

    async def scenario() -> None:
        app = _app()
        gone, back = str(uuid.uuid4()), str(uuid.uuid4())
        for token in (gone, back):
            await app.state_manager.get_state(_key(token))
        closing = [asyncio.create_task(event_guard.disconnected(app, f"sid-{t}", t)) for t in (gone, back)]  # type: ignore[arg-type]
        await asyncio.sleep(0.05)
        assert _kept(app, gone) and _kept(app, back)  # a tunnel, a locked screen: still there
        await app.event_namespace._token_manager.link_token_to_sid(back, "sid-again")
        await asyncio.gather(*closing)
        assert not _kept(app, gone)
        assert _kept(app, back)
        await app.state_manager.close()

    asyncio.run(scenario())
