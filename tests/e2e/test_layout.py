"""Every page fits the screen and speaks one language (issue 33).

At 360, 390, 768 and 1,280 px, in English, Sinhala and Tamil, signed out and (the pages that need
it) signed in, nothing scrolls sideways, every header control is on the screen and no text is cut
off by a box too small for it. On /si/ and /ta/, every page signed out and signed in (the header's
account controls, saved marks, the pages only a member sees) holds no English among the site's
own words once all of it has been drawn, its calendar included (tests/e2e/site_words.py).

The routes come from the app (tests/e2e/routes.py reads site_pages), so a new page is checked
without editing this file. Each page is loaded once per language, at phone width, and checked
at each width by resizing it: the layout follows the width through CSS alone (breakpoints, the
700 px slides), so a resized page is laid out as one loaded at that width, at a quarter of the cost.
The language check reads the same load, before the widths.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from student_portal.i18n.languages import LANGUAGES, Language, in_language_path
from tests.e2e.page_checks import SETTLE, new_visitor, sign_in_context, wait_for_content
from tests.e2e.routes import ALL_ROUTES, DEMO_IDS, SIGNED_IN_ROUTES, Route
from tests.e2e.site_words import Content, site_words_left
from tests.support.pocketbases import DEMO_PASSWORD

WIDTHS = (360, 390, 768, 1280)
HEIGHT = 800
ENGLISH_LEFT = "English left: "  # a problem line's mark: the site's own words not translated

# What does not fit at the current width, one line per problem:
# - the document wider than the window (it scrolls sideways), with the elements that stick out;
# - a header control (link, button, menu toggle, field) not wholly inside the window;
# - text cut by a box that hides its overflow, unless the box ends it with an ellipsis or a
#   line clamp on purpose (`truncate`, `line-clamp-*`). Text nobody is meant to see is skipped:
#   screen-reader-only labels, slides a carousel has put aside (aria-hidden), closed menus.
MISFITS = """() => {
  const root = document.documentElement;
  const width = root.clientWidth, height = innerHeight;
  const problems = [];
  const styles = new Map();  // each element's computed style, looked up once
  const styleOf = (el) => styles.get(el) || styles.set(el, getComputedStyle(el)).get(el);
  const said = (el) => (el.innerText || el.textContent || el.getAttribute('aria-label') || '')
    .trim().replace(/\\s+/g, ' ').slice(0, 40);
  const named = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (el.dataset.testid ? `[${el.dataset.testid}]` : '') + ` "${said(el)}"`;
  const clips = (style) => ['hidden', 'clip'].includes(style.overflowX) || ['hidden', 'clip'].includes(style.overflowY);
  const screenReaderOnly = (el) => {
    const style = styleOf(el);
    return style.position === 'absolute' && el.offsetWidth <= 1 && el.offsetHeight <= 1;
  };
  const clippedByAncestor = (el) => {
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      if (clips(styleOf(box))) return true;
    }
    return false;
  };

  if (root.scrollWidth > width) {
    const out = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && !clippedByAncestor(el))
      .filter((el, _, all) => !all.some((other) => other !== el && el.contains(other)))  // the innermost
      .slice(0, 4).map(named);
    problems.push(`scrolls sideways: ${root.scrollWidth} > ${width} px (${out.join(', ')})`);
  }

  for (const el of document.querySelectorAll('header a, header button, header summary, header input, header select')) {
    if (!el.checkVisibility({visibilityProperty: true})) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) continue;  // screen-reader-only
    if (r.left < -0.5 || r.right > width + 0.5 || r.top < -0.5 || r.bottom > height + 0.5) {
      problems.push(`header control off the screen: ${named(el)} at ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
  }

  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  const reported = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.data.trim() || !parent || reported.has(parent)) continue;
    if (parent.closest('[aria-hidden="true"], [inert], script, style, template, noscript, option')) continue;
    if (!parent.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
    range.selectNodeContents(node);
    const lines = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    if (!lines.length) continue;
    let intended = false;
    for (let box = parent; box && box !== document.body; box = box.parentElement) {
      const style = styleOf(box);
      if (style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none') intended = true;
      if (!clips(style)) continue;
      if (screenReaderOnly(box)) break;
      const r = box.getBoundingClientRect();
      const left = r.left + box.clientLeft, top = r.top + box.clientTop;
      const cutX = ['hidden', 'clip'].includes(style.overflowX) &&
        lines.some((l) => l.left < left - 1 || l.right > left + box.clientWidth + 1);
      const cutY = ['hidden', 'clip'].includes(style.overflowY) &&
        lines.some((l) => l.top < top - 1 || l.bottom > top + box.clientHeight + 1);
      if ((cutX || cutY) && !intended) {
        problems.push(`text cut off by ${named(box)}: "${node.data.trim().slice(0, 40)}"`);
        reported.add(parent);
      }
      break;
    }
  }
  return problems;
}"""


def _path(route: Route, language: Language) -> str:
    return in_language_path(route.path(DEMO_IDS), language)


# Every part drawn, those below the first screen included (render_when_near draws them only near
# the screen): the check measures all of the page.
DRAW_EVERYTHING = ".render-when-near { content-visibility: visible !important; }"

# The header's menus: everything that leaves the bar is in the first one; the account menu (signed in,
# where the bar holds the entries) has the student's own pages.
MENUS = ("#phone-menu", "#language-menu", "#account-menu")


def _problems(
    page: Page, base_url: str, route: Route, language: Language, content: Content, *, menus: bool
) -> list[str]:
    """One route's problems, the page loaded once at the narrowest: on /si/ and /ta/ the English
    among its words, then each width's misfits (with `menus`, also with each of the header's
    menus open where the bar shows it)."""
    path = _path(route, language)
    page.set_viewport_size({"width": WIDTHS[0], "height": HEIGHT})
    page.goto(base_url + path)
    expect(page.locator("html")).to_have_attribute("lang", language.value)
    if "?q=" in route.template:  # search results come after "Searching...", not a "Loading" status
        expect(page.get_by_test_id("search-group").first).to_be_visible()
    wait_for_content(page)
    expect(page.get_by_role("main").get_by_role("heading", level=1)).to_have_count(1)
    problems = []
    if language is not Language.EN:
        problems += [f"{path}: {ENGLISH_LEFT}{line}" for line in site_words_left(page, content, language)]
    page.add_style_tag(content=DRAW_EVERYTHING)
    page.evaluate("document.fonts.ready")
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": HEIGHT})
        page.evaluate(SETTLE)
        problems += [f"{path} at {width} px: {problem}" for problem in page.evaluate(MISFITS)]
        for menu in MENUS if menus else ():
            toggle = page.locator(f"{menu} > summary")
            if not toggle.is_visible():
                continue
            toggle.click()
            expect(page.locator(menu)).to_have_attribute("open", "")
            problems += [f"{path} at {width} px, {menu} open: {problem}" for problem in page.evaluate(MISFITS)]
            toggle.click()
            expect(page.locator(menu)).not_to_have_attribute("open", "")
    return problems


def _routes(language: Language, signed_in: bool) -> list[Route]:
    """Signed out, every page (one for signed-in visitors sends them to /login, checked anyway,
    or shows its own sign-in view). Signed in, the pages that need it; in Sinhala and Tamil every
    page, for the header's account controls and saved marks in that language."""
    if not signed_in:
        return [r for r in ALL_ROUTES if not r.signed_in or r.signed_out_view]
    return list(SIGNED_IN_ROUTES) if language is Language.EN else list(ALL_ROUTES)


def _check_routes(
    browser: Browser, base_url: str, pb_url: str, client_ip: str, content: Content, language: Language, signed_in: bool
) -> list[str]:
    # Reduced motion keeps the carousels still (assets/carousel.js): a slide caught halfway
    # through its carousel's window is not cut off.
    context = new_visitor(browser, client_ip, reduced_motion="reduce")
    try:
        if signed_in:
            sign_in_context(context, base_url, pb_url, "full", DEMO_PASSWORD, client_ip)
        page = context.new_page()
        return [
            problem
            for index, route in enumerate(_routes(language, signed_in))
            # The header is the same on every page: its menus are opened on the first.
            for problem in _problems(page, base_url, route, language, content, menus=index == 0)
        ]
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES, ids=lambda language: language.value)
def test_every_page_fits_every_width_signed_out(
    browser: Browser, base_url: str, demo_pocketbase, client_ip: str, content: Content, language: Language
) -> None:
    problems = _check_routes(browser, base_url, demo_pocketbase.url, client_ip, content, language, signed_in=False)
    assert not problems, _report(problems)


@pytest.mark.parametrize("language", LANGUAGES, ids=lambda language: language.value)
def test_every_page_fits_every_width_signed_in(
    browser: Browser, base_url: str, demo_pocketbase, client_ip: str, content: Content, language: Language
) -> None:
    """Signed in, the header holds Logout (longer than Login in every language) and Saved."""
    problems = _check_routes(browser, base_url, demo_pocketbase.url, client_ip, content, language, signed_in=True)
    assert not problems, _report(problems)


def _report(problems: list[str]) -> str:
    """The problems, and what to do about each kind."""
    hints = []
    if any(ENGLISH_LEFT in problem for problem in problems):
        hints.append(
            "English left on a Sinhala or Tamil page: run `make messages`, translate the empty msgstr entries in "
            "student_portal/i18n/locale/{si,ta}/LC_MESSAGES/messages.po (`make test T=tests/unit/test_catalogs.py` "
            "names them); a record's own words are content (tests/e2e/site_words.py)"
        )
    if len(hints) < len(problems):
        hints.append(
            "a page too wide or cut off: fix its classes (docs/appearance.md); see it with "
            '`make screenshots SCREENSHOTS_ARGS="--only <route>"`; rerun with `make check-page PAGES=<route>`'
        )
    return "\n" + "\n".join(problems) + "\nWhat to do:\n- " + "\n- ".join(hints)
