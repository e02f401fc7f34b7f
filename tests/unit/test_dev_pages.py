"""`make dev`'s default (site_pages.OPENED): only the pages opened in the browser are compiled, each in
the language it was opened in; the 404 page notes a page not compiled yet, and nothing else."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import reflex as rx

import student_portal.pages  # noqa: F401 - every real page registered
from student_portal import site_pages
from student_portal.i18n.languages import Language


@pytest.mark.parametrize(
    ("path", "route"),
    [
        ("/", "/"),
        ("/si", "/"),
        ("/ta/", "/"),
        ("/jobs", "/jobs"),
        ("/jobs/", "/jobs"),
        ("/si/jobs?q=nurse#top", "/jobs"),
        ("/news/abc123", "/news/[news_id]"),
        ("/ta/news/abc123/", "/news/[news_id]"),
        ("/no-such-page", None),
        ("/news/abc/extra", None),
        ("/jobsx", None),
    ],
)
def test_an_address_is_matched_to_the_page_declared_there(path: str, route: str | None) -> None:
    if route is not None:
        assert site_pages.page_at(route) is not None  # the test names real pages
    assert site_pages.declared_route_of(path) == route


def test_a_page_is_noted_once_per_language_and_an_unknown_address_not_at_all(tmp_path: Path) -> None:
    notes = tmp_path / ".dev-pages" / "opened.list"
    assert site_pages.opened_pages(notes) == set()
    assert site_pages.note_opened("/jobs", notes) == "/jobs"
    assert site_pages.note_opened("/jobs/", notes) == "/jobs"  # noted already: no second line
    assert site_pages.note_opened("/si/news/abc", notes) == "/si/news/[news_id]"
    assert site_pages.note_opened("/nowhere", notes) == ""
    assert notes.read_text().splitlines() == ["en /jobs", "si /news/[news_id]"]
    assert site_pages.opened_pages(notes) == {("/jobs", Language.EN), ("/news/[news_id]", Language.SI)}


def test_lines_naming_no_page_or_language_are_ignored(tmp_path: Path) -> None:
    notes = tmp_path / "opened.list"
    notes.write_text("en /jobs\nxx /jobs\nen /removed-page\n\ngarbage\n")
    assert site_pages.opened_pages(notes) == {("/jobs", Language.EN)}


class _App:
    def __init__(self) -> None:
        self.added: dict[str, Any] = {}

    def add_page(self, component, route: str, **kwargs: Any) -> None:
        self.added[route] = SimpleNamespace(component=component, **kwargs)


def test_opened_mode_registers_the_404_page_and_the_opened_pages_only(tmp_path: Path, monkeypatch) -> None:
    notes = tmp_path / "opened.list"
    notes.write_text("en /jobs\nta /about\n")
    monkeypatch.setattr(site_pages, "OPENED_FILE", notes)
    monkeypatch.setattr(
        site_pages, "settings", lambda: SimpleNamespace(dev_langs="en", dev_pages="opened")
    )  # LANGS=en, as make dev passes by default: the opened languages win
    monkeypatch.setattr(site_pages.reflex_internals, "keep_frontend_packages", lambda: None)
    app = _App()

    def drawn_around(not_found: rx.Component) -> rx.Component:
        return rx.el.div(not_found, id="dev-note")

    site_pages.add_pages(app, on_not_compiled=(drawn_around, "note-event"))  # type: ignore[arg-type]

    assert sorted(app.added) == ["/jobs", "/ta/about", "404"]
    assert app.added["404"].on_load == "note-event"
    assert "dev-note" in str(app.added["404"].component())
    assert app.added["/jobs"].on_load == site_pages.page_at("/jobs").on_load
    # A tab still showing the 404 page for a page this worker compiled loads its address again.
    assert site_pages.compiled_here("/jobs/") and site_pages.compiled_here("/ta/about")
    assert not site_pages.compiled_here("/si/jobs") and not site_pages.compiled_here("/nowhere")


def test_other_modes_leave_the_404_page_as_it_is(monkeypatch) -> None:
    monkeypatch.setattr(site_pages, "settings", lambda: SimpleNamespace(dev_langs="en", dev_pages="/jobs"))
    monkeypatch.setattr(site_pages.reflex_internals, "keep_frontend_packages", lambda: None)
    app = _App()
    site_pages.add_pages(app, on_not_compiled=(lambda page: rx.el.div(page), "note-event"))  # type: ignore[arg-type]
    assert sorted(app.added) == ["/jobs", "404"]
    assert app.added["404"].on_load == site_pages.page_at("404").on_load


async def _note(address: str, monkeypatch, notes: Path):
    from reflex.istate.data import RouterData

    from student_portal.state.dev_pages import DevPagesState

    monkeypatch.setattr(site_pages, "OPENED_FILE", notes)
    root = rx.State(_reflex_internal_init=True)
    root.router = RouterData.from_router_data({"pathname": "404", "query": {}, "asPath": address})
    state = await root.get_state(DevPagesState)
    return state, DevPagesState.note_this_page.fn(state)


async def test_the_404_page_notes_a_page_and_says_it_is_compiling(tmp_path: Path, monkeypatch) -> None:
    notes = tmp_path / "opened.list"
    monkeypatch.setattr(site_pages, "_compiled_opened", set())
    state, event = await _note("/si/jobs", monkeypatch, notes)
    assert (state.compiling, state.not_a_page, event) == ("/si/jobs", False, None)
    assert notes.read_text() == "si /jobs\n"
    # No page there: the 404 page as it is, nothing noted, nothing loaded again.
    state, event = await _note("/nowhere", monkeypatch, notes)
    assert (state.compiling, state.not_a_page, event) == ("", True, None)
    assert notes.read_text() == "si /jobs\n"


async def test_a_tab_left_on_the_404_page_of_a_page_compiled_since_loads_it_again(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(site_pages, "_compiled_opened", {("/jobs", Language.SI)})
    _state, event = await _note("/si/jobs", monkeypatch, tmp_path / "opened.list")
    assert "reloadAfter" in str(event)
    assert not (tmp_path / "opened.list").exists()
