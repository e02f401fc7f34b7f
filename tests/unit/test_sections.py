"""Loading content sections together (state/sections.py), with stand-ins for Reflex's state
proxy: what matters is which sections are shown under which lock."""

from __future__ import annotations

import asyncio
import logging
from typing import Any, ClassVar

import pytest

from student_portal.state import sections
from student_portal.state.sections import BATCH_WINDOW_S, load_sections


class Page:
    """A background handler's `self`: each `async with` is one lock and one delta."""

    def __init__(self) -> None:
        self.blocks: list[list[tuple[str, Any]]] = []
        self._open: list[tuple[str, Any]] | None = None
        self._sections: dict[type, Any] = {}

    async def __aenter__(self) -> Page:
        self._open = []
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self._open is not None
        self.blocks.append(self._open)
        self._open = None

    async def get_state(self, section: type) -> Any:
        assert self._open is not None, "sections are written only under the lock"
        return self._sections.setdefault(section, section(self))


def section(name: str, delay: float = 0.0, data: Any = None, error: Exception | None = None) -> type:
    async def fetch() -> Any:
        await asyncio.sleep(delay)
        if error is not None:
            raise error
        return data if data is not None else f"{name} data"

    class Section:
        def __init__(self, page: Page) -> None:
            self.page = page

        def _show(self, shown: Any) -> None:
            assert self.page._open is not None
            self.page._open.append((name, shown))

    Section.__name__ = name
    Section._fetch = staticmethod(fetch)
    return Section


async def test_sections_ready_together_are_shown_under_one_lock() -> None:
    page = Page()
    await load_sections(page, [section("news"), section("shop"), section("talents")])
    assert page.blocks == [[("news", "news data"), ("shop", "shop data"), ("talents", "talents data")]]


async def test_a_slow_section_does_not_hold_up_the_others() -> None:
    page = Page()
    slow = BATCH_WINDOW_S * 4
    await load_sections(page, [section("news"), section("jobs", delay=slow), section("shop")])
    assert page.blocks == [[("news", "news data"), ("shop", "shop data")], [("jobs", "jobs data")]]


async def test_a_fetch_that_breaks_shows_its_section_as_failed_and_the_rest_normally(
    caplog: pytest.LogCaptureFixture,
) -> None:
    page = Page()
    caplog.set_level(logging.ERROR, logger=sections.__name__)
    await load_sections(page, [section("news", error=RuntimeError("bug")), section("shop")])
    assert sorted(page.blocks[0]) == [("news", None), ("shop", "shop data")]
    assert "news: fetching the section failed" in caplog.text


def two_step_section(name: str, later: float) -> type:
    """A section whose `_show` leaves part of its data for later (like the schedule's teachers)."""
    base = section(name)

    class TwoStep(base):  # type: ignore[misc, valid-type]
        def _show(self, shown: Any) -> sections.FollowUp:
            super()._show(shown)
            return sections.FollowUp(asyncio.sleep(later, result=f"{name} rest"), TwoStep._show_rest)

        def _show_rest(self, rest: Any) -> None:
            assert self.page._open is not None
            self.page._open.append((f"{name}+", rest))

    TwoStep.__name__ = name
    return TwoStep


async def test_a_follow_up_is_shown_when_it_arrives_without_holding_up_the_page() -> None:
    page = Page()
    await load_sections(page, [section("news"), two_step_section("schedule", later=BATCH_WINDOW_S * 4)])
    assert page.blocks == [[("news", "news data"), ("schedule", "schedule data")], [("schedule+", "schedule rest")]]


def test_a_section_is_its_two_halves_and_gets_its_load() -> None:
    from student_portal.state.home import HOME_SECTIONS

    for state in HOME_SECTIONS:
        assert issubclass(state, sections.Section)
        assert state.event_handlers["load"].is_background, state.__name__
        assert state._fetch is not sections.Section._fetch and state._show is not sections.Section._show


def test_a_section_without_a_half_fails_at_import() -> None:
    import reflex as rx

    with pytest.raises(TypeError, match="needs a static `_fetch\\(\\)` and `_show\\(data\\)`"):

        class HalfSection(sections.Section, rx.State):
            def _show(self, data: Any) -> None:
                pass


def test_a_shared_only_section_with_an_event_of_its_own_fails_at_import() -> None:
    """A choice of the visitor's own would be lost with the state, which the Redis layout drops."""
    import reflex as rx

    refused = r"ChoosingSection is SHARED_ONLY: it cannot have events of its own \(\['choose'\]\)"
    with pytest.raises(TypeError, match=refused):

        class ChoosingSection(sections.Section, rx.State):
            SHARED_ONLY: ClassVar[bool] = True
            shown: str = ""

            @staticmethod
            async def _fetch() -> str:
                return "shared"

            def _show(self, data: str | None) -> None:
                self.shown = data or ""

            @rx.event
            def choose(self, value: str) -> None:
                self.shown = value

    assert not any(state.__name__ == "ChoosingSection" for state in rx.State.get_substates())


def test_own_events_reads_what_reflex_makes_handlers_of() -> None:
    """The SHARED_ONLY check reads a section's events before Reflex makes them: for every section
    of the site, the same names as Reflex's handlers once made."""
    import reflex as rx

    import student_portal.pages  # noqa: F401 - every page, so every section

    def subclasses(cls: type) -> set[type]:
        return {sub for direct in cls.__subclasses__() for sub in {direct, *subclasses(direct)}}

    site_sections = {state for state in subclasses(sections.Section) if state.__module__.startswith("student_portal.")}
    assert len(site_sections) >= 9
    for state in site_sections:
        assert sections.own_events(state) == set(state.event_handlers) - set(rx.State.event_handlers), state
    shared = {state.__name__ for state in site_sections if state.SHARED_ONLY}
    assert shared == {"NewsState", "SlidesState", "SocialState", "ArticlesState"}


async def test_a_sections_load_loads_that_section(monkeypatch: pytest.MonkeyPatch) -> None:
    from student_portal.state.social import SocialState

    loaded: list[tuple[Any, list[type]]] = []

    async def record(state: Any, wanted: Any) -> None:
        loaded.append((state, list(wanted)))

    monkeypatch.setattr(sections, "load_sections", record)
    proxy = type("Proxy", (), {"__class__": SocialState})()  # a state proxy passes as its state's class
    await SocialState.load.fn(proxy)
    assert loaded == [(proxy, [SocialState])]


class HeldPage(Page):
    """The root state a middleware gets at hydrate: its lock is already held, no `async with`."""

    def __init__(self) -> None:
        super().__init__()
        self._open = []

    @property
    def shown(self) -> list[tuple[str, Any]]:
        assert self._open is not None
        return self._open

    async def __aenter__(self) -> Page:
        raise AssertionError("show_within runs under its caller's lock")


async def test_show_within_shows_what_comes_in_time_and_returns_the_rest_in_order() -> None:
    page = HeldPage()
    news, jobs, shop, talents = (
        section("news"),
        section("jobs", delay=1.0),
        section("shop"),
        section("talents", delay=1.0),
    )
    late = await sections.show_within(page, [news, jobs, shop, talents], BATCH_WINDOW_S)
    assert page.shown == [("news", "news data"), ("shop", "shop data")]
    assert late == [jobs, talents]


async def test_show_within_waits_no_longer_than_its_window() -> None:
    loop = asyncio.get_running_loop()
    started = loop.time()
    await sections.show_within(HeldPage(), [section("jobs", delay=5.0)], 0.02)
    assert loop.time() - started < 1.0


async def test_show_within_shows_a_follow_up_that_comes_in_time_and_returns_one_that_does_not() -> None:
    page = HeldPage()
    quick, slow = two_step_section("schedule", later=0), two_step_section("classes", later=1.0)
    late = await sections.show_within(page, [quick, slow], BATCH_WINDOW_S)
    assert ("schedule+", "schedule rest") in page.shown
    assert ("classes", "classes data") in page.shown and ("classes+", "classes rest") not in page.shown
    assert late == [slow]  # its loader shows it again, whole


async def test_show_within_shows_a_broken_fetch_as_failed(caplog: pytest.LogCaptureFixture) -> None:
    page = HeldPage()
    caplog.set_level(logging.ERROR, logger=sections.__name__)
    late = await sections.show_within(page, [section("news", error=RuntimeError("bug"))], BATCH_WINDOW_S)
    assert page.shown == [("news", None)] and late == []


def test_named_keeps_the_pages_order_and_none_means_all() -> None:
    from student_portal.state.home import HOME_SECTIONS
    from student_portal.state.news import NewsState
    from student_portal.state.talents import TalentsState

    names = [TalentsState.get_full_name(), NewsState.get_full_name(), "no.such.state"]
    assert sections.named(HOME_SECTIONS, names) == [NewsState, TalentsState]
    assert sections.named(HOME_SECTIONS, None) == list(HOME_SECTIONS)
    assert sections.named(HOME_SECTIONS, []) == []


async def test_show_within_returns_a_section_whose_show_raises_and_shows_the_others(
    caplog: pytest.LogCaptureFixture,
) -> None:
    page = HeldPage()
    caplog.set_level(logging.ERROR, logger=sections.__name__)
    news, broken, shop = section("news"), section("talents"), section("shop")

    def bug(self: Any, shown: Any) -> None:
        raise ValueError("a bug in _show")

    broken._show = bug
    late = await sections.show_within(page, [news, broken, shop], BATCH_WINDOW_S)
    assert page.shown == [("news", "news data"), ("shop", "shop data")]
    assert late == [broken]  # its background load meets the bug, not the page's hydrate
    assert "talents: showing the section failed" in caplog.text


async def test_a_background_load_still_reports_a_bug_in_show() -> None:
    broken = section("talents")

    def bug(self: Any, shown: Any) -> None:
        raise ValueError("a bug in _show")

    broken._show = bug
    with pytest.raises(ValueError, match="a bug in _show"):
        await load_sections(Page(), [broken])
