"""Backups of the bundled PocketBase, with PocketBase's own backup feature.

A backup is PocketBase's archive of its data folder: the database (content, users, favourites,
settings) and every stored file (pictures, notes). PocketBase makes one on its schedule
(pb/pb_hooks/backups.pb.js: daily by default, the newest PB_BACKUP_KEEP kept, optionally on
S3-compatible storage) and `make backup` makes one now:

    python -m student_portal.pocketbase.backups backup            # prints the file it wrote
    python -m student_portal.pocketbase.backups restore FILE [--force]

`backup` asks the PocketBase serving the data folder (the site's, if it runs; else one started
for the moment) through its backups API, as a superuser made for that one request and deleted
after. `restore` needs the site stopped: it unpacks the archive as the data folder, which the
next start opens (applying any newer migrations). An existing data folder is kept aside, and
only with --force. See docs/operations-backups.md.
"""

from __future__ import annotations

import argparse
import contextlib
import secrets
import shutil
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath

import httpx

from student_portal.pocketbase.embedded import (
    EmbeddedPocketBase,
    data_dir_from_env,
    port_from_env,
)
from student_portal.utils.private_files import PRIVATE_UMASK, make_private_dir

BACKUPS_DIR = "backups"  # PocketBase keeps its archives here, inside the data folder
# The superuser `backup` signs in as, for one request, with a new random password each time.
# It exists while PocketBase packs the archive, so the archive holds it: `restore` deletes it.
BACKUP_SUPERUSER = "backup@localhost.invalid"
REQUEST_TIMEOUT_S = 600.0  # a large catalog's files take a while to pack


class BackupError(RuntimeError):
    """A backup or restore that cannot be done as asked (the message says why and what to do)."""


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def serving(data_dir: Path, port: int) -> Iterator[EmbeddedPocketBase]:
    """The PocketBase serving `data_dir`: the running one on `port`, else one started for now
    (also for `make import-exam-data`: student_portal/exams/import_data.py)."""
    running = EmbeddedPocketBase(data_dir, port=port)
    if running.is_healthy():
        yield running
        return
    if not (data_dir / "data.db").exists():
        raise BackupError(f"no PocketBase data in {data_dir}: start the site once first")
    with EmbeddedPocketBase(data_dir, port=_free_port()) as started:
        yield started


def _cli(server: EmbeddedPocketBase, *args: str) -> None:
    subprocess.run(
        server._command("superuser", *args),
        check=True,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        umask=PRIVATE_UMASK,
    )


@contextlib.contextmanager
def one_time_superuser(server: EmbeddedPocketBase, email: str = BACKUP_SUPERUSER) -> Iterator[httpx.Client]:
    """A client signed in as a superuser (`email`) that exists only for this `with` block."""
    # Hex: a password starting with "-" would read as a flag to the CLI.
    password = secrets.token_hex(24)
    _cli(server, "upsert", email, password)
    try:
        with httpx.Client(base_url=server.url, timeout=REQUEST_TIMEOUT_S) as http:
            signed_in = http.post(
                "/api/collections/_superusers/auth-with-password", json={"identity": email, "password": password}
            )
            if signed_in.status_code != 200:
                raise BackupError(f"PocketBase refused the one-time superuser ({signed_in.status_code})")
            http.headers["Authorization"] = signed_in.json()["token"]
            yield http
    finally:
        _cli(server, "delete", email)


def backup(data_dir: Path | None = None, port: int | None = None) -> Path:
    """Make a backup of the data folder now; the archive's path."""
    data_dir = (data_dir or data_dir_from_env()).resolve()
    name = datetime.now(UTC).strftime("manual_%Y%m%d_%H%M%S.zip")
    with serving(data_dir, port or port_from_env()) as server, one_time_superuser(server) as http:
        made = http.post("/api/backups", json={"name": name})
        if made.status_code != 204:
            raise BackupError(f"PocketBase could not make the backup ({made.status_code}): {made.text[:200]}")
    archive = data_dir / BACKUPS_DIR / name
    if not archive.is_file():
        raise BackupError(f"PocketBase reported a backup but {archive} is not there")
    return archive


def _safe_members(archive: zipfile.ZipFile) -> list[zipfile.ZipInfo]:
    """The archive's entries, refusing any that would land outside the folder it is unpacked in."""
    members = archive.infolist()
    for member in members:
        path = PurePosixPath(member.filename)
        if path.is_absolute() or ".." in path.parts or "\\" in member.filename:
            raise BackupError(f"refusing {member.filename!r}: outside the data folder")
    if "data.db" not in {m.filename for m in members}:
        raise BackupError("not a PocketBase backup (no data.db inside)")
    return members


def restore(archive: Path, data_dir: Path | None = None, port: int | None = None, *, force: bool = False) -> Path:
    """Unpack `archive` as the data folder (the site stopped). An existing data folder is moved
    aside (only with `force`); returns where it went, or the data folder when there was none."""
    data_dir = (data_dir or data_dir_from_env()).resolve()
    archive = archive.resolve()
    if not archive.is_file():
        raise BackupError(f"no backup file at {archive}")
    if EmbeddedPocketBase(data_dir, port=port or port_from_env()).is_healthy():
        raise BackupError("PocketBase is running: stop the site first (a restore replaces its data folder)")
    occupied = data_dir.exists() and any(data_dir.iterdir())
    if occupied and not force:
        raise BackupError(f"{data_dir} holds data: restore with FORCE=1 (it is kept aside, not deleted)")
    with zipfile.ZipFile(archive) as zipped:
        members = _safe_members(zipped)
        unpacking = data_dir.with_name(f".{data_dir.name}.restoring")
        shutil.rmtree(unpacking, ignore_errors=True)
        make_private_dir(unpacking)
        zipped.extractall(unpacking, members)
    # A backup kept inside the old folder stays reachable in the kept-aside copy.
    kept_aside = data_dir.with_name(f"{data_dir.name}.before-restore-{time.strftime('%Y%m%d-%H%M%S')}")
    if data_dir.exists():
        data_dir.rename(kept_aside)
    unpacking.rename(data_dir)
    make_private_dir(data_dir)
    with contextlib.suppress(subprocess.CalledProcessError):  # absent from other archives
        _cli(EmbeddedPocketBase(data_dir), "delete", BACKUP_SUPERUSER)
    return kept_aside if occupied else data_dir


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m student_portal.pocketbase.backups")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("backup", help="back up the data folder now; prints the archive's path")
    restoring = commands.add_parser("restore", help="restore an archive as the data folder (site stopped)")
    restoring.add_argument("archive", type=Path)
    restoring.add_argument("--force", action="store_true", help="replace an existing data folder (kept aside)")
    args = parser.parse_args(argv)
    try:
        if args.command == "backup":
            print(backup())
            return 0
        started = time.monotonic()
        aside = restore(args.archive, force=args.force)
        print(f"restored {args.archive} into {data_dir_from_env()} in {time.monotonic() - started:.1f} s")
        if aside != data_dir_from_env().resolve():
            print(f"the data folder it replaced is kept at {aside}")
        return 0
    except BackupError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
