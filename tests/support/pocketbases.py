"""PocketBase servers for tests: the demo data set, or the same schema with no content."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from student_portal.pocketbase.embedded import MIGRATIONS_DIR, EmbeddedPocketBase
from tests.support.backend_proxy import free_port

if TYPE_CHECKING:
    from tests.support.seeding import Seeder

T = TypeVar("T")

SUPERUSER = ("admin@test.lk", "admin-pass-123")
DEMO_PASSWORD = "demo-pass-123"


def start_pocketbase(
    data_dir: Path,
    *,
    migrations_dir: Path = MIGRATIONS_DIR,
    port: int | None = None,
    env: dict[str, str] | None = None,
    demo: bool = True,
) -> EmbeddedPocketBase:
    """Our schema with the demo data; `demo=False`: the same schema and no content, as a production
    database starts (PB_SKIP_DEMO_SEED, which every seed honours through pb/pb_hooks/demo_seed.js)."""
    server = EmbeddedPocketBase(
        data_dir,
        port=port or free_port(),
        migrations_dir=migrations_dir,
        log_file=data_dir.parent / f"{data_dir.name}.log",
        env={**(env or {}), **({} if demo else {"PB_SKIP_DEMO_SEED": "1"})},
    )
    server.start()
    server.upsert_superuser(*SUPERUSER)
    return server


@contextlib.contextmanager
def seeded_pocketbase(base: Path, seed: Callable[[Seeder], T]) -> Iterator[tuple[EmbeddedPocketBase, T]]:
    """A PocketBase with our schema and no demo data, filled by `seed` (the hostile or the odd
    records): the server and what `seed` returned, stopped afterwards."""
    from tests.support.seeding import Seeder  # it imports this module's SUPERUSER

    server = start_pocketbase(base / "data", demo=False)
    seeder = Seeder(server)
    try:
        yield server, seed(seeder)
    finally:
        seeder.close()
        server.stop()
