"""What browser tests look for on any page: content arrived, nothing unsafe in the DOM."""

from __future__ import annotations

import json
import re

import httpx
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from student_portal.constants import StorageKey
from student_portal.i18n import in_language
from student_portal.i18n.languages import LANGUAGES
from student_portal.i18n.texts import Text

# Generous: two cores shared with other browser suites; the spec gives no number here.
CONTENT_TIMEOUT_MS = 30_000

# Whether the browser has drawn an element: false inside a part not drawn until it nears the
# viewport (content-visibility: auto, components/layout.py's render_when_near).
DRAWN = "element => element.checkVisibility({contentVisibilityAuto: true})"

# "Loading..." in English, Sinhala and Tamil (the catalogs' words for it).
_LOADING = re.compile(r"^Loading|පූරණය වෙමින්|ஏற்றப்படு")

# Everything in the DOM a payload could use to run script or leave the site unnoticed.
# Returns one line per problem found.
FORBIDDEN_DOM = """(allowedFrameOrigins) => {
  const problems = [];
  const describe = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '');
  const LINK_SCHEMES = ['http:', 'https:', 'tel:', 'mailto:', 'webcal:'];  // webcal: our teachers' calendar feeds
  const URL_ATTRIBUTES = ['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'data',
                          'poster', 'background', 'lowsrc', 'ping', 'cite', 'dynsrc'];
  for (const el of document.querySelectorAll('*')) {
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) problems.push(`${describe(el)} has ${name}="${attr.value}"`);
      const squeezed = attr.value.replace(/[\\u0000-\\u0020]/g, '').toLowerCase();
      if (URL_ATTRIBUTES.includes(name) && /^(javascript|vbscript|livescript|data|blob|file):/.test(squeezed)) {
        problems.push(`${describe(el)} ${name}="${attr.value}"`);
      }
      if (name === 'style' && /(javascript:|expression\\(|-moz-binding|behavior:|url\\()/.test(squeezed)) {
        problems.push(`${describe(el)} style="${attr.value}"`);
      }
    }
  }
  for (const a of document.querySelectorAll('a[href], area[href]')) {
    let scheme;
    try { scheme = new URL(a.getAttribute('href'), location.href).protocol; } catch (e) { scheme = 'unparsable'; }
    if (!LINK_SCHEMES.includes(scheme)) problems.push(`link ${scheme} ${a.getAttribute('href')}`);
  }
  for (const f of document.querySelectorAll('iframe, frame')) {
    const src = f.getAttribute('src');
    if (src === null) { problems.push(`frame without src (srcdoc: ${f.hasAttribute('srcdoc')})`); continue; }
    let url;
    try { url = new URL(src, location.href); } catch (e) { url = null; }
    // An allowed entry is an origin, or (ending in "/") an address prefix such as our /files/.
    const allowed = url && allowedFrameOrigins.some(
      (a) => (a.endsWith('/') ? url.href.startsWith(a) : url.origin === a));
    if (!allowed) problems.push(`frame ${src}`);
  }
  const forbidden = 'main script, main style, main link, main meta, main base, main object, main embed, ' +
    'main applet, main form[action], main svg script, main svg foreignObject, main svg animate, ' +
    'main svg set, main svg a, main math, main template, main noscript, base, meta[http-equiv]';
  for (const el of document.querySelectorAll(forbidden)) problems.push(`element ${describe(el)}`);
  return problems;
}"""


# An init script collecting the browser's own report of every CSP violation (console text can be
# worded anyway): read back as window.__cspViolations.
WATCH_CSP = """window.__cspViolations = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));"""


# Two frames for what follows a resize or a theme change (carousels measure their window), or at
# most half a second: a page the browser does not draw at the moment gets no frames.
SETTLE = """() => new Promise((done) => {
  requestAnimationFrame(() => requestAnimationFrame(done));
  setTimeout(done, 500);
})"""


# Set by Reflex's root once the app has hydrated (its ReflexProviders' first effect): from then on
# React handles taps and keys. The app starts after the first paint (assets/head.js), which may
# be after the load event Playwright's goto waits for.
_APP_STARTED = "() => window.__reflex !== undefined"


def without_app(page: Page) -> None:
    """Holds back the React app (the built /assets/*.js) on `page`: what shows is the server's HTML
    as first painted, with only the blocking head script (assets/head.js)."""
    page.route(re.compile(r"/assets/.*\.js$"), lambda route: route.abort())


def wait_for_app(page: Page) -> None:
    """The page's app has started: what React or Reflex does on a tap or key now happens (before,
    only what works without it does: links, <details>, and what assets/head.js handles)."""
    try:
        page.wait_for_function(_APP_STARTED, timeout=CONTENT_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        raise AssertionError(
            f"the app did not start in {CONTENT_TIMEOUT_MS} ms: window.__reflex never appeared "
            "(a Reflex upgrade may have renamed it; see its root's ReflexProviders)"
        ) from None


def wait_for_content(page: Page) -> None:
    """Every section finished loading: no skeletons, no "Loading..." message."""
    expect(page.get_by_test_id("skeletons")).to_have_count(0, timeout=CONTENT_TIMEOUT_MS)
    expect(page.get_by_role("status").filter(has_text=_LOADING)).to_have_count(0, timeout=CONTENT_TIMEOUT_MS)


# axe-core as axe-playwright-python ships it. Its `Axe.run` evaluates the 570 KB script before
# every run (0.2 to 0.6 s each here); a page that is checked at several widths and themes needs it once.
_AXE_SCRIPT = Axe().axe_script
# Only the violations cross back to Python: each rule's id and help, and where it failed.
_AXE_RUN = """async ([within, options]) => {
  const found = await axe.run(within ? {include: [within]} : document, options);
  return found.violations.map((v) => ({id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' '))}));
}"""


# axe's rules about colour that a default run runs (its `cat.color` tag but for the AAA
# color-contrast-enhanced, off by default): all a theme changes, the markup being the same.
# test_accessibility.py checks the list against the axe-core it runs.
COLOUR_RULES = ("color-contrast", "link-in-text-block")


def axe_violations(page: Page, within: str = "", **options) -> list[tuple[str, str, list[str]]]:
    """axe-core's findings on the page as it is drawn now: (rule, help, up to 5 places); only in
    the elements the CSS selector `within` matches, if given; `options` are axe.run's (runOnly:
    some rules only)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(_AXE_SCRIPT)
    found = page.evaluate(_AXE_RUN, [within, {"resultTypes": ["violations"], **options}])
    return [(v["id"], v["help"], v["targets"][:5]) for v in found]


def dom_problems(page: Page, allowed_frame_origins: list[str]) -> list[str]:
    return page.evaluate(FORBIDDEN_DOM, allowed_frame_origins)


def sign_in_context(
    context: BrowserContext, base_url: str, pb_url: str, identity: str, password: str, client_ip: str
) -> None:
    """Give the context's pages a stored session of `identity` on the PocketBase at `pb_url`."""
    response = httpx.post(
        f"{pb_url}/api/collections/users/auth-with-password",
        json={"identity": identity, "password": password},
        headers={"X-Forwarded-For": client_ip},
        timeout=30,
    )
    response.raise_for_status()
    auth = response.json()
    value = json.dumps({"token": auth["token"], "record": auth["record"]})
    context.add_init_script(
        f"if (location.origin === {json.dumps(base_url)} && !localStorage.getItem({json.dumps(StorageKey.AUTH)}))"
        f" localStorage.setItem({json.dumps(StorageKey.AUTH)}, {json.dumps(value)});"
    )


def new_visitor(browser: Browser, client_ip: str, **options) -> BrowserContext:
    """A fresh browser context that is its own visitor (see conftest `client_ip`)."""
    return browser.new_context(extra_http_headers={"X-Forwarded-For": client_ip}, **options)


def _backend_error_texts() -> list[str]:
    """Our toast for a broken event handler (backend_errors.py), in every language."""
    texts = []
    for language in LANGUAGES:
        with in_language(language):
            texts.append(Text.BACKEND_ERROR)
    return texts


# What Reflex shows or logs when a page or an event handler breaks.
CRASH_TEXTS = re.compile(
    "|".join(
        [r"An error occurred|Unexpected Application Error|Application error", *map(re.escape, _backend_error_texts())]
    )
)
CRASH_LOG_LINES = ("[Reflex Backend Exception]", "[Reflex Frontend Exception]", "Traceback (most recent call last)")


class SiteLog:
    """What the site's server writes to its log from now on."""

    def __init__(self, site) -> None:
        self.path = site.log_file
        self.start = self.path.stat().st_size

    def text(self, last_bytes: int | None = None) -> str:
        """What it wrote since, or only the end of that (`last_bytes`)."""
        with self.path.open("rb") as log:
            end = log.seek(0, 2)
            log.seek(self.start if last_bytes is None else max(self.start, end - last_bytes))
            return log.read().decode("utf-8", "replace")

    def crashes(self) -> list[str]:
        text = self.text()
        return [line for line in CRASH_LOG_LINES if line in text]


class PageWatch:
    """Script errors and dialogs of one page (a dialog is Reflex's fallback for a server error)."""

    def __init__(self, page: Page) -> None:
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("dialog", lambda dialog: (self.dialogs.append(dialog.message), dialog.dismiss()))


def expect_no_crash_screen(page: Page) -> None:
    expect(page.get_by_role("main")).to_be_visible()
    expect(page.get_by_text(CRASH_TEXTS)).to_have_count(0)
