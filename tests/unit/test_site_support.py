"""The browser tests' shared build (tests/support/site.py): a copy serves on its own port, and
only what the workers read at run time may differ between two sites serving one build."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import brotli
import pytest

from tests.support.site import build_key, copy_build

ENV_CHUNK = "var e={EVENT:`ws://localhost:3111/_event`,PING:`http://localhost:3111/ping`};export{e as t};"


def _built(web: Path) -> None:
    assets = web / "build" / "client" / "assets"
    assets.mkdir(parents=True)
    (web / "env.json").write_text(json.dumps({"EVENT": "ws://localhost:3111/_event"}))
    chunk = assets / "reflex-env-AbC.js"
    chunk.write_text(ENV_CHUNK)
    (assets / "reflex-env-AbC.js.gz").write_bytes(gzip.compress(ENV_CHUNK.encode()))
    (assets / "reflex-env-AbC.js.br").write_bytes(brotli.compress(ENV_CHUNK.encode()))
    (assets / "page-XyZ.js").write_text("import{t}from'./reflex-env-AbC.js';// port 3111 in a comment")
    modules = web / "node_modules" / "vite"
    modules.mkdir(parents=True)
    (modules / "index.js").write_text("export{}")


def test_a_copied_build_names_its_own_port_in_every_form_of_the_env_chunk(tmp_path: Path) -> None:
    source, target = tmp_path / ".web-gw0", tmp_path / ".web-gw1"
    _built(source)
    copy_build(source, 3111, target, 3112)
    chunk = target / "build" / "client" / "assets" / "reflex-env-AbC.js"
    expected = ENV_CHUNK.replace("3111", "3112")
    assert chunk.read_text() == expected
    assert gzip.decompress(chunk.with_name(chunk.name + ".gz").read_bytes()).decode() == expected
    assert brotli.decompress(chunk.with_name(chunk.name + ".br").read_bytes()).decode() == expected
    assert json.loads((target / "env.json").read_text()) == {"EVENT": "ws://localhost:3112/_event"}
    page = target / "build" / "client" / "assets" / "page-XyZ.js"
    assert page.read_text().endswith("port 3111 in a comment")  # only the addresses change
    assert (source / "build" / "client" / "assets" / "reflex-env-AbC.js").read_text() == ENV_CHUNK
    linked = target / "node_modules" / "vite" / "index.js"
    assert linked.stat().st_ino == (source / "node_modules" / "vite" / "index.js").stat().st_ino


def test_a_build_without_the_port_it_should_name_is_refused(tmp_path: Path) -> None:
    source = tmp_path / ".web-gw0"
    _built(source)
    with pytest.raises(RuntimeError, match="port 4000"):
        copy_build(source, 4000, tmp_path / ".web-gw1", 4001)


def test_only_run_time_settings_may_differ_between_sites_sharing_a_build() -> None:
    base = {"CONTENT_CACHE_TTL": "0.3", "REFLEX_WEB_WORKDIR": ".web-gw0", "SEARCH_INDEX_DIR": "/tmp/a"}
    other_worker = {**base, "REFLEX_WEB_WORKDIR": ".web-gw1", "SEARCH_INDEX_DIR": "/tmp/b"}
    redis = {**base, "REFLEX_REDIS_URL": "redis://localhost:1/0", "GRANIAN_WORKERS": "2"}
    assert build_key(base) == build_key(other_worker) == build_key(redis)
    assert build_key({**base, "SITE_BUILD_ID": "second-build"}) != build_key(base)
    assert build_key({**base, "CONTENT_CACHE_TTL": "5"}) != build_key(base)
