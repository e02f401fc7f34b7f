"""The browser suites visit every page the app registers (tests/e2e/routes.py)."""

from __future__ import annotations

from student_portal import routes
from student_portal.site_pages import site_pages
from tests.e2e import routes as e2e


def test_the_suites_visit_every_registered_page_listed_or_not() -> None:
    assert len(e2e.ALL_ROUTES) == len(site_pages())
    visited = {route.template.split("?")[0] for route in e2e.ALL_ROUTES}
    assert {e2e.template(page.route) for page in site_pages()} == visited


def test_a_page_missing_from_the_list_is_visited_as_public_content(monkeypatch) -> None:
    monkeypatch.delitem(e2e.PAGE_TRAITS, routes.JOBS)
    order = e2e._visit_order()
    assert order[routes.JOBS] == e2e.Traits() and list(order)[-1] == routes.JOBS


def test_the_list_has_no_page_the_app_does_not_register() -> None:
    registered = {page.route for page in site_pages()}
    assert set(e2e.PAGE_TRAITS) == registered


def test_templates_fill_in_the_demo_ids() -> None:
    paths = {route.path(e2e.DEMO_IDS) for route in e2e.ALL_ROUTES}
    assert routes.class_page("teacher00000001") in paths and routes.ol_folder("olfolder0000001") in paths
    assert {route.template for route in e2e.SIGNED_IN_ROUTES} == {
        routes.NOTES,
        "/class/{teacher}",
        routes.SAVED,
        routes.ACCOUNT,
    }
    assert "/no-such-page" in paths
