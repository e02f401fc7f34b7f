"""Filling a test PocketBase with records of a test's choosing, as its superuser.

Records are created through the REST API (files included), like an admin would. Some values a
test needs cannot go through the API because the schema refuses them today (a `javascript:`
link in a url field, a 1 MB text where the limit is 5000 characters, a relation to a deleted
record, a date that is not a date), yet the site must survive them: data imported from the
old site, stored before a field got its validation, or left behind when a related record was
deleted. `write_raw` puts such values straight into PocketBase's SQLite file.
"""

from __future__ import annotations

import json
import mimetypes
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import httpx

from student_portal.pocketbase.embedded import EmbeddedPocketBase
from tests.support.admin import superuser_token

SEED_FILES = Path(__file__).resolve().parents[2] / "pb" / "pb_seed"
SMALL_IMAGE = SEED_FILES / "logo_7.png"
SMALL_PDF = SEED_FILES / "ol_short_note.pdf"

# Column types PocketBase gives these field types: values are stored as JSON text.
_JSON_COLUMNS = {"json"}


class RefusedError(AssertionError):
    """PocketBase refused a record; `fields` names the fields it objected to."""

    def __init__(self, collection: str, response: httpx.Response) -> None:
        super().__init__(f"{collection}: {response.status_code} {response.text[:500]}")
        try:
            data = response.json().get("data") or {}
        except ValueError:
            data = {}
        self.fields: set[str] = set(data) if response.status_code == 400 else set()


class Seeder:
    """Talks to one PocketBase as its superuser."""

    def __init__(self, server: EmbeddedPocketBase) -> None:
        self.server = server
        token = superuser_token(server.url)
        self.http = httpx.Client(base_url=server.url, headers={"Authorization": token}, timeout=60)
        self._schema: dict[str, list[dict[str, Any]]] | None = None

    def close(self) -> None:
        self.http.close()

    # --- schema ------------------------------------------------------------------------------
    def schema(self) -> dict[str, list[dict[str, Any]]]:
        """Collection name -> its field definitions (system and autodate fields left out)."""
        if self._schema is None:
            body = self.http.get("/api/collections", params={"perPage": 500}).raise_for_status().json()
            self._schema = {
                c["name"]: [f for f in c["fields"] if not f.get("system") and f["type"] != "autodate"]
                for c in body["items"]
                if not c["name"].startswith("_")
            }
        return self._schema

    def fields(self, collection: str, *types: str) -> list[dict[str, Any]]:
        return [f for f in self.schema()[collection] if not types or f["type"] in types]

    # --- records -----------------------------------------------------------------------------
    def create(
        self, collection: str, data: Mapping[str, Any], files: Mapping[str, Path] | None = None
    ) -> dict[str, Any]:
        """A record made through the API; `files` maps a file field to a file to upload."""
        url = f"/api/collections/{collection}/records"
        if not files:
            response = self.http.post(url, json=dict(data))
        else:
            form = {"@jsonPayload": json.dumps(dict(data))}  # PocketBase's JSON part of a multipart body
            uploads = [
                (
                    field,
                    (path.name, path.read_bytes(), mimetypes.guess_type(path.name)[0] or "application/octet-stream"),
                )
                for field, path in files.items()
            ]
            response = self.http.post(url, data=form, files=uploads)
        if response.status_code != 200:
            raise RefusedError(collection, response)
        return response.json()

    def update(self, collection: str, record_id: str, data: Mapping[str, Any]) -> dict[str, Any]:
        """PATCH through the API; raises with PocketBase's answer when it refuses."""
        response = self.http.patch(f"/api/collections/{collection}/records/{record_id}", json=dict(data))
        if response.status_code != 200:
            raise AssertionError(f"{collection}/{record_id}: {response.status_code} {response.text[:500]}")
        return response.json()

    def create_with(
        self,
        collection: str,
        data: Mapping[str, Any],
        values: Mapping[str, Any],
        files: Mapping[str, Path] | None = None,
    ) -> list[str]:
        """Create a record with `data` and `values`: through the API where the schema accepts
        them, the refused `values` written raw afterwards. Returns the fields written raw."""
        try:
            self.create(collection, {**data, **values}, files)
            return []
        except RefusedError as error:
            refused = sorted(error.fields)
            if not refused or not set(refused) <= set(values):
                raise
        self.create(collection, {**data, **{k: v for k, v in values.items() if k not in refused}}, files)
        self.write_raw(collection, data["id"], {k: values[k] for k in refused})
        return refused

    def write_raw(self, collection: str, record_id: str, values: Mapping[str, Any]) -> None:
        """Write values into the SQLite row as they are, past the schema's validation."""
        types = {f["name"]: f["type"] for f in self.schema()[collection]}
        multi = {f["name"] for f in self.schema()[collection] if f.get("maxSelect", 1) > 1}
        columns, params = [], []
        for name, value in values.items():
            if types.get(name) in _JSON_COLUMNS or (name in multi and not isinstance(value, str)):
                value = json.dumps(value)
            columns.append(f'"{name}" = ?')
            params.append(value)
        with sqlite3.connect(self.server.data_dir / "data.db", timeout=30) as db:
            cursor = db.execute(f'UPDATE "{collection}" SET {", ".join(columns)} WHERE id = ?', [*params, record_id])
            assert cursor.rowcount == 1, f"{collection}/{record_id}: no such row"

    def create_user(self, username: str, password: str, role: str) -> dict[str, Any]:
        return self.create(
            "users",
            {
                "email": f"{username}@test.lk",
                "username": username,
                "password": password,
                "passwordConfirm": password,
                "role": role,
                "verified": True,
            },
        )
