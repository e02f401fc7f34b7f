"""A state reads its page's route argument (state/address.py `route_arg`) from Reflex's dynamic
route var on the root state, which Reflex adds for each registered route, without the deprecated
`router.page` (each read of it runs Reflex's deprecation check)."""

from __future__ import annotations

import subprocess
import sys

import reflex as rx
from reflex.istate.data import RouterData
from reflex.route import get_route_args
from reflex_base.utils import console

from student_portal import routes
from student_portal.state.address import route_arg
from student_portal.state.class_page import ClassState
from student_portal.state.news_article import NewsArticleState


def _root(pattern: str, address: str, params: dict[str, str]) -> rx.State:
    # What registering the page does (App.add_page); importing the app here would configure the
    # whole process for the other tests.
    rx.State.setup_dynamic_args(get_route_args(pattern))
    root = rx.State(_reflex_internal_init=True)
    root.router = RouterData.from_router_data({"pathname": pattern, "query": params, "asPath": address})
    return root


def test_the_app_gives_the_root_state_a_route_var_for_every_argument_the_states_read() -> None:
    # In a process of its own: importing the app registers every page.
    names = subprocess.run(
        [sys.executable, "-c", "import reflex as rx, student_portal.student_portal; print(*rx.State.computed_vars)"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout.split()
    assert {routes.TEACHER_ID, routes.NEWS_ID, routes.FOLDER_ID} <= set(names)


async def test_a_state_reads_its_pages_argument_decoded_and_nothing_for_another(monkeypatch) -> None:
    deprecations: list[object] = []
    monkeypatch.setattr(console, "deprecate", lambda *a, **k: deprecations.append(k))
    root = _root(routes.CLASS_PAGE, "/si/class/a%20b", {routes.TEACHER_ID: "a b"})
    state = await root.get_state(ClassState)
    assert await route_arg(state, routes.TEACHER_ID) == "a b"
    assert await route_arg(state, routes.NEWS_ID) == ""  # not this page's argument
    assert await route_arg(await root.get_state(NewsArticleState), routes.NEWS_ID) == ""
    assert deprecations == []


async def test_an_event_without_the_pages_parameters_gives_nothing() -> None:
    root = _root(routes.CLASS_PAGE, "/class", {})
    assert await route_arg(await root.get_state(ClassState), routes.TEACHER_ID) == ""
