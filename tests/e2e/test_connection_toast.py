"""The toast a page shows while it cannot reach the server speaks the page's language (issue 12):
Reflex's own is English on every page; ours is compiled into each language's page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect

from student_portal import routes
from student_portal.i18n import in_language
from student_portal.i18n.languages import Language, in_language_path
from student_portal.i18n.texts import Text
from tests.e2e.conftest import PHONE

REFLEX_ENGLISH = "Cannot connect to server"  # Reflex 0.10's own toast ("...: <error>. Check if ...")
# Engine.IO's handshake, then Socket.IO's CONNECT_ERROR for the site's namespace: a server that
# refuses the page, as a failing proxy does. (A socket merely closed by a mock, or blocked with
# DevTools, leaves socket.io waiting instead of failing, so Reflex never counts an error.)
ENGINE_OPEN = '0{"sid":"x","upgrades":[],"pingInterval":25000,"pingTimeout":20000,"maxPayload":1000000}'
REFUSED = '44/_event,{"message":"refused"}'


@pytest.mark.parametrize("language", list(Language), ids=str)
def test_the_connection_lost_toast_is_in_the_page_language_and_goes_when_it_is_back(
    page: Page, base_url: str, language: Language
) -> None:
    page.set_viewport_size(PHONE)
    blocked = [True]

    def socket(ws: WebSocketRoute) -> None:
        if not blocked[0]:
            ws.connect_to_server()
            return
        ws.on_message(lambda message: ws.send(REFUSED) if str(message).startswith("40") else None)
        ws.send(ENGINE_OPEN)

    page.route_web_socket(re.compile(r"/_event"), socket)
    page.goto(base_url + in_language_path(routes.JOBS, language))
    with in_language(language):
        title, detail = Text.CONNECTION_LOST, Text.CONNECTION_LOST_DETAIL
    toast = page.locator("[data-sonner-toast]")
    expect(toast).to_have_count(1, timeout=20_000)  # ours only: Reflex's overlay is gone
    expect(toast).to_contain_text(title)
    expect(toast).to_contain_text(detail)
    assert REFLEX_ENGLISH not in page.content()
    box = toast.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]  # whole on a phone

    blocked[0] = False  # the next retry connects: the toast goes
    expect(toast).to_have_count(0, timeout=20_000)
