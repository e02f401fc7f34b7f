"""One real PocketBase (the bundled 0.40.6 binary) for the integration tests.

It starts from our own migrations in pb/pb_migrations (schema, users, settings and the
demo seed) in a temporary data dir on a free loopback port, and is stopped at the end
of the session. Automigrate is off, so collections created by tests leave no migration
files behind in pb/pb_migrations.

Sign-in is rate limited per client address and auth collection (10 per minute), and
PocketBase trusts X-Forwarded-For. Every sign-in
helper here therefore sends its own made-up client address, so tests never share a
rate-limit bucket by accident.
"""

from __future__ import annotations

import itertools
import socket
from collections.abc import Callable, Iterator

import httpx
import pytest

from student_portal.pocketbase.embedded import MIGRATIONS_DIR, EmbeddedPocketBase
from tests.support.timings import pytest_terminal_summary  # noqa: F401 - time by file, at the end

SUPERUSER_EMAIL = "admin@test.lk"
SUPERUSER_PASSWORD = "admin-pass-123"
DEMO_PASSWORD = "demo-pass-123"
DEMO_USERS = {
    # role -> (email, username, fixed record id)
    "basic": ("basic@demo.lk", "basic", "basicuser000001"),
    "notes": ("notes@demo.lk", "notes", "notesuser000001"),
    "full": ("full@demo.lk", "full", "fulluser0000001"),
}

_addresses = itertools.count(1)


def next_client_ip() -> str:
    """A fresh documentation-range address (198.18.0.0/15) for X-Forwarded-For."""
    n = next(_addresses)
    return f"198.18.{n // 250}.{n % 250 + 1}"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def sign_in(
    base_url: str,
    identity: str,
    password: str,
    *,
    collection: str = "users",
    client_ip: str | None = None,
) -> httpx.Response:
    """POST auth-with-password as the given client address (a fresh one by default)."""
    return httpx.post(
        f"{base_url}/api/collections/{collection}/auth-with-password",
        json={"identity": identity, "password": password},
        headers={"X-Forwarded-For": client_ip or next_client_ip()},
        timeout=10,
    )


@pytest.fixture(scope="session")
def pocketbase(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EmbeddedPocketBase]:
    root = tmp_path_factory.mktemp("pocketbase")
    server = EmbeddedPocketBase(
        root / "pb_data",
        port=free_port(),
        migrations_dir=MIGRATIONS_DIR,
        log_file=root / "pocketbase.log",
        # The stock binary writes a migration file into the migrations dir for every
        # collection change made through the API (automigrate). Tests that create
        # scratch collections must not leave files in pb/pb_migrations.
        extra_args=["--automigrate=false"],
    )
    server.start()
    try:
        server.upsert_superuser(SUPERUSER_EMAIL, SUPERUSER_PASSWORD)
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def pb_admin_token(pocketbase: EmbeddedPocketBase) -> str:
    response = sign_in(pocketbase.url, SUPERUSER_EMAIL, SUPERUSER_PASSWORD, collection="_superusers")
    assert response.status_code == 200, response.text
    return response.json()["token"]


@pytest.fixture(scope="session")
def admin(pocketbase: EmbeddedPocketBase, pb_admin_token: str) -> Iterator[httpx.Client]:
    """An httpx client that talks to PocketBase as the superuser."""
    with httpx.Client(base_url=pocketbase.url, headers={"Authorization": pb_admin_token}, timeout=10) as client:
        yield client


@pytest.fixture(scope="session")
def anon(pocketbase: EmbeddedPocketBase) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=pocketbase.url, timeout=10) as client:
        yield client


@pytest.fixture(scope="session")
def user_tokens(pocketbase: EmbeddedPocketBase) -> dict[str, str]:
    """role -> auth token of that demo user (signed in once per session)."""
    tokens = {}
    for role, (email, _username, _id) in DEMO_USERS.items():
        response = sign_in(pocketbase.url, email, DEMO_PASSWORD)
        assert response.status_code == 200, response.text
        tokens[role] = response.json()["token"]
    return tokens


@pytest.fixture(scope="session")
def as_role(
    pocketbase: EmbeddedPocketBase, user_tokens: dict[str, str]
) -> Iterator[Callable[[str | None], httpx.Client]]:
    """as_role("notes") -> httpx client signed in as that demo user; None -> anonymous."""
    clients: dict[str | None, httpx.Client] = {}

    def get(role: str | None) -> httpx.Client:
        if role not in clients:
            headers = {"Authorization": user_tokens[role]} if role else {}
            clients[role] = httpx.Client(base_url=pocketbase.url, headers=headers, timeout=10)
        return clients[role]

    yield get
    for client in clients.values():
        client.close()


def list_all(client: httpx.Client, collection: str, **params: str) -> list[dict]:
    """Every record of a collection visible to this client (sorted by id)."""
    response = client.get(
        f"/api/collections/{collection}/records",
        params={"perPage": "1000", "sort": "id", **params},
    )
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["totalItems"] <= 1000
    return body["items"]
