"""Logout ends the PocketBase token (issue 36, finding 6): replayed afterwards, a token copied
before the logout opens nothing (pb/pb_hooks/accounts.pb.js, PocketBaseClient.sign_out)."""

from __future__ import annotations

import asyncio
import uuid

import httpx
import pytest

from student_portal.pocketbase import ClientResponseError, PocketBaseClient
from tests.integration.conftest import sign_in


def _new_user(admin: httpx.Client) -> tuple[str, str, str]:
    name, password = f"out{uuid.uuid4().hex[:10]}", f"pw-{uuid.uuid4().hex}"
    data = {
        "email": f"{name}@test.lk",
        "username": name,
        "password": password,
        "passwordConfirm": password,
        "role": "notes",
        "verified": True,
    }
    response = admin.post("/api/collections/users/records", json=data)
    assert response.status_code == 200, response.text
    return response.json()["id"], name, password


def _notes_seen(pocketbase_url: str, token: str) -> int:
    response = httpx.get(
        f"{pocketbase_url}/api/collections/Notes/records", params={"perPage": 5}, headers={"Authorization": token}
    )
    return response.json()["totalItems"] if response.status_code == 200 else -1


def test_a_token_replayed_after_logout_opens_nothing(admin: httpx.Client, pocketbase) -> None:
    user_id, name, password = _new_user(admin)
    phone, laptop = (sign_in(pocketbase.url, name, password).json()["token"] for _ in range(2))
    assert _notes_seen(pocketbase.url, phone) > 0  # a notes student sees the notes

    async def sign_out() -> None:
        async with PocketBaseClient(pocketbase.url) as client:
            await client.sign_out(phone)
            for token in (phone, laptop):  # every token issued until now
                with pytest.raises(ClientResponseError) as rejected:
                    await client.get_one("users", user_id, token=token)
                assert rejected.value.status == 404
                with pytest.raises(ClientResponseError):
                    await client.auth_refresh(token)

    asyncio.run(sign_out())
    assert _notes_seen(pocketbase.url, phone) == 0
    again = sign_in(pocketbase.url, name, password)  # the password still signs in
    assert again.status_code == 200 and _notes_seen(pocketbase.url, again.json()["token"]) > 0


def test_sign_out_without_a_token_is_refused(pocketbase) -> None:
    response = httpx.post(f"{pocketbase.url}/api/student-portal/sign-out-everywhere")
    assert response.status_code == 401
