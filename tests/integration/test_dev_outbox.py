"""`make run` with no SMTP_HOST: the bundled PocketBase's mails land in the development outbox
(pb_data/outbox/new/), and the console says where and shows each mail's links."""

from __future__ import annotations

import asyncio
import email
import email.policy
from pathlib import Path

import httpx
import pytest

from student_portal.server.embedded_backend import embedded_pocketbase
from tests.integration.conftest import free_port


async def test_without_smtp_host_a_sign_up_mail_lands_in_the_outbox(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    port = free_port()
    monkeypatch.delenv("SMTP_HOST", raising=False)
    monkeypatch.delenv("POCKETBASE_URL", raising=False)
    monkeypatch.setenv("POCKETBASE_DATA_DIR", str(tmp_path / "pb_data"))
    monkeypatch.setenv("POCKETBASE_PORT", str(port))
    monkeypatch.setenv("DEPLOY_URL", "http://portal.test")
    outbox = tmp_path / "pb_data" / "outbox" / "new"
    async with embedded_pocketbase():
        body = {"email": "dev@students.test", "password": "dev-pass-123", "passwordConfirm": "dev-pass-123"}
        response = await asyncio.to_thread(
            httpx.post, f"http://127.0.0.1:{port}/api/collections/users/records", json=body
        )
        assert response.status_code == 200, response.text
        for _ in range(100):
            if outbox.is_dir() and any(outbox.iterdir()):
                break
            await asyncio.sleep(0.1)
    (kept,) = outbox.iterdir()
    message = email.message_from_bytes(kept.read_bytes(), policy=email.policy.default)
    assert message["to"] == "dev@students.test"
    printed = capsys.readouterr().out
    assert str(outbox) in printed
    assert "Outbox: Mail to dev@students.test" in printed and "http://portal.test/verify/" in printed


async def _sign_up_printed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> tuple[str, str]:
    """A sign-up through the PocketBase the site starts: (what the console got, the kept mail)."""
    port = free_port()
    monkeypatch.delenv("SMTP_HOST", raising=False)
    monkeypatch.delenv("POCKETBASE_URL", raising=False)
    monkeypatch.setenv("POCKETBASE_DATA_DIR", str(tmp_path / "pb_data"))
    monkeypatch.setenv("POCKETBASE_PORT", str(port))
    monkeypatch.setenv("DEPLOY_URL", "http://portal.test")
    outbox = tmp_path / "pb_data" / "outbox" / "new"
    async with embedded_pocketbase():
        body = {"email": "prod@students.test", "password": "prod-pass-123", "passwordConfirm": "prod-pass-123"}
        response = await asyncio.to_thread(
            httpx.post, f"http://127.0.0.1:{port}/api/collections/users/records", json=body
        )
        assert response.status_code == 200, response.text
        for _ in range(100):
            if outbox.is_dir() and any(outbox.iterdir()):
                break
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.3)  # the announcement follows the mail being kept
    (kept,) = outbox.iterdir()
    return capsys.readouterr().out, kept.read_text()


async def test_in_production_mode_without_smtp_host_no_link_is_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 49, finding 6: `make run` (production mode) printed live verify and reset links to
    stdout, past the log redaction. Now the mail is kept on disk only and the console says so."""
    monkeypatch.setenv("REFLEX_ENV_MODE", "prod")
    monkeypatch.delenv("DEV_OUTBOX_LINKS", raising=False)
    printed, kept = await _sign_up_printed(tmp_path, monkeypatch, capsys)
    assert "http://portal.test/verify/" in kept
    token = kept.split("http://portal.test/verify/")[1].split()[0]
    assert "/verify/" not in printed and token not in printed
    assert "NOT sent" in printed and "SMTP_HOST" in printed


async def test_dev_outbox_links_prints_them_in_production_mode_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("REFLEX_ENV_MODE", "prod")
    monkeypatch.setenv("DEV_OUTBOX_LINKS", "true")
    printed, _kept = await _sign_up_printed(tmp_path, monkeypatch, capsys)
    assert "Outbox: Mail to prod@students.test" in printed and "http://portal.test/verify/" in printed
