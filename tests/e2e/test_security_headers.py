"""Every response carries the security headers; pages run under their CSP without violations."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Page, expect

ROUTES = ["/", "/jobs", "/no-such-page"]


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("encoding", ["identity", "gzip"])
def test_pages_carry_security_headers_and_a_script_hash_policy(base_url: str, route: str, encoding: str) -> None:
    # A built page answers at "/jobs/"; "/jobs" redirects there (with the same headers).
    response = httpx.get(base_url + route, headers={"Accept-Encoding": encoding}, follow_redirects=True)
    assert all(r.headers["x-frame-options"] == "DENY" for r in response.history)
    assert response.text.startswith("<!DOCTYPE html>")
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["referrer-policy"] == "strict-origin-when-cross-origin"
    policy = response.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy
    assert "object-src 'none'" in policy
    script_src = next(d for d in policy.split("; ") if d.startswith("script-src"))
    assert "'unsafe-inline'" not in script_src
    assert "'sha256-" in script_src  # the page's own inline scripts, and only those


def test_api_responses_carry_security_headers(base_url: str) -> None:
    response = httpx.get(base_url + "/ping")
    assert response.headers["x-content-type-options"] == "nosniff"


def test_pages_work_under_their_policy(page: Page, base_url: str) -> None:
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    page.goto(base_url + "/")
    page.get_by_role("link", name="Bodim").first.click()
    expect(page).to_have_url(base_url + "/booking")
    page.goto(base_url + "/jobs")
    page.wait_for_load_state("networkidle")
    assert violations == []


def test_an_injected_inline_script_would_be_refused(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    page.evaluate("""() => { const s = document.createElement('script');
        s.textContent = 'window.__injected = true'; document.body.appendChild(s); }""")
    assert page.evaluate("() => window.__injected === true") is False
