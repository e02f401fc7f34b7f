"""Favourites (saved items) against a real PocketBase: each user sees, saves and removes only
their own, and can never save an item they may not view."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from tests.integration.conftest import DEMO_USERS, list_all

FAVOURITES = "/api/collections/Favourites/records"

# kind -> (relation field, item collection, roles allowed to save it)
KINDS = {
    "recording": ("recording", "Recordings", {"basic", "notes", "full"}),
    "ol_item": ("ol_item", "OL_Items", {"basic", "notes", "full"}),
    "al_item": ("al_item", "AL_Items", {"basic", "notes", "full"}),
    "note": ("note", "Notes", {"notes", "full"}),
    "class_note": ("class_note", "Class_Notes", {"basic", "notes", "full"}),
    "class_recording": ("class_recording", "Class_Recordings", {"basic", "notes", "full"}),
    "job": ("job", "Jobs", {"basic", "notes", "full"}),
    "hotel": ("hotel", "Hotels", {"basic", "notes", "full"}),
}


def user_id(role: str) -> str:
    return DEMO_USERS[role][2]


@pytest.fixture(scope="module")
def item_ids(admin: httpx.Client) -> dict[str, list[str]]:
    return {kind: [r["id"] for r in list_all(admin, coll)] for kind, (_f, coll, _r) in KINDS.items()}


@pytest.fixture
def clean(admin: httpx.Client):
    """Every test starts and ends with no favourites at all."""

    def wipe():
        for record in list_all(admin, "Favourites"):
            admin.delete(f"{FAVOURITES}/{record['id']}")

    wipe()
    yield
    wipe()


def save(client: httpx.Client, role: str, kind: str, item: str, **extra) -> httpx.Response:
    field = KINDS[kind][0]
    return client.post(FAVOURITES, json={"user": user_id(role), "kind": kind, field: item, **extra})


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("role", sorted(DEMO_USERS))
def test_user_saves_what_they_may_view(kind, role, as_role, item_ids, clean):
    response = save(as_role(role), role, kind, item_ids[kind][0])
    allowed = role in KINDS[kind][2]
    assert response.status_code == (200 if allowed else 400), response.text
    mine = list_all(as_role(role), "Favourites")
    assert len(mine) == (1 if allowed else 0)


def test_basic_user_cannot_save_a_note(as_role, admin, item_ids, clean):
    response = save(as_role("basic"), "basic", "note", item_ids["note"][0])
    assert response.status_code == 400
    assert list_all(admin, "Favourites") == []


def test_kind_must_match_the_one_relation_set(as_role, admin, item_ids, clean):
    # a note smuggled in beside a recording the user may save
    sneaky = save(as_role("basic"), "basic", "recording", item_ids["recording"][0], note=item_ids["note"][0])
    assert sneaky.status_code == 400
    # a kind without its relation, or another kind's relation
    assert as_role("basic").post(FAVOURITES, json={"user": user_id("basic"), "kind": "job"}).status_code == 400
    mixed = as_role("basic").post(
        FAVOURITES, json={"user": user_id("basic"), "kind": "job", "note": item_ids["note"][0]}
    )
    assert mixed.status_code == 400
    assert list_all(admin, "Favourites") == []


def test_anonymous_cannot_save_or_list(anon, item_ids, clean):
    response = anon.post(FAVOURITES, json={"user": user_id("basic"), "kind": "job", "job": item_ids["job"][0]})
    assert response.status_code == 400
    assert list_all(anon, "Favourites") == []


def test_cannot_save_for_another_user(as_role, admin, item_ids, clean):
    response = save(as_role("basic"), "full", "job", item_ids["job"][0])
    assert response.status_code == 400
    assert list_all(admin, "Favourites") == []


def test_another_users_favourites_are_invisible_and_undeletable(as_role, admin, item_ids, clean):
    mine = save(as_role("full"), "full", "note", item_ids["note"][0]).json()
    path = f"{FAVOURITES}/{mine['id']}"
    other = as_role("basic")
    assert list_all(other, "Favourites") == []
    assert other.get(path).status_code == 404
    assert other.delete(path).status_code == 404
    filtered = other.get(FAVOURITES, params={"filter": f'user = "{user_id("full")}"'})
    assert filtered.json()["items"] == []
    assert [r["id"] for r in list_all(as_role("full"), "Favourites")] == [mine["id"]]


def test_owner_deletes_but_nobody_updates(as_role, item_ids, clean):
    client = as_role("notes")
    record = save(client, "notes", "job", item_ids["job"][0]).json()
    path = f"{FAVOURITES}/{record['id']}"
    assert client.patch(path, json={"job": item_ids["job"][1]}).status_code == 403
    assert client.patch(path, json={"user": user_id("basic")}).status_code == 403
    assert client.delete(path).status_code == 204
    assert list_all(client, "Favourites") == []


def test_same_item_saved_once(as_role, item_ids, clean):
    client = as_role("basic")
    assert save(client, "basic", "hotel", item_ids["hotel"][0]).status_code == 200
    assert save(client, "basic", "hotel", item_ids["hotel"][0]).status_code == 400
    assert save(client, "basic", "hotel", item_ids["hotel"][1]).status_code == 200
    assert len(list_all(client, "Favourites")) == 2


def test_expand_applies_the_items_view_rule(as_role, admin, item_ids, clean):
    """A saved note stays in the list but its content is only expanded for a notes role."""
    note = item_ids["note"][0]
    created = save(as_role("full"), "full", "note", note).json()
    expanded = as_role("full").get(FAVOURITES, params={"expand": "note"}).json()["items"]
    assert expanded[0]["expand"]["note"]["id"] == note
    # the same favourite seen by a (hypothetically downgraded) user: simulate with a basic owner
    admin.patch(f"{FAVOURITES}/{created['id']}", json={"user": user_id("basic")})
    as_basic = as_role("basic").get(FAVOURITES, params={"expand": "note"}).json()["items"]
    assert len(as_basic) == 1 and "note" not in as_basic[0].get("expand", {})


def test_deleting_the_item_deletes_its_favourites(as_role, admin, clean):
    job = admin.post("/api/collections/Jobs/records", json={"title": "Short-lived job"}).json()
    save(as_role("basic"), "basic", "job", job["id"])
    assert len(list_all(as_role("basic"), "Favourites")) == 1
    assert admin.delete(f"/api/collections/Jobs/records/{job['id']}").status_code == 204
    assert list_all(as_role("basic"), "Favourites") == []


def test_favourites_collection_shape(admin):
    collection = admin.get("/api/collections/Favourites").json()
    fields = {f["name"]: f for f in collection["fields"]}
    assert fields["user"]["required"] is True and fields["user"]["cascadeDelete"] is True
    assert fields["kind"]["values"] == list(KINDS)
    for field, _coll, _roles in KINDS.values():
        assert fields[field]["type"] == "relation" and fields[field]["cascadeDelete"] is True
    assert collection["updateRule"] is None


async def test_a_save_made_meanwhile_by_another_tab_counts_as_saved(pocketbase, user_tokens, item_ids, clean):
    """Two tabs (or phones) of one student save the same job at once: PocketBase keeps one record
    and refuses the second; both tabs get that record, and neither says the save failed."""
    from student_portal.pocketbase import ClientResponseError, PocketBaseClient
    from student_portal.state.favourites import saved_record

    job = item_ids["job"][0]
    async with PocketBaseClient(pocketbase.url, timeout=10) as client:
        token = user_tokens["basic"]
        first, second = await asyncio.gather(
            *(saved_record(client, user_id("basic"), "job", job, token=token) for _ in range(2))
        )
        again = await saved_record(client, user_id("basic"), "job", job, token=token)
        assert first["id"] == second["id"] == again["id"]
        mine = await client.full_list("Favourites", token=token)
        assert [record["id"] for record in mine] == [first["id"]]
        # A refusal with no record behind it stays a refusal: a basic student may not save a note.
        with pytest.raises(ClientResponseError) as refused:
            await saved_record(client, user_id("basic"), "note", item_ids["note"][0], token=token)
        assert refused.value.status == 400
