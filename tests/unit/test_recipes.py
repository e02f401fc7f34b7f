"""docs/recipes.md, tried: its page recipe applied to a copy of the code builds with `make pages`'
check and passes its own unit test; its middleware runs."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.support.recipes import apply_page_recipe, recipe_blocks


@pytest.fixture(scope="module")
def applied(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return apply_page_recipe(tmp_path_factory.mktemp("recipe"))


def _run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    # The copy first on the path: its student_portal, not the installed one.
    env = {**os.environ, "PYTHONPATH": str(cwd)}
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


def test_the_recipes_name_every_file_they_ask_for():
    assert {
        "pb/pb_migrations/1795400000_workshops.js",
        "student_portal/pocketbase/records.py",
        "student_portal/pocketbase/records.py, in class Collection",
        "student_portal/routes/__init__.py",
        "student_portal/state/workshops.py",
        "student_portal/pages/workshops.py",
        "tests/unit/test_workshops.py",
        "tests/e2e/test_workshops.py",
        "student_portal/server/event_counts.py",
        "student_portal/search/documents.py",
    } <= set(recipe_blocks())


def test_the_page_recipe_builds_in_every_language(applied):
    result = _run(applied, "-m", "student_portal.build.page_check", "/workshops")
    assert result.returncode == 0, result.stderr[-3000:]
    assert "1 pages x 3 languages built" in result.stdout


def test_the_page_recipes_unit_test_passes(applied):
    block = recipe_blocks()["tests/unit/test_workshops.py"]
    (applied / "test_workshops.py").write_text(block)
    result = _run(applied, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_workshops.py")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert f"{block.count('def test_')} passed" in result.stdout


def test_the_middleware_recipe_counts_events():
    namespace: dict = {}
    exec(recipe_blocks()["student_portal/server/event_counts.py"], namespace)
    counter = namespace["EventCounter"]()
    for name in ("state.load", "state.load", "state.show_more"):
        assert asyncio.run(counter.preprocess(None, None, SimpleNamespace(name=name))) is None
    assert counter.counts == {"state.load": 2, "state.show_more": 1}


def test_the_search_recipe_makes_a_result_of_a_workshop():
    """Its document function, with the model of the collection recipe and the group it adds."""
    from student_portal.pocketbase import records
    from student_portal.search import documents

    blocks = recipe_blocks()
    models = dict(vars(records))
    exec(blocks["student_portal/pocketbase/records.py"], models)
    kinds = type("Kind", (documents.Kind,), {"WORKSHOPS": "workshops"})
    namespace = {
        **vars(documents),
        "Kind": kinds,
        "r": SimpleNamespace(Workshop=models["Workshop"]),
        "routes": SimpleNamespace(WORKSHOPS="/workshops"),
    }
    exec(blocks["student_portal/search/documents.py"], namespace)
    workshop = models["Workshop"].model_validate(
        {"id": "w1", "title": "A/L ICT revision day", "host": "UoM", "level": "A/L", "date": "2026-12-12 04:30:00.000Z"}
    )
    found = namespace["workshop"](workshop)
    assert (found.kind, found.title, found.href) == ("workshops", "A/L ICT revision day", "/workshops")
    assert found.detail == "UoM · 2026-12-12" and "a/l" in found.text and found.when > 0
