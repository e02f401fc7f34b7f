"""A student's history (issue 52) against a real PocketBase: theirs alone to read, written by
nobody through the API (the site's server writes it, setting the owner), one entry per thing, and
the server's own writes (remember, forget) doing what the site relies on."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from tests.integration.conftest import DEMO_USERS, list_all

HISTORY = "/api/collections/history/records"


def user_id(role: str) -> str:
    return DEMO_USERS[role][2]


def entry(role: str, **extra) -> dict:
    return {
        "user": user_id(role),
        "kind": "video",
        "collection": "",
        "record": "dQw4w9WgXcQ",
        "title": "Physics revision",
        "position": 760,
        "duration": 3600,
        **extra,
    }


def clear(admin: httpx.Client) -> None:
    for record in list_all(admin, "history"):
        admin.delete(f"{HISTORY}/{record['id']}")


@pytest.fixture
def entries(admin: httpx.Client):
    """One entry each for basic and full, written as the site's server writes them."""
    clear(admin)
    made = [admin.post(HISTORY, json=entry(role)).json() for role in ("basic", "full")]
    yield {record["user"]: record for record in made}
    clear(admin)


def test_a_student_reads_only_their_own_history(as_role, anon, entries):
    mine = list_all(as_role("basic"), "history")
    assert [e["user"] for e in mine] == [user_id("basic")]
    theirs = entries[user_id("full")]["id"]
    assert as_role("basic").get(f"{HISTORY}/{theirs}").status_code == 404
    assert as_role("full").get(f"{HISTORY}/{theirs}").status_code == 200
    # A filter naming someone else's id finds nothing either.
    forged = as_role("basic").get(HISTORY, params={"filter": f'user = "{user_id("full")}"'}).json()
    assert forged["items"] == []
    assert anon.get(HISTORY).json()["totalItems"] == 0
    assert anon.get(f"{HISTORY}/{theirs}").status_code == 404


def test_nobody_writes_history_through_the_api(as_role, anon, admin, entries):
    own = entries[user_id("basic")]["id"]
    for client, role in ((as_role("basic"), "basic"), (as_role("basic"), "full"), (anon, "basic")):
        made = client.post(HISTORY, json=entry(role, record="abcdefghijk"))
        assert made.status_code in (400, 403), made.text
    assert as_role("basic").patch(f"{HISTORY}/{own}", json={"position": 1}).status_code in (403, 404)
    assert as_role("basic").delete(f"{HISTORY}/{own}").status_code in (403, 404)
    assert as_role("full").delete(f"{HISTORY}/{own}").status_code in (403, 404)
    assert admin.get(f"{HISTORY}/{own}").json()["position"] == 760
    assert len(list_all(admin, "history")) == 2


def test_one_entry_per_student_and_thing(admin, entries):
    assert admin.post(HISTORY, json=entry("basic", position=5)).status_code == 400
    # The same id as a document is another thing; and another student's copy was allowed above.
    document = admin.post(HISTORY, json=entry("basic", kind="document", collection="AL_Items", position=6))
    assert document.status_code == 200, document.text
    assert admin.post(HISTORY, json=entry("basic", kind="film")).status_code == 400  # not a kind
    assert len(list_all(admin, "history")) == 3


def test_a_deleted_students_history_goes_with_them(admin):
    made = admin.post(
        "/api/collections/users/records",
        json={"email": "gone@test.lk", "password": "a-long-pass-123", "passwordConfirm": "a-long-pass-123"},
    )
    assert made.status_code == 200, made.text
    gone = made.json()["id"]
    assert admin.post(HISTORY, json={**entry("basic"), "user": gone}).status_code == 200
    assert admin.delete(f"/api/collections/users/records/{gone}").status_code == 204
    assert [e for e in list_all(admin, "history") if e["user"] == gone] == []


@pytest.fixture
def as_server(monkeypatch, pocketbase, pb_admin_token):
    """The site's server writes: `_as_server` with the test PocketBase's superuser token."""
    from student_portal.pocketbase import PocketBaseClient
    from student_portal.state import history

    client = PocketBaseClient(pocketbase.url, timeout=10)

    async def call(write):
        return await write(pb_admin_token)

    monkeypatch.setattr(history, "_as_server", call)
    monkeypatch.setattr(history, "configured_client", lambda: client)
    return client


async def test_the_server_keeps_one_entry_per_recording_and_moves_it(admin, as_server, user_tokens):
    from student_portal.state.history import forget_entries, recent, remember

    clear(admin)
    fields = {"kind": "video", "collection": "", "record": "dQw4w9WgXcQ", "title": "T", "duration": 600}
    first = await remember(user_id("basic"), {**fields, "position": 10})
    # Another tab that knows no id, twice at once: the same entry, moved.
    again = await asyncio.gather(*(remember(user_id("basic"), {**fields, "position": 70}) for _ in range(2)))
    assert first and set(again) == {first}
    later = await remember(user_id("basic"), {**fields, "position": 90}, first)
    assert later == first
    mine = await recent(user_tokens["basic"], user_id("basic"), "video", per_page=10)
    assert mine is not None and [(e.id, e.position) for e in mine] == [(first, 90)]
    # The owner is the one the server names, whatever the fields say.
    other = await remember(user_id("full"), {**fields, "position": 5, "user": user_id("basic")})
    assert admin.get(f"{HISTORY}/{other}").json()["user"] == user_id("full")
    # Forgotten after all: an entry forgotten meanwhile is made again on the next save.
    assert await forget_entries(user_id("basic"), [first])
    assert await remember(user_id("basic"), {**fields, "position": 100}, first) not in ("", first)
    # Another student's entry id forgets nothing of theirs.
    assert await forget_entries(user_id("basic"), [other])
    assert admin.get(f"{HISTORY}/{other}").status_code == 200
    assert await forget_entries(user_id("basic"))
    assert [e["user"] for e in list_all(admin, "history")] == [user_id("full")]
    clear(admin)
    await as_server.aclose()


async def test_a_list_continued_after_a_forget_skips_nothing(admin, as_server, user_tokens):
    """Show more goes on from the last shown entry (a cursor): forgetting one shown moves no
    other out of reach, as counting by pages did."""
    from student_portal.state.history import cursor_of, forget_entries, recent, remember

    clear(admin)
    fields = {"kind": "video", "collection": "", "title": "T", "position": 5, "duration": 600}
    made = [await remember(user_id("basic"), {**fields, "record": f"video{n:06d}"}) for n in range(5)]
    assert all(made)
    token = user_tokens["basic"]
    first = await recent(token, user_id("basic"), "video", per_page=2)
    assert first is not None and len(first) == 2
    assert await forget_entries(user_id("basic"), [first[0].id])
    rest = await recent(token, user_id("basic"), "video", per_page=10, after=cursor_of(first[-1]))
    assert rest is not None
    shown = [e.id for e in first] + [e.id for e in rest]
    # Every entry once (the one forgotten was already shown).
    assert sorted(shown) == sorted(made) and len(shown) == 5
    # The last shown entry forgotten too: the cursor still names where the list goes on.
    assert await forget_entries(user_id("basic"), [rest[0].id])
    after = await recent(token, user_id("basic"), "video", per_page=10, after=cursor_of(rest[0]))
    assert after is not None and [e.id for e in after] == [e.id for e in rest[1:]]
    clear(admin)
    await as_server.aclose()


async def test_the_server_keeps_a_students_newest_entries_only(admin, as_server, monkeypatch):
    from student_portal.constants import Limit
    from student_portal.state.history import remember

    clear(admin)
    monkeypatch.setattr(Limit, "HISTORY_MAX_ENTRIES", 3)
    other = await remember(user_id("full"), {"kind": "video", "collection": "", "record": "otherstuden", "position": 1})
    fields = {"kind": "document", "collection": "AL_Items", "title": "Paper", "position": 2, "duration": 0}
    made = [await remember(user_id("basic"), {**fields, "record": f"paper{n}"}) for n in range(5)]
    kept = {e["id"] for e in list_all(admin, "history") if e["user"] == user_id("basic")}
    assert kept == set(made[-3:])
    # An update adds nothing, so prunes nothing; another student's entries are not counted.
    assert await remember(user_id("basic"), {**fields, "record": "paper4", "position": 9}, made[-1]) == made[-1]
    assert {e["id"] for e in list_all(admin, "history") if e["user"] == user_id("basic")} == kept
    assert admin.get(f"{HISTORY}/{other}").status_code == 200
    clear(admin)
    await as_server.aclose()


async def test_a_pages_recordings_places_in_one_read(admin, as_server):
    """Where the recordings a page shows open for one student: theirs only, a finished one at
    the start, one not watched not named."""
    from student_portal.state.history import places_of, remember

    clear(admin)
    fields = {"kind": "video", "collection": "", "title": "T", "duration": 600}
    await remember(user_id("basic"), {**fields, "record": "halfwaythru", "position": 300})
    await remember(user_id("basic"), {**fields, "record": "finishedvid", "position": 595})
    await remember(user_id("full"), {**fields, "record": "notwatched1", "position": 100})
    # A document with a recording's id is no place.
    await remember(user_id("basic"), {**fields, "kind": "document", "collection": "AL_Items", "record": "notwatched2"})
    asked = ["halfwaythru", "finishedvid", "notwatched1", "notwatched2"]
    assert await places_of(user_id("basic"), asked) == {"halfwaythru": 300, "finishedvid": 0}
    assert await places_of(user_id("full"), asked) == {"notwatched1": 100}
    assert await places_of(user_id("basic"), []) == {}
    clear(admin)
    await as_server.aclose()
