"""Counting requests at PocketBase itself: `pocketbase serve` records every request in its logs
DB (pb_data/auxiliary.db, `_logs`), readable as superuser through `GET /api/logs`. Entries are
written in batches (a few seconds late), so `entries_since` waits until the count stops growing.
"""

from __future__ import annotations

import time
from collections import Counter
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

import httpx

from tests.support.pocketbases import SUPERUSER

# Requests the benchmark itself makes (superuser reads, health checks) are not the site's.
_OWN_PREFIXES = ("/api/logs", "/api/health", "/api/collections/_superusers")


def pocketbase_time(moment: datetime) -> str:
    """PocketBase's datetime format (UTC, milliseconds), as used in `created` filters."""
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def _collection_of(path: str) -> str | None:
    parts = path.split("/")  # "", "api", "collections", NAME, "records", ...
    if len(parts) >= 5 and parts[1:3] == ["api", "collections"] and parts[4] == "records":
        return parts[3]
    return None


def classify(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """Counts of request log entries by kind, with record reads per collection (pure).

    Kinds: `records` (record list/view reads: what the site's server fetches), `files`
    (/api/files: images and documents, which the site streams to browsers from its /files/),
    `auth`, `realtime`, `other`.
    Record reads are also split by who asked: the site's server or a browser.
    """
    kinds: Counter[str] = Counter()
    per_collection: Counter[str] = Counter()
    records_by: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    for entry in entries:
        data = entry.get("data") or {}
        if data.get("type", "request") != "request":
            continue
        path = urlsplit(data.get("url", "")).path
        if path.startswith(_OWN_PREFIXES):
            continue
        statuses[str(data.get("status"))] += 1
        collection = _collection_of(path)
        if path.startswith("/api/files/"):
            kinds["files"] += 1
        elif path.startswith("/api/realtime"):
            kinds["realtime"] += 1
        elif "/auth-" in path:  # auth-with-password, auth-refresh, auth-methods
            kinds["auth"] += 1
        elif collection is not None:
            kinds["records"] += 1
            per_collection[collection] += 1
            records_by["browser" if "Mozilla" in data.get("userAgent", "") else "site server"] += 1
        else:
            kinds["other"] += 1
    return {
        "total": sum(kinds.values()),
        **{kind: kinds.get(kind, 0) for kind in ("records", "files", "auth", "realtime", "other")},
        "records_by_collection": dict(sorted(per_collection.items())),
        "records_by_client": dict(records_by),
        "statuses": dict(statuses),
    }


class PocketBaseLog:
    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self._token: str | None = None

    def _headers(self) -> dict[str, str]:
        if self._token is None:
            # Own made-up client address: sign-ins are rate limited per address.
            response = httpx.post(
                f"{self.base_url}/api/collections/_superusers/auth-with-password",
                json={"identity": SUPERUSER[0], "password": SUPERUSER[1]},
                headers={"X-Forwarded-For": "198.19.255.1"},
                timeout=10,
            )
            response.raise_for_status()
            self._token = response.json()["token"]
        return {"Authorization": self._token}

    def _count_and_items(self, since: str, page: int = 1) -> dict[str, Any]:
        response = httpx.get(
            f"{self.base_url}/api/logs",
            headers=self._headers(),
            timeout=30,
            params={
                "filter": f'created >= "{since}" && data.type = "request"',
                "sort": "created",
                "perPage": 1000,
                "page": page,
            },
        )
        response.raise_for_status()
        return response.json()

    def entries_since(self, since: str, *, settle_s: float = 1.5, timeout_s: float = 30.0) -> list[dict[str, Any]]:
        """All request entries created at or after `since`, once the batched writes are in."""
        deadline = time.monotonic() + timeout_s
        time.sleep(settle_s)
        last = -1
        while True:
            total = self._count_and_items(since)["totalItems"]
            if total == last or time.monotonic() > deadline:
                break
            last = total
            time.sleep(max(settle_s, 3.5) if total == 0 else settle_s)
        items: list[dict[str, Any]] = []
        page = 1
        while True:
            body = self._count_and_items(since, page)
            items.extend(body["items"])
            if page >= body["totalPages"]:
                return items
            page += 1
