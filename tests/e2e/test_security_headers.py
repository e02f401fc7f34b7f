"""Every response carries the security headers; pages run under their CSP without violations."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from student_portal import routes
from student_portal.i18n.texts import Text
from tests.e2e.page_checks import WATCH_CSP, new_visitor, sign_in_context, wait_for_app, wait_for_content
from tests.e2e.routes import ALL_ROUTES, DEMO_IDS, LANGUAGE_SAMPLE, Route
from tests.support.pocketbases import DEMO_PASSWORD

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


@pytest.mark.parametrize("route", [*ALL_ROUTES, *LANGUAGE_SAMPLE], ids=lambda r: r.template)
def test_every_route_carries_the_security_headers(base_url: str, route: Route) -> None:
    response = httpx.get(base_url + route.path(DEMO_IDS), follow_redirects=True)
    for answer in [*response.history, response]:
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["x-frame-options"] == "DENY"
        assert answer.headers["referrer-policy"] == "strict-origin-when-cross-origin"
        assert "camera=()" in answer.headers["permissions-policy"]
    policy = response.headers["content-security-policy"]
    script_src = next(d for d in policy.split("; ") if d.startswith("script-src"))
    assert "'unsafe-inline'" not in script_src and "frame-ancestors 'none'" in policy


# That no route breaks its policy is checked on the page sweep's visit (test_page_sweep.py).


def test_playing_a_video_loads_the_youtube_player_under_the_policy(
    browser: Browser, base_url: str, client_ip: str
) -> None:
    """The tapped player's frame and YouTube's iframe API script are allowed (a blocked script
    would never be requested); nothing else it does breaks the policy."""
    context = new_visitor(browser, client_ip)
    try:
        context.add_init_script(WATCH_CSP)
        page = context.new_page()
        console: list[str] = []
        page.on("console", lambda m: console.append(m.text) if "Content Security Policy" in m.text else None)
        page.goto(base_url + routes.YOUTUBE)
        play = page.get_by_role("button", name=re.compile(f"^{Text.PLAY_VIDEO}: ")).first
        with page.expect_request("https://www.youtube.com/iframe_api"):
            play.click()
        expect(page.locator("iframe[src^='https://www.youtube-nocookie.com/embed/']")).to_be_attached()
        page.wait_for_load_state("networkidle")
        violations = page.evaluate("window.__cspViolations")
    finally:
        context.close()
    assert violations == [] and console == []


def test_api_responses_carry_security_headers(base_url: str) -> None:
    response = httpx.get(base_url + "/ping")
    assert response.headers["x-content-type-options"] == "nosniff"


def test_pages_work_under_their_policy(page: Page, base_url: str) -> None:
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    page.goto(base_url + "/")
    wait_for_app(page)  # a move inside the app, not a page load
    page.get_by_role("link", name="Bodim").first.click()
    expect(page).to_have_url(base_url + routes.BOOKING)
    page.goto(base_url + routes.JOBS)
    page.wait_for_load_state("networkidle")
    assert violations == []


def test_an_injected_inline_script_would_be_refused(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    page.evaluate("""() => { const s = document.createElement('script');
        s.textContent = 'window.__injected = true'; document.body.appendChild(s); }""")
    assert page.evaluate("() => window.__injected === true") is False


@pytest.mark.parametrize("path", ["/login", "/jobs", "/notes"])
def test_a_redirect_never_names_the_host_a_request_chose(base_url: str, path: str) -> None:
    # The attack: `curl -H 'Host: evil.example' :3000/login` was sent to http://evil.example/login/.
    # Pages now answer at their own address (page_paths.py): no redirect to poison at all; any
    # other redirect is made relative (host_redirects.py, unit-tested).
    response = httpx.get(base_url + path, headers={"Host": "evil.example"})
    assert "evil.example" not in response.headers.get("location", "")
    assert response.status_code == 200


def test_browsers_never_need_pocketbase(browser: Browser, base_url: str, site, demo_pocketbase, client_ip: str) -> None:
    # The attack needed PocketBase reachable by browsers; now every file comes from /files/.
    context = new_visitor(browser, client_ip)
    try:
        sign_in_context(context, base_url, demo_pocketbase.url, "notes", DEMO_PASSWORD, client_ip)
        page = context.new_page()
        requested: list[str] = []
        page.on("request", lambda r: requested.append(r.url))
        for path in ("/", "/shop", "/notes", "/ol-folder"):
            page.goto(base_url + path)
            wait_for_content(page)
            page.wait_for_load_state("networkidle")
        html = page.content()
    finally:
        context.close()
    assert not [url for url in requested if url.startswith(site.pocketbase_url)]
    assert any(url.startswith(base_url + "/files/") for url in requested)
    assert site.pocketbase_url not in html


def test_a_tokenised_note_through_the_site_is_never_cached(base_url: str, demo_pocketbase) -> None:
    notes = httpx.post(
        f"{demo_pocketbase.url}/api/collections/users/auth-with-password",
        json={"identity": "notes", "password": DEMO_PASSWORD},
        headers={"X-Forwarded-For": "203.0.113.16"},
    ).json()["token"]
    note = httpx.get(
        f"{demo_pocketbase.url}/api/collections/Notes/records", params={"perPage": 1}, headers={"Authorization": notes}
    ).json()["items"][0]
    token = httpx.post(f"{demo_pocketbase.url}/api/files/token", headers={"Authorization": notes}).json()["token"]
    response = httpx.get(
        f"{base_url}/files/{note['collectionId']}/{note['id']}/{note['file']}", params={"token": token}
    )
    assert response.status_code == 200 and response.headers["content-type"] == "application/pdf"
    assert response.headers["cache-control"] == "private, no-store"
    assert response.headers["x-frame-options"] == "SAMEORIGIN"  # the preview dialog frames it
    public = httpx.get(base_url + "/lead-image/recording-slides/640", follow_redirects=True)
    assert public.status_code == 200 and public.url.path.startswith("/files/")
    assert public.headers["cache-control"] == "max-age=2592000, stale-while-revalidate=86400"


def _offline_files(base_url: str) -> list[str]:
    """The service worker, the Workbox runtime it imports (its folder is named by the build),
    the offline page and the manifest."""
    worker = httpx.get(base_url + "/sw.js").text
    workbox = re.search(r'importScripts\("(/workbox-v[\d.]+/workbox-sw\.js)"\)', worker)
    assert workbox, "sw.js imports Workbox from our own origin"
    return ["/sw.js", workbox.group(1), "/offline.html", "/manifest.webmanifest"]


def test_offline_files_carry_security_headers(base_url: str) -> None:
    for path in _offline_files(base_url):
        response = httpx.get(base_url + path)
        assert response.status_code == 200, path
        assert response.headers["x-content-type-options"] == "nosniff", path
        assert response.headers["referrer-policy"] == "strict-origin-when-cross-origin", path
        if path.endswith((".js", ".webmanifest")):
            assert "javascript" in response.headers["content-type"] or path.endswith(".webmanifest"), path
    offline_page = httpx.get(base_url + "/offline.html")
    policy = offline_page.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]


def test_the_service_worker_registers_under_the_policy(page: Page, base_url: str) -> None:
    page.add_init_script(WATCH_CSP)
    page.goto(base_url + "/")
    state = page.evaluate("() => navigator.serviceWorker.ready.then((r) => r.active && r.active.state)")
    assert state in ("activating", "activated")
    policy = httpx.get(base_url + "/").headers["content-security-policy"]
    assert "worker-src 'self'" in policy and "manifest-src 'self'" in policy
    assert page.evaluate("window.__cspViolations") == []
