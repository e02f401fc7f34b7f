"""PocketBase servers for tests: the demo data set, or the same schema with no content."""

from __future__ import annotations

import shutil
from pathlib import Path

from student_portal.pocketbase.embedded import MIGRATIONS_DIR, EmbeddedPocketBase
from tests.support.backend_proxy import free_port

SUPERUSER = ("admin@test.lk", "admin-pass-123")
DEMO_PASSWORD = "demo-pass-123"


def schema_only_migrations(target: Path) -> Path:
    """Our migrations without the demo-data seed: an empty site with the real schema."""
    target.mkdir(parents=True, exist_ok=True)
    for migration in MIGRATIONS_DIR.glob("*.js"):
        if "seed" not in migration.name:
            shutil.copy(migration, target / migration.name)
    return target


def start_pocketbase(
    data_dir: Path, *, migrations_dir: Path = MIGRATIONS_DIR, port: int | None = None
) -> EmbeddedPocketBase:
    server = EmbeddedPocketBase(
        data_dir,
        port=port or free_port(),
        migrations_dir=migrations_dir,
        log_file=data_dir.parent / f"{data_dir.name}.log",
    )
    server.start()
    server.upsert_superuser(*SUPERUSER)
    return server
