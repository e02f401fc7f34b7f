"""Following (issue 53): Follow on a teacher's class page and a folder, the list on /account
with Unfollow, the jobs form; a signed-out visitor's Follow asks them to sign in."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.e2e.auth_support import start_signed_in
from tests.e2e.page_checks import without_app
from tests.e2e.routes import DEMO_IDS
from tests.support.admin import emptied, records


@pytest.fixture
def admin(demo_pocketbase) -> Iterator[httpx.Client]:
    with emptied(demo_pocketbase.url, "follows") as client:
        yield client


def test_follow_then_unfollow_on_account(page: Page, base_url: str, demo_pocketbase, client_ip: str, admin) -> None:
    start_signed_in(page, base_url, demo_pocketbase.url, "basic", client_ip)
    teacher = DEMO_IDS["teacher"]
    page.goto(f"{base_url}/class/{teacher}")
    follow = page.get_by_test_id("follow-button")
    expect(follow).to_have_attribute("aria-pressed", "false")
    follow.click()
    expect(follow).to_have_attribute("aria-pressed", "true")
    expect(follow).to_contain_text("Following")
    stored = records(admin, "follows")
    assert [(r["kind"], r["teacher"]) for r in stored] == [("teacher", teacher)]

    page.goto(f"{base_url}/ol/{DEMO_IDS['ol']}")
    page.get_by_test_id("follow-button").click()
    expect(page.get_by_test_id("follow-button")).to_have_attribute("aria-pressed", "true")

    page.goto(f"{base_url}/jobs")
    page.locator("#follow-location").fill("Moratuwa")
    page.get_by_test_id("follow-jobs-button").click()
    expect(page.get_by_test_id("following-row")).to_have_text(["JobsJobs in MoratuwaUnfollow Jobs in Moratuwa"])

    page.goto(f"{base_url}/account")
    rows = page.get_by_test_id("following-row")
    expect(rows).to_have_count(3)
    expect(rows.first.get_by_role("link")).to_have_attribute("href", f"/class/{teacher}")
    rows.first.get_by_test_id("unfollow-button").click()
    expect(rows).to_have_count(2)
    assert {r["kind"] for r in records(admin, "follows")} == {"ol_folder", "jobs"}


def test_a_signed_out_follow_asks_to_sign_in(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/ol/{DEMO_IDS['ol']}")
    page.get_by_test_id("follow-button").click()
    expect(page).to_have_url(re.compile(re.escape(base_url) + r"/login"))


def test_the_jobs_form_waits_for_the_app(page: Page, base_url: str, demo_pocketbase, client_ip: str) -> None:
    """Before the app starts, the browser would send the form itself, as a GET of /jobs: its
    button waits for the app, then follows."""
    start_signed_in(page, base_url, demo_pocketbase.url, "basic", client_ip)
    without_app(page)
    page.goto(f"{base_url}/jobs")
    expect(page.get_by_test_id("follow-jobs-button")).to_be_disabled()
    page.unroute_all()
    page.reload()
    expect(page.get_by_test_id("follow-jobs-button")).to_be_enabled()
