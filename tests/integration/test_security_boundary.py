"""Security round two (issue 16), against a real PocketBase from our migrations and hooks.

Each test replays what the attacker did and checks it no longer works: protected files kept in
caches, secrets left world-readable in pb_data.
"""

from __future__ import annotations

import stat

import httpx
import pytest

from student_portal.pocketbase.embedded import EmbeddedPocketBase
from tests.integration.conftest import free_port, list_all

PUBLIC_FILE_CACHE = "max-age=2592000, stale-while-revalidate=86400"


def _file_path(record: dict, field: str) -> str:
    return f"/api/files/{record['collectionId']}/{record['id']}/{record[field]}"


# --- 2. protected files are not kept by any cache ------------------------------------------------


@pytest.mark.parametrize("collection, role", [("Notes", "notes"), ("Class_Notes", "basic")])
def test_a_tokenised_protected_file_is_not_cached(admin, as_role, collection: str, role: str) -> None:
    record = next(r for r in list_all(admin, collection) if r["file"])
    token = as_role(role).post("/api/files/token").json()["token"]
    response = as_role(role).get(_file_path(record, "file"), params={"token": token})
    assert response.status_code == 200
    assert response.headers["cache-control"] == "private, no-store"


def test_a_public_file_keeps_its_long_cache(anon) -> None:
    news = next(r for r in list_all(anon, "News") if r["image"])
    response = anon.get(_file_path(news, "image"))
    assert response.status_code == 200
    assert response.headers["cache-control"] == PUBLIC_FILE_CACHE


# --- 6. pb_data is private to its owner ----------------------------------------------------------


def test_pb_data_and_its_files_are_readable_by_their_owner_only(pocketbase: EmbeddedPocketBase, admin) -> None:
    admin.get("/api/logs", params={"perPage": 1})  # PocketBase has written its databases by now
    assert stat.S_IMODE(pocketbase.data_dir.stat().st_mode) == 0o700
    files = [p for p in pocketbase.data_dir.rglob("*") if p.is_file()]
    assert any(p.name == "data.db" for p in files)
    assert {p.name: oct(stat.S_IMODE(p.stat().st_mode)) for p in files} == {p.name: "0o600" for p in files}
    dirs = [p for p in pocketbase.data_dir.rglob("*") if p.is_dir()]
    assert all(stat.S_IMODE(p.stat().st_mode) == 0o700 for p in dirs)
    assert pocketbase.log_file is not None
    assert stat.S_IMODE(pocketbase.log_file.stat().st_mode) == 0o600


def test_a_world_readable_pb_data_left_by_an_older_run_is_made_private(tmp_path) -> None:
    data = tmp_path / "pb_data"
    (data / "storage").mkdir(parents=True)
    (data / "data.db").write_bytes(b"")
    (data / "storage" / "note.pdf").write_bytes(b"")
    for path in (data, data / "storage"):
        path.chmod(0o755)
    for path in (data / "data.db", data / "storage" / "note.pdf"):
        path.chmod(0o644)
    server = EmbeddedPocketBase(data, port=free_port(), log_file=tmp_path / "pocketbase.log")
    with server:
        assert httpx.get(server.url + "/api/health").status_code == 200
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    assert stat.S_IMODE((data / "storage").stat().st_mode) == 0o700
    assert stat.S_IMODE((data / "data.db").stat().st_mode) == 0o600
    assert stat.S_IMODE((data / "storage" / "note.pdf").stat().st_mode) == 0o600
