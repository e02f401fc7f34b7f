"""Previews drawn by pdf.js (issue 18): on a 390 px phone, page 1 of the demo PDF is drawn to a
canvas with its text in a text layer, not framed, for a Uni Note, a class note and a paper."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from student_portal.i18n.texts import Text
from tests.e2e.auth_support import start_signed_in
from tests.e2e.routes import DEMO_IDS

PHONE = {"width": 390, "height": 844}
WATCH_CSP = """window.__cspViolations = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));"""

# where, whose session, which card, and a line of page 1 of its demo PDF (pb/pb_seed)
CASES = {
    "note": ("/notes", "notes", "document", "Engineering Mathematics I - Lecture Notes"),
    "class_note": (f"/class/{DEMO_IDS['teacher']}", "basic", "document", "Combined Maths - Integration"),
    "paper": (f"/ol/{DEMO_IDS['ol']}", None, "item-card", "G.C.E. O/L Mathematics - Past Paper"),
}


def _open_preview(page: Page, base_url: str, demo_pocketbase, client_ip: str, case: str) -> None:
    path, role, card_id, _text = CASES[case]
    page.set_viewport_size(PHONE)
    page.add_init_script(WATCH_CSP)
    if role:
        start_signed_in(page, base_url, demo_pocketbase.url, role, client_ip)
    page.goto(base_url + path)
    card = page.get_by_test_id(card_id).filter(has=page.get_by_role("button", name=Text.PREVIEW)).first
    card.get_by_role("button", name=Text.PREVIEW).click()


def expect_page_one_drawn(page: Page, text: str) -> None:
    dialog = page.get_by_role("dialog")
    viewer = dialog.get_by_test_id("pdf-viewer")
    first = viewer.locator('.pdf-page[data-page="1"]')
    expect(first).to_have_attribute("data-rendered", "true", timeout=20_000)
    expect(first.locator("canvas")).to_have_count(1)
    expect(first.locator(".pdf-text-layer")).to_contain_text(text)
    expect(dialog.locator("iframe")).to_have_count(0)
    assert first.locator("canvas").evaluate("c => c.width > 300")
    # the canvas is really drawn: some pixels are not white
    assert first.locator("canvas").evaluate(
        """c => { const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
                  for (let i = 0; i < d.length; i += 4) if (d[i] < 128) return true; return false; }"""
    )
    expect(viewer.get_by_text("1 page", exact=True)).to_be_visible()


@pytest.mark.parametrize("case", sorted(CASES))
def test_preview_draws_page_one_on_a_phone(page: Page, base_url: str, demo_pocketbase, client_ip: str, case: str):
    _open_preview(page, base_url, demo_pocketbase, client_ip, case)
    expect_page_one_drawn(page, CASES[case][3])
    assert page.evaluate("window.__cspViolations") == []


def test_viewer_zooms_fits_and_downloads_from_the_keyboard(
    page: Page, base_url: str, demo_pocketbase, client_ip: str
) -> None:
    _open_preview(page, base_url, demo_pocketbase, client_ip, "paper")
    expect_page_one_drawn(page, CASES["paper"][3])
    viewer = page.get_by_test_id("pdf-viewer")
    first = viewer.locator('.pdf-page[data-page="1"]')
    expect(first).to_have_attribute("aria-label", f"{Text.PDF_PAGE} 1 / 1")
    fit_width = first.evaluate("p => p.getBoundingClientRect().width")
    assert fit_width <= PHONE["width"]
    viewer.get_by_role("document").press("+")
    expect(viewer.get_by_text("125%")).to_be_visible()
    assert first.evaluate("p => p.getBoundingClientRect().width") > fit_width * 1.2
    viewer.get_by_role("button", name=Text.PDF_FIT).click()
    expect(viewer.get_by_text("100%")).to_be_visible()
    viewer.get_by_role("button", name=Text.PDF_ZOOM_OUT).click()
    expect(viewer.get_by_text("75%")).to_be_visible()
    with page.expect_download() as download:
        viewer.get_by_role("button", name=Text.DOWNLOAD).click()
    assert download.value.suggested_filename.endswith(".pdf")


def test_pdfjs_is_loaded_only_when_a_preview_opens(page: Page, base_url: str) -> None:
    scripts: list[str] = []
    page.on("request", lambda r: scripts.append(r.url) if r.resource_type == "script" else None)
    page.goto(base_url + f"/ol/{DEMO_IDS['ol']}")
    expect(page.get_by_test_id("item-card").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert not [s for s in scripts if "pdf" in s.lower()]
    page.get_by_role("button", name=Text.PREVIEW).first.click()
    expect(page.get_by_test_id("pdf-viewer").locator('.pdf-page[data-rendered="true"]').first).to_be_visible()
    assert [s for s in scripts if "pdf" in s.lower()]
