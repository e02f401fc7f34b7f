"""`make import-exam-data FILE=...`: load a CSV file of exam figures into PocketBase, whole or
not at all.

    python -m student_portal.exams.import_data FILE.csv

Every row is checked first (import_csv.py); one bad row and nothing is sent, each bad row named.
A good file goes to the PocketBase serving the data folder (the site's if it runs, else one
started for the moment), as a superuser made for this one request, in one request that
PocketBase saves in one transaction (pb/pb_hooks/exam_data.pb.js): all rows or none.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import httpx

from student_portal.exams.import_csv import Checked, check_csv
from student_portal.pocketbase.backups import BackupError, one_time_superuser, serving
from student_portal.pocketbase.embedded import data_dir_from_env, port_from_env

IMPORT_SUPERUSER = "exam-import@localhost.invalid"
ENDPOINT = "/api/student-portal/exam-data"


class RefusedError(RuntimeError):
    """PocketBase refused the rows (nothing was saved); the message says which and why."""


def send(http: httpx.Client, checked: Checked) -> dict[str, int]:
    """The checked rows to PocketBase in one transaction: {"created": n, "updated": n}."""
    answer = http.post(ENDPOINT, json={"kind": checked.kind, "rows": checked.rows}, timeout=600)
    if answer.status_code != 200:
        try:
            body = answer.json()
        except ValueError:
            body = {"message": answer.text[:300], "row": 0}
        row = int(body.get("row") or 0)
        where = f" (row {row + 1} of the file)" if row else ""
        raise RefusedError(f"PocketBase refused the file{where}: {body.get('message')}; nothing was loaded")
    return answer.json()


def load_file(path: Path, data_dir: Path | None = None, port: int | None = None) -> tuple[Checked, dict[str, int]]:
    """Check `path` and, when every row is good, load it; raises nothing for bad rows (see
    `Checked.bad`), RefusedError/BackupError when PocketBase refuses or is not there."""
    checked = check_csv(path.read_bytes())
    if not checked.ok:
        return checked, {}
    data_dir = (data_dir or data_dir_from_env()).resolve()
    with serving(data_dir, port or port_from_env()) as server, one_time_superuser(server, IMPORT_SUPERUSER) as http:
        return checked, send(http, checked)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m student_portal.exams.import_data")
    parser.add_argument("file", type=Path, help="a CSV file of exam statistics or cut-offs")
    args = parser.parse_args(argv)
    if not args.file.is_file():
        print(f"error: no file at {args.file}", file=sys.stderr)
        return 2
    try:
        checked, counts = load_file(args.file)
    except (RefusedError, BackupError, httpx.HTTPError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if not checked.ok:
        for bad in checked.bad:
            print(f"{args.file}: {bad}", file=sys.stderr)
        print(f"error: {len(checked.bad)} bad row(s); nothing was loaded", file=sys.stderr)
        return 1
    loaded = f"{len(checked.rows)} {checked.kind} rows loaded"
    print(f"{args.file}: {loaded} ({counts['created']} new, {counts['updated']} updated)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
