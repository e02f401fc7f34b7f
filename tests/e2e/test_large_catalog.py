"""Every long list on a generated catalog (benchmarks/large_catalog.py, not the demo data):
the first page only, Show more, the count, ?show= surviving reload and back, filters and search
over the whole catalog, focus on the first new card (issue 17).

The catalog is the benchmark's at 5 % (1,000 recordings, 250 O/L papers and notes in one
folder, 100 jobs, 50 rooms, 100 products, 50 notes, 25 articles): several pages per list,
quick to build.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import httpx
import pytest
from playwright.sync_api import Page, expect

from benchmarks.large_catalog import start_catalog
from student_portal import routes
from student_portal.constants import Limit
from student_portal.i18n.texts import Text
from student_portal.state.articles import ArticlePageState
from student_portal.state.booking import BookingState
from student_portal.state.jobs import JobsState
from student_portal.state.notes import NotesState
from student_portal.state.recordings import RecordingsState
from student_portal.state.resources import FolderItemsState
from student_portal.state.shop import ShopState
from student_portal.utils.paging import count_label
from tests.e2e.auth_support import DEMO_PASSWORD, pocketbase_auth, start_signed_in
from tests.support.seeding import Seeder

SCALE = 0.05


@pytest.fixture(scope="module")
def catalog_pocketbase(tmp_path_factory: pytest.TempPathFactory) -> Iterator:
    server = start_catalog(tmp_path_factory.mktemp("catalog") / "data", scale=SCALE)
    seeder = Seeder(server)
    seeder.create_user("full", DEMO_PASSWORD, "full")
    seeder.close()
    yield server
    server.stop()


@pytest.fixture
def backend_home(catalog_pocketbase):
    """Every test here runs on the large catalog (tests/e2e/conftest.py)."""
    return catalog_pocketbase


@pytest.fixture
def catalog(catalog_pocketbase):
    return catalog_pocketbase


def total(server, collection: str, filter: str = "", token: str = "") -> int:
    params = {"perPage": 1, **({"filter": filter} if filter else {})}
    headers = {"Authorization": token} if token else {}
    response = httpx.get(
        f"{server.url}/api/collections/{collection}/records", params=params, headers=headers, timeout=30
    )
    return response.raise_for_status().json()["totalItems"]


def first_folder(server, level: str = "OLFolders") -> str:
    response = httpx.get(f"{server.url}/api/collections/{level}/records", params={"sort": "created,id"}, timeout=30)
    return response.raise_for_status().json()["items"][0]["id"]


@dataclass(frozen=True)
class PagedPage:
    name: str
    state: type
    collection: str
    filter: str = ""  # which records the page lists by default (PocketBase filter syntax)
    signed_in: bool = False

    def path(self, server) -> str:
        if self.state is FolderItemsState:
            return routes.ol_folder(first_folder(server))
        return {
            RecordingsState: routes.YOUTUBE,
            JobsState: routes.JOBS,
            BookingState: routes.BOOKING,
            ShopState: routes.SHOP,
            ArticlePageState: routes.ARTICLE,
            NotesState: routes.NOTES,
        }[self.state]


LISTS = [
    PagedPage("recordings", RecordingsState, "Recordings"),
    PagedPage("jobs", JobsState, "Jobs"),
    PagedPage("rooms", BookingState, "Hotels"),  # one guest: every room takes one
    PagedPage("shop", ShopState, "Products"),
    PagedPage("folder items", FolderItemsState, "OL_Items", 'type = "paper"'),
    PagedPage("articles", ArticlePageState, "Articles"),
    PagedPage("notes", NotesState, "Notes", signed_in=True),
]


def cards(page: Page, state) -> object:
    return page.locator(f"#{state.LIST_ID} > *")


def open_list(page: Page, base_url: str, server, client_ip: str, listed: PagedPage, query: str = "") -> None:
    if listed.signed_in:
        start_signed_in(page, base_url, server.url, "full", client_ip)
    page.goto(base_url + listed.path(server) + query)


@pytest.mark.parametrize("listed", LISTS, ids=lambda listed: listed.name)
def test_a_long_list_shows_a_page_its_count_and_adds_a_page_with_focus_on_the_first_new_card(
    sized_page: Page, base_url: str, catalog, client_ip: str, listed: PagedPage
) -> None:
    token = pocketbase_auth(catalog.url, "full", client_ip)["token"] if listed.signed_in else ""
    size, matching = listed.state.PAGE_SIZE, total(catalog, listed.collection, listed.filter, token)
    if listed.state is FolderItemsState:
        matching = total(catalog, listed.collection, f'{listed.filter} && folder = "{first_folder(catalog)}"')
    assert matching > 2 * size, "the catalog must hold more than two pages of this list"
    open_list(sized_page, base_url, catalog, client_ip, listed)
    expect(cards(sized_page, listed.state)).to_have_count(size)
    expect(sized_page.get_by_test_id("list-count")).to_have_text(count_label(matching, *listed.state.COUNT_WORDS))
    sized_page.get_by_role("button", name=Text.SHOW_MORE_ROWS).click()
    expect(cards(sized_page, listed.state)).to_have_count(2 * size)
    expect(cards(sized_page, listed.state).nth(size)).to_be_focused()
    expect(sized_page).to_have_url(re.compile(rf"[?&]show={2 * size}(&|$)"))


@pytest.mark.parametrize("listed", LISTS, ids=lambda listed: listed.name)
def test_how_far_the_visitor_went_survives_reload_and_back(
    page: Page, base_url: str, catalog, client_ip: str, listed: PagedPage
) -> None:
    size = listed.state.PAGE_SIZE
    open_list(page, base_url, catalog, client_ip, listed, "?show=5")  # read as one whole page
    expect(cards(page, listed.state)).to_have_count(size)
    page.get_by_role("button", name=Text.SHOW_MORE_ROWS).click()
    expect(cards(page, listed.state)).to_have_count(2 * size)
    expect(page).to_have_url(re.compile(rf"[?&]show={2 * size}(&|$)"))
    page.reload()
    expect(cards(page, listed.state)).to_have_count(2 * size)
    page.goto(base_url + routes.ABOUT)
    page.go_back()
    expect(page).to_have_url(re.compile(rf"[?&]show={2 * size}(&|$)"))
    expect(cards(page, listed.state)).to_have_count(2 * size)


def test_a_search_finds_a_recording_far_past_the_first_page(page: Page, base_url: str, catalog) -> None:
    page.goto(base_url + routes.YOUTUBE)
    expect(cards(page, RecordingsState)).to_have_count(Limit.RECORDINGS_PAGE)
    wanted = "#987"  # the 987th of 1,000: nowhere near the first page
    page.get_by_label(Text.SEARCH_RECORDINGS).fill(wanted)
    expect(cards(page, RecordingsState)).to_have_count(1)
    expect(cards(page, RecordingsState).get_by_role("heading")).to_contain_text(wanted)
    expect(page.get_by_test_id("list-count")).to_have_text("1 recording")
    expect(page).to_have_url(re.compile(r"\?q=%23987$"))


def test_the_subject_filter_counts_over_the_whole_catalog(page: Page, base_url: str, catalog) -> None:
    subject = httpx.get(f"{catalog.url}/api/collections/Subjects/records", params={"perPage": 1}).json()["items"][0]
    matching = total(catalog, "Recordings", f'subject = "{subject["id"]}"')
    page.goto(base_url + routes.YOUTUBE)
    page.get_by_label(Text.SUBJECT).select_option(subject["id"])
    expect(page.get_by_test_id("list-count")).to_have_text(count_label(matching, *RecordingsState.COUNT_WORDS))
    expect(cards(page, RecordingsState)).to_have_count(min(matching, Limit.RECORDINGS_PAGE))
    expect(cards(page, RecordingsState).locator("span.rounded-full").first).to_have_text(subject["name"])


def test_rooms_filter_by_city_and_guests_over_the_whole_catalog(page: Page, base_url: str, catalog) -> None:
    city = httpx.get(f"{catalog.url}/api/collections/Citys/records", params={"perPage": 1}).json()["items"][0]
    page.goto(base_url + routes.BOOKING + "?show=24")
    page.get_by_label(Text.CITY).select_option(city["id"])
    page.get_by_label(Text.GUESTS, exact=True).select_option("4")
    matching = total(catalog, "Hotels", f'city = "{city["id"]}" && (gust = 0 || gust >= 4)')
    expect(page.get_by_test_id("list-count")).to_have_text(count_label(matching, *BookingState.COUNT_WORDS))
    expect(cards(page, BookingState)).to_have_count(min(matching, Limit.ROOMS_PAGE))  # back to one page
    expect(page).to_have_url(re.compile(rf"/booking\?city={city['id']}&guests=4$"))


def test_the_shop_category_filter_counts_over_the_whole_catalog(page: Page, base_url: str, catalog) -> None:
    category = httpx.get(f"{catalog.url}/api/collections/Categories/records", params={"perPage": 1}).json()["items"][0]
    matching = total(catalog, "Products", f'categories ~ "{category["id"]}"')
    page.goto(base_url + routes.SHOP)
    page.get_by_label("Category").select_option(category["id"])
    expect(page.get_by_test_id("list-count")).to_have_text(count_label(matching, *ShopState.COUNT_WORDS))
    expect(cards(page, ShopState)).to_have_count(min(matching, Limit.SHOP_PAGE))


def test_notes_search_covers_every_note(page: Page, base_url: str, catalog, client_ip: str) -> None:
    start_signed_in(page, base_url, catalog.url, "full", client_ip)
    page.goto(base_url + routes.NOTES)
    expect(cards(page, NotesState)).to_have_count(Limit.NOTES_PAGE)
    page.get_by_label(Text.SEARCH_NOTES).fill("lecture notes 49")
    expect(cards(page, NotesState)).to_have_count(1)
    expect(page.get_by_test_id("list-count")).to_have_text("1 note")


def test_papers_and_notes_switch_counts_the_whole_folder(page: Page, base_url: str, catalog) -> None:
    folder = first_folder(catalog)
    notes = total(catalog, "OL_Items", f'type = "note" && folder = "{folder}"')
    page.goto(base_url + routes.ol_folder(folder) + "?show=48")
    page.get_by_role("button", name=Text.NOTES).click()
    expect(page.get_by_test_id("list-count")).to_have_text(count_label(notes, *FolderItemsState.COUNT_WORDS))
    expect(cards(page, FolderItemsState)).to_have_count(min(notes, Limit.FOLDER_ITEMS_PAGE))
    expect(page).to_have_url(re.compile(r"\?type=note$"))


def test_the_home_previews_send_only_what_they_show(page: Page, base_url: str, catalog) -> None:
    page.goto(base_url + routes.HOME)
    recordings = page.get_by_role("region", name=Text.KUPPI_RECORDINGS).get_by_test_id("recording-card")
    expect(recordings).to_have_count(Limit.RECORDINGS_PREVIEW)
    expect(page.get_by_test_id("product-card")).to_have_count(Limit.HOME_SHOP_PREVIEW)
