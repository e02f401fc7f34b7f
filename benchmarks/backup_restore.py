"""How long a backup and a restore take on the large catalog (docs/operations-backups.md).

    python -m benchmarks.backup_restore [--scale 1]

Builds the large catalog (benchmarks/large_catalog.py) in a temporary folder, backs it up while
its PocketBase serves (as `make backup` with the site up), stops it, loses the data folder,
restores the archive (`make restore`) and starts PocketBase on it again; prints each step's
seconds, the archive's size and the record counts before and after (which must match).
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

import httpx

from benchmarks.large_catalog import FULL_COUNTS, build_catalog
from student_portal.pocketbase import backups
from tests.support.pocketbases import start_pocketbase


def _counts(url: str, token: str) -> dict[str, int]:
    counts = {}
    for collection in FULL_COUNTS:
        response = httpx.get(
            f"{url}/api/collections/{collection}/records",
            params={"perPage": 1},
            headers={"Authorization": token},
            timeout=30,
        )
        counts[collection] = response.json()["totalItems"]
    return counts


def _token(url: str) -> str:
    from tests.integration.conftest import SUPERUSER_EMAIL, SUPERUSER_PASSWORD, sign_in

    return sign_in(url, SUPERUSER_EMAIL, SUPERUSER_PASSWORD, collection="_superusers").json()["token"]


def measure(scale: float) -> dict[str, float | int | bool]:
    with tempfile.TemporaryDirectory(prefix="backup-bench-") as tmp:
        data_dir = Path(tmp) / "pb_data"
        migrations, built_s = build_catalog(data_dir, scale=scale)
        server = start_pocketbase(data_dir, migrations_dir=migrations)
        try:
            before = _counts(server.url, _token(server.url))
            started = time.monotonic()
            archive = backups.backup(data_dir, server.port)
            backup_s = time.monotonic() - started
        finally:
            server.stop()
        offsite = Path(tmp) / archive.name
        shutil.copy2(archive, offsite)
        archive_mb = offsite.stat().st_size / 2**20
        data_mb = sum(f.stat().st_size for f in data_dir.rglob("*") if f.is_file() and "backups" not in f.parts) / 2**20
        shutil.rmtree(data_dir)
        started = time.monotonic()
        backups.restore(offsite, data_dir, server.port)
        restore_s = time.monotonic() - started
        started = time.monotonic()
        server = start_pocketbase(data_dir, migrations_dir=migrations)
        try:
            serving_s = time.monotonic() - started
            after = _counts(server.url, _token(server.url))
        finally:
            server.stop()
    return {
        "scale": scale,
        "records": sum(before.values()),
        "build_s": round(built_s, 1),
        "data_mb": round(data_mb, 1),
        "archive_mb": round(archive_mb, 1),
        "backup_s": round(backup_s, 1),
        "restore_s": round(restore_s, 1),
        "serving_again_s": round(serving_s, 1),
        "all_back": before == after,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scale", type=float, default=1.0)
    args = parser.parse_args(argv)
    for key, value in measure(args.scale).items():
        print(f"{key:>16}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
