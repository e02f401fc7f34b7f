"""Installable app (issue 18): the web manifest, its icons, and Chrome's installability check."""

from __future__ import annotations

import struct

import httpx
from playwright.sync_api import Page, expect


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_manifest_makes_the_site_installable(page: Page, base_url: str) -> None:
    response = httpx.get(base_url + "/manifest.webmanifest")
    assert response.headers["x-content-type-options"] == "nosniff"
    manifest = response.json()
    assert manifest["name"] == "Student Portal" and manifest["short_name"]
    assert (manifest["start_url"], manifest["display"], manifest["scope"]) == ("/", "standalone", "/")
    assert manifest["theme_color"] == "#1d4ed8"
    sizes: dict[str, set[int]] = {}
    for icon in manifest["icons"]:
        image = httpx.get(base_url + icon["src"])
        assert image.status_code == 200 and image.headers["content-type"] == "image/png"
        width, height = _png_size(image.content)
        assert icon["sizes"] == f"{width}x{height}"
        sizes.setdefault(icon["purpose"], set()).add(width)
    assert sizes == {"any": {192, 512}, "maskable": {512}}

    page.goto(base_url + "/")
    expect(page.locator('link[rel="manifest"]')).to_have_attribute("href", "/manifest.webmanifest")
    session = page.context.new_cdp_session(page)
    errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Playwright's contexts are incognito-like; everything else Chrome checks must pass.
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []
