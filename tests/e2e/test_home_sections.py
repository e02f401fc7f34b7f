"""Home: hero, social cards, We Are Proud, talents; each section on its own (spec: Home page)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from student_portal import routes
from student_portal.constants import Limit, Timing
from student_portal.i18n.texts import Text
from student_portal.routes.navigation import HOME_SHORTCUTS, SOCIAL_CHANNELS
from tests.e2e.carousel_helpers import freeze_clock, shown_slide, slides
from tests.e2e.conftest import DESKTOP
from tests.e2e.page_checks import DRAWN, axe_violations

SOCIAL_TITLES = [
    "Kuppi Recordings on YouTube",
    "Student Portal Facebook page",
    "60-second study tips",
    "WhatsApp channel",
    "Telegram notes group",
]


def test_hero_welcomes_and_offers_four_shortcuts_and_five_channels(sized_page: Page, base_url: str) -> None:
    sized_page.goto(base_url + "/")
    expect(sized_page.get_by_role("heading", level=1)).to_have_text(Text.WELCOME)
    shortcuts = sized_page.get_by_role("navigation", name="Shortcuts").get_by_role("link")
    expect(shortcuts).to_have_text([label for label, _ in HOME_SHORTCUTS])
    for link, (_, url) in zip(shortcuts.all(), HOME_SHORTCUTS, strict=True):
        expect(link).to_have_attribute("href", url)
    assert [url for _, url in HOME_SHORTCUTS] == ["/youtube", "/notes", "/profile", "/shop"]
    for label, url in SOCIAL_CHANNELS:
        link = sized_page.get_by_role("link", name=label, exact=True)
        expect(link).to_have_attribute("href", url)
        expect(link).to_have_attribute("target", "_blank")
        expect(link).to_have_attribute("rel", re.compile(r"\bnoopener\b"))


def test_a_hero_shortcut_navigates(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    page.get_by_role("navigation", name="Shortcuts").get_by_role("link", name="Find Recordings").click()
    expect(page).to_have_url(base_url + routes.YOUTUBE)


def _social(page: Page):
    return page.get_by_role("region", name=Text.SOCIAL)


def test_social_cards_have_platform_borders_and_open_in_a_new_tab(sized_page: Page, base_url: str) -> None:
    sized_page.goto(base_url + "/")
    cards = _social(sized_page).locator("article")
    expect(cards.get_by_role("heading")).to_have_text(SOCIAL_TITLES)
    colours = {
        "youtube": "border-red-600",
        "facebook": "border-blue-600",
        "tiktok": "border-black",
        "other": "border-slate-400",
    }
    for card in cards.all():
        platform = card.get_attribute("data-platform")
        expect(card).to_have_class(re.compile(rf"\b{colours[platform]}\b"))
        expect(card).to_have_css("border-top-width", "5px")
        expect(card.locator("img")).to_have_attribute("src", re.compile(r"thumb=400x225$"))
        link = card.get_by_role("link")
        expect(link).to_have_attribute("target", "_blank")
        expect(link).to_have_attribute("href", re.compile(r"^https://"))
    border = lambda i: cards.nth(i).evaluate("el => getComputedStyle(el).borderTopColor")  # noqa: E731
    assert len({border(0), border(1), border(2), border(3)}) == 4  # red, blue, black, grey
    assert border(3) == border(4)  # both "other": grey


def test_social_cards_are_one_column_on_phones_and_four_on_large_screens(sized_page: Page, base_url: str) -> None:
    sized_page.goto(base_url + "/")
    cards = _social(sized_page).locator("article")
    expect(cards).to_have_count(len(SOCIAL_TITLES))
    expect(sized_page.get_by_test_id("skeletons")).to_have_count(0)  # sections above have settled
    # One snapshot of every card's position (sections load independently and may still move).
    boxes = cards.evaluate_all("els => els.map(el => { const r = el.getBoundingClientRect(); return [r.x, r.y]; })")
    lefts, tops = [round(x) for x, _ in boxes], [round(y) for _, y in boxes]
    if sized_page.viewport_size == DESKTOP:
        assert len(set(tops[:4])) == 1 and tops[4] > tops[0]
    else:
        assert len(set(lefts)) == 1 and tops == sorted(tops)


def test_we_are_proud_shows_the_fixed_figures(sized_page: Page, base_url: str) -> None:
    sized_page.goto(base_url + "/")
    proud = sized_page.get_by_role("region", name=Text.WE_ARE_PROUD)
    # The spec's figures themselves: they are the point of this test.
    expect(proud.locator("dd")).to_have_text(["63", "20", "4"])
    expect(proud.locator("dt")).to_have_text(["Students Enrolled", "Total Courses", "Online Learners"])


def _talents(page: Page):
    return page.get_by_role("region", name=Text.TALENTS)


def test_talents_show_at_most_three_and_filter_by_category(sized_page: Page, base_url: str) -> None:
    sized_page.goto(base_url + "/")
    talents = _talents(sized_page)
    cards = talents.get_by_test_id("talent-card")
    expect(cards).to_have_count(Limit.TALENTS_MAX)
    expect(cards.first).to_contain_text("Sanduni Rathnayake")
    expect(cards.first.get_by_role("heading")).to_have_text("Sanda Eliya (cover) - University of Kelaniya")
    expect(cards.first).to_contain_text(re.compile(r"\d{1,2} \w+ \d{4}"))
    select = talents.get_by_role("combobox")
    expect(select).to_have_value("")
    expect(select.locator("option").first).to_have_text(Text.ALL_CATEGORIES)
    select.select_option(label="Dancing")
    expect(cards).to_have_count(2)
    expect(cards.nth(0)).to_contain_text("Ishara Madushani")
    expect(cards.nth(1)).to_contain_text("Moratuwa Dance Crew")
    select.select_option(label="Art")
    expect(cards.get_by_role("heading")).to_have_text(
        ["Speed painting: Sigiriya at sunset", "Charcoal portraits of my grandparents"]
    )
    select.select_option(label=Text.ALL_CATEGORIES)
    expect(cards).to_have_count(Limit.TALENTS_MAX)


def test_a_talent_video_loads_its_player_only_when_tapped(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    card = _talents(page).get_by_test_id("talent-card").first
    expect(card.locator("iframe")).to_have_count(0)
    thumbnail = card.locator("img")
    expect(thumbnail).to_have_attribute("src", "https://i.ytimg.com/vi/pTyGJMuHbEL/hqdefault.jpg")
    card.get_by_role("button", name=re.compile(f"^{Text.PLAY_VIDEO}: Sanda Eliya")).click()
    player = card.locator("iframe")
    expect(player).to_have_attribute("title", "Sanda Eliya (cover) - University of Kelaniya")
    expect(player).to_have_attribute(
        "src", re.compile(r"^https://www\.youtube-nocookie\.com/embed/pTyGJMuHbEL\?(.+&)?rel=0(&|$)")
    )
    # One player at a time: starting another video puts the first back to its picture.
    second = _talents(page).get_by_test_id("talent-card").nth(1)
    second.get_by_role("button", name=re.compile(f"^{Text.PLAY_VIDEO}")).click()
    expect(second.locator("iframe")).to_have_count(1)
    expect(card.locator("iframe")).to_have_count(0)


def test_articles_show_one_at_a_time_and_move_every_7_seconds_both_ways(sized_page: Page, base_url: str) -> None:
    freeze_clock(sized_page)
    sized_page.goto(base_url + "/")
    articles = sized_page.get_by_role("region", name=Text.ARTICLES)
    titles = [
        "How to plan your A/L revision in the last 100 days",
        "Choosing a degree: Moratuwa, Peradeniya or Colombo?",
        "Bodim life: a survival guide for first-years",
    ]
    expect(slides(articles)).to_have_count(3)
    title = shown_slide(articles).locator("h3").first
    expect(title).to_have_text(titles[0])
    expect(shown_slide(articles).locator("table")).to_be_visible()  # rich text, rendered as HTML
    sized_page.clock.run_for(Timing.ARTICLE_ADVANCE_MS - 100)
    expect(title).to_have_text(titles[0])
    sized_page.clock.run_for(100)
    expect(title).to_have_text(titles[1])
    articles.get_by_role("button", name="Next article").click()
    expect(title).to_have_text(titles[2])
    articles.get_by_role("button", name="Next article").click()
    expect(title).to_have_text(titles[0])
    articles.get_by_role("button", name="Previous article").click()
    expect(title).to_have_text(titles[2])


def test_the_home_page_keeps_its_sections_in_the_spec_order(page: Page, base_url: str) -> None:
    page.set_viewport_size(DESKTOP)
    page.goto(base_url + "/")
    order = [
        Text.WELCOME,
        Text.LATEST_NEWS,
        Text.CLASS_SCHEDULE,
        Text.KUPPI_RECORDINGS,
        Text.SHOP_HEADING,
        Text.SOCIAL,
        Text.WE_ARE_PROUD,
        Text.ARTICLES,
        Text.TALENTS,
    ]
    expect(page.get_by_role("heading", name=Text.TALENTS)).to_be_visible()
    tops = [page.get_by_role("heading", name=name, exact=True).first.bounding_box()["y"] for name in order]
    assert tops == sorted(tops)
    slides_top = page.get_by_role("region", name=Text.SLIDES).bounding_box()["y"]
    assert tops[1] < slides_top < tops[2]


def test_pages_answered_with_their_sections_fill_on_a_navigation_inside_the_site(page: Page, base_url: str) -> None:
    # A navigation sends Reflex's on_load_internal, not a hydrate: the sections come with its
    # answer (first_answer.py), for /shop as for / (these pages have no on_load).
    page.goto(base_url + routes.JOBS)
    expect(page.get_by_test_id("job-card").first).to_be_visible()
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Home").click()
    expect(page).to_have_url(base_url + "/")
    expect(page.get_by_test_id("recording-card").first).to_be_visible()
    expect(page.get_by_test_id("talent-card").first).to_be_visible()
    expect(page.get_by_test_id("skeletons")).to_have_count(0)
    page.get_by_role("navigation", name="Shortcuts").get_by_role("link", name=HOME_SHORTCUTS[3][0]).click()
    expect(page).to_have_url(base_url + routes.SHOP)
    expect(page.get_by_test_id("product-card").first).to_be_visible()
    expect(page.get_by_test_id("skeletons")).to_have_count(0)


def test_sections_below_the_first_screen_are_drawn_only_as_they_near_it(
    sized_page: Page, base_url: str, viewport: dict
) -> None:
    sized_page.goto(base_url + "/")
    expect(sized_page.get_by_test_id("talent-card").first).to_be_attached()
    deferred = sized_page.locator(".render-when-near")
    expect(deferred).to_have_count(8)  # every section after the hero and the news
    assert all(box["y"] >= viewport["height"] for box in (d.bounding_box() for d in deferred.all()) if box)
    talents = sized_page.get_by_role("heading", name=Text.TALENTS, exact=True)
    assert talents.evaluate(DRAWN) is False  # far below: not styled, laid out or painted yet
    assert sized_page.get_by_role("heading", name=Text.LATEST_NEWS, exact=True).evaluate(DRAWN) is True
    talents.scroll_into_view_if_needed()
    expect(sized_page.get_by_test_id("talent-card").first).to_be_visible()
    sized_page.wait_for_function(f"() => ({DRAWN})(document.getElementById('talents-title'))")
    # what overhangs a section's edge (card shadows, focus outlines) is not clipped by its containment
    assert deferred.last.evaluate("e => getComputedStyle(e).overflowClipMargin") == "16px"


@pytest.mark.parametrize("width", [390, 412, 1280], ids=lambda width: f"{width}px")
def test_buttons_in_sections_not_yet_drawn_are_not_covered(page: Page, base_url: str, width: int) -> None:
    # axe's target-size rule (Lighthouse runs it at 412 px) measures a skipped section's content:
    # in a box shorter than that content it would overflow onto the next section's buttons.
    page.set_viewport_size({"width": width, "height": 823})
    page.goto(base_url + "/")
    expect(page.get_by_test_id("talent-card").first).to_be_attached()
    page.wait_for_load_state("networkidle")
    assert axe_violations(page, runOnly={"type": "rule", "values": ["target-size"]}) == []


# Scrolls the page to its end a screen at a time, as a thumb does, and returns the document's
# height before the first step and after each (two frames each: parts nearing the screen get drawn).
_HEIGHTS_WHILE_SCROLLING = """async () => {
  const frame = () => new Promise((done) => {
    requestAnimationFrame(() => requestAnimationFrame(done));
    setTimeout(done, 500);  // no endless wait if the browser draws no frame
  });
  const root = document.documentElement, heights = [root.scrollHeight];
  while (scrollY + innerHeight < root.scrollHeight - 1) {
    scrollBy(0, innerHeight * 0.8);
    await frame();
    heights.push(root.scrollHeight);
  }
  return heights;
}"""


@pytest.mark.parametrize("path", ["/", "/ta/"])
def test_the_home_page_keeps_its_length_while_a_phone_scrolls_it(page: Page, base_url: str, path: str) -> None:
    # Parts not yet drawn hold about the space they take once drawn (render_when_near's heights):
    # the scroll bar and the visitor's place stay put. They held 150rem each: 16,800 px shrinking
    # to 9,500 as the visitor scrolled.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(base_url + path)
    expect(page.get_by_test_id("talent-card").first).to_be_attached()
    expect(page.get_by_test_id("skeletons")).to_have_count(0)
    page.evaluate("document.fonts.ready")
    heights = page.evaluate(_HEIGHTS_WHILE_SCROLLING)
    assert len(heights) > 5  # it did scroll, through the whole page
    assert max(heights) - min(heights) <= 0.03 * heights[-1], heights
