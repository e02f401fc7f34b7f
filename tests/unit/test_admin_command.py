"""`make admin` names the admin UI where PocketBase really listens (issue 16, finding 6)."""

from __future__ import annotations

import pytest

from student_portal.pocketbase import embedded


def test_make_admin_prints_the_admin_ui_on_pocketbase_port(monkeypatch, capsys, tmp_path) -> None:
    saved = []
    monkeypatch.setenv("POCKETBASE_PORT", "18321")
    monkeypatch.setattr(embedded, "DEFAULT_DATA_DIR", tmp_path / "pb_data")
    monkeypatch.setattr(embedded.EmbeddedPocketBase, "upsert_superuser", lambda self, *a: saved.append(self.port))
    assert embedded.main(["superuser", "admin@example.lk", "a long password"]) == 0
    assert saved == [18321]
    assert "http://127.0.0.1:18321/_/" in capsys.readouterr().out


@pytest.mark.parametrize("args", [[], ["superuser", "", "x"], ["superuser", "a@b.lk"]])
def test_make_admin_without_email_or_password_explains_itself(args, capsys) -> None:
    assert embedded.main(args) == 2
    assert "usage: make admin" in capsys.readouterr().err


def test_make_admin_writes_into_pocketbase_data_dir(monkeypatch, capsys, tmp_path) -> None:
    """Issue 49, finding 8: a superuser saved into pb_data/ while the site's PocketBase serves
    POCKETBASE_DATA_DIR is a password "rotated" that silently stays the old one."""
    saved = []
    monkeypatch.setenv("POCKETBASE_DATA_DIR", str(tmp_path / "configured"))
    monkeypatch.setattr(embedded, "DEFAULT_DATA_DIR", tmp_path / "pb_data")
    monkeypatch.setattr(embedded.EmbeddedPocketBase, "upsert_superuser", lambda self, *a: saved.append(self.data_dir))
    assert embedded.main(["superuser", "admin@example.lk", "a long password"]) == 0
    assert saved == [tmp_path / "configured"]
    assert str(tmp_path / "configured") in capsys.readouterr().out
