"""O/L and A/L resources: folder pages (/ol-folder, /al-folder) and folder pages of papers and
notes (/ol/{folderId}, /al/{folderId}) with the type in the address."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from student_portal import routes
from student_portal.i18n.texts import Text
from student_portal.pocketbase import Folder
from tests.e2e.address_helpers import is_same_document, mark_document
from tests.e2e.conftest import DESKTOP
from tests.support.demo_records import demo_records

LEVELS = [("ol", "O/L", "OLFolders", "OL_Items", "OL_Slides"), ("al", "A/L", "ALFolders", "AL_Items", "AL_Slides")]


def _folders(demo_pocketbase, collection: str) -> list[Folder]:
    return [Folder.model_validate(f) for f in demo_records(demo_pocketbase, collection)]


@pytest.mark.parametrize(("key", "label", "folders", "items", "slides"), LEVELS, ids=["ol", "al"])
def test_folder_page_shows_slides_and_a_card_per_folder_that_opens_it(
    sized_page: Page, base_url: str, demo_pocketbase, key: str, label: str, folders: str, items: str, slides: str
) -> None:
    folder_list = _folders(demo_pocketbase, folders)
    sized_page.goto(f"{base_url}/{key}-folder")
    expect(sized_page).to_have_title(re.compile(rf"^{label} resources \|"))
    carousel = sized_page.get_by_role("region", name=f"{label} highlights")
    expect(carousel.locator("img")).to_have_count(len(demo_records(demo_pocketbase, slides)))
    cards = sized_page.get_by_test_id("folder-card")
    expect(cards).to_have_text([f.display_name for f in folder_list])
    cards.nth(1).click()
    expect(sized_page).to_have_url(f"{base_url}/{key}/{folder_list[1].id}")
    expect(sized_page.get_by_role("heading", level=1)).to_have_text(folder_list[1].display_name)


def test_folder_page_says_loading_first(page: Page, base_url: str, backend) -> None:
    backend.slow(2.0)
    page.goto(base_url + routes.OL_FOLDERS, wait_until="commit")  # not the load event: it waits for the lead picture,
    # which waits for the slow backend too
    expect(page.get_by_role("status")).to_have_text(Text.LOADING)
    expect(page.get_by_test_id("folder-card").first).to_be_visible(timeout=15_000)


def test_folder_page_without_folders_and_with_a_dead_backend(page: Page, base_url: str, backend) -> None:
    backend.empty()
    page.goto(base_url + routes.AL_FOLDERS)
    expect(page.get_by_role("status")).to_have_text(Text.NO_ITEMS_FOUND)
    backend.down()
    page.goto(base_url + routes.OL_FOLDERS)
    expect(page.get_by_role("alert")).to_have_text(Text.FOLDERS_FAILED)


def test_moving_from_ol_to_al_folders_in_the_app_shows_the_al_folders(
    page: Page, base_url: str, demo_pocketbase
) -> None:
    page.goto(base_url + routes.OL_FOLDERS)
    expect(page.get_by_test_id("folder-card")).to_have_text(
        [f.display_name for f in _folders(demo_pocketbase, "OLFolders")]
    )
    page.set_viewport_size(DESKTOP)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="A/L Api").click()  # client-side route
    expect(page).to_have_url(re.compile(r"/al-folder$"))
    expect(page.get_by_test_id("folder-card")).to_have_text(
        [f.display_name for f in _folders(demo_pocketbase, "ALFolders")]
    )


def test_a_folder_shows_papers_by_default_then_notes_with_the_type_in_the_address(
    sized_page: Page, base_url: str, demo_pocketbase
) -> None:
    folder = _folders(demo_pocketbase, "ALFolders")[2]
    items = demo_records(demo_pocketbase, "AL_Items", filter=f'folder = "{folder.id}"')
    papers = [i for i in items if i["type"] == "paper"]
    notes = [i for i in items if i["type"] == "note"]
    sized_page.goto(f"{base_url}/al/{folder.id}")
    expect(sized_page).to_have_title(re.compile(r"^A/L papers and notes \|"))
    paper_button = sized_page.get_by_role("button", name=Text.PAPER, exact=True)
    expect(paper_button).to_have_attribute("aria-pressed", "true")
    cards = sized_page.get_by_test_id("item-card")
    expect(cards.get_by_role("heading")).to_have_text([i["title"] for i in papers])
    mark_document(sized_page)
    sized_page.get_by_role("button", name=Text.NOTES, exact=True).click()
    expect(cards.get_by_role("heading")).to_have_text([i["title"] for i in notes])
    expect(sized_page).to_have_url(f"{base_url}/al/{folder.id}?type=note")
    assert is_same_document(sized_page)
    sized_page.reload()
    expect(sized_page.get_by_role("button", name=Text.NOTES, exact=True)).to_have_attribute("aria-pressed", "true")
    expect(cards.get_by_role("heading")).to_have_text([i["title"] for i in notes])
    sized_page.get_by_role("button", name=Text.PAPER, exact=True).click()
    expect(sized_page).to_have_url(f"{base_url}/al/{folder.id}")


def test_an_item_card_has_image_variant_badge_title_description_and_download(
    page: Page, base_url: str, demo_pocketbase
) -> None:
    folder = _folders(demo_pocketbase, "OLFolders")[0]
    item = next(
        i for i in demo_records(demo_pocketbase, "OL_Items", filter=f'folder = "{folder.id}"') if i["type"] == "paper"
    )
    page.goto(f"{base_url}/ol/{folder.id}")
    card = page.get_by_test_id("item-card").filter(has=page.get_by_role("heading", name=item["title"], exact=True))
    expect(card.locator("img")).to_have_attribute("src", re.compile(r"\?thumb=400x300$"))
    expect(card).to_contain_text(item["varient"])
    expect(card).to_contain_text(item["description"])
    download = card.get_by_role("link", name=f"{Text.DOWNLOAD} {item['title']}")
    expect(download).to_have_attribute(
        "href", re.compile(rf"^/files/[^/]+/{item['id']}/{re.escape(item['file'])}\?download=1$")
    )


@pytest.mark.parametrize("path", ["/al/no-such-folder", "/ol/no-such-folder?type=note"])
def test_an_unknown_folder_is_an_empty_folder_not_an_error_page(sized_page: Page, base_url: str, path: str) -> None:
    sized_page.goto(base_url + path)
    expect(sized_page.get_by_role("status")).to_have_text(Text.NO_ITEMS_FOUND)
    expect(sized_page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^(O|A)/L resources$"))
    expect(sized_page.get_by_text(Text.PAGE_NOT_FOUND)).to_have_count(0)


def test_a_dead_backend_on_a_folder_says_it_could_not_load(page: Page, base_url: str, backend) -> None:
    backend.down()
    page.goto(base_url + "/ol/olfolder0000001")
    expect(page.get_by_role("alert")).to_have_text(Text.ITEMS_FAILED)


def test_medium_filter_in_the_address_all_by_default_on_english_pages_and_all_one_tap_away(
    sized_page: Page, base_url: str, demo_pocketbase
) -> None:
    folder = _folders(demo_pocketbase, "OLFolders")[1]
    items = demo_records(demo_pocketbase, "OL_Items", filter=f'folder = "{folder.id}"')

    def titles(kind: str, medium: str = "") -> list[str]:
        return [i["title"] for i in items if i["type"] == kind and medium in i["varient"]]

    sized_page.goto(f"{base_url}/ol/{folder.id}")
    medium = sized_page.get_by_role("group", name=Text.MEDIUM)
    expect(medium.get_by_role("button")).to_have_text(
        [Text.MEDIUM_ALL, Text.MEDIUM_SINHALA, Text.MEDIUM_TAMIL, Text.MEDIUM_ENGLISH]
    )
    expect(medium.get_by_role("button", name=Text.MEDIUM_ALL)).to_have_attribute("aria-pressed", "true")
    headings = sized_page.get_by_test_id("item-card").get_by_role("heading")
    assert len(titles("paper", "Sinhala")) < len(titles("paper")), "demo folder has papers in several mediums"
    expect(headings).to_have_text(titles("paper"))
    assert sized_page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    mark_document(sized_page)
    medium.get_by_role("button", name=Text.MEDIUM_SINHALA).click()
    expect(headings).to_have_text(titles("paper", "Sinhala"))
    expect(sized_page).to_have_url(f"{base_url}/ol/{folder.id}?medium=sinhala")
    sized_page.get_by_role("button", name=Text.NOTES, exact=True).click()
    expect(headings).to_have_text(titles("note", "Sinhala"))
    expect(sized_page).to_have_url(f"{base_url}/ol/{folder.id}?type=note&medium=sinhala")
    assert is_same_document(sized_page)

    sized_page.reload()  # a shared or reloaded address keeps the choice
    expect(medium.get_by_role("button", name=Text.MEDIUM_SINHALA)).to_have_attribute("aria-pressed", "true")
    expect(headings).to_have_text(titles("note", "Sinhala"))
    medium.get_by_role("button", name=Text.MEDIUM_TAMIL).click()
    expect(headings).to_have_text(titles("note", "Tamil"))
    medium.get_by_role("button", name=Text.MEDIUM_ALL).click()
    expect(headings).to_have_text(titles("note"))
    expect(sized_page).to_have_url(f"{base_url}/ol/{folder.id}?type=note")


def test_a_medium_with_no_items_says_so_and_a_bad_medium_in_the_address_is_all(
    page: Page, base_url: str, demo_pocketbase
) -> None:
    folder = _folders(demo_pocketbase, "ALFolders")[0]
    items = demo_records(demo_pocketbase, "AL_Items", filter=f'folder = "{folder.id}"')
    assert not [i for i in items if i["type"] == "paper" and "Tamil" in i["varient"]], "demo: no Tamil papers"
    page.goto(f"{base_url}/al/{folder.id}?medium=tamil")
    expect(page.get_by_role("status")).to_have_text(Text.NO_ITEMS_FOUND)
    page.goto(f"{base_url}/al/{folder.id}?medium=<script>")
    expect(page.get_by_role("button", name=Text.MEDIUM_ALL)).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("item-card")).to_have_count(len([i for i in items if i["type"] == "paper"]))
