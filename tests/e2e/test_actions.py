"""One set of actions (components/buttons.py): on a 360 px phone every card's actions (Call,
WhatsApp, Email, Preview, Download, Open link, Share, Save) fit in at most two rows, in English,
Sinhala and Tamil; each is a thumb-sized target; all words are the same size; Preview looks the
same on class notes, Uni Notes and O/L items."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from student_portal import routes
from student_portal.i18n.languages import Language, in_language_path
from tests.e2e.auth_support import start_signed_in
from tests.e2e.routes import DEMO_IDS

PHONE_360 = {"width": 360, "height": 780}
THUMB_PX = 44

# Page -> the cards on it that carry actions.
CARD_PAGES = {
    routes.BOOKING: "hotel-card",
    routes.JOBS: "job-card",
    routes.YOUTUBE: "recording-card",
    routes.ol_folder(DEMO_IDS["ol"]) + "?medium=all": "item-card",  # not only the page language's
    routes.NOTES: "document",
    routes.class_page(DEMO_IDS["teacher"]): "document",
}

# Every card's row of actions, measured: rows (distinct tops), targets smaller than a thumb,
# text sizes, and whether the row sticks out of its card.
_MEASURE = """(rows) => rows.map((row) => {
    const card = row.closest("[data-testid]").getBoundingClientRect();
    const actions = [...row.querySelectorAll("a, button")]
        .filter((el) => el.getClientRects().length);
    const boxes = actions.map((el) => el.getBoundingClientRect());
    return {
        count: actions.length,
        rows: new Set(boxes.map((b) => Math.round(b.top))).size,
        small: actions.filter((el, i) => boxes[i].height < 44 || boxes[i].width < 44)
            .map((el) => el.textContent.trim()),
        sizes: [...new Set(actions.map((el) => getComputedStyle(el).fontSize))],
        outside: boxes.some((b) => b.left < card.left || b.right > card.right + 0.5),
    };
})"""


@pytest.mark.parametrize("language", list(Language), ids=[lang.value for lang in Language])
@pytest.mark.parametrize("path", list(CARD_PAGES), ids=list(CARD_PAGES))
def test_a_cards_actions_fit_two_rows_of_thumb_sized_buttons_on_a_360px_phone(
    page: Page, base_url: str, demo_pocketbase, client_ip: str, path: str, language: Language
) -> None:
    page.set_viewport_size(PHONE_360)
    start_signed_in(page, base_url, demo_pocketbase.url, "full", client_ip)  # Save on every card
    page.goto(base_url + in_language_path(path, language))
    cards = page.get_by_test_id(CARD_PAGES[path])
    expect(cards.first.locator("[data-actions] [data-testid=save-button]")).to_be_visible()
    rows = page.locator(f"[data-testid={CARD_PAGES[path]}] [data-actions]")
    measured = rows.evaluate_all(_MEASURE)
    assert measured and all(m["count"] for m in measured)
    for m in measured:
        assert m["rows"] <= 2, m
        assert m["small"] == [], m
        assert len(m["sizes"]) == 1, m
        assert not m["outside"], m
    # one text size across the page's cards too (Save used to be smaller)
    assert len({size for m in measured for size in m["sizes"]}) == 1


def _look(page: Page, name: str) -> dict:
    button = page.get_by_role("button", name=name).first
    expect(button).to_be_visible()
    return button.evaluate(
        """(el) => { const s = getComputedStyle(el);
        return {background: s.backgroundColor, border: s.borderTopColor + " " + s.borderTopWidth,
                color: s.color, size: s.fontSize, weight: s.fontWeight, height: el.offsetHeight}; }"""
    )


def test_preview_looks_the_same_on_class_notes_uni_notes_and_ol_items(
    page: Page, base_url: str, demo_pocketbase, client_ip: str
) -> None:
    page.set_viewport_size(PHONE_360)
    start_signed_in(page, base_url, demo_pocketbase.url, "full", client_ip)
    looks = []
    for path in (routes.class_page(DEMO_IDS["teacher"]), routes.NOTES, routes.ol_folder(DEMO_IDS["ol"])):
        page.goto(base_url + path)
        looks.append(_look(page, "Preview"))
    assert looks[0] == looks[1] == looks[2]
