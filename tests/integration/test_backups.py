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


def test_a_backup_leaves_out_the_sites_secrets_in_the_data_folder(tmp_path: Path) -> None:
    """Issue 49, finding 7: archives held the indexer's superuser password, pocketbase.log (the
    superuser-installer link) and the development outbox (mails with reset links)."""
    import zipfile

    data_dir = tmp_path / "pb_data"
    server = _server(data_dir, data_dir / "pocketbase.log")  # where the site writes it
    server.start()
    try:
        server.upsert_superuser(SUPERUSER_EMAIL, SUPERUSER_PASSWORD)
        (data_dir / ".paper-indexer-password").write_text("indexer-secret")
        (data_dir / "outbox" / "new").mkdir(parents=True)
        (data_dir / "outbox" / "new" / "1.mail").write_text("reset link")
        archive = backups.backup(data_dir, server.port)
    finally:
        server.stop()
    with zipfile.ZipFile(archive) as zipped:
        names = zipped.namelist()
    assert "data.db" in names
    left_in = [n for n in names if n.split("/")[0] in {".paper-indexer-password", "pocketbase.log", "outbox"}]
    assert left_in == []


async def test_the_indexers_credential_rotates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`make rotate-indexer`: a new password in PocketBase and the file, the old one refused, and a
    running indexer signs in with the new one."""
    from student_portal.pocketbase import ClientResponseError, PocketBaseClient
    from student_portal.search import credential

    data_dir = tmp_path / "pb_data"
    server = _server(data_dir, tmp_path / "pb.log")
    monkeypatch.setenv("POCKETBASE_DATA_DIR", str(data_dir))
    monkeypatch.setenv("POCKETBASE_PORT", str(server.port))
    monkeypatch.delenv("POCKETBASE_URL", raising=False)
    monkeypatch.delenv("SEARCH_INDEXER_EMAIL", raising=False)
    server.start()
    try:
        async with PocketBaseClient(server.url) as client:
            held = credential.configured_credential(client)
            assert held is not None
            old = (data_dir / credential.SECRET_FILE).read_text()
            await held.token()
            assert credential.main(["rotate"]) == 0
            new = (data_dir / credential.SECRET_FILE).read_text()
            assert new != old and oct((data_dir / credential.SECRET_FILE).stat().st_mode & 0o777) == "0o600"
            with pytest.raises(ClientResponseError):
                await client.auth_superuser(credential.INDEXER_EMAIL, old)
            assert await client.auth_superuser(credential.INDEXER_EMAIL, new)
            assert await held.checked_token()  # the running indexer follows
    finally:
        server.stop()
