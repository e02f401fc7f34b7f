"""Checks that a filter changed the address bar without loading the page again."""

from __future__ import annotations

from playwright.sync_api import Page


def mark_document(page: Page) -> None:
    """Tag the loaded document; a reload or a new navigation would lose the tag."""
    page.evaluate("window.__same_document = true")


def is_same_document(page: Page) -> bool:
    return page.evaluate("window.__same_document === true")
