"""The indexer's superuser with the bundled PocketBase: saved once a process (issue 53's mailer,
practice and the paper indexer each ask for it; each save signed the others' tokens out); and its
sign-in, which waits out PocketBase's limit on sign-ins from one address."""

from __future__ import annotations

import asyncio
import socket

import httpx
import pytest

from student_portal.constants import Timing
from student_portal.pocketbase import ClientResponseError, PocketBaseClient, embedded
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


def _answers(*statuses: int) -> tuple[PocketBaseClient, list[int]]:
    """A client whose superuser sign-ins get `statuses` in turn (200 with a token)."""
    asked: list[int] = []

    def handler(request: httpx.Request) -> httpx.Response:
        status = statuses[len(asked)]
        asked.append(status)
        body = {"token": f"token-{len(asked)}"} if status == 200 else {"status": status, "message": "Refused."}
        return httpx.Response(status, json=body)

    return PocketBaseClient("http://pocketbase.test", transport=httpx.MockTransport(handler)), asked


@pytest.fixture
def fast_retries(monkeypatch) -> None:
    monkeypatch.setattr(Timing, "SUPERUSER_SIGN_IN_RETRY_S", 0.01)
    monkeypatch.setattr(Timing, "SUPERUSER_SIGN_IN_PATIENCE_S", 0.05)


async def test_a_sign_in_refused_by_pocketbases_limit_is_tried_again(fast_retries) -> None:
    client, asked = _answers(429, 429, 200)
    assert await credential.Credential(client, "indexer@example.invalid", "pw").token() == "token-3"
    assert asked == [429, 429, 200]


async def test_the_limit_is_reported_once_the_patience_is_spent(fast_retries) -> None:
    client, asked = _answers(*[429] * 50)
    with pytest.raises(ClientResponseError) as refused:
        await credential.Credential(client, "indexer@example.invalid", "pw").token()
    assert refused.value.is_rate_limited
    assert 2 <= len(asked) <= 6  # every 10 ms for 50 ms, not for ever


async def test_a_wrong_password_is_reported_at_once(fast_retries) -> None:
    client, asked = _answers(400, 200)
    with pytest.raises(ClientResponseError):
        await credential.Credential(client, "indexer@example.invalid", "wrong").token()
    assert asked == [400]


def test_the_rebuild_command_says_why_pocketbase_refused_it(monkeypatch, tmp_path, capsys, fast_retries) -> None:
    from student_portal.search import pages

    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))  # bound, never listening: connections are refused at once
    monkeypatch.setenv("POCKETBASE_URL", f"http://127.0.0.1:{closed.getsockname()[1]}")
    monkeypatch.setenv("SEARCH_INDEX_DIR", str(tmp_path / "index"))
    monkeypatch.setenv("SEARCH_INDEXER_EMAIL", "indexer@example.invalid")
    monkeypatch.setenv("SEARCH_INDEXER_PASSWORD", "s3cret-pass")
    try:
        assert pages.main(["rebuild"]) == 1
    finally:
        closed.close()
    said = capsys.readouterr()
    assert "PocketBase did not answer as expected, nothing indexed" in said.err
    assert "Traceback" not in said.err and "s3cret-pass" not in said.err + said.out


async def test_callers_at_the_same_moment_share_one_sign_in() -> None:
    asked: list[str] = []

    async def slow(request: httpx.Request) -> httpx.Response:  # the callers overlap
        asked.append(request.url.path.rsplit("/", 1)[-1])
        await asyncio.sleep(0.05)
        return httpx.Response(200, json={"token": f"token-{len(asked)}"})

    client = PocketBaseClient("http://pocketbase.test", transport=httpx.MockTransport(slow))
    held = credential.Credential(client, "indexer@example.invalid", "pw")
    tokens = await asyncio.gather(held.checked_token(), held.checked_token(), held.token())
    assert tokens == ["token-1"] * 3 and asked == ["auth-with-password"]


async def test_a_visitors_tap_does_not_wait_out_the_limit(monkeypatch) -> None:
    from student_portal.state import server_credential

    client, asked = _answers(429, 200)
    monkeypatch.setattr(
        server_credential, "_credential", credential.Credential(client, "indexer@example.invalid", "pw")
    )
    with pytest.raises(ClientResponseError) as refused:
        await server_credential.server_token()
    assert refused.value.is_rate_limited and asked == [429]
