"""axe-core on the sign-in, notes and tuition pages, signed out and signed in, at phone width."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.e2e.auth_support import start_signed_in
from tests.e2e.conftest import PHONE


def _violations(page: Page) -> list[tuple[str, str, list]]:
    found = Axe().run(page).response["violations"]
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]]) for v in found]


def test_login_and_profile_pass_axe(page: Page, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(base_url + "/login")
    expect(page.get_by_role("main").get_by_role("textbox").first).to_be_visible()
    assert _violations(page) == []
    page.goto(base_url + "/profile")
    expect(page.get_by_test_id("promo-card").first).to_be_visible()
    assert _violations(page) == []


@pytest.mark.parametrize("path", ["/notes", "/class/teacher00000001"])
def test_signed_in_pages_pass_axe(page: Page, base_url: str, demo_pocketbase, client_ip: str, path: str) -> None:
    page.set_viewport_size(PHONE)
    start_signed_in(page, base_url, demo_pocketbase.url, "full", client_ip)
    page.goto(base_url + path)
    expect(page.get_by_test_id("document").first).to_be_visible()
    assert _violations(page) == []
