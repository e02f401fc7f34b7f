"""Security round two (issue 16), against a real PocketBase from our migrations and hooks.

Each test replays what the attacker did and checks it no longer works: unlimited password
guessing (forged X-Forwarded-For, no per-account limit), protected files kept in caches,
secrets left world-readable in pb_data.
"""

from __future__ import annotations

import asyncio
import json
import stat
import uuid

import httpx
import pytest
from starlette.responses import PlainTextResponse

from student_portal.i18n.texts import Text
from student_portal.pocketbase import PocketBaseClient
from student_portal.pocketbase.embedded import EmbeddedPocketBase
from student_portal.server.file_proxy import with_file_proxy
from tests.integration.conftest import free_port, list_all, next_client_ip, sign_in

# Another address of this machine than the site's 127.0.0.1: "a client that is not the site".
OUTSIDER_ADDRESS = "127.0.0.2"

PUBLIC_FILE_CACHE = "max-age=2592000, stale-while-revalidate=86400"


def _file_path(record: dict, field: str) -> str:
    return f"/api/files/{record['collectionId']}/{record['id']}/{record[field]}"


# --- 1. no unlimited password guessing ----------------------------------------------------------


@pytest.mark.parametrize("collection", ["users", "_superusers"])
def test_a_forged_forwarded_address_from_anyone_but_the_site_is_ignored(pocketbase, collection: str) -> None:
    # The attack: a fresh X-Forwarded-For on every try gave every try a fresh rate-limit bucket.
    url = f"{pocketbase.url}/api/collections/{collection}/auth-with-password"
    with httpx.Client(transport=httpx.HTTPTransport(local_address=OUTSIDER_ADDRESS), timeout=10) as outsider:
        statuses = [
            outsider.post(
                url,
                json={"identity": f"nobody-{n}@test.lk", "password": "guess"},
                headers={"X-Forwarded-For": next_client_ip(), "X-Real-IP": next_client_ip()},
            ).status_code
            for n in range(11)
        ]
    assert statuses == [400] * 10 + [429]


def _new_account(admin: httpx.Client, collection: str) -> tuple[str, str]:
    name, password = f"lock{uuid.uuid4().hex[:10]}", f"pw-{uuid.uuid4().hex}"
    data = {"email": f"{name}@test.lk", "password": password, "passwordConfirm": password}
    if collection == "users":
        data |= {"username": name, "role": "basic", "verified": True}
    response = admin.post(f"/api/collections/{collection}/records", json=data)
    assert response.status_code == 200, response.text
    return f"{name}@test.lk", password


@pytest.mark.parametrize("collection", ["users", "_superusers"])
def test_an_account_locks_after_ten_wrong_passwords_from_any_addresses(admin, pocketbase, collection: str) -> None:
    identity, password = _new_account(admin, collection)
    # Every guess from its own address, as the site forwards them: the per-address limit never
    # triggers, the per-account one does.
    wrong = [sign_in(pocketbase.url, identity, f"guess-{n}", collection=collection).status_code for n in range(10)]
    assert wrong == [400] * 10
    locked = sign_in(pocketbase.url, identity, password, collection=collection)  # even the right one
    assert locked.status_code == 429, locked.text
    assert locked.json()["message"] == Text.account_locked(15)
    assert 14 * 60 < int(locked.headers["retry-after"]) <= 15 * 60
    if collection == "users":  # the same account by its user name: the same count
        assert sign_in(pocketbase.url, identity.split("@")[0], password).status_code == 429
    other_identity, other_password = _new_account(admin, collection)  # other accounts are not held up
    assert sign_in(pocketbase.url, other_identity, other_password, collection=collection).status_code == 200


def test_a_successful_sign_in_clears_the_count(admin, pocketbase) -> None:
    identity, password = _new_account(admin, "users")
    for _ in range(2):
        assert [sign_in(pocketbase.url, identity, "guess").status_code for _ in range(9)] == [400] * 9
        assert sign_in(pocketbase.url, identity, password).status_code == 200


async def test_the_sites_files_route_serves_pocketbase_files(pocketbase, admin, user_tokens) -> None:
    """What browsers now fetch instead of PocketBase: /files/... on the site, the real answers."""
    client = PocketBaseClient(pocketbase.url, timeout=10)
    app = with_file_proxy(PlainTextResponse("the site"), lambda: client)
    news = next(r for r in list_all(admin, "News") if r["image"])
    note = next(r for r in list_all(admin, "Notes") if r["file"])
    file_token = await client.file_token(user_tokens["notes"])
    try:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://site.test") as site:
            picture = await site.get(f"/files/{news['collectionId']}/{news['id']}/{news['image']}?thumb=640x360")
            ranged = await site.get(
                f"/files/{news['collectionId']}/{news['id']}/{news['image']}", headers={"Range": "bytes=0-9"}
            )
            note_path = f"/files/{note['collectionId']}/{note['id']}/{note['file']}"
            without_token = await site.get(note_path)
            with_token = await site.get(note_path, params={"token": file_token})
    finally:
        await client.aclose()
    assert picture.status_code == 200 and picture.headers["content-type"] == "image/jpeg"
    assert picture.headers["cache-control"] == PUBLIC_FILE_CACHE
    assert int(picture.headers["content-length"]) == len(picture.content) > 0
    assert ranged.status_code == 206 and len(ranged.content) == 10
    assert without_token.status_code == 404
    assert with_token.status_code == 200 and with_token.content.startswith(b"%PDF")
    assert with_token.headers["cache-control"] == "private, no-store"


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


# --- 7. retired news is not public -----------------------------------------------------------


def test_inactive_news_is_hidden_from_anonymous_calls(admin, anon) -> None:
    # The attack: an anonymous list call returned retired (active = false) news.
    everything = list_all(admin, "News")
    retired = [n for n in everything if not n["active"]]
    assert retired, "the demo seed has a retired news item"
    public = list_all(anon, "News")
    assert public and all(n["active"] for n in public)
    assert {n["id"] for n in public} == {n["id"] for n in everything if n["active"]}
    assert anon.get(f"/api/collections/News/records/{retired[0]['id']}").status_code == 404


async def test_news_switched_off_reaches_public_subscribers_as_a_delete(pocketbase, admin) -> None:
    """The site's cache subscribes anonymously: switching an item off must still reach it."""
    created = admin.post("/api/collections/News/records", json={"title": "Retire me", "active": True})
    created.raise_for_status()
    news_id = created.json()["id"]
    events: list[dict] = []
    try:
        async with (
            httpx.AsyncClient(base_url=pocketbase.url, timeout=10) as http,
            http.stream("GET", "/api/realtime") as stream,
        ):
            lines = stream.aiter_lines()
            client_id = await _client_id(lines)
            subscribed = await http.post("/api/realtime", json={"clientId": client_id, "subscriptions": ["News/*"]})
            assert subscribed.status_code == 204, subscribed.text
            admin.patch(f"/api/collections/News/records/{news_id}", json={"title": "Retired", "active": False})
            admin.patch(f"/api/collections/News/records/{news_id}", json={"title": "Still retired"})
            admin.patch(f"/api/collections/News/records/{news_id}", json={"active": True})
            while len(events) < 2:
                events.append(await asyncio.wait_for(_next_data(lines), 5))
    finally:
        admin.delete(f"/api/collections/News/records/{news_id}")
    gone, back = events
    assert gone == {
        "action": "delete",
        "record": {"id": news_id, "collectionId": gone["record"]["collectionId"], "collectionName": "News"},
    }
    assert "Retired" not in json.dumps(gone)  # nothing of the retired item's content goes out
    assert back["action"] == "update" and back["record"]["id"] == news_id and back["record"]["active"] is True


async def _client_id(lines) -> str:
    while True:
        line = await asyncio.wait_for(anext(lines), 5)
        if line.startswith("data:") and "clientId" in line:
            return json.loads(line[5:])["clientId"]


async def _next_data(lines) -> dict:
    while True:
        line = await anext(lines)
        if line.startswith("data:"):
            return json.loads(line[5:])
