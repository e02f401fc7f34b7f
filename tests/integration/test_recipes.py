"""docs/recipes.md's collection recipe, tried against a real PocketBase: its migration beside ours
makes a public collection with demo records that its model reads; without demo data
(PB_SKIP_DEMO_SEED, as production and the tests' empty PocketBase start) the collection is there
and empty."""

from __future__ import annotations

import shutil
from pathlib import Path

import httpx

from student_portal.pocketbase import records
from student_portal.pocketbase.embedded import MIGRATIONS_DIR
from tests.support.pocketbases import start_pocketbase
from tests.support.recipes import recipe_blocks

MIGRATIONS = ("pb/pb_migrations/1795400000_workshops.js",)


def _migrations_with_the_recipe(target: Path) -> Path:
    shutil.copytree(MIGRATIONS_DIR, target)
    blocks = recipe_blocks()
    for name in MIGRATIONS:
        (target / Path(name).name).write_text(blocks[name])
    return target


def _workshop_model() -> type[records.Record]:
    namespace = dict(vars(records))
    exec(recipe_blocks()["student_portal/pocketbase/records.py"], namespace)
    return namespace["Workshop"]


def _public_workshops(tmp_path: Path, migrations: Path) -> list[dict]:
    server = start_pocketbase(tmp_path / "data", migrations_dir=migrations)
    try:
        response = httpx.get(
            f"{server.url}/api/collections/Workshops/records", params={"sort": "-date"}, timeout=10
        )  # as any visitor: no token
    finally:
        server.stop()
    assert response.status_code == 200, response.text
    return response.json()["items"]


def test_the_recipe_makes_a_public_collection_with_demo_records_its_model_reads(tmp_path):
    items = _public_workshops(tmp_path, _migrations_with_the_recipe(tmp_path / "migrations"))

    workshops = [_workshop_model().model_validate(item) for item in items]
    assert [w.id for w in workshops] == ["workshop0000002", "workshop0000001"]  # -date: newest first
    assert all(w.title and w.host for w in workshops)
    # The select's "A/L" and "O/L", as the model's Keyword reads them (the recipe says so).
    assert [w.level for w in workshops] == ["o/l", "a/l"]
    assert workshops[1].image  # a file from pb/pb_seed, attached by the shared helper


def test_without_demo_data_the_recipes_collection_is_empty(tmp_path, monkeypatch):
    monkeypatch.setenv("PB_SKIP_DEMO_SEED", "1")
    assert _public_workshops(tmp_path, _migrations_with_the_recipe(tmp_path / "all")) == []
