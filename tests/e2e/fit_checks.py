"""Whether a page fits the screen (issue 33): what the page sweep (tests/e2e/test_page_sweep.py)
checks at each width, and the hints its report gives."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.page_checks import SETTLE

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


# Every part drawn, those below the first screen included (render_when_near draws them only near
# the screen): the check measures all of the page.
DRAW_EVERYTHING = ".render-when-near { content-visibility: visible !important; }"

# The header's menus: everything that leaves the bar is in the first one; the account menu (signed in,
# where the bar holds the entries) has the student's own pages.
MENUS = ("#phone-menu", "#language-menu", "#account-menu")


def misfits(page: Page, path: str, *, menus: bool) -> list[str]:
    """The page's misfits at each width, everything drawn (with `menus`, also with each of the
    header's menus open where the bar shows it). Changes the page: the widest width is left set."""
    page.add_style_tag(content=DRAW_EVERYTHING)
    page.evaluate("document.fonts.ready")
    problems = []
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


def hints(problems: list[str]) -> list[str]:
    """What to do about each kind of fit or language problem among `problems`."""
    found = []
    if any(ENGLISH_LEFT in problem for problem in problems):
        found.append(
            "English left on a Sinhala or Tamil page: run `make messages`, translate the empty msgstr entries in "
            "student_portal/i18n/locale/{si,ta}/LC_MESSAGES/messages.po (`make test T=tests/unit/test_catalogs.py` "
            "names them); a record's own words are content (tests/e2e/site_words.py)"
        )
    if any(ENGLISH_LEFT not in problem for problem in problems):
        found.append(
            "a page too wide or cut off: fix its classes (docs/appearance.md); see it with "
            '`make screenshots SCREENSHOTS_ARGS="--only <route>"`; rerun with `make check-page PAGES=<route>`'
        )
    return found
