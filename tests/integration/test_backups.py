"""Backups (issue 36): PocketBase's own, scheduled from the environment (pb/pb_hooks/backups.pb.js),
and the drill behind `make backup` / `make restore` (student_portal/pocketbase/backups.py): content,
a user and a favourite; back up; lose the data folder; restore; everything is back, files too."""

from __future__ import annotations

import io
import shutil
import uuid
from pathlib import Path

import httpx
import pytest
from PIL import Image

from student_portal.pocketbase import backups
from student_portal.pocketbase.backups import BackupError
from student_portal.pocketbase.embedded import EmbeddedPocketBase
from tests.integration.conftest import SUPERUSER_EMAIL, SUPERUSER_PASSWORD, free_port, sign_in


def _picture() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (64, 48), (200, 30, 90)).save(out, "JPEG")
    return out.getvalue()


def _admin(server: EmbeddedPocketBase) -> httpx.Client:
    token = sign_in(server.url, SUPERUSER_EMAIL, SUPERUSER_PASSWORD, collection="_superusers").json()["token"]
    return httpx.Client(base_url=server.url, headers={"Authorization": token}, timeout=30)


def _server(data_dir: Path, log: Path) -> EmbeddedPocketBase:
    return EmbeddedPocketBase(data_dir, port=free_port(), log_file=log, extra_args=["--automigrate=false"])


def test_the_drill_everything_comes_back_files_included(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data_dir = tmp_path / "pb_data"
    server = _server(data_dir, tmp_path / "pb.log")
    server.start()
    try:
        server.upsert_superuser(SUPERUSER_EMAIL, SUPERUSER_PASSWORD)
        with _admin(server) as admin:
            picture = _picture()
            news = admin.post(
                "/api/collections/News/records",
                data={"title": "Backed-up news", "excerpt": "kept", "active": "true"},
                files={"image": ("kept.jpg", picture, "image/jpeg")},
            ).json()
            name, password = f"drill{uuid.uuid4().hex[:8]}", "drill-pass-123"
            user = admin.post(
                "/api/collections/users/records",
                json={
                    "email": f"{name}@test.lk",
                    "username": name,
                    "password": password,
                    "passwordConfirm": password,
                    "role": "basic",
                    "verified": True,
                },
            ).json()
            job = admin.get("/api/collections/Jobs/records", params={"perPage": 1, "sort": "id"}).json()["items"][0]
            schedule = admin.get("/api/settings").json()["backups"]
        token = sign_in(server.url, name, password).json()["token"]
        saved = httpx.post(
            f"{server.url}/api/collections/Favourites/records",
            json={"user": user["id"], "kind": "job", "job": job["id"]},
            headers={"Authorization": token},
        )
        assert saved.status_code == 200, saved.text

        archive = backups.backup(data_dir, server.port)  # while PocketBase serves, as with the site up
        assert archive.parent == data_dir / "backups" and archive.stat().st_size > 0
        with pytest.raises(BackupError, match="stop the site"):
            backups.restore(archive, data_dir, server.port)
    finally:
        server.stop()
    # The scheduled backups as configured by default: daily, a week kept.
    assert schedule["cron"] == "30 21 * * *" and schedule["cronMaxKeep"] == 7 and not schedule["s3"]["enabled"]
    # The backup leaves the machine (another disk, S3); the data folder is lost.
    kept = tmp_path / "offsite" / archive.name
    kept.parent.mkdir()
    shutil.copy2(archive, kept)
    shutil.rmtree(data_dir)

    assert backups.restore(kept, data_dir, server.port) == data_dir.resolve()
    with pytest.raises(BackupError, match="FORCE=1"):  # never over data without being told
        backups.restore(kept, data_dir, server.port)
    monkeypatch.setenv("PB_BACKUP_CRON", "0 1 * * *")
    monkeypatch.setenv("PB_BACKUP_KEEP", "3")
    restored = _server(data_dir, tmp_path / "pb-restored.log")
    restored.start()
    try:
        again = httpx.get(f"{restored.url}/api/collections/News/records/{news['id']}")
        assert again.status_code == 200 and again.json()["title"] == "Backed-up news"
        file = httpx.get(f"{restored.url}/api/files/{news['collectionId']}/{news['id']}/{news['image']}")
        assert file.status_code == 200 and file.content == picture
        signed_in = sign_in(restored.url, name, password)  # the user, with their password
        assert signed_in.status_code == 200
        favourites = httpx.get(
            f"{restored.url}/api/collections/Favourites/records",
            headers={"Authorization": signed_in.json()["token"]},
        ).json()["items"]
        assert [(f["kind"], f["job"]) for f in favourites] == [("job", job["id"])]
        with _admin(restored) as admin:
            schedule = admin.get("/api/settings").json()["backups"]
            superusers = admin.get("/api/collections/_superusers/records").json()["items"]
        assert schedule["cron"] == "0 1 * * *" and schedule["cronMaxKeep"] == 3
        # The backup's one-time superuser is gone.
        assert [s["email"] for s in superusers] == [SUPERUSER_EMAIL]
    finally:
        restored.stop()

    aside = backups.restore(kept, data_dir, restored.port, force=True)
    assert aside != data_dir.resolve() and (aside / "data.db").is_file() and (data_dir / "data.db").is_file()


def test_a_restore_refuses_what_is_no_pocketbase_backup(tmp_path: Path) -> None:
    import zipfile

    for name, entries in (("escape.zip", {"../evil": b"x", "data.db": b""}), ("other.zip", {"notes.txt": b"x"})):
        archive = tmp_path / name
        with zipfile.ZipFile(archive, "w") as zipped:
            for entry, content in entries.items():
                zipped.writestr(entry, content)
        with pytest.raises(BackupError):
            backups.restore(archive, tmp_path / "pb_data", free_port())
        assert not (tmp_path / "pb_data").exists() and not (tmp_path / "evil").exists()
    with pytest.raises(BackupError, match="no backup file"):
        backups.restore(tmp_path / "missing.zip", tmp_path / "pb_data", free_port())
