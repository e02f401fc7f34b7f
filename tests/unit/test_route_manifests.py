"""Each language's pages load a route manifest of their own routes (route_manifests.py)."""

from __future__ import annotations

import json
from pathlib import Path

from student_portal.i18n.languages import Language
from student_portal.reflex_internals.route_manifests import (
    MANIFEST_PREFIX,
    OTHER_LANGUAGE_MODULE,
    language_manifest,
    page_language,
    split_manifests,
)


def _route(route_id: str, path: str | None, module: str, index: bool = True) -> dict:
    route = {"id": route_id, "parentId": "root", "module": f"/assets/{module}.js", "imports": [], "css": []}
    if path is not None:
        route["path"] = path
    if index:
        route["index"] = True
    return route


MANIFEST = {
    "entry": {"module": "/assets/entry.client-A.js", "imports": [], "css": []},
    "routes": {
        "root": {"id": "root", "path": "", "module": "/assets/root-A.js", "imports": [], "css": []},
        "routes/_index": _route("routes/_index", None, "_index-A"),
        "routes/[youtube]._index": _route("routes/[youtube]._index", "youtube", "_youtube-A"),
        "routes/[news].$[news_id]._index": _route("routes/[news].$[news_id]._index", "news/:news_id", "_news-A"),
        "routes/[404]._index": _route("routes/[404]._index", "*", "_404-A", index=False),
        "routes/[si]._index": _route("routes/[si]._index", "si", "_si-A"),
        "routes/[si].[youtube]._index": _route("routes/[si].[youtube]._index", "si/youtube", "_si_youtube-A"),
        "routes/[si].$": _route("routes/[si].$", "si/*", "_si_splat-A", index=False),
        "routes/[ta]._index": _route("routes/[ta]._index", "ta", "_ta-A"),
        "routes/[ta].[youtube]._index": _route("routes/[ta].[youtube]._index", "ta/youtube", "_ta_youtube-A"),
        "routes/[ta].$": _route("routes/[ta].$", "ta/*", "_ta_splat-A", index=False),
    },
    "url": "/assets/manifest-0123abcd.js",
    "version": "0123abcd",
}


def _paths(manifest: dict) -> dict[str, str]:
    """Each route's path (the home page's: "/") and module."""
    return {route.get("path", "/"): route["module"] for route in manifest["routes"].values()}


def test_an_english_manifest_lists_the_root_and_english_routes_and_sends_si_and_ta_to_the_server():
    paths = _paths(language_manifest(MANIFEST, Language.EN))
    assert paths == {
        "": "/assets/root-A.js",
        "/": "/assets/_index-A.js",
        "youtube": "/assets/_youtube-A.js",
        "news/:news_id": "/assets/_news-A.js",
        "*": "/assets/_404-A.js",
        "si/*": OTHER_LANGUAGE_MODULE,
        "ta/*": OTHER_LANGUAGE_MODULE,
    }


def test_a_sinhala_manifest_keeps_its_own_404_and_sends_every_other_address_to_the_server():
    manifest = language_manifest(MANIFEST, Language.SI)
    assert set(manifest["routes"]) == {
        "root",
        "routes/[si]._index",
        "routes/[si].[youtube]._index",
        "routes/[si].$",
        "other-language:*",
    }
    assert manifest["routes"]["other-language:*"]["module"] == OTHER_LANGUAGE_MODULE
    assert manifest["entry"] == MANIFEST["entry"] and manifest["version"] == MANIFEST["version"]


def _page(*route_ids: str, manifest_name: str = "manifest-0123abcd.js") -> str:
    imports = "".join(f'import * as route{i} from "/assets/x{i}.js";\n' for i, _ in enumerate(route_ids))
    modules = ",".join(f'"{route_id}":route{i}' for i, route_id in enumerate(route_ids))
    return (
        f'<html><head><link rel="modulepreload" href="/assets/{manifest_name}"/></head><body>'
        f'<script type="module">import "/assets/{manifest_name}";\n{imports}'
        f"window.__reactRouterRouteModules = {{{modules}}};</script></body></html>"
    )


def test_a_page_is_in_the_language_of_the_routes_it_hydrates():
    assert page_language(_page("root", "routes/[ta].[youtube]._index"), MANIFEST) is Language.TA
    assert page_language(_page("root", "routes/_index"), MANIFEST) is Language.EN
    # Only the root (the SPA fallback), an unknown route or no route list: no language.
    assert page_language(_page("root"), MANIFEST) is None
    assert page_language(_page("root", "routes/[xx]._index"), MANIFEST) is None
    assert page_language("<html></html>", MANIFEST) is None


def test_the_build_gets_a_manifest_per_language_and_each_page_loads_its_own(tmp_path: Path):
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "manifest-0123abcd.js").write_text(MANIFEST_PREFIX + json.dumps(MANIFEST) + ";")
    (tmp_path / "si").mkdir()
    pages = {
        "index.html": _page("root", "routes/_index"),
        "si/youtube.html": _page("root", "routes/[si].[youtube]._index"),
        "__spa-fallback.html": _page("root"),
    }
    for name, html in pages.items():
        (tmp_path / name).write_text(html)

    names = split_manifests(tmp_path)

    assert set(names) == set(Language)
    for language, name in names.items():
        text = (tmp_path / "assets" / name).read_text()
        # Its own address in it: React Router preloads that one after hydration.
        assert json.loads(text[len(MANIFEST_PREFIX) : -1]) == {
            **language_manifest(MANIFEST, language),
            "url": f"/assets/{name}",
        }
    assert (tmp_path / "index.html").read_text() == _page("root", "routes/_index", manifest_name=names[Language.EN])
    assert (tmp_path / "si/youtube.html").read_text() == _page(
        "root", "routes/[si].[youtube]._index", manifest_name=names[Language.SI]
    )
    assert (tmp_path / "__spa-fallback.html").read_text() == pages["__spa-fallback.html"]  # the full one


def test_a_build_that_does_not_look_as_known_keeps_its_pages_whole(tmp_path: Path):
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "manifest-0123abcd.js").write_text("export const manifest = {};")
    (tmp_path / "index.html").write_text(_page("root", "routes/_index"))
    assert split_manifests(tmp_path) == {}
    assert (tmp_path / "index.html").read_text() == _page("root", "routes/_index")
