"""`make pages` (student_portal/build/page_check.py) builds every registered page in every language
without a frontend build, and names a broken page with Reflex's message."""

from __future__ import annotations

import pytest
import reflex as rx

import student_portal.pages  # noqa: F401 - every real page registered before a test copies the list
from student_portal import site_pages
from student_portal.build import page_check
from student_portal.components.layout import site_page
from student_portal.state.jobs import JobsState

ROUTE = "/throwaway-cards"


@pytest.fixture
def pages(monkeypatch: pytest.MonkeyPatch) -> None:
    """The site's pages, on a copy that a test may add throwaway pages to."""
    monkeypatch.setattr(site_pages, "_PAGES", dict(site_pages._PAGES))


def _declare(card) -> None:
    @site_page(route=ROUTE, title="Throwaway", description="A page only this test declares.")
    def throwaway() -> rx.Component:
        return rx.el.div(rx.foreach(JobsState.page, card), class_name="grid gap-4")


def card_with_a_second_parameter(job, heading=rx.el.h2) -> rx.Component:
    # rx.foreach passes each row's index to a second parameter: `heading` is a Var, not rx.el.h2.
    return rx.el.article(heading(job.title))


def card_with_a_keyword_only_option(job, *, heading=rx.el.h2) -> rx.Component:
    return rx.el.article(heading(job.title))


def test_a_foreach_card_taking_a_second_parameter_fails_the_check_naming_the_page(pages, capsys):
    _declare(card_with_a_second_parameter)

    assert page_check.main([ROUTE]) == 1

    out = capsys.readouterr().err
    for route in (ROUTE, f"/si{ROUTE}", f"/ta{ROUTE}"):
        assert f"page '{ROUTE}'" in out and f", {route}): TypeError: Cannot pass a Var to a built-in function" in out
    assert "tests/unit/test_page_check.py" in out and "in card_with_a_second_parameter" in out
    assert f"1 of 1 pages broken ({ROUTE})" in out


def test_the_same_card_with_its_option_keyword_only_passes(pages, capsys):
    _declare(card_with_a_keyword_only_option)

    assert page_check.main([ROUTE]) == 0

    assert "1 pages x 3 languages built" in capsys.readouterr().out


def test_every_failure_is_reported_not_only_the_first(pages):
    _declare(card_with_a_second_parameter)

    failures = page_check.check_pages([site_pages.page_at(ROUTE), site_pages.page_at("/jobs")])

    assert [(f.page, f.language.value) for f in failures] == [(ROUTE, "en"), (ROUTE, "si"), (ROUTE, "ta")]


def test_an_unknown_route_is_named():
    with pytest.raises(SystemExit, match="no page declared at /nowhere"):
        page_check.registered_pages(["/nowhere"])
