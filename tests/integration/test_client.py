"""The PocketBase client and content cache against the real server with our migrations.

Uses the session `pocketbase` fixture (demo data) and its superuser `admin` httpx client
from conftest.py. Sign-ins send made-up visitor addresses of our own range (198.19.x.x)
so they never share a rate-limit bucket with other tests.
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Iterator

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.responses import PlainTextResponse

from student_portal.i18n.texts import Text
from student_portal.pocketbase import (
    ClientResponseError,
    Collection,
    ContentCache,
    NewsItem,
    Note,
    PocketBaseClient,
    User,
    filter_eq,
    parse_records,
)
from student_portal.pocketbase.embedded import EmbeddedPocketBase
from student_portal.server.file_proxy import with_file_proxy

DEMO_PASSWORD = "demo-pass-123"
_addresses = itertools.count(1)


def visitor_ip() -> str:
    n = next(_addresses)
    return f"198.19.{n // 250}.{n % 250 + 1}"


@pytest.fixture(scope="module")
async def pb(pocketbase: EmbeddedPocketBase) -> AsyncIterator[PocketBaseClient]:
    client = PocketBaseClient(pocketbase.url, timeout=10)
    yield client
    await client.aclose()


@pytest.fixture(scope="module")
async def notes_token(pb: PocketBaseClient) -> str:
    return (await pb.auth_with_password("notes", DEMO_PASSWORD, client_ip=visitor_ip())).token


@pytest.fixture(scope="module")
async def basic_token(pb: PocketBaseClient) -> str:
    return (await pb.auth_with_password("basic", DEMO_PASSWORD, client_ip=visitor_ip())).token


# --- lists ---------------------------------------
async def test_list_pages_with_totals(pb: PocketBaseClient) -> None:
    first = await pb.list(Collection.OL_ITEMS, page=1, per_page=5, sort="id")
    second = await pb.list(Collection.OL_ITEMS, page=2, per_page=5, sort="id")
    assert first.total_items >= 6 and first.total_pages >= 2 and first.per_page == 5
    assert len(first.items) == 5 and second.page == 2
    assert {i["id"] for i in first.items}.isdisjoint(i["id"] for i in second.items)


async def test_list_skip_total_gives_minus_one(pb: PocketBaseClient) -> None:
    result = await pb.list(Collection.JOBS, per_page=2, sort="id", skip_total=True)
    assert (result.total_items, result.total_pages) == (-1, -1)
    assert len(result.items) == 2


async def test_list_sorts_both_ways(pb: PocketBaseClient) -> None:
    ascending = await pb.list(Collection.JOBS, per_page=100, sort="postedAt")
    descending = await pb.list(Collection.JOBS, per_page=100, sort="-postedAt")
    dates = [item["postedAt"] for item in ascending.items]
    assert dates == sorted(dates) and len(dates) > 1
    assert [i["id"] for i in descending.items] == [i["id"] for i in reversed(ascending.items)]


async def test_list_filters_by_folder(pb: PocketBaseClient) -> None:
    folders = await pb.full_list(Collection.OL_FOLDERS, sort="created")
    folder_id = folders[0]["id"]
    result = await pb.list(Collection.OL_ITEMS, per_page=500, sort="created", filter=filter_eq("folder", folder_id))
    assert result.items and all(item["folder"] == folder_id for item in result.items)
    assert result.total_items < (await pb.list(Collection.OL_ITEMS, per_page=1)).total_items


async def test_full_list_over_batches_matches_one_big_page(pb: PocketBaseClient) -> None:
    everything = await pb.list(Collection.OL_ITEMS, per_page=1000, sort="created,id")
    batched = await pb.full_list(Collection.OL_ITEMS, batch=5, sort="created")
    assert len(everything.items) > 10  # really more than two batches
    assert [i["id"] for i in batched] == [i["id"] for i in everything.items]


async def test_bad_sort_is_a_400_client_error(pb: PocketBaseClient) -> None:
    with pytest.raises(ClientResponseError) as caught:
        await pb.list(Collection.NEWS, sort="no_such_field")
    assert caught.value.status == 400


async def test_unknown_collection_is_a_404(pb: PocketBaseClient) -> None:
    with pytest.raises(ClientResponseError) as caught:
        await pb.list("No_Such_Collection")
    assert caught.value.status == 404


# --- single records ---------------------------------------
async def test_get_one_and_its_404(pb: PocketBaseClient) -> None:
    some = (await pb.list(Collection.NEWS, per_page=1, sort="created")).items[0]
    assert (await pb.get_one(Collection.NEWS, some["id"]))["title"] == some["title"]
    with pytest.raises(ClientResponseError) as caught:
        await pb.get_one(Collection.NEWS, "nosuchrecord000")
    assert (caught.value.status, caught.value.message) == (404, Text.CLIENT_NOT_FOUND)
    assert caught.value.response["status"] == 404
    with pytest.raises(ClientResponseError) as caught:
        await pb.get_one(Collection.NEWS, "")
    assert (caught.value.status, caught.value.message) == (404, Text.CLIENT_MISSING_ID)


async def test_first_item(pb: PocketBaseClient) -> None:
    city = await pb.first_item(Collection.CITYS, filter_eq("name", "Kandy"))
    assert city["name"] == "Kandy"
    with pytest.raises(ClientResponseError) as caught:
        await pb.first_item(Collection.CITYS, filter_eq("name", 'Nowhere" || name != "'))
    assert (caught.value.status, caught.value.message) == (404, Text.CLIENT_NOT_FOUND)


# --- filter escaping against PocketBase's own parser ---------------------------------------
TRICKY = [
    'say "hi"',
    "back\\slash",
    "end\\",
    "\\",
    '\\"',
    "it's",
    'x" || name != "',
    "new\nline",
    "සිංහල",
    "தமிழ்",
    "emoji 😀",
    "%_like_%",
    "a = b && c",
]


@pytest.fixture(scope="module")
def tricky_cities(admin: httpx.Client) -> Iterator[list[str]]:
    """City records with names that would break a naively built filter (removed afterwards).

    Records, not a scratch collection: PocketBase's automigrate would write a migration
    file into pb/pb_migrations for a collection created through the API.
    """
    ids = []
    try:
        for value in TRICKY:
            response = admin.post("/api/collections/Citys/records", json={"name": value})
            assert response.status_code == 200, response.text
            ids.append(response.json()["id"])
        yield TRICKY
    finally:
        for record_id in ids:
            admin.delete(f"/api/collections/Citys/records/{record_id}")


async def test_filter_eq_finds_exactly_the_tricky_values(pb: PocketBaseClient, tricky_cities: list[str]) -> None:
    for value in tricky_cities:
        found = await pb.full_list(Collection.CITYS, filter=filter_eq("name", value))
        assert [item["name"] for item in found] == [value], value


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    value=st.text(
        alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
        max_size=30,
    )
)
async def test_filter_eq_never_breaks_out_of_the_literal(pb: PocketBaseClient, value: str) -> None:
    # Whatever a visitor types matches only records with exactly that name - never
    # everything, never a parse error.
    found = await pb.full_list(Collection.CITYS, filter=filter_eq("name", value))
    assert all(item["name"] == value for item in found)


# --- auth ---------------------------------------
@pytest.mark.parametrize(("identity", "role"), [("notes", "notes"), ("full@demo.lk", "full"), ("basic", "basic")])
async def test_sign_in_by_username_or_email(pb: PocketBaseClient, identity: str, role: str) -> None:
    result = await pb.auth_with_password(identity, DEMO_PASSWORD, client_ip=visitor_ip())
    user = User.model_validate(result.record)
    assert result.token and user.role == role and user.id
    assert user.collection_name == "users" and user.username
    assert user.can_view_notes is (role in ("notes", "full"))


async def test_wrong_password_is_pocketbase_400(pb: PocketBaseClient) -> None:
    with pytest.raises(ClientResponseError) as caught:
        await pb.auth_with_password("notes", "wrong-password", client_ip=visitor_ip())
    assert (caught.value.status, caught.value.message) == (400, "Failed to authenticate.")
    assert "wrong-password" not in repr(caught.value) + str(caught.value)


async def test_rate_limit_is_per_visitor_address(pb: PocketBaseClient) -> None:
    noisy = visitor_ip()
    errors = []
    for n in range(12):
        try:
            # Names no account has: only the per-address limit is at work here.
            await pb.auth_with_password(f"nobody-{n}", "wrong-password", client_ip=noisy)
        except ClientResponseError as error:
            errors.append(error)
    assert errors[-1].is_rate_limited and errors[-1].status == 429
    assert not errors[0].is_rate_limited
    # Another visitor, through the same site server, is not affected.
    assert (await pb.auth_with_password("basic", DEMO_PASSWORD, client_ip=visitor_ip())).token


async def test_auth_refresh_renews_the_token(pb: PocketBaseClient, notes_token: str) -> None:
    refreshed = await pb.auth_refresh(notes_token)
    assert refreshed.token and refreshed.record["username"] == "notes"
    with pytest.raises(ClientResponseError) as caught:
        await pb.auth_refresh("not-a-token")
    assert caught.value.status == 401


# --- protected content ---------------------------------------
async def test_notes_are_empty_without_the_notes_role(pb: PocketBaseClient, basic_token: str) -> None:
    assert (await pb.list(Collection.NOTES, sort="created")).items == []
    assert (await pb.list(Collection.NOTES, sort="created", token=basic_token)).items == []
    assert (await pb.list(Collection.NOTES, sort="created", token="garbage")).items == []


async def test_notes_are_listed_for_a_notes_user(pb: PocketBaseClient, notes_token: str) -> None:
    notes = parse_records(Note, await pb.full_list(Collection.NOTES, sort="created", token=notes_token))
    assert len(notes) >= 2
    assert any(note.display_name == Text.UNTITLED_NOTE for note in notes)
    assert any(note.external and note.drive for note in notes)


def _browser(pb: PocketBaseClient) -> httpx.AsyncClient:
    """A browser on the site: file addresses are the site's /files/ (student_portal/server/file_proxy.py)."""
    site = with_file_proxy(PlainTextResponse("the site"), lambda: pb)
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=site), base_url="http://site.test", timeout=10)


async def test_protected_file_opens_only_with_a_file_token(pb: PocketBaseClient, notes_token: str) -> None:
    notes = await pb.full_list(Collection.NOTES, sort="created", token=notes_token)
    note = next(n for n in notes if n["file"])
    plain = pb.file_url(note["collectionId"], note["id"], note["file"])
    async with _browser(pb) as browser:
        assert (await browser.get(plain)).status_code == 404
        file_token = await pb.file_token(notes_token)
        opened = await browser.get(pb.file_url(note["collectionId"], note["id"], note["file"], token=file_token))
        assert opened.status_code == 200 and opened.content.startswith(b"%PDF")
        download = await browser.get(
            pb.file_url(note["collectionId"], note["id"], note["file"], token=file_token, download=True)
        )
        assert "attachment" in download.headers.get("content-disposition", "")


async def test_public_file_url_and_thumb(pb: PocketBaseClient) -> None:
    news = (await pb.list(Collection.NEWS, per_page=1, sort="created", filter='image != ""')).items[0]
    async with _browser(pb) as browser:
        full = await browser.get(pb.file_url(news["collectionId"], news["id"], news["image"]))
        thumb = await browser.get(pb.file_url(news["collectionId"], news["id"], news["image"], thumb="640x360"))
    assert full.status_code == thumb.status_code == 200
    assert full.headers["content-type"].startswith("image/")


async def test_file_token_needs_a_signed_in_user(pb: PocketBaseClient) -> None:
    with pytest.raises(ClientResponseError) as caught:
        await pb.file_token("")
    assert caught.value.status == 401


# --- the content cache ---------------------------------------
async def test_cache_serves_parsed_public_content(pb: PocketBaseClient) -> None:
    cache = ContentCache(pb, ttl=30)
    news = await cache.records(Collection.NEWS)
    assert news and all(isinstance(item, NewsItem) for item in news)
    assert any(item.active for item in news)
    one = await cache.record(Collection.NEWS, news[0].id)
    assert one == news[0]
    recordings = await cache.records(Collection.RECORDINGS)
    created = [r.created for r in recordings]
    assert created == sorted(created, reverse=True)  # newest first, spec section 7
    with pytest.raises(ValueError):
        await cache.records(Collection.NOTES)


async def test_cache_sees_admin_edits_after_invalidate(pb: PocketBaseClient, admin: httpx.Client) -> None:
    cache = ContentCache(pb, ttl=30)
    before = await cache.records(Collection.CITYS)
    created = admin.post("/api/collections/Citys/records", json={"name": "Jaffna test"})
    assert created.status_code == 200
    try:
        assert len(await cache.records(Collection.CITYS)) == len(before)  # still fresh
        cache.invalidate(Collection.CITYS)
        assert len(await cache.records(Collection.CITYS)) == len(before) + 1
    finally:
        admin.delete(f"/api/collections/Citys/records/{created.json()['id']}")
