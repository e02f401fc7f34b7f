"""Signing in from browser tests, and watching what the site sends to a browser."""

from __future__ import annotations

import base64
import json
import re
import time

import httpx
from playwright.sync_api import Page, WebSocket, expect

from student_portal import routes
from student_portal.constants import StorageKey
from student_portal.i18n.texts import Text

DEMO_PASSWORD = "demo-pass-123"
# role -> (email, user name); the demo seed's accounts.
DEMO_USERS = {
    "basic": ("basic@demo.lk", "basic"),
    "notes": ("notes@demo.lk", "notes"),
    "full": ("full@demo.lk", "full"),
}


def pocketbase_auth(pb_url: str, identity: str, client_ip: str) -> dict:
    """{token, record} for a demo user, straight from PocketBase (as this test's visitor)."""
    response = httpx.post(
        f"{pb_url}/api/collections/users/auth-with-password",
        json={"identity": identity, "password": DEMO_PASSWORD},
        headers={"X-Forwarded-For": client_ip},
    )
    response.raise_for_status()
    return response.json()


def store_auth(page: Page, base_url: str, value: str) -> None:
    """Put `value` in the browser's `pocketbase_auth` item, as an earlier visit would have."""
    if not page.url.startswith(base_url):
        page.goto(base_url + routes.LOGIN)
    page.evaluate("([key, value]) => window.localStorage.setItem(key, value)", [StorageKey.AUTH, value])


def start_signed_in(page: Page, base_url: str, pb_url: str, role: str, client_ip: str) -> dict:
    """The browser holds a session of the demo user `role` (no page loaded with it yet)."""
    auth = pocketbase_auth(pb_url, DEMO_USERS[role][1], client_ip)
    store_auth(page, base_url, json.dumps({"token": auth["token"], "record": auth["record"]}))
    return auth


def sign_in_with_form(page: Page, identity: str, password: str = DEMO_PASSWORD) -> None:
    """Fill and send the /login form (the page must be /login)."""
    form = page.get_by_role("main")
    form.get_by_label(Text.IDENTITY_LABEL).fill(identity)
    form.get_by_label(Text.PASSWORD_LABEL, exact=True).fill(password)
    form.get_by_role("button", name=Text.SIGN_IN, exact=True).click()


def at(base_url: str, path: str) -> re.Pattern[str]:
    """The address of `path`, with or without the trailing slash a full page load gets."""
    return re.compile(re.escape(base_url + path.rstrip("/")) + r"/?$")


def expect_signed_in(page: Page) -> None:
    expect(page.get_by_role("banner").get_by_role("button", name=Text.LOGOUT)).to_be_visible()


def expect_signed_out(page: Page) -> None:
    expect(page.get_by_role("banner").get_by_role("link", name=Text.LOGIN)).to_be_visible()


def stored_auth(page: Page) -> str | None:
    return page.evaluate("key => window.localStorage.getItem(key)", StorageKey.AUTH)


def fake_token(user_id: str, exp: float) -> str:
    """A token-shaped string with the given claims and a signature PocketBase will reject."""

    def part(data: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(data).encode()).rstrip(b"=").decode()

    claims = {"id": user_id, "type": "auth", "collectionId": "_pb_users_auth_", "exp": int(exp)}
    return f"{part({'alg': 'HS256', 'typ': 'JWT'})}.{part(claims)}.bm90LWEtc2lnbmF0dXJl"


def an_hour_ago() -> float:
    return time.time() - 3600


def _text(payload: str | bytes) -> str:
    return payload if isinstance(payload, str) else payload.decode("utf-8", "replace")


class ReceivedFrames:
    """Everything the site's server pushes to this page over its websocket (and what it sends).

    Create it before the page's first load: it watches the sockets opened after it.
    """

    def __init__(self, page: Page) -> None:
        self.frames: list[str] = []
        self.sent: list[str] = []
        page.on("websocket", self._watch)

    def _watch(self, socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: self.frames.append(_text(payload)))
        socket.on("framesent", lambda payload: self.sent.append(_text(payload)))

    @property
    def text(self) -> str:
        return "\n".join(self.frames)


# Records every (text, disabled) state of the header's buttons and the login form's button.
WATCH_BUTTONS = """() => {
  window.__buttonStates = [];
  const record = () => document.querySelectorAll('header button, main form button').forEach(
    b => window.__buttonStates.push(b.textContent + '|' + b.disabled));
  new MutationObserver(record).observe(document.body, {subtree: true, childList: true,
    characterData: true, attributes: true});
}"""


def button_states(page: Page) -> list[str]:
    return page.evaluate("window.__buttonStates")
