"""What a first visit downloads per page: JavaScript + CSS (bytes on the wire: the built assets
are served pre-gzipped) and, apart, font files; `script_at_load`: the script bytes fetched by the
load event, before what a page fetches once it has loaded (players' previews). For issue
#12's budget (at most 3 KB gzipped JS+CSS growth per page, fonts aside): run it on main's checkout
and on yours, compare.

    SITE_TEST_PORT=3222 python -m benchmarks.page_weight [/ /youtube ...]

Builds and serves this checkout on SITE_TEST_PORT against a demo PocketBase, loads each page at
390 px in a fresh browser (empty cache), waits for the network to settle, and prints one JSON
line per page.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from benchmarks import config
from tests.support.pocketbases import start_pocketbase
from tests.support.site import Site

PAGES = ("/", "/youtube", "/notes", "/booking", "/shop", "/jobs", "/ol-folder")
PHONE = {"width": 390, "height": 844}


def _script_bytes(responses: list) -> int:
    """Script bytes of the responses so far that finished loading."""
    total = 0
    for response in list(responses):
        if response.request.resource_type == "script":
            try:
                total += response.request.sizes()["responseBodySize"]
            except Exception:  # still loading: not part of the figure
                continue
    return total


def weigh(browser, url: str) -> dict[str, Any]:
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        responses: list = []
        page.on("response", lambda response: responses.append(response))
        page.goto(url)  # returns at the load event
        at_load = _script_bytes(responses)
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(1000)
        sizes = {"script": 0, "stylesheet": 0, "font": 0}
        fonts = []
        files: dict[str, int] = {}  # each script and stylesheet: which files grew between builds
        for response in responses:
            kind = response.request.resource_type
            if kind in sizes:
                body = response.request.sizes()["responseBodySize"]
                sizes[kind] += body
                name = response.url.split("?", 1)[0].rsplit("/", 1)[-1]
                if kind == "font":
                    fonts.append(name)
                else:
                    files[name] = files.get(name, 0) + body
        return {
            "js_css": sizes["script"] + sizes["stylesheet"],
            **sizes,
            "script_at_load": at_load,
            "font_files": fonts,
            "files": files,
        }
    finally:
        context.close()


def main(paths: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        pocketbase = start_pocketbase(Path(tmp) / "pb")
        try:
            with Site(pocketbase.url, log_file=Path(tmp) / "site.log") as site, sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=config.CHROMIUM, args=config.BROWSER_ARGS)
                try:
                    for path in paths or PAGES:
                        weigh(browser, site.url + path)  # warm the site's caches
                        print(json.dumps({"page": path, **weigh(browser, site.url + path)}), flush=True)
                finally:
                    browser.close()
        finally:
            pocketbase.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
