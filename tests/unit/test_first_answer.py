"""A page's sections shown with its hydrate (student_portal/server/first_answer.py): which events and
pages it answers, and what it leaves to the page's background loader."""

from __future__ import annotations

import asyncio
import inspect
from types import SimpleNamespace
from typing import Any

import pytest
from reflex.constants import RouteVar

from student_portal import reflex_internals, site_pages
from student_portal.server import first_answer
from student_portal.server.first_answer import (
    HYDRATE_EVENT,
    NAVIGATION_EVENT,
    FirstAnswer,
    FirstAnswerMiddleware,
    english_route,
)
from student_portal.state import sections

TOKEN = "tab-token"


@pytest.mark.parametrize(
    ("path", "route"),
    [
        ("/", "/"),
        ("/index", "/"),  # Reflex's name for "/" in an event's router data
        ("/si", "/"),
        ("/si/", "/"),
        ("/ta/index", "/"),
        ("/youtube/", "/youtube"),
        ("/si/youtube?subject=x", "/youtube"),
        ("/news/abc", "/news/abc"),
    ],
)
def test_english_route(path: str, route: str) -> None:
    assert english_route(path) == route


def test_the_page_view_events_are_the_ones_reflex_sends() -> None:
    import reflex as rx
    from reflex.state import OnLoadInternalState

    assert f"{rx.State.get_full_name()}.hydrate_and_load" == HYDRATE_EVENT
    assert f"{OnLoadInternalState.get_full_name()}.on_load_internal" == NAVIGATION_EVENT
    # What the compiled frontend sends on a navigation inside the site (Reflex's template of
    # .web/utils/context.jsx, `onLoadInternalEvent`).
    from reflex_base.compiler import templates
    from reflex_base.constants import CompileVars

    assert NAVIGATION_EVENT.endswith(CompileVars.ON_LOAD_INTERNAL)
    assert "onLoadInternalEvent" in inspect.getsource(templates) and "ON_LOAD_INTERNAL" in inspect.getsource(templates)


def test_the_home_page_answers_with_its_sections_and_has_no_on_load() -> None:
    from student_portal import pages  # noqa: F401 - declares every page
    from student_portal.state.home import HOME_SECTIONS, HomeState

    for path in ("/", "/index", "/si/", "/ta"):
        answer = first_answer.first_answer_at(path)
        assert answer is not None and answer.sections == HOME_SECTIONS
        assert answer.rest_event == f"{HomeState.get_full_name()}.load"
    assert site_pages.page_at("/").on_load is None
    assert first_answer.first_answer_at("/jobs") is None


def test_single_section_pages_answer_with_their_section_and_its_own_load() -> None:
    from student_portal import pages  # noqa: F401 - declares every page
    from student_portal.state.shop import ShopState
    from student_portal.state.social import SocialState
    from student_portal.state.talents import TalentsState

    for route, state in (("/shop", ShopState), ("/social", SocialState), ("/talent", TalentsState)):
        answer = first_answer.first_answer_at(route)
        assert answer is not None and answer.sections == (state,), route
        assert answer.rest_event == f"{state.get_full_name()}.load"
        assert answer.rest_payload([state]) == {}  # a section's load loads itself
        assert site_pages.page_at(route).on_load is None


def test_a_loader_of_several_sections_is_told_which_and_must_take_them() -> None:
    from student_portal.state.home import HOME_SECTIONS, HomeState
    from student_portal.state.news import NewsState
    from student_portal.state.shop import ShopState

    home = FirstAnswer(HOME_SECTIONS, HomeState.load)
    assert home.rest_payload([NewsState]) == {"sections": [NewsState.get_full_name()]}
    with pytest.raises(TypeError, match="needs a `sections` parameter"):
        FirstAnswer((NewsState, ShopState), ShopState.load)


def test_a_page_declares_either_a_first_answer_or_an_on_load_and_never_on_a_route_argument() -> None:
    answer = FirstAnswer((), SimpleNamespace(fn=lambda self: None))

    def page(route: str, on_load: Any = None) -> site_pages.SitePage:
        return site_pages.SitePage(route, "t", "d", lambda: None, on_load, answer)  # type: ignore[arg-type, return-value]

    with pytest.raises(ValueError, match="first answer needs a static route and no on_load"):
        site_pages.register(page("/test-first-answer", on_load=object()))
    with pytest.raises(ValueError, match="first answer needs a static route"):
        site_pages.register(page("/test-first-answer/[id]"))
    assert site_pages.page_at("/test-first-answer") is None


class Section:
    """A stand-in section: a fetch that takes `delay`, a `_show` that records what it shows."""

    shown: list[tuple[str, Any]] = []

    def __init_subclass__(cls, delay: float = 0.0, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.delay = delay

    @classmethod
    async def _fetch(cls) -> str:
        await asyncio.sleep(cls.delay)
        return f"{cls.__name__} data"

    def _show(self, data: Any) -> None:
        Section.shown.append((type(self).__name__, data))

    @classmethod
    def get_full_name(cls) -> str:
        return f"page.{cls.__name__}"


class News(Section):
    pass


class Talents(Section, delay=5.0):
    pass


class Root:
    """The root state a middleware gets: locked, with the page's router."""

    def __init__(self, path: str) -> None:
        self.router = SimpleNamespace(url=SimpleNamespace(path=path))
        self.router_data = {RouteVar.CLIENT_TOKEN: TOKEN, RouteVar.PATH: path}

    async def get_state(self, section: type) -> Any:
        return section()


@pytest.fixture
def page_with_answer(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, dict[str, Any] | None]]:
    """A page at /test-answer showing News and Talents; the events queued for visitors."""
    Section.shown = []
    answer = FirstAnswer((News, Talents), SimpleNamespace(fn=lambda self, sections=None: None))  # type: ignore[arg-type]
    monkeypatch.setattr(FirstAnswer, "rest_event", property(lambda self: "page.loader.load"))
    pages = {"/test-answer": SimpleNamespace(first_answer=answer)}
    monkeypatch.setattr(site_pages, "page_at", pages.get)
    monkeypatch.setattr(sections, "BATCH_WINDOW_S", 0.02)
    monkeypatch.setattr(first_answer, "BATCH_WINDOW_S", 0.02)
    queued: list[tuple[str, str, dict[str, Any] | None]] = []

    async def enqueue(app: Any, token: str, event_name: str, payload: dict[str, Any] | None = None) -> None:
        queued.append((token, event_name, payload))

    monkeypatch.setattr(reflex_internals, "enqueue", enqueue)
    return queued


@pytest.mark.parametrize("event_name", [HYDRATE_EVENT, NAVIGATION_EVENT])
async def test_a_page_view_shows_what_is_ready_and_queues_the_loader_for_the_rest(page_with_answer, event_name) -> None:
    event = SimpleNamespace(name=event_name)
    assert await FirstAnswerMiddleware().preprocess(None, Root("/si/test-answer/"), event) is None
    assert Section.shown == [("News", "News data")]
    assert page_with_answer == [(TOKEN, "page.loader.load", {"sections": ["page.Talents"]})]


async def test_other_events_and_other_pages_are_left_alone(page_with_answer) -> None:
    middleware = FirstAnswerMiddleware()
    await middleware.preprocess(None, Root("/test-answer"), SimpleNamespace(name="page.loader.load"))
    await middleware.preprocess(None, Root("/jobs"), SimpleNamespace(name=HYDRATE_EVENT))
    assert Section.shown == [] and page_with_answer == []


async def test_nothing_is_queued_when_everything_came_in_time(page_with_answer, monkeypatch) -> None:
    monkeypatch.setattr(Talents, "delay", 0.0)
    await FirstAnswerMiddleware().preprocess(None, Root("/test-answer"), SimpleNamespace(name=HYDRATE_EVENT))
    assert Section.shown == [("News", "News data"), ("Talents", "Talents data")]
    assert page_with_answer == []
