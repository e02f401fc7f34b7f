"""Demo data is a seed migration of its own per collection (pb/pb_hooks/demo_seed.js): every one
honours PB_SKIP_DEMO_SEED through the shared helper, and the tests' empty PocketBase skips them."""

from __future__ import annotations

import re

import httpx
import pytest

from student_portal.pocketbase.collections import DECLARED
from student_portal.pocketbase.embedded import HOOKS_DIR, MIGRATIONS_DIR
from tests.support.pocketbases import SUPERUSER, schema_only_migrations, start_pocketbase

SEED_MIGRATIONS = sorted(path for path in MIGRATIONS_DIR.glob("*.js") if "seed" in path.name)
HELPER = "require(`${__hooks}/demo_seed.js`)"


def test_the_helper_is_not_a_hook():
    # PocketBase runs *.pb.js files of the hooks dir as hooks; the helper is only required.
    assert (HOOKS_DIR / "demo_seed.js").is_file()
    assert not list(HOOKS_DIR.glob("demo_seed*.pb.js"))


@pytest.mark.parametrize("migration", SEED_MIGRATIONS, ids=lambda path: path.name)
def test_every_seed_migration_saves_through_the_shared_helper(migration):
    source = migration.read_text()
    assert HELPER in source and re.search(r"\.seed\(app,", source), migration.name
    assert "PB_SKIP_DEMO_SEED" not in re.sub(r"//.*", "", source), "read by the helper, not copied"
    assert "app.save(" not in source, "records are saved by the helper's seed()"


def test_demo_data_lives_only_in_seed_migrations():
    for migration in MIGRATIONS_DIR.glob("*.js"):
        if "seed" not in migration.name:
            assert "demo_seed.js" not in migration.read_text(), migration.name


def _counts(server) -> dict[str, int]:
    """Records per declared collection, as the superuser sees them."""
    with httpx.Client(base_url=server.url, timeout=10) as client:
        token = client.post(
            "/api/collections/_superusers/auth-with-password",
            json={"identity": SUPERUSER[0], "password": SUPERUSER[1]},
        ).json()["token"]
        counts = {}
        for name in DECLARED:
            response = client.get(
                f"/api/collections/{name}/records", params={"perPage": "1"}, headers={"Authorization": token}
            )
            assert response.status_code == 200, response.text
            counts[name] = response.json()["totalItems"]
        return counts


@pytest.mark.parametrize("how", ["PB_SKIP_DEMO_SEED=1", "schema-only migrations"])
def test_a_database_without_demo_data_has_no_record(how, tmp_path, monkeypatch):
    if how.startswith("PB_SKIP"):
        monkeypatch.setenv("PB_SKIP_DEMO_SEED", "1")
        migrations = MIGRATIONS_DIR
    else:
        migrations = schema_only_migrations(tmp_path / "migrations")
    server = start_pocketbase(tmp_path / "data", migrations_dir=migrations)
    try:
        counts = _counts(server)
    finally:
        server.stop()
    assert counts and not any(counts.values()), {name: n for name, n in counts.items() if n}
