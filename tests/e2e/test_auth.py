"""Sign-in, the stored session and logout (spec 2 "Login", 4 "Auth", 5, 8; security issue)."""

from __future__ import annotations

import contextlib
import json
import time
import uuid

import httpx
from playwright.sync_api import Browser, Page, expect

from student_portal import routes
from student_portal.constants import StorageKey, Timing
from student_portal.i18n.texts import Text
from student_portal.utils.tokens import token_expiry
from tests.e2e.auth_support import (
    DEMO_PASSWORD,
    WATCH_BUTTONS,
    ReceivedFrames,
    an_hour_ago,
    at,
    button_states,
    expect_signed_in,
    expect_signed_out,
    fake_token,
    sign_in_with_form,
    start_signed_in,
    store_auth,
    stored_auth,
)
from tests.e2e.conftest import PHONE
from tests.e2e.page_checks import without_app
from tests.support.admin import superuser_token
from tests.support.seeding import Seeder


def _login_page(page: Page, base_url: str) -> None:
    page.goto(base_url + routes.LOGIN)
    expect(page.get_by_role("heading", name=Text.SIGN_IN_HEADING)).to_be_visible()


def test_login_needs_both_user_name_and_password(page: Page, base_url: str) -> None:
    _login_page(page, base_url)
    form = page.get_by_role("main")
    identity, password = form.get_by_label(Text.IDENTITY_LABEL), form.get_by_label(Text.PASSWORD_LABEL, exact=True)
    expect(identity).to_have_attribute("required", "")
    expect(password).to_have_attribute("required", "")
    identity.fill("notes")
    form.get_by_role("button", name=Text.SIGN_IN, exact=True).click()
    assert password.evaluate("el => el.validity.valueMissing")  # the browser stops the form
    expect(page).to_have_url(at(base_url, routes.LOGIN))
    assert not stored_auth(page)
    expect_signed_out(page)


def test_wrong_password_says_login_failed(page: Page, base_url: str) -> None:
    _login_page(page, base_url)
    sign_in_with_form(page, "notes", "not-the-password")
    expect(page.get_by_test_id("login-error")).to_have_text(Text.LOGIN_FAILED)
    expect(page).to_have_url(at(base_url, routes.LOGIN))
    assert not stored_auth(page)


def test_the_login_link_keeps_the_way_back_before_the_app_starts(page: Page, base_url: str) -> None:
    without_app(page)
    page.goto(base_url + routes.PROFILE)
    page.get_by_role("banner").get_by_role("link", name=Text.LOGIN).click()
    expect(page).to_have_url(at(base_url, routes.LOGIN))
    assert page.evaluate("key => sessionStorage.getItem(key)", StorageKey.REDIRECT).rstrip("/") == "/profile"


def test_sign_in_with_email_and_without_remembered_page_goes_home(page: Page, base_url: str) -> None:
    _login_page(page, base_url)
    sign_in_with_form(page, "full@demo.lk")
    expect(page).to_have_url(at(base_url, "/"))
    expect_signed_in(page)
    stored = json.loads(stored_auth(page))
    assert stored["token"].count(".") == 2
    assert stored["record"]["username"] == "full" and stored["record"]["role"] == "full"


def test_button_reads_signing_in_while_the_request_runs(page: Page, base_url: str, backend) -> None:
    _login_page(page, base_url)
    backend.slow(1.5)
    sign_in_with_form(page, "basic")
    button = page.locator("main form button[type=submit]")
    expect(button).to_have_text(Text.SIGNING_IN)
    expect(button).to_be_disabled()
    expect(page).to_have_url(at(base_url, "/"), timeout=10_000)


def test_header_login_returns_to_the_page_after_sign_in_replacing_history(page: Page, base_url: str) -> None:
    page.goto(base_url + routes.JOBS)
    page.goto(base_url + routes.PROFILE)
    page.get_by_role("banner").get_by_role("link", name=Text.LOGIN).click()
    expect(page).to_have_url(at(base_url, routes.LOGIN))
    assert page.evaluate("key => sessionStorage.getItem(key)", StorageKey.REDIRECT).rstrip("/") == "/profile"
    sign_in_with_form(page, "basic")
    expect(page).to_have_url(at(base_url, routes.PROFILE))
    expect_signed_in(page)
    assert page.evaluate("key => sessionStorage.getItem(key)", StorageKey.REDIRECT) is None
    # /login was replaced by the page: going back never lands on the sign-in form again.
    page.go_back()
    expect(page).to_have_url(at(base_url, routes.PROFILE))
    page.go_back()
    expect(page).to_have_url(at(base_url, routes.JOBS))


def test_a_redirect_to_another_site_is_not_followed(page: Page, base_url: str) -> None:
    _login_page(page, base_url)
    page.evaluate("key => sessionStorage.setItem(key, '//evil.example/phish')", StorageKey.REDIRECT)
    sign_in_with_form(page, "basic")
    expect(page).to_have_url(at(base_url, "/"))


def test_signed_in_visitor_opening_login_is_sent_home(
    page: Page, base_url: str, demo_pocketbase, client_ip: str
) -> None:
    start_signed_in(page, base_url, demo_pocketbase.url, "basic", client_ip)
    page.goto(base_url + routes.LOGIN)
    expect(page).to_have_url(at(base_url, "/"))
    expect_signed_in(page)


def test_session_survives_a_reload_and_a_new_tab(page: Page, base_url: str) -> None:
    _login_page(page, base_url)
    sign_in_with_form(page, "notes")
    expect(page).to_have_url(at(base_url, "/"))
    page.reload()
    expect_signed_in(page)
    other_tab = page.context.new_page()
    other_tab.goto(base_url + routes.JOBS)
    expect_signed_in(other_tab)


def test_logout_reads_logging_out_then_clears_the_session_and_goes_home(
    page: Page, base_url: str, demo_pocketbase, client_ip: str
) -> None:
    start_signed_in(page, base_url, demo_pocketbase.url, "full", client_ip)
    page.goto(base_url + routes.PROFILE)
    expect_signed_in(page)
    page.evaluate(WATCH_BUTTONS)
    page.get_by_role("banner").get_by_role("button", name=Text.LOGOUT).click()
    expect(page).to_have_url(at(base_url, "/"))
    expect_signed_out(page)
    assert f"{Text.LOGGING_OUT}|true" in button_states(page)
    assert not stored_auth(page)
    page.reload()
    expect_signed_out(page)


def test_logout_in_one_tab_signs_out_the_other(page: Page, base_url: str, demo_pocketbase, client_ip: str) -> None:
    start_signed_in(page, base_url, demo_pocketbase.url, "basic", client_ip)
    page.goto(base_url + routes.JOBS)
    other_tab = page.context.new_page()
    other_tab.goto(base_url + routes.BOOKING)
    expect_signed_in(other_tab)
    page.get_by_role("banner").get_by_role("button", name=Text.LOGOUT).click()
    expect_signed_out(page)
    expect_signed_out(other_tab)


def test_an_expired_token_counts_as_signed_out(page: Page, base_url: str) -> None:
    expired = fake_token("fulluser0000001", an_hour_ago())
    store_auth(page, base_url, json.dumps({"token": expired, "record": {"id": "fulluser0000001", "role": "full"}}))
    page.goto(base_url + routes.JOBS)
    expect_signed_out(page)
    page.goto(base_url + routes.NOTES)
    expect(page).to_have_url(at(base_url, routes.LOGIN))


def test_a_forged_token_is_signed_out_by_pocketbase(page: Page, base_url: str) -> None:
    forged = fake_token("fulluser0000001", time.time() + 86400 * 3)
    store_auth(page, base_url, json.dumps({"token": forged, "record": {"id": "fulluser0000001", "role": "full"}}))
    page.goto(base_url + routes.NOTES)
    expect(page).to_have_url(at(base_url, routes.LOGIN))
    expect_signed_out(page)
    assert not stored_auth(page)


def _socket_frames(page: Page) -> list[str]:
    """The text frames the page's websocket receives from now on (the site's answers)."""
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda data: frames.append(str(data))))
    return frames


def _answered(page: Page, frames: list[str], since: int, text: str) -> None:
    """Wait until a frame after the first `since` brings `text`: that sign-in was answered. The
    error on screen cannot tell: it still holds the last attempt's, the same words."""
    deadline = time.monotonic() + 15
    while not any(text in frame for frame in frames[since:]):
        assert time.monotonic() < deadline, f"no answer with {text!r}"
        page.wait_for_timeout(50)


def test_sign_in_is_rate_limited_per_visitor(page: Page, base_url: str, browser: Browser) -> None:
    frames = _socket_frames(page)
    _login_page(page, base_url)
    # Names no account has: the per-account limit (test_security_boundary.py) stays out of it.
    # Each attempt answered before the next: one sent while the last is on its way is not sent.
    for n in range(10):
        since = len(frames)
        sign_in_with_form(page, f"nobody-{n}", "wrong-password")
        _answered(page, frames, since, Text.LOGIN_FAILED)
        expect(page.get_by_test_id("login-error")).to_have_text(Text.LOGIN_FAILED)
        page.get_by_role("main").get_by_label(Text.PASSWORD_LABEL, exact=True).fill("")
    sign_in_with_form(page, "nobody-10", "wrong-password")
    expect(page.get_by_test_id("login-error")).to_have_text(Text.TOO_MANY_ATTEMPTS)
    sign_in_with_form(page, "basic")  # even the right password waits out the minute
    expect(page.get_by_test_id("login-error")).to_have_text(Text.TOO_MANY_ATTEMPTS)
    # Another visitor, from another address, is not held back by this one.
    other = browser.new_context(extra_http_headers={"X-Forwarded-For": "203.0.113.77"})
    try:
        other_page = other.new_page()
        _login_page(other_page, base_url)
        sign_in_with_form(other_page, "basic")
        expect(other_page).to_have_url(at(base_url, "/"))
    finally:
        other.close()


def test_a_locked_account_is_told_how_many_minutes_to_wait(page: Page, base_url: str, demo_pocketbase) -> None:
    # The attack: guesses at one account, each from a fresh address (as through the site).
    username, password = f"lock{uuid.uuid4().hex[:10]}", f"pw-{uuid.uuid4().hex}"
    seeder = Seeder(demo_pocketbase)
    try:
        seeder.create_user(username, password, "basic")
    finally:
        seeder.close()
    for n in range(10):
        guess = httpx.post(
            f"{demo_pocketbase.url}/api/collections/users/auth-with-password",
            json={"identity": username, "password": f"guess-{n}"},
            headers={"X-Forwarded-For": f"203.0.113.{100 + n}"},
        )
        assert guess.status_code == 400
    _login_page(page, base_url)
    sign_in_with_form(page, username, password)  # even the right password waits
    expect(page.get_by_test_id("login-error")).to_have_text(Text.account_locked(15))
    expect(page).to_have_url(at(base_url, routes.LOGIN))


def test_login_says_when_the_backend_is_down(page: Page, base_url: str, backend) -> None:
    _login_page(page, base_url)
    backend.down()
    sign_in_with_form(page, "basic")
    expect(page.get_by_test_id("login-error")).to_have_text(Text.BACKEND_UNAVAILABLE)
    expect(page.locator("main form button[type=submit]")).to_have_text(Text.SIGN_IN)


def test_passwords_and_tokens_stay_out_of_logs_and_pushed_state(page: Page, base_url: str, site) -> None:
    frames = ReceivedFrames(page)
    secret = f"wrong-{time.time_ns()}"
    _login_page(page, base_url)
    sign_in_with_form(page, "notes", secret)
    expect(page.get_by_test_id("login-error")).to_have_text(Text.LOGIN_FAILED)
    sign_in_with_form(page, "notes")
    expect(page).to_have_url(at(base_url, "/"))
    token = json.loads(stored_auth(page))["token"]
    log = site.log_file.read_text(errors="replace")
    for value in (secret, DEMO_PASSWORD, token):
        assert value not in log
    assert secret not in frames.text and DEMO_PASSWORD not in frames.text


def test_another_visitor_never_sees_this_visitors_session(page: Page, base_url: str, browser: Browser) -> None:
    _login_page(page, base_url)
    sign_in_with_form(page, "full")
    expect(page).to_have_url(at(base_url, "/"))
    token = json.loads(stored_auth(page))["token"]
    other = browser.new_context(extra_http_headers={"X-Forwarded-For": "203.0.113.78"})
    try:
        other_page = other.new_page()
        frames = ReceivedFrames(other_page)
        other_page.goto(base_url + routes.PROFILE)
        expect_signed_out(other_page)
        expect(other_page.get_by_test_id("teacher-card").first).to_be_visible()
        assert token not in frames.text
    finally:
        other.close()


def test_a_token_close_to_expiry_is_refreshed(page: Page, base_url: str, demo_pocketbase, client_ip: str) -> None:
    with _auth_token_life(demo_pocketbase, 3600):  # an hour: well inside the refresh margin
        auth = start_signed_in(page, base_url, demo_pocketbase.url, "notes", client_ip)
    old_exp = token_expiry(auth["token"])
    assert old_exp is not None and old_exp - time.time() < Timing.TOKEN_REFRESH_MARGIN_S
    page.goto(base_url + routes.NOTES)  # a page that checks the session with PocketBase
    expect(page.get_by_test_id("document").first).to_be_visible()
    refreshed = json.loads(stored_auth(page))["token"]
    assert refreshed != auth["token"]
    assert token_expiry(refreshed) > old_exp + Timing.TOKEN_REFRESH_MARGIN_S  # PocketBase's full life again


def test_the_header_button_fits_a_phone_screen(page: Page, base_url: str, demo_pocketbase, client_ip: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(base_url + routes.JOBS)
    expect_signed_out(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    start_signed_in(page, base_url, demo_pocketbase.url, "basic", client_ip)
    page.goto(base_url + routes.JOBS)
    expect_signed_in(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    button = page.get_by_role("banner").get_by_role("button", name=Text.LOGOUT)
    box = button.bounding_box()
    assert box["x"] + box["width"] <= PHONE["width"] and box["height"] >= 44


@contextlib.contextmanager
def _auth_token_life(pocketbase, seconds: int):
    """Issue users' sign-in tokens with a shorter life while the block runs."""
    admin = superuser_token(pocketbase.url)
    url = f"{pocketbase.url}/api/collections/users"
    before = httpx.get(url, headers={"Authorization": admin}).json()["authToken"]["duration"]
    httpx.patch(url, headers={"Authorization": admin}, json={"authToken": {"duration": seconds}}).raise_for_status()
    try:
        yield
    finally:
        httpx.patch(url, headers={"Authorization": admin}, json={"authToken": {"duration": before}}).raise_for_status()


def test_the_login_form_cannot_send_the_password_before_the_page_is_ready(browser: Browser, base_url: str) -> None:
    """On slow mobile data the prerendered form shows before its script: it must not submit itself."""
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(base_url + routes.LOGIN)
        form = page.get_by_role("main").locator("form")
        expect(form).to_have_attribute("method", "post")
        expect(form.get_by_role("button", name=Text.SIGN_IN, exact=True)).to_be_disabled()
    finally:
        context.close()
