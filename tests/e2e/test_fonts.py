"""Sinhala and Tamil letters render in our self-hosted Noto fonts, even in a browser without a
system font for them, and an English-only page downloads no font at all.

The machine has Debian's Noto Sinhala and Tamil (`make test` installs them for the PDFs the tests
write), and the site's faces name them first (`local()`): these tests' Chromium is started with
a fontconfig that hides every system font for those scripts, as on a phone or desktop without one.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserType, Page, expect

from student_portal import routes
from student_portal.i18n.texts import Text
from tests.e2e.page_checks import DRAWN, wait_for_content

SINHALA = "Noto Sans Sinhala"
TAMIL = "Noto Sans Tamil"
# Common Tamil words a Tamil page shows (no demo record is in Tamil yet).
TAMIL_SAMPLE = "தமிழ் மொழி மூலம் வினாத்தாள்கள்"

# The system's fonts and settings, less any file for Sinhala or Tamil letters.
WITHOUT_SINHALA_OR_TAMIL = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <selectfont><rejectfont><glob>*Sinhala*</glob><glob>*Tamil*</glob></rejectfont></selectfont>
</fontconfig>
"""


@pytest.fixture(scope="module")
def browser(
    browser_type: BrowserType, browser_type_launch_args: dict, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Browser]:
    """Chromium without a system font for Sinhala or Tamil (for this module's pages)."""
    config = tmp_path_factory.mktemp("fontconfig") / "fonts.conf"
    config.write_text(WITHOUT_SINHALA_OR_TAMIL)
    launched = browser_type.launch(**browser_type_launch_args, env={**os.environ, "FONTCONFIG_FILE": str(config)})
    yield launched
    launched.close()


def test_the_browser_has_no_system_font_for_sinhala_or_tamil(page: Page) -> None:
    """The premise of the tests below: without our faces, Sinhala is drawn in no Sinhala font."""
    page.set_content('<p id="probe" style="font-family: sans-serif">යාළුවන්ගේ தமிழ்</p>')
    assert not {SINHALA, TAMIL, "Noto Serif Sinhala", "Noto Serif Tamil"} & set(_families_used(page, "#probe"))


def _font_files(page: Page, path: str) -> list[str]:
    fonts: list[str] = []
    page.on("response", lambda r: fonts.append(r.url) if r.request.resource_type == "font" else None)
    page.goto(path)
    page.wait_for_load_state("networkidle")
    return fonts


def _families_used(page: Page, selector: str) -> dict[str, int]:
    """The fonts Chromium really drew a node's text with (DevTools' "Rendered Fonts"):
    family -> glyph count. A system fallback or tofu would show here under another name."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    assert node, f"no {selector}"
    # The text node inside: fonts are reported per text run.
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    cdp.detach()
    return {f["familyName"]: f["glyphCount"] for f in fonts}


def _shot(page: Page, selector: str) -> bytes:
    return page.locator(selector).screenshot(animations="disabled")


def _system_font_shot(page: Page, selector: str) -> bytes:
    """The same text drawn without our fonts: this machine then has only tofu for it."""
    page.eval_on_selector(
        selector, "el => { el.dataset.font = el.style.fontFamily; el.style.fontFamily = 'sans-serif'; }"
    )
    page.evaluate("document.fonts.ready")
    shot = _shot(page, selector)
    page.eval_on_selector(selector, "el => { el.style.fontFamily = el.dataset.font; }")
    return shot


def test_english_only_page_downloads_no_font(page: Page, base_url: str) -> None:
    fonts = _font_files(page, base_url + routes.JOBS)
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    assert fonts == []
    statuses = page.evaluate("[...document.fonts].map(f => f.family + ' ' + f.status)")
    assert statuses and all(s.endswith(" unloaded") for s in statuses), statuses


def test_home_sinhala_shop_heading_and_news_excerpt_render_in_our_font_not_tofu(page: Page, base_url: str) -> None:
    csp_errors: list[str] = []
    page.on("console", lambda m: csp_errors.append(m.text) if "Content Security Policy" in m.text else None)
    fonts = _font_files(page, base_url + routes.HOME)
    heading = page.locator("#shop-heading")
    expect(heading).to_have_text(Text.SHOP_HEADING)
    excerpt = page.get_by_text("උසස් පෙළ ප්‍රතිඵල").first
    expect(excerpt).to_be_visible()
    page.evaluate("document.fonts.ready")

    # Only our Sinhala files, from the site itself, allowed by the CSP; nothing Tamil.
    names = [url.rsplit("/", 1)[-1] for url in fonts]
    assert names and all(n.startswith("noto-sans-sinhala-sinhala-") and n.endswith(".woff2") for n in names), names
    assert all(url.startswith(base_url + "/assets/") for url in fonts), fonts
    assert csp_errors == []

    # The shop is below the first screen: drawn (and its fonts used) once it nears the viewport.
    heading.scroll_into_view_if_needed()
    heading.evaluate("el => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert heading.evaluate(DRAWN)
    assert _families_used(page, "#shop-heading").get(SINHALA, 0) >= len("යාළුවන්ගේ")
    excerpt.evaluate("el => el.setAttribute('data-font-probe', '')")
    assert _families_used(page, "[data-font-probe]").get(SINHALA, 0) > 0

    # The screenshot differs from the same text in the system font (tofu on this machine).
    assert _shot(page, "#shop-heading") != _system_font_shot(page, "#shop-heading")


def test_tamil_text_renders_in_our_font_not_tofu(page: Page, base_url: str) -> None:
    fonts = _font_files(page, base_url + routes.JOBS)
    assert fonts == []
    tamil_fonts: list[str] = []
    page.on("response", lambda r: tamil_fonts.append(r.url) if r.request.resource_type == "font" else None)
    # Tamil text on a real page of ours (its stylesheet): the Tamil face loads on demand. Added
    # once the page's content is in, at the end of the body: React redraws inside <main>.
    wait_for_content(page)
    page.evaluate(
        "(text) => { const p = document.createElement('p'); p.id = 'tamil-probe'; p.lang = 'ta';"
        " p.textContent = text; document.body.append(p); }",
        TAMIL_SAMPLE,
    )
    expect(page.locator("#tamil-probe")).to_be_visible()
    page.wait_for_function("[...document.fonts].some(f => f.family.includes('Tamil') && f.status === 'loaded')")
    page.evaluate("document.fonts.ready")
    assert [u.rsplit("/", 1)[-1].split("-normal")[0] for u in tamil_fonts] == ["noto-sans-tamil-tamil-400"]
    assert _families_used(page, "#tamil-probe").get(TAMIL, 0) > 0
    assert _shot(page, "#tamil-probe") != _system_font_shot(page, "#tamil-probe")


def test_fonts_wait_for_the_pages_scripts(page: Page, base_url: str) -> None:
    """A Sinhala page's font is asked for only once its scripts are in (DOMContentLoaded): on
    slow mobile data the 35 KB face does not share the line with the JavaScript the page needs
    first. Until then a phone draws the letters with its own Sinhala font (most have one)."""
    fonts = _font_files(page, base_url + "/si/")
    assert fonts and all("noto-sans-sinhala" in url for url in fonts), fonts
    timing = page.evaluate(
        "() => ({dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventStart,"
        " fonts: performance.getEntriesByType('resource')"
        ".filter(e => e.name.endsWith('.woff2')).map(e => e.startTime)})"
    )
    assert timing["fonts"] and min(timing["fonts"]) >= timing["dcl"], timing
    assert _families_used(page, "header nav a").get(SINHALA, 0) > 0 or _families_used(page, "h1").get(SINHALA, 0) > 0
