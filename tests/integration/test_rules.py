"""API rules, file protection, sign-in and rate limiting against a real PocketBase.

These rules are the security boundary of the site: the site server only forwards each
visitor's token, so whatever PocketBase allows here, a visitor can do directly.
"""

from __future__ import annotations

import httpx
import pytest

from tests.integration.conftest import (
    DEMO_PASSWORD,
    DEMO_USERS,
    list_all,
    next_client_ip,
    sign_in,
)
from tests.integration.test_schema import SCHEMA

ALL_COLLECTIONS = sorted([*SCHEMA, "users"])


@pytest.fixture(scope="module")
def note_counts(admin: httpx.Client) -> dict[str, int]:
    return {name: len(list_all(admin, name)) for name in ("Notes", "Class_Notes", "Class_Recordings")}


def collection_id(admin: httpx.Client, name: str) -> str:
    return admin.get(f"/api/collections/{name}").json()["id"]


# ------------------------------------------------------------------------- Notes


@pytest.mark.parametrize("role", [None, "basic"])
def test_notes_hidden_without_notes_role(role, as_role, note_counts):
    assert note_counts["Notes"] >= 6
    assert list_all(as_role(role), "Notes") == []


@pytest.mark.parametrize("role", ["notes", "full"])
def test_notes_visible_with_notes_or_full_role(role, as_role, note_counts):
    assert len(list_all(as_role(role), "Notes")) == note_counts["Notes"]
    assert as_role(role).get("/api/collections/Notes/records/note00000000001").status_code == 200


@pytest.mark.parametrize("role", [None, "basic"])
def test_note_view_is_404_without_notes_role(role, as_role):
    response = as_role(role).get("/api/collections/Notes/records/note00000000001")
    assert response.status_code == 404


def test_protected_note_file_needs_a_file_token(admin, anon, as_role, user_tokens):
    note = admin.get("/api/collections/Notes/records/note00000000001").json()
    url = f"/api/files/{note['collectionId']}/{note['id']}/{note['file']}"

    assert anon.get(url).status_code == 404
    # an auth header alone is not enough for a protected file
    assert as_role("notes").get(url).status_code == 404

    token = as_role("notes").post("/api/files/token")
    assert token.status_code == 200, token.text
    response = anon.get(url, params={"token": token.json()["token"]})
    assert response.status_code == 200
    assert response.content.startswith(b"%PDF-")

    # a file token of a user without the notes role does not pass the view rule
    basic_token = as_role("basic").post("/api/files/token").json()["token"]
    assert anon.get(url, params={"token": basic_token}).status_code == 404
    assert anon.get(url, params={"token": "garbage"}).status_code == 404


def test_file_token_needs_sign_in(anon):
    assert anon.post("/api/files/token").status_code == 401


# ------------------------------------------------------------------------- class notes


@pytest.mark.parametrize("name", ["Class_Notes", "Class_Recordings"])
def test_class_content_needs_sign_in(name, as_role, note_counts):
    assert note_counts[name] > 0
    assert list_all(as_role(None), name) == []
    assert len(list_all(as_role("basic"), name)) == note_counts[name]
    first = list_all(as_role("basic"), name)[0]["id"]
    assert as_role(None).get(f"/api/collections/{name}/records/{first}").status_code == 404
    assert as_role("basic").get(f"/api/collections/{name}/records/{first}").status_code == 200


def test_class_note_file_for_signed_in_users(admin, anon, as_role):
    note = list_all(admin, "Class_Notes")[0]
    url = f"/api/files/{note['collectionId']}/{note['id']}/{note['file']}"
    assert anon.get(url).status_code == 404
    token = as_role("basic").post("/api/files/token").json()["token"]
    assert anon.get(url, params={"token": token}).status_code == 200


# ------------------------------------------------------------------------- public content


@pytest.mark.parametrize("name", sorted(set(SCHEMA) - {"Notes", "Class_Notes", "Class_Recordings"}))
def test_content_is_public_to_read(name, anon, admin):
    items = list_all(anon, name)
    published = [i for i in list_all(admin, name) if name != "News" or i["active"]]  # News: active only
    assert items and len(items) == len(published)
    assert anon.get(f"/api/collections/{name}/records/{items[0]['id']}").status_code == 200


# ------------------------------------------------------------------------- writes


@pytest.mark.parametrize("role", [None, "basic", "full"])
@pytest.mark.parametrize("name", ALL_COLLECTIONS)
def test_nobody_but_superusers_can_create(name, role, as_role, admin):
    before = admin.get(f"/api/collections/{name}/records", params={"perPage": 1}).json()["totalItems"]
    body = {
        "name": "hacked",
        "title": "hacked",
        "email": "new@demo.lk",
        "username": "newbie",
        "password": "whatever-123",
        "passwordConfirm": "whatever-123",
        "role": "full",
    }
    response = as_role(role).post(f"/api/collections/{name}/records", json=body)
    # Anyone may sign up to users, but never naming a role (test_accounts.py): refused as a bad body.
    assert response.status_code == (400 if name == "users" else 403), (name, role, response.text)
    after = admin.get(f"/api/collections/{name}/records", params={"perPage": 1}).json()["totalItems"]
    assert after == before


@pytest.mark.parametrize("role", [None, "full"])
@pytest.mark.parametrize("name", ["News", "Products", "Teachers", "Notes", "Class_Notes"])
def test_nobody_but_superusers_can_update_or_delete(name, role, as_role, admin):
    record = list_all(admin, name)[0]
    path = f"/api/collections/{name}/records/{record['id']}"
    assert as_role(role).patch(path, json={"name": "x", "title": "x"}).status_code in (403, 404)
    assert as_role(role).delete(path).status_code in (403, 404)
    assert admin.get(path).json()["updated"] == record["updated"]


# ------------------------------------------------------------------------- users


def test_user_sees_only_own_record(as_role):
    client = as_role("basic")
    own = list_all(client, "users")
    assert [u["id"] for u in own] == ["basicuser000001"]
    assert client.get("/api/collections/users/records/basicuser000001").status_code == 200
    assert client.get("/api/collections/users/records/fulluser0000001").status_code == 404
    assert list_all(as_role(None), "users") == []


@pytest.mark.parametrize(
    "kind, body",
    [
        ("json", {"role": "full"}),
        ("json", {"role+": "full"}),
        ("json", {"+role": "full"}),
        ("json", {"role-": "basic"}),
        ("json", {"role": "basic"}),  # even "no change" is refused: role may not be sent
        ("json", {"name": "Kasun", "role": "notes"}),
        ("form", {"role": "full"}),
        ("multipart", {"role": "full"}),
        ("multipart", {"@jsonPayload": '{"role": "full"}'}),
    ],
)
def test_user_cannot_change_own_role(kind, body, as_role, admin):
    path = "/api/collections/users/records/basicuser000001"
    client = as_role("basic")
    if kind == "json":
        response = client.patch(path, json=body)
    elif kind == "form":
        response = client.patch(path, data=body)
    else:
        response = client.patch(path, files={k: (None, v) for k, v in body.items()})
    assert response.status_code == 404, response.text
    assert admin.get(path).json()["role"] == "basic"


def test_user_can_update_own_profile_but_not_others(as_role, admin):
    client = as_role("notes")
    own = "/api/collections/users/records/notesuser000001"
    response = client.patch(own, json={"name": "Nethmi S."})
    assert response.status_code == 200, response.text
    assert response.json()["role"] == "notes"
    client.patch(own, json={"name": "Nethmi Silva"})

    other = "/api/collections/users/records/basicuser000001"
    assert client.patch(other, json={"name": "pwned"}).status_code == 404
    assert admin.get(other).json()["name"] != "pwned"


@pytest.mark.parametrize(
    "body",
    [
        {"email": "someone.else@demo.lk"},  # only through the email-change flow
        {"verified": False},
        {"password": "new-pass-1234", "passwordConfirm": "new-pass-1234"},  # needs oldPassword
        {"username": "full"},  # taken: usernames are unique
    ],
)
def test_user_cannot_change_protected_profile_fields(body, as_role, admin):
    path = "/api/collections/users/records/basicuser000001"
    before = admin.get(path).json()
    response = as_role("basic").patch(path, json=body)
    # 404: the update rule refuses `verified` in the body; 400: PocketBase's own field checks.
    assert response.status_code in (400, 404), response.text
    after = admin.get(path).json()
    assert {k: after[k] for k in ("email", "verified", "username", "updated")} == {
        k: before[k] for k in ("email", "verified", "username", "updated")
    }


@pytest.mark.parametrize("role", ["basic", "full"])
def test_user_cannot_delete_own_account(role, as_role):
    user_id = DEMO_USERS[role][2]
    response = as_role(role).delete(f"/api/collections/users/records/{user_id}")
    assert response.status_code == 403


# ------------------------------------------------------------------------- sign-in


@pytest.mark.parametrize("role", sorted(DEMO_USERS))
@pytest.mark.parametrize("by", ["email", "username"])
def test_sign_in_with_email_or_username(role, by, pocketbase):
    email, username, user_id = DEMO_USERS[role]
    response = sign_in(pocketbase.url, email if by == "email" else username, DEMO_PASSWORD)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["token"]
    assert body["record"]["id"] == user_id
    assert body["record"]["role"] == role


def test_wrong_password_is_rejected(pocketbase):
    response = sign_in(pocketbase.url, "basic", "not-the-password")
    assert response.status_code == 400
    assert response.json()["message"] == "Failed to authenticate."


def test_sign_in_rate_limit_is_per_forwarded_address(pocketbase):
    attacker = next_client_ip()
    # Names no account has: the per-account limit (test_security_boundary.py) stays out of it.
    statuses = [sign_in(pocketbase.url, f"nobody-{n}", "wrong", client_ip=attacker).status_code for n in range(11)]
    assert statuses[:10] == [400] * 10
    assert statuses[10] == 429
    # still blocked for that address, even with the right password
    blocked = sign_in(pocketbase.url, "basic", DEMO_PASSWORD, client_ip=attacker)
    assert blocked.status_code == 429
    assert blocked.json()["message"] == "Too Many Requests."

    # another visitor (another forwarded address) signs in fine
    other = sign_in(pocketbase.url, "basic", DEMO_PASSWORD, client_ip=next_client_ip())
    assert other.status_code == 200, other.text
