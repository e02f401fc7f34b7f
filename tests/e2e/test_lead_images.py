"""Lead images: a slides page's first picture is requested by its built HTML, before the data.

/youtube, /ol-folder and /al-folder open with a slide picture that is only known once the
websocket delivers the page's data. Their loading face names /lead-image/<slot>/<width>, a
redirect to that picture, so it loads while the scripts do; the real slide then shows the very
same file (student_portal/server/lead_images.py). /shop's first picture comes in its HTML instead
(tests/e2e/test_first_room.py).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Response, expect

PAGES = [
    ("/youtube", "recording-slides", "#carousel-recording-slides figure img"),
    ("/ol-folder", "ol-slides", "#carousel-ol-slides figure img"),
    ("/al-folder", "al-slides", "#carousel-al-slides figure img"),
]
LOADED = "img => img.complete && img.naturalWidth > 0"


def lead_targets(page: Page, slot: str) -> list[str]:
    """Collects the addresses /lead-image/<slot>/... redirected this page to, as they arrive."""
    targets: list[str] = []

    def on_response(response: Response) -> None:
        source = response.request.redirected_from
        if source is not None and f"/lead-image/{slot}/" in source.url and response.ok:
            targets.append(response.url)

    page.on("response", on_response)
    return targets


@pytest.mark.parametrize(("path", "slot", "_"), PAGES, ids=[p[0] for p in PAGES])
def test_the_first_picture_shows_while_the_page_data_has_not_arrived(
    page: Page, base_url: str, path: str, slot: str, _: str
) -> None:
    # The websocket opens but the server never answers: the page stays in its loading face.
    page.route_web_socket("**/_event/**", lambda socket: None)
    targets = lead_targets(page, slot)
    page.goto(base_url + path)
    lead = page.locator(f'img[src^="/lead-image/{slot}/"]')
    expect(lead).to_have_count(1)
    expect(lead).to_have_attribute("alt", "")  # decorative until the named picture replaces it
    lead.evaluate("img => new Promise(ok => img.complete ? ok() : img.addEventListener('load', ok))")
    assert lead.evaluate(LOADED)
    assert len(targets) == 1 and targets[0].startswith(base_url + "/files/") and "thumb=" in targets[0]
    expect(page.locator("[data-testid=product-card], [data-carousel-viewport]")).to_have_count(0)


@pytest.mark.parametrize(("path", "slot", "first_picture"), PAGES, ids=[p[0] for p in PAGES])
def test_the_real_first_picture_is_the_same_file_as_the_lead_image(
    sized_page: Page, base_url: str, path: str, slot: str, first_picture: str
) -> None:
    targets = lead_targets(sized_page, slot)
    sized_page.goto(base_url + path)
    first = sized_page.locator(first_picture).first
    expect(first).to_be_visible()
    sized_page.wait_for_function(LOADED, arg=first.element_handle())
    assert targets, "the loading face asked for no lead image"
    # Same width chosen from the same srcset: the browser shows the file it already has.
    assert first.evaluate("img => img.currentSrc") == targets[0]
    expect(sized_page.locator(f'img[src^="/lead-image/{slot}/"]')).to_have_count(0)
