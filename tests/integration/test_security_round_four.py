"""Security round four (issue 49), against a real PocketBase from our migrations and hooks.

Each test replays what the attacker did (the issue's scripts) and checks it no longer works:
unlimited guesses at the current password through a session, a lockout store that forgets
once full.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from student_portal.i18n.texts import Text
from student_portal.pocketbase.embedded import EmbeddedPocketBase
from tests.integration.conftest import sign_in
from tests.support.pocketbases import SUPERUSER, start_pocketbase


def _new_user(admin: httpx.Client) -> tuple[str, str, str]:
    """A verified basic account: (email, password, record id)."""
    name, password = f"guess{uuid.uuid4().hex[:10]}", f"pw-{uuid.uuid4().hex}"
    data = {"email": f"{name}@test.lk", "password": password, "passwordConfirm": password}
    data |= {"username": name, "role": "basic", "verified": True}
    response = admin.post("/api/collections/users/records", json=data)
    assert response.status_code == 200, response.text
    return f"{name}@test.lk", password, response.json()["id"]


def _change_password(url: str, token: str, record_id: str, old: str) -> httpx.Response:
    new = f"new-{uuid.uuid4().hex}"
    return httpx.patch(
        f"{url}/api/collections/users/records/{record_id}",
        json={"oldPassword": old, "password": new, "passwordConfirm": new},
        headers={"Authorization": token},
        timeout=10,
    )


# ------------------------------------------------- finding 1: the current password, guessed


def test_wrong_current_passwords_lock_the_account_as_sign_in_does(admin, pocketbase: EmbeddedPocketBase) -> None:
    """The issue's script: 40 wrong oldPassword answered 400, then the right one 200."""
    email, password, record_id = _new_user(admin)
    token = sign_in(pocketbase.url, email, password).json()["token"]
    wrong = [_change_password(pocketbase.url, token, record_id, f"guess-{n}").status_code for n in range(10)]
    assert wrong == [400] * 10
    right = _change_password(pocketbase.url, token, record_id, password)  # even the right one
    assert right.status_code == 429, right.text
    assert right.json()["message"] == Text.account_locked(15)
    assert 14 * 60 < int(right.headers["retry-after"]) <= 15 * 60
    # The same count as sign-in: the account is locked for the password form too.
    assert sign_in(pocketbase.url, email, password).status_code == 429


def test_a_locked_account_refuses_a_password_change(admin, pocketbase: EmbeddedPocketBase) -> None:
    email, password, record_id = _new_user(admin)
    token = sign_in(pocketbase.url, email, password).json()["token"]
    assert [sign_in(pocketbase.url, email, f"guess-{n}").status_code for n in range(10)] == [400] * 10
    assert _change_password(pocketbase.url, token, record_id, password).status_code == 429


def test_sign_in_and_current_password_failures_add_up(admin, pocketbase: EmbeddedPocketBase) -> None:
    email, password, record_id = _new_user(admin)
    token = sign_in(pocketbase.url, email, password).json()["token"]
    assert [sign_in(pocketbase.url, email, f"guess-{n}").status_code for n in range(5)] == [400] * 5
    wrong = [_change_password(pocketbase.url, token, record_id, f"guess-{n}").status_code for n in range(5)]
    assert wrong == [400] * 5
    assert sign_in(pocketbase.url, email, password).status_code == 429


def test_a_right_current_password_still_changes_it(admin, pocketbase: EmbeddedPocketBase) -> None:
    email, password, record_id = _new_user(admin)
    token = sign_in(pocketbase.url, email, password).json()["token"]
    assert _change_password(pocketbase.url, token, record_id, "guess").status_code == 400
    assert _change_password(pocketbase.url, token, record_id, password).status_code == 200


def test_a_superuser_updates_a_user_without_the_lockout(admin, pocketbase: EmbeddedPocketBase) -> None:
    email, _password, record_id = _new_user(admin)
    assert [sign_in(pocketbase.url, email, f"guess-{n}").status_code for n in range(10)] == [400] * 10
    new = f"new-{uuid.uuid4().hex}"
    response = admin.patch(
        f"/api/collections/users/records/{record_id}", json={"password": new, "passwordConfirm": new}
    )
    assert response.status_code == 200, response.text  # a content manager can still help the student


# ------------------------------------------- suspected: the lockout store, once full, forgets


@pytest.fixture(scope="module")
def small_store_pocketbase(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EmbeddedPocketBase]:
    """A PocketBase whose lockout store holds 3 accounts (100,000 in production)."""
    root: Path = tmp_path_factory.mktemp("small-store")
    server = start_pocketbase(root / "pb_data", env={"PB_SIGN_IN_TRACKED_MAX": "3"})
    try:
        yield server
    finally:
        server.stop()


def test_a_full_lockout_store_refuses_rather_than_forgets(small_store_pocketbase: EmbeddedPocketBase) -> None:
    url = small_store_pocketbase.url
    with httpx.Client(base_url=url, timeout=10) as http:
        token = sign_in(url, *SUPERUSER, collection="_superusers").json()["token"]
        http.headers["Authorization"] = token
        email, password, _ = _new_user(http)
    # The attacker fills the store with names of their own (one guess each)...
    filled = [sign_in(url, f"nobody-{n}@test.lk", "guess").status_code for n in range(3)]
    assert filled == [400] * 3
    # ...then guesses at a real account: no guess goes uncounted (refused instead), so the right
    # password does not get through after more than ten wrong ones.
    guesses = [sign_in(url, email, f"guess-{n}").status_code for n in range(11)]
    assert set(guesses) == {429}
    assert sign_in(url, email, password).status_code == 429


# ------------------------------------- finding 4: older addresses in capitals, brought along


def test_older_addresses_are_lower_cased_and_case_twins_reported(tmp_path: Path) -> None:
    """pb_migrations/1795302000_lowercase_emails.js on records saved before it: a lone address in
    capitals becomes lower-case; two accounts differing only in case are both kept, and reported."""
    import sqlite3

    data_dir = tmp_path / "pb_data"
    server = start_pocketbase(data_dir, demo=False)
    with httpx.Client(base_url=server.url, timeout=10) as http:
        http.headers["Authorization"] = sign_in(server.url, *SUPERUSER, collection="_superusers").json()["token"]
        ids = {}
        for name in ("lone", "twin-a", "twin-b"):
            made = http.post(
                "/api/collections/users/records",
                json={"email": f"{name}@old.lk", "password": "old-pass-123", "passwordConfirm": "old-pass-123"},
            )
            assert made.status_code == 200, made.text
            ids[name] = made.json()["id"]
    server.stop()
    # As an older version saved them (before the hook), and the migration not yet run.
    with sqlite3.connect(data_dir / "data.db") as db:
        db.execute("UPDATE users SET email = 'Lone@Old.LK' WHERE id = ?", (ids["lone"],))
        db.execute("UPDATE users SET email = 'twin@old.lk' WHERE id = ?", (ids["twin-a"],))
        db.execute("UPDATE users SET email = 'TWIN@Old.lk' WHERE id = ?", (ids["twin-b"],))
        db.execute("DELETE FROM _migrations WHERE file = '1795302000_lowercase_emails.js'")
    server.start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as http:
            http.headers["Authorization"] = sign_in(server.url, *SUPERUSER, collection="_superusers").json()["token"]
            emails = {name: http.get(f"/api/collections/users/records/{i}").json()["email"] for name, i in ids.items()}
    finally:
        server.stop()
    assert emails == {"lone": "lone@old.lk", "twin-a": "twin@old.lk", "twin-b": "TWIN@Old.lk"}
    log = (tmp_path / "pb_data.log").read_text()
    assert f"{ids['twin-b']} <TWIN@Old.lk> and {ids['twin-a']} <twin@old.lk> differ only in case" in log


# ------------------------------------------ finding 5: IPv6 visitors counted per /64


async def test_sign_ins_from_one_ipv6_64_share_its_limit(pocketbase: EmbeddedPocketBase) -> None:
    """PocketBase's per-address sign-in limit (10 a minute) counts the /64 the site forwards."""
    from student_portal.pocketbase import ClientResponseError, PocketBaseClient

    line = f"2001:db8:4949:{uuid.uuid4().int % 65536:x}"
    statuses = []
    async with PocketBaseClient(pocketbase.url) as client:
        for n in range(12):
            try:
                await client.auth_with_password(f"nobody-{n}@test.lk", "guess", client_ip=f"{line}::{n + 1:x}")
            except ClientResponseError as error:
                statuses.append(error.status)
    assert statuses[:10] == [400] * 10 and statuses[10:] == [429, 429]
