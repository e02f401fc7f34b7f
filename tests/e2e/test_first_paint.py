"""The first frame a phone draws already holds the page's content, not half a header.

Chromium paints as soon as its HTML parser yields, and a slow phone yields early: without
`<link rel=expect href="#site-footer" blocking=render>` (4x CPU slowdown, home page) it drew the
header alone, then its buttons shifted (a layout shift), then the hero ~300 ms later.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from student_portal import routes
from student_portal.components.footer import FOOTER_ID

# Runs before the page's first byte is parsed; rAF callbacks run just before the first frame.
FIRST_FRAME = (
    f"const FOOTER_ID = {FOOTER_ID!r};"
    + """
requestAnimationFrame(() => {
  const main = document.getElementById("main");
  window.__firstFrame = {
    main: Boolean(main),
    heading: Boolean(main && main.querySelector("h1")),
    footer: Boolean(document.getElementById(FOOTER_ID)),
  };
});
"""
)


def test_every_page_asks_to_paint_once_its_content_is_parsed(page: Page, base_url: str) -> None:
    html = page.request.get(base_url + routes.JOBS).text()
    head = html.split("</head>", 1)[0]
    links = [tag for tag in re.findall(r"<link [^>]*>", head) if 'rel="expect"' in tag]
    assert len(links) == 1 and f'href="#{FOOTER_ID}"' in links[0] and 'blocking="render"' in links[0], links


@pytest.mark.parametrize("path", [routes.HOME, routes.YOUTUBE, routes.JOBS, "/si/booking"])
def test_first_frame_on_a_slow_phone_has_the_main_content(page: Page, base_url: str, path: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 6})  # a cheap phone
    page.add_init_script(FIRST_FRAME)
    page.goto(base_url + path, wait_until="commit")
    page.wait_for_function("window.__firstFrame !== undefined")
    first = page.evaluate("window.__firstFrame")
    assert first == {"main": True, "heading": True, "footer": True}
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    cdp.detach()
