"""PocketBase as its admin sees it: a superuser REST client, and edits that undo themselves."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import httpx

from tests.support.pocketbases import SUPERUSER


def superuser_token(url: str) -> str:
    """A superuser's token of the PocketBase at `url`.

    Each sign-in comes from an address of its own (PocketBase trusts X-Forwarded-For): it allows
    10 sign-ins per address until a minute passes with none, and the tests sign in far more often
    than that. 127.0.0.1's count stays the site's own (its indexer, practice and mailer).
    """
    response = httpx.post(
        f"{url}/api/collections/_superusers/auth-with-password",
        json={"identity": SUPERUSER[0], "password": SUPERUSER[1]},
        headers={"X-Forwarded-For": f"198.18.{random.randrange(256)}.{random.randrange(1, 255)}"},
        timeout=30,
    )
    response.raise_for_status()
    return response.json()["token"]


def superuser_client(url: str) -> httpx.Client:
    return httpx.Client(base_url=url, headers={"Authorization": superuser_token(url)}, timeout=10)


def pocketbase_date(moment: datetime) -> str:
    """An aware moment as PocketBase stores a date field (UTC, milliseconds)."""
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.000Z")


def records(admin: httpx.Client, collection: str, **params: str) -> list[dict[str, Any]]:
    response = admin.get(
        f"/api/collections/{collection}/records", params={"perPage": "500", "sort": "created,id", **params}
    )
    response.raise_for_status()
    return response.json()["items"]


def update(admin: httpx.Client, collection: str, record_id: str, **fields: Any) -> dict[str, Any]:
    response = admin.patch(f"/api/collections/{collection}/records/{record_id}", json=fields)
    response.raise_for_status()
    return response.json()


def delete_all(admin: httpx.Client, collection: str) -> None:
    """Every record of `collection` deleted (a test's students' favourites, attempts, ...)."""
    for record in records(admin, collection):
        admin.delete(f"/api/collections/{collection}/records/{record['id']}").raise_for_status()


@contextlib.contextmanager
def emptied(url: str, *collections: str) -> Iterator[httpx.Client]:
    """A superuser's client of the PocketBase at `url`, `collections` emptied before and after:
    a test starts and leaves with no student's records in them."""
    with superuser_client(url) as admin:
        for collection in collections:
            delete_all(admin, collection)
        try:
            yield admin
        finally:
            for collection in collections:
                delete_all(admin, collection)


@contextlib.contextmanager
def restored(admin: httpx.Client, collection: str, record: dict[str, Any], *fields: str) -> Iterator[dict[str, Any]]:
    """Edit `record` freely inside; its `fields` are put back afterwards."""
    try:
        yield record
    finally:
        update(admin, collection, record["id"], **{field: record[field] for field in fields})


@contextlib.contextmanager
def created(admin: httpx.Client, collection: str, **fields: Any) -> Iterator[dict[str, Any]]:
    """A record that exists inside the block (deleted afterwards if the test did not)."""
    response = admin.post(f"/api/collections/{collection}/records", json=fields)
    response.raise_for_status()
    record = response.json()
    try:
        yield record
    finally:
        admin.delete(f"/api/collections/{collection}/records/{record['id']}")


# In the page: note the moment (performance.now()) an element matching a selector first shows
# a given text; returns "now" to measure from. Precise to a frame, unlike expect()'s polling.
WATCH_FOR_TEXT = """([selector, text]) => {
  window.__appeared_at = null;
  const check = () => {
    if (window.__appeared_at === null &&
        [...document.querySelectorAll(selector)].some((el) => el.textContent.trim() === text)) {
      window.__appeared_at = performance.now();
    }
  };
  new MutationObserver(check).observe(document.body, {subtree: true, childList: true, characterData: true});
  check();
  return performance.now();
}"""


def watch_for_text(page: Any, selector: str, text: str) -> float:
    """Start watching `page`; returns the page-clock start time for `seconds_since`."""
    return page.evaluate(WATCH_FOR_TEXT, [selector, text])


def seconds_since(page: Any, started: float) -> float:
    appeared = page.evaluate("window.__appeared_at")
    assert appeared is not None, "the text never appeared"
    return (appeared - started) / 1000
