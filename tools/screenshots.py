"""Screenshots of every page for a person to look at before a release (`make screenshots`).

Every route the app registers (tests/e2e/routes.py reads them from site_pages) x English,
Sinhala and Tamil x a phone (360 px) and a laptop (1,280 px) x the light and the dark theme,
signed in as the demo's full user where a page needs it. Each page is scrolled to its end first
(parts below the first screen are drawn as they near it) and shot whole, with the carousels
still (reduced motion). Then one contact sheet per route puts its twelve shots side by side,
languages in rows, so a page that scrolls sideways, clips a word or mixes languages stands out.

By default it starts PocketBase with the demo content and builds the site, as the browser tests
do (on SITE_TEST_PORT, else 3111); `--url` uses a site already running instead. See docs/screenshots.md.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
from PIL import Image, ImageDraw, ImageFont
from playwright.sync_api import Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from student_portal.constants import StorageKey
from student_portal.i18n.languages import LANGUAGES, Language, in_language_path
from tests.e2e.fit_checks import DRAW_EVERYTHING
from tests.e2e.page_checks import wait_for_content
from tests.e2e.routes import ALL_ROUTES, DEMO_IDS, Route
from tests.support.pocketbases import DEMO_PASSWORD, start_pocketbase
from tests.support.site import SITE_PORT, Site

ROOT = Path(__file__).resolve().parents[1]
WIDTHS = {"phone": 360, "laptop": 1280}
HEIGHTS = {"phone": 780, "laptop": 800}
THEMES = ("light", "dark")
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
SIGNED_IN_USER = "full"  # the demo user who may see every page

# The sheet: each shot scaled to its column's width and cut after CELL_HEIGHT pixels.
COLUMN_WIDTHS = {"phone": 300, "laptop": 560}
CELL_HEIGHT = 1400
MARGIN = 16
LABEL_HEIGHT = 28
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

# Scrolls to the end a screen at a time (two frames a step, so each part gets drawn) and back.
_SCROLL_THROUGH = """async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  while (scrollY + innerHeight < document.documentElement.scrollHeight - 1) { scrollBy(0, innerHeight); await frame(); }
  scrollTo(0, 0);
  await frame();
}"""


_PICTURES_IN = "() => [...document.images].every((image) => image.complete)"
PICTURES_TIMEOUT_MS = 5_000


def slug(route: Route) -> str:
    """A file name for a route: / -> home, /news/{news} -> news-news, /search?q=physics -> search."""
    path = route.template.split("?", 1)[0].strip("/")
    return path.replace("/", "-").replace("{", "").replace("}", "") or "home"


def shot_name(route: Route, language: Language, device: str, theme: str) -> str:
    return f"{slug(route)}-{language.value}-{device}-{theme}.png"


def _auth_script(site_url: str, pocketbase_url: str) -> str:
    """An init script giving the browser a stored session of the demo user (as a sign-in would)."""
    response = httpx.post(
        f"{pocketbase_url}/api/collections/users/auth-with-password",
        json={"identity": SIGNED_IN_USER, "password": DEMO_PASSWORD},
        timeout=30,
    )
    response.raise_for_status()
    auth = response.json()
    value = json.dumps({"token": auth["token"], "record": auth["record"]})
    return (
        f"if (location.origin === {json.dumps(site_url)}) "
        f"localStorage.setItem({json.dumps(StorageKey.AUTH)}, {json.dumps(value)});"
    )


def _shoot(page: Page, url: str, target: Path) -> None:
    page.goto(url)
    wait_for_content(page)
    # A whole-page shot paints only what is near the screen of the parts drawn as they near it.
    page.add_style_tag(content=DRAW_EVERYTHING)
    page.evaluate(_SCROLL_THROUGH)  # lazy pictures load as they near the screen
    page.evaluate("document.fonts.ready")
    try:
        page.wait_for_function(_PICTURES_IN, timeout=PICTURES_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        print(f"  pictures still loading on {url}", flush=True)  # shot as it is: a person will see it
    page.screenshot(path=target, full_page=True)


def take_shots(site_url: str, pocketbase_url: str, out: Path, routes: tuple[Route, ...]) -> None:
    """Every route x language x device x theme into `out`/shots: one browser, one page per
    device, theme and sign-in, going from address to address."""
    shots = out / "shots"
    shots.mkdir(parents=True, exist_ok=True)
    auth = _auth_script(site_url, pocketbase_url)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for device, width in WIDTHS.items():
            for theme in THEMES:
                for signed_in in (False, True):
                    context = browser.new_context(
                        viewport={"width": width, "height": HEIGHTS[device]},
                        color_scheme=theme,  # no choice made: the site follows the system
                        reduced_motion="reduce",
                    )
                    if signed_in:
                        context.add_init_script(auth)
                    page = context.new_page()
                    for route in routes:
                        if route.signed_in != signed_in:
                            continue
                        for language in LANGUAGES:
                            path = in_language_path(route.path(DEMO_IDS), language)
                            _shoot(page, site_url + path, shots / shot_name(route, language, device, theme))
                            print(f"{device} {theme} {path}", flush=True)
                    context.close()
        browser.close()


def contact_sheet(route: Route, shots: Path, target: Path) -> None:
    """One image: a row per language, a column per device and theme, each shot's top part."""
    columns = [(device, theme) for device in WIDTHS for theme in THEMES]
    font = ImageFont.truetype(FONT, 16)
    width = MARGIN + sum(COLUMN_WIDTHS[device] + MARGIN for device, _ in columns) + 40
    height = LABEL_HEIGHT * 2 + len(LANGUAGES) * (CELL_HEIGHT + LABEL_HEIGHT + MARGIN)
    sheet = Image.new("RGB", (width, height), (226, 232, 240))
    draw = ImageDraw.Draw(sheet)
    draw.text((MARGIN, 6), f"{route.template}   (tools/screenshots.py)", font=font, fill="black")
    for row, language in enumerate(LANGUAGES):
        top = LABEL_HEIGHT * 2 + row * (CELL_HEIGHT + LABEL_HEIGHT + MARGIN)
        draw.text((MARGIN, top + CELL_HEIGHT // 2), language.value, font=font, fill="black")
        left = MARGIN + 40
        for device, theme in columns:
            column = COLUMN_WIDTHS[device]
            shot = Image.open(shots / shot_name(route, language, device, theme))
            scale = column / shot.width
            full_height = round(shot.height * scale)
            scaled = shot.resize((column, full_height), Image.Resampling.LANCZOS)
            cell = scaled.crop((0, 0, column, min(full_height, CELL_HEIGHT)))
            caption = f"{theme} {shot.width}x{shot.height}" + (" (top)" if full_height > CELL_HEIGHT else "")
            draw.text((left, top), caption, font=font, fill="black")
            sheet.paste(cell, (left, top + LABEL_HEIGHT))
            left += column + MARGIN
    sheet.save(target, optimize=True)


@contextmanager
def demo_site(port: int, work: Path) -> Iterator[tuple[str, str]]:
    """PocketBase with the demo content and the site built and served against it: (site, pb) URLs."""
    pocketbase = start_pocketbase(work / "pb")
    try:
        with Site(pocketbase.url, port=port, log_file=work / "site.log") as site:
            yield site.url, pocketbase.url
    finally:
        pocketbase.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots", help="folder for the shots and sheets")
    parser.add_argument("--url", help="a running site (then --pocketbase too) instead of building one")
    parser.add_argument("--pocketbase", help="the running site's PocketBase, for the signed-in pages")
    parser.add_argument("--port", type=int, default=SITE_PORT, help="port of the site built here")
    parser.add_argument("--only", help="comma-separated route templates (e.g. /,/jobs): just these")
    args = parser.parse_args()
    routes = tuple(r for r in ALL_ROUTES if not args.only or r.template in args.only.split(","))
    args.out.mkdir(parents=True, exist_ok=True)
    if args.url:
        take_shots(args.url.rstrip("/"), args.pocketbase or "http://127.0.0.1:8090", args.out, routes)
    else:
        with tempfile.TemporaryDirectory() as work, demo_site(args.port, Path(work)) as (site_url, pb_url):
            take_shots(site_url, pb_url, args.out, routes)
    for route in routes:
        contact_sheet(route, args.out / "shots", args.out / f"{slug(route)}.png")
    print(f"{len(routes)} contact sheets in {args.out}")


if __name__ == "__main__":
    main()
