"""Read the demo PocketBase directly, so browser tests compare the page with the real data
instead of repeating it."""

from __future__ import annotations

import httpx


def demo_records(server, collection: str, *, sort: str = "created,id", filter: str = "") -> list[dict]:
    params = {"perPage": 500, "sort": sort, **({"filter": filter} if filter else {})}
    response = httpx.get(f"{server.url}/api/collections/{collection}/records", params=params, timeout=10)
    response.raise_for_status()
    return response.json()["items"]
