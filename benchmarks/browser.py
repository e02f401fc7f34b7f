"""Headless Chromium (Debian's) through Playwright's async API, no throttling."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from benchmarks import config

PHONE = {"width": 390, "height": 844}

# Records performance.now() (ms since navigation start) when `selector` first matches a visible
# element with text (a loading face's empty bar is not content), checked every animation frame
# from the very start of the document.
_PROBE = """
((selector) => {
  if (window.top !== window) return;
  window.__benchContentAt = null;
  // A canvas has no text: the pdf viewer puts a page's canvas in only once it is drawn.
  const shown = (el) => el.getClientRects().length > 0 && (el.textContent.trim() !== "" || el.tagName === "CANVAS") &&
    (!el.checkVisibility || el.checkVisibility({opacityProperty: true, visibilityProperty: true}));
  const tick = () => {
    if (window.__benchContentAt !== null) return;
    if ([...document.querySelectorAll(selector)].some(shown)) { window.__benchContentAt = performance.now(); return; }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})
"""


def content_probe_script(selector: str) -> str:
    return f"{_PROBE}({json.dumps(selector)});"


@asynccontextmanager
async def chromium() -> AsyncIterator:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=config.CHROMIUM, args=config.BROWSER_ARGS)
        try:
            yield browser
        finally:
            await browser.close()


async def content_ms(
    browser, url: str, selector: str, *, timeout_s: float = config.CONTENT_TIMEOUT_S, storage_state: dict | None = None
) -> float | None:
    """Milliseconds from navigation start until `selector` is visible, in a fresh context (a new
    visitor: empty browser cache); None when it does not show within the timeout."""
    context = await browser.new_context(viewport=PHONE, storage_state=storage_state)
    try:
        await context.add_init_script(content_probe_script(selector))
        page = await context.new_page()
        await page.goto(url, wait_until="commit")
        try:
            await page.wait_for_function("window.__benchContentAt !== null", timeout=timeout_s * 1000, polling=50)
        except Exception:
            return None
        return await page.evaluate("window.__benchContentAt")
    finally:
        await context.close()


async def load_page(
    browser,
    url: str,
    *,
    selector: str | None,
    timeout_s: float = config.CONTENT_TIMEOUT_S,
    storage_state: dict | None = None,
) -> bool:
    """One visit: open `url` in a fresh context and wait until its content is there (the selector,
    or the network at rest when there is none); whether it got there."""
    context = await browser.new_context(viewport=PHONE, storage_state=storage_state)
    try:
        page = await context.new_page()
        try:
            await page.goto(url, wait_until="load", timeout=timeout_s * 1000)
            if selector:
                await page.wait_for_selector(selector, state="visible", timeout=timeout_s * 1000)
            await page.wait_for_load_state("networkidle", timeout=timeout_s * 1000)
            return True
        except Exception:
            return False
    finally:
        await context.close()
