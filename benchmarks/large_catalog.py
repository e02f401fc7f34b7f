"""A throw-away PocketBase holding a large, realistic catalog (issue 17), never the demo data.

    python -m benchmarks.large_catalog /tmp/catalog      # builds it and serves it until Ctrl-C

The records come from `large_catalog_seed.js`, a JS migration applied after our schema
migrations (without the demo seed): PocketBase inserts them in one transaction, tens of
thousands in well under a minute, instead of one HTTP call per record. `scale` multiplies every
count (1 = 20,000 recordings, 10,000 O/L and A/L items, 2,000 jobs, 1,000 rooms, 2,000
products, 1,000 notes, 500 news, 500 articles); the browser tests use a small fraction.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import time
from pathlib import Path

from student_portal.pocketbase.embedded import MIGRATIONS_DIR, EmbeddedPocketBase
from tests.support.pocketbases import start_pocketbase

SEED = Path(__file__).with_name("large_catalog_seed.js")
# Named to sort after every schema migration.
SEED_NAME = "1799999999_large_catalog.js"

# What scale 1 holds, per collection (the seed's counts).
FULL_COUNTS = {
    "Recordings": 20_000,
    "Subjects": 40,
    "OL_Items": 5_000,
    "AL_Items": 5_000,
    "Jobs": 2_000,
    "Hotels": 1_000,
    "Citys": 25,
    "Products": 2_000,
    "Notes": 1_000,
    "News": 500,
    "Articles": 500,
}


def catalog_migrations(target: Path) -> Path:
    """Our migrations plus the large catalog's seed, in `target` (run with PB_SKIP_DEMO_SEED=1:
    the catalog's records only, no demo data)."""
    shutil.copytree(MIGRATIONS_DIR, target, dirs_exist_ok=True)
    shutil.copy(SEED, target / SEED_NAME)
    return target


def build_catalog(data_dir: Path, *, scale: float = 1.0) -> tuple[Path, float]:
    """Applies the schema and the large catalog to a new data dir; (migrations dir, seconds)."""
    migrations = catalog_migrations(data_dir.parent / f"{data_dir.name}-migrations")
    server = EmbeddedPocketBase(data_dir, migrations_dir=migrations)
    data_dir.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    subprocess.run(
        server._command("migrate", "up"),
        check=True,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        env={**os.environ, "LARGE_CATALOG_SCALE": str(scale), "PB_SKIP_DEMO_SEED": "1"},
        timeout=900,
    )
    return migrations, time.monotonic() - started


def start_catalog(data_dir: Path, *, scale: float = 1.0, port: int | None = None) -> EmbeddedPocketBase:
    """A PocketBase serving a freshly built large catalog (a superuser as in the tests)."""
    migrations, _ = build_catalog(data_dir, scale=scale)
    return start_pocketbase(data_dir, migrations_dir=migrations, port=port, demo=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("data_dir", type=Path)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--port", type=int, default=None)
    args = parser.parse_args(argv)
    migrations, seconds = build_catalog(args.data_dir, scale=args.scale)
    print(f"built in {seconds:.1f} s")
    server = start_pocketbase(args.data_dir, migrations_dir=migrations, port=args.port)
    print(f"serving {server.url} (Ctrl-C stops)")
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        return 0
    finally:
        server.stop()


if __name__ == "__main__":
    raise SystemExit(main())
