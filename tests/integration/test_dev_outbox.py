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
