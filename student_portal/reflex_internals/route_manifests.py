"""Each language's pages load a route manifest listing their own language's routes only.

React Router's build (routes discovered up front: no server to ask later) writes one manifest
of every route, and every page loads it before it hydrates. With each page registered in three
languages (site_pages.py) that is every route three times: ~1.3 KB gzipped more on every page,
a third of issue 12's byte budget. Pages link only to pages of their own language (the language
switch is a full page load, assets/head.js), so after each production build this plugin
writes one manifest per language and points each built page at its language's.

Should a client-side navigation still reach another language's address, a catch-all route
(its module: assets/other_language.js) loads that page from the server instead of React Router
drawing the 404. The manifest's format is React Router's, not a public API: when the build no
longer looks as expected, the pages keep the full manifest and a warning says so
(tests/unit/test_route_manifests.py pins the shape, tests/e2e/test_languages.py the result).
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from pathlib import Path
from typing import Any

import reflex as rx

from student_portal.i18n.languages import LANGUAGES, Language, language_of_path, language_prefix

log = logging.getLogger(__name__)

MANIFEST_PREFIX = "window.__reactRouterManifest="
# A page names its routes' modules here; the manifest it loads must list them all.
_ROUTE_MODULES = re.compile(r"window\.__reactRouterRouteModules\s*=\s*(\{[^}]*\})")
_MANIFEST_FILE = re.compile(r"manifest-[0-9a-f]+\.js")
OTHER_LANGUAGE_MODULE = "/other_language.js"  # assets/other_language.js, served as is


def route_language(route: dict[str, Any]) -> Language | None:
    """The language of a manifest route; None for the root layout (every page needs it)."""
    if route.get("id") == "root":
        return None
    return language_of_path("/" + (route.get("path") or ""))


def _other_language_route(path: str) -> dict[str, Any]:
    return {
        "id": f"other-language:{path}",
        "parentId": "root",
        "path": path,
        "hasAction": False,
        "hasLoader": False,
        "hasClientAction": False,
        "hasClientLoader": False,
        "hasClientMiddleware": False,
        "hasDefaultExport": True,
        "hasErrorBoundary": False,
        "module": OTHER_LANGUAGE_MODULE,
        "imports": [],
        "css": [],
    }


def language_manifest(manifest: dict[str, Any], language: Language) -> dict[str, Any]:
    """`manifest` with the root and `language`'s routes, plus catch-alls for the other languages'
    addresses: English pages get /si/* and /ta/* (their own * is the 404), Sinhala and Tamil
    pages one * (their own /si/* or /ta/* is their 404 and wins over it)."""
    routes = {key: route for key, route in manifest["routes"].items() if route_language(route) in (None, language)}
    if language is Language.EN:
        fallbacks = [language_prefix(other).lstrip("/") + "/*" for other in LANGUAGES if other is not Language.EN]
    else:
        fallbacks = ["*"]
    for path in fallbacks:
        route = _other_language_route(path)
        routes[route["id"]] = route
    return {**manifest, "routes": routes}


def page_language(html: str, manifest: dict[str, Any]) -> Language | None:
    """The one language of the routes a built page hydrates, or None (keep the full manifest)."""
    found = _ROUTE_MODULES.search(html)
    if not found:
        return None
    ids = re.findall(r'"([^"]+)"\s*:', found.group(1))
    languages = {route_language(manifest["routes"].get(route_id, {"id": route_id})) for route_id in ids}
    languages.discard(None)
    if len(languages) != 1 or any(route_id not in manifest["routes"] for route_id in ids):
        return None
    return languages.pop()


def split_manifests(static_dir: Path) -> dict[Language, str]:
    """Write each language's manifest beside the full one and point the built pages at it.
    Returns the file name per language ({} when the build did not look as expected)."""
    assets = static_dir / "assets"
    found = sorted(path for path in assets.glob("manifest-*.js") if _MANIFEST_FILE.fullmatch(path.name))
    if len(found) != 1:
        log.warning("route manifests: expected one assets/manifest-*.js, found %d; pages keep it whole", len(found))
        return {}
    full_name = found[0].name
    text = found[0].read_text(encoding="utf-8").strip()
    if not (text.startswith(MANIFEST_PREFIX) and text.endswith(";")):
        log.warning("route manifests: %s is not React Router's manifest as known; pages keep it whole", full_name)
        return {}
    manifest = json.loads(text[len(MANIFEST_PREFIX) : -1])
    names: dict[Language, str] = {}
    for language in LANGUAGES:
        ours = language_manifest(manifest, language)
        # Content-named, like Vite's files; the manifest names its own address (React Router's
        # <Scripts> preloads it after hydration: the full one's would be downloaded as well).
        digest = hashlib.sha256(json.dumps(ours, sort_keys=True).encode()).hexdigest()[:8]
        name = f"manifest-{digest}.js"
        ours["url"] = f"/assets/{name}"
        body = MANIFEST_PREFIX + json.dumps(ours, separators=(",", ":")) + ";"
        (assets / name).write_text(body, encoding="utf-8")
        names[language] = name
    for page in static_dir.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        if full_name not in html:
            continue
        if (hydrates := page_language(html, manifest)) is not None:
            page.write_text(html.replace(f"/assets/{full_name}", f"/assets/{names[hydrates]}"), encoding="utf-8")
    return names


class RouteManifestsPlugin(rx.plugins.Plugin):
    """After each production build: one route manifest per language (before the service worker's
    build, which precaches what the home page loads)."""

    def post_build(self, **context: Any) -> None:
        split_manifests(Path(context["static_dir"]))
