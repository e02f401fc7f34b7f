"""The browser suites visit every page the app registers (tests/e2e/routes.py)."""

from __future__ import annotations

from student_portal import routes
from student_portal.site_pages import site_pages
from tests.e2e import routes as e2e


def test_every_registered_page_has_an_entry_in_the_hardening_route_list() -> None:
    assert e2e.unlisted_pages() == [], "add these pages to PAGE_TRAITS in tests/e2e/routes.py"
    assert len(e2e.ALL_ROUTES) == len(site_pages())


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
