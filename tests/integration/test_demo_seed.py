"""Demo records are saved by migrations through the shared helper (pb/pb_hooks/demo_seed.js): every
one honours PB_SKIP_DEMO_SEED through it, which is how production and the tests' empty PocketBase
start without them."""

from __future__ import annotations

import re

import httpx
import pytest

from student_portal.pocketbase.collections import DECLARED
from student_portal.pocketbase.embedded import HOOKS_DIR, MIGRATIONS_DIR
from tests.support.admin import superuser_token
from tests.support.pocketbases import start_pocketbase

HELPER = "require(`${__hooks}/demo_seed.js`)"
SEED_MIGRATIONS = sorted(path for path in MIGRATIONS_DIR.glob("*.js") if HELPER in path.read_text())


def test_the_helper_is_not_a_hook():
    # PocketBase runs *.pb.js files of the hooks dir as hooks; the helper is only required.
    assert (HOOKS_DIR / "demo_seed.js").is_file()
    assert not list(HOOKS_DIR.glob("demo_seed*.pb.js"))


def test_there_is_demo_data():
    assert SEED_MIGRATIONS


@pytest.mark.parametrize("migration", SEED_MIGRATIONS, ids=lambda path: path.name)
def test_every_migration_with_demo_records_saves_them_through_the_shared_helper(migration):
    source = re.sub(r"//.*", "", migration.read_text())
    assert re.search(r"\.seed\(app,", source), migration.name
    assert "PB_SKIP_DEMO_SEED" not in source, "read by the helper, not copied"
    assert "new Record(" not in source, "records are saved by the helper's seed()"


def test_no_migration_makes_records_without_the_helper():
    for migration in MIGRATIONS_DIR.glob("*.js"):
        assert "new Record(" not in migration.read_text(), migration.name


def _counts(server) -> dict[str, int]:
    """Records per declared collection, as the superuser sees them."""
    with httpx.Client(base_url=server.url, timeout=10) as client:
        token = superuser_token(server.url)
        counts = {}
        for name in DECLARED:
            response = client.get(
                f"/api/collections/{name}/records", params={"perPage": "1"}, headers={"Authorization": token}
            )
            assert response.status_code == 200, response.text
            counts[name] = response.json()["totalItems"]
        return counts


def test_a_database_without_demo_data_has_no_record(tmp_path, monkeypatch):
    monkeypatch.setenv("PB_SKIP_DEMO_SEED", "1")  # as before a production database's first start
    server = start_pocketbase(tmp_path / "data", migrations_dir=MIGRATIONS_DIR)
    try:
        counts = _counts(server)
    finally:
        server.stop()
    assert counts and not any(counts.values()), {name: n for name, n in counts.items() if n}
