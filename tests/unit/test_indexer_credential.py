"""The indexer's superuser with the bundled PocketBase: saved once a process (issue 53's mailer,
practice and the paper indexer each ask for it; each save signed the others' tokens out)."""

from __future__ import annotations

from student_portal.pocketbase import PocketBaseClient, embedded
from student_portal.search import credential


def test_the_indexer_superuser_is_saved_once_however_many_ask(monkeypatch, tmp_path) -> None:
    data = tmp_path / "pb_data"
    data.mkdir()
    (data / credential.SECRET_FILE).write_text("kept-password\n")
    for name in ("POCKETBASE_URL", "SEARCH_INDEXER_EMAIL", "SEARCH_INDEXER_PASSWORD"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("POCKETBASE_DATA_DIR", str(data))
    monkeypatch.setattr(credential, "_SAVED", set())
    saved = []
    monkeypatch.setattr(embedded.EmbeddedPocketBase, "upsert_superuser", lambda self, *a: saved.append(a))
    client = PocketBaseClient("http://127.0.0.1:9")
    held = [credential.configured_credential(client) for _ in range(3)]
    assert saved == [(credential.INDEXER_EMAIL, "kept-password")]
    assert all(c is not None and c.email == credential.INDEXER_EMAIL for c in held)


def test_a_missing_password_file_is_made_and_saved_once(monkeypatch, tmp_path) -> None:
    data = tmp_path / "pb_data"
    data.mkdir()
    for name in ("POCKETBASE_URL", "SEARCH_INDEXER_EMAIL", "SEARCH_INDEXER_PASSWORD"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("POCKETBASE_DATA_DIR", str(data))
    monkeypatch.setattr(credential, "_SAVED", set())
    saved = []
    monkeypatch.setattr(embedded.EmbeddedPocketBase, "upsert_superuser", lambda self, *a: saved.append(a))
    client = PocketBaseClient("http://127.0.0.1:9")
    credential.configured_credential(client)
    credential.configured_credential(client)
    password = (data / credential.SECRET_FILE).read_text()
    assert saved == [(credential.INDEXER_EMAIL, password)]
