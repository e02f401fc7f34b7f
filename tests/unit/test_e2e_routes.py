"""The browser suites visit every page the app registers (tests/e2e/routes.py)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from student_portal import routes
from student_portal.site_pages import site_pages
from tests.e2e import routes as e2e
from tests.support.site import PROJECT_ROOT as ROOT


def test_the_suites_visit_every_registered_page_listed_or_not() -> None:
    assert len(e2e.EVERY_ROUTE) == len(site_pages())
    visited = {route.template.split("?")[0] for route in e2e.EVERY_ROUTE}
    assert {e2e.template(page.route) for page in site_pages()} == visited


def test_a_page_missing_from_the_list_is_visited_as_public_content(monkeypatch) -> None:
    monkeypatch.delitem(e2e.PAGE_TRAITS, routes.JOBS)
    order = e2e._visit_order()
    assert order[routes.JOBS] == e2e.Traits() and list(order)[-1] == routes.JOBS


def test_the_list_has_no_page_the_app_does_not_register() -> None:
    """An ordinary public page of content needs no entry; a removed or renamed page loses its own."""
    registered = {page.route for page in site_pages()}
    unknown = sorted(set(e2e.PAGE_TRAITS) - registered)
    assert not unknown, f"PAGE_TRAITS in tests/e2e/routes.py names routes no page registers: {unknown}"


def test_every_page_has_a_failure_face() -> None:
    """What the backend-fault suite expects of each page when PocketBase is down: its FACES entry
    (tests/e2e/test_backend_faults.py), else the face its own code shows (tests/e2e/page_faces.py).
    A special page's LookupError says what to add."""
    from tests.e2e.test_backend_faults import FACES, face_of

    for route in e2e.EVERY_ROUTE:
        face_of(route.template)
    unknown = sorted(set(FACES) - {route.template for route in e2e.EVERY_ROUTE})
    assert not unknown, f"FACES in tests/e2e/test_backend_faults.py names routes no page has: {unknown}"


def test_an_ordinary_list_page_needs_no_face_of_its_own(monkeypatch) -> None:
    """The face read from a page's code is the one written for it (a list of cards with its error
    text), so a page like it (docs/recipes.md's) needs no entry."""
    from tests.e2e.test_backend_faults import FACES, face_of

    for template in ("/jobs", "/booking", "/youtube", "/ol/{ol}", "/instructor", "/al-folder"):
        written = FACES[template]
        monkeypatch.delitem(FACES, template)  # put back after the test
        assert face_of(template) == written, template


def test_a_page_with_several_alerts_of_its_own_is_told_to_say_which(monkeypatch) -> None:
    from tests.e2e.test_backend_faults import FACES, face_of

    monkeypatch.delitem(FACES, "/notes")
    with pytest.raises(LookupError, match=r"add the one a PocketBase failure shows to FACES in tests/e2e/test_backend"):
        face_of("/notes")


def test_check_page_visits_only_the_pages_it_checks(monkeypatch) -> None:
    monkeypatch.setenv("CHECK_PAGES", f"{routes.JOBS} {routes.NEWS_ITEM}")
    assert e2e.checked_pages() == (routes.JOBS, routes.NEWS_ITEM)
    monkeypatch.setenv("CHECK_PAGES", "/no-such-route")
    with pytest.raises(LookupError, match="no page declared at /no-such-route"):
        e2e.checked_pages()


def test_templates_fill_in_the_demo_ids() -> None:
    paths = {route.path(e2e.DEMO_IDS) for route in e2e.EVERY_ROUTE}
    assert routes.class_page("teacher00000001") in paths and routes.ol_folder("olfolder0000001") in paths
    assert {route.template for route in e2e.SIGNED_IN_ROUTES} == {
        routes.NOTES,
        "/class/{teacher}",
        routes.SAVED,
        routes.ACCOUNT,
        routes.NOTICES,
        routes.MY_STUDY,
    }
    assert "/no-such-page" in paths


def _check_page_tests() -> list[str]:
    """The browser tests `make check-page` runs (CHECK_PAGE_TESTS in the Makefile)."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    block = re.search(r"^CHECK_PAGE_TESTS := \\\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert block, "CHECK_PAGE_TESTS not found in the Makefile"
    return block.group(1).replace("\\", " ").split()


@pytest.mark.parametrize("page", [routes.ABOUT, routes.MY_STUDY])
def test_check_page_collects_its_tests_for_a_public_and_a_signed_in_page(page: str) -> None:
    """Collected as `make check-page PAGES=...` collects them: a page only a member sees leaves some
    visitors nothing to check, which once broke the page sweep's collection."""
    tests = _check_page_tests()
    found = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:asyncio", "-p", "no:cacheprovider", *tests],
        cwd=ROOT,
        env={**os.environ, "CHECK_PAGES": page},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert found.returncode == 0, found.stdout[-3000:] + found.stderr[-2000:]
    collected = {line.split("::")[0] for line in found.stdout.splitlines() if "::" in line}
    assert collected == {test.split("::")[0] for test in tests}, "a check-page suite collected nothing"
