"""O/L and A/L resources: the folder pages (/ol-folder, /al-folder) and a folder's papers and
notes (/ol/{folderId}, /al/{folderId}).

One state per page kind serves both levels: the page passes its level to `load`. A folder's
items are listed as spec 7 says (page 1, Limit.FOLDER_ITEMS_PER_PAGE a page, filtered by folder
on the server), so a folder page never downloads every folder's items. The paper/notes choice
lives in the address: /ol/{folderId}?type=note, and so does the medium
(?medium=tamil; see mediums.py for the page's default).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import ClassVar

import reflex as rx
from reflex.event import EventSpec

from student_portal import routes
from student_portal.constants import Limit
from student_portal.i18n import N_, Np_, gettext
from student_portal.i18n.languages import language_of_path
from student_portal.pocketbase import (
    ClientResponseError,
    Collection,
    ContentSlide,
    Folder,
    FolderItem,
    configured_client,
    filter_eq,
    parse_records,
)
from student_portal.routes.links import share_url
from student_portal.state.address import replace_address, route_arg
from student_portal.state.content import backend_failures, file_url, public_rows
from student_portal.state.page_slides import PageSlide, page_slide, with_image
from student_portal.state.paging import PagedList
from student_portal.utils.mediums import MEDIUM_PARAM, Medium, default_medium, in_medium, medium_choice, medium_param
from student_portal.utils.query import query_choice
from student_portal.utils.slots import Slot, level_slides

ITEM_THUMB = "400x300"  # OL_Items/AL_Items.image thumbs in the schema
PAPER, NOTE = "paper", "note"
ITEM_TYPES = ((PAPER, N_("Paper")), (NOTE, N_("Notes")))  # spec: Paper or Notes, default paper (English msgids)


@dataclass(frozen=True)
class Level:
    key: str  # "ol", "al": the route prefix
    label: str  # "O/L" (an English msgid: level_text reads it in the current language)
    folders: str
    items: str
    slides: str

    @property
    def slides_slot(self) -> Slot:
        return level_slides(self.key)

    @property
    def save_kind(self) -> str:
        """Its kind of favourite (state.favourites.Kind.OL_ITEM / AL_ITEM)."""
        return f"{self.key}_item"

    @property
    def folders_path(self) -> str:
        return routes.level_folders(self.key)

    def folder_path(self, folder_id: str) -> str:
        return routes.folder(self.key, folder_id)


def level_text(template: str, level: Level) -> str:
    """`template` (an English msgid with "{level}") in the current language, for `level` (O/L, A/L)."""
    return gettext(template).format(level=gettext(level.label))


LEVELS: dict[str, Level] = {
    routes.OL: Level(routes.OL, "O/L", Collection.OL_FOLDERS, Collection.OL_ITEMS, Collection.OL_SLIDES),
    routes.AL: Level(routes.AL, "A/L", Collection.AL_FOLDERS, Collection.AL_ITEMS, Collection.AL_SLIDES),
}


@dataclass
class FolderCard:
    id: str
    name: str
    href: str


@dataclass
class ItemCard:
    id: str
    type: str  # paper or note
    title: str
    description: str
    variant: str  # the record's `varient` (spelt so), e.g. "Sinhala Medium"
    image_url: str
    download_url: str  # "" when the item has no file
    share_url: str = ""  # its folder's page; WhatsApp's link is made in the browser
    preview_url: str = ""  # the same file, shown in the page's PDF viewer
    practice_href: str = ""  # /practice for a paper with an answer key, else ""
    scheme_url: str = ""  # its marking scheme (a PDF) for the viewer, else ""


def folder_cards(level: Level, folders: list[Folder]) -> list[FolderCard]:
    """Folders with a name (or label) to show, in the collection's order."""
    return [FolderCard(f.id, f.display_name, level.folder_path(f.id)) for f in folders if f.id and f.display_name]


# A paper or note is shared as its folder's page (it has no page of its own).
_ITEM_LEVELS: dict[str, str] = {Collection.OL_ITEMS: routes.OL, Collection.AL_ITEMS: routes.AL}


def item_card(item: FolderItem) -> ItemCard:
    client = configured_client()
    level = _ITEM_LEVELS.get(item.collection_name)
    shared = share_url(routes.folder(level, item.folder)) if level and item.folder else ""
    return ItemCard(
        id=item.id,
        type=item.type,
        title=item.title,
        description=item.description,
        variant=item.varient.strip(),
        image_url=file_url(item, item.image, ITEM_THUMB),
        download_url=client.file_url(item.collection_id, item.id, item.file, download=True),
        share_url=shared,
        preview_url=client.file_url(item.collection_id, item.id, item.file),
        practice_href=practice_href(item),
        scheme_url=client.file_url(item.collection_id, item.id, item.marking_scheme),
    )


def practice_href(item: FolderItem) -> str:
    """Where a paper is practised: only one with an answer key (and a file to show beside it)."""
    keyed = item.questions and item.file and item.collection_name in _ITEM_LEVELS
    return routes.practice(item.collection_name, item.id) if keyed else ""


async def fetch_folder_items(level: Level, folder_id: str) -> list[FolderItem]:
    """Spec 7: page 1 of the level's items, Limit.FOLDER_ITEMS_PER_PAGE a page, of one folder.

    Raises ClientResponseError. An id that names no folder is simply an empty list.
    """
    result = await configured_client().list(
        level.items,
        page=1,
        per_page=Limit.FOLDER_ITEMS_PER_PAGE,
        sort="created,id",
        filter=filter_eq("folder", folder_id),
        skip_total=True,
    )
    return parse_records(FolderItem, result.items)


async def _items_or_none(level: Level, folder_id: str) -> list[FolderItem] | None:
    try:
        items = await fetch_folder_items(level, folder_id)
    except ClientResponseError as error:
        backend_failures.failed(f"{level.items} list", error)  # one line per outage, not per folder
        return None
    backend_failures.recovered(f"{level.items} list")
    return items


class ResourceFoldersState(rx.State):
    level: str = ""
    folders: list[FolderCard] = []
    slides: list[PageSlide] = []
    loading: bool = True
    failed: bool = False

    @rx.event(background=True)
    async def load(self, level_key: str):
        level = LEVELS[level_key]
        async with self:
            if self.level != level.key:  # O/L and A/L share this state: never show the other's
                self.level, self.folders, self.slides = level.key, [], []
            self.loading = not self.folders
        folders, slides = await asyncio.gather(
            public_rows(level.folders, Folder, lambda folder: folder),
            public_rows(level.slides, ContentSlide, page_slide),
        )
        async with self:
            if self.level != level.key:  # the visitor moved on to the other level meanwhile
                return
            self.failed = folders is None
            self.folders = folder_cards(level, folders or [])
            self.slides = with_image(slides)
            self.loading = False


class FolderItemsState(PagedList, rx.State):
    PAGE_SIZE: ClassVar[int] = Limit.FOLDER_ITEMS_PAGE
    LIST_ID: ClassVar[str] = "folder-items"
    COUNT_WORDS: ClassVar[tuple[str, str]] = Np_("{count} item", "{count} items")

    level: str = ""
    folder_id: str = ""
    folder_name: str = ""
    # The folder's items (up to Limit.FOLDER_ITEMS_PER_PAGE, fetched for this visitor's folder):
    # a backend var, never sent; the browser gets one page of the chosen type.
    _items: list[ItemCard] = []
    page: list[ItemCard] = []
    item_type: str = PAPER
    medium: str = Medium.ALL.value
    _default_medium: Medium = Medium.ALL  # the page's language decides it (load)
    loading: bool = True
    failed: bool = False

    @rx.var
    def heading(self) -> str:
        label = LEVELS[self.level].label if self.level in LEVELS else ""
        return self.folder_name or (level_text("{level} resources", LEVELS[self.level]) if label else "")

    @rx.var
    def folders_path(self) -> str:
        return LEVELS[self.level].folders_path if self.level in LEVELS else routes.HOME

    def _address(self) -> EventSpec | None:
        level = LEVELS.get(self.level)
        if level is None:
            return None
        return replace_address(
            level.folder_path(self.folder_id),
            {
                "type": "" if self.item_type == PAPER else self.item_type,
                MEDIUM_PARAM: medium_param(Medium(self.medium), self._default_medium),
                **self._show_query(),
            },
        )

    def _show_items(self) -> None:
        medium = Medium(self.medium)
        self.page = self._paged(
            [item for item in self._items if item.type == self.item_type and in_medium(item.variant, medium)]
        )

    async def _refresh_page(self) -> None:
        self._show_items()

    @rx.event
    def set_item_type(self, value: str):
        self.item_type = value if value in dict(ITEM_TYPES) else PAPER
        self._first_page()
        self._show_items()
        return self._address()

    @rx.event
    def set_medium(self, value: str):
        self.medium = medium_choice(value, self._default_medium).value
        self._first_page()
        self._show_items()
        return self._address()

    @rx.event(background=True)
    async def load(self, level_key: str):
        level = LEVELS[level_key]
        async with self:
            folder_id = await route_arg(self, routes.FOLDER_ID)
            params = dict(self.router.url.query_parameters)
            self.item_type = query_choice(params, "type", dict(ITEM_TYPES), PAPER)
            self._default_medium = default_medium(language_of_path(self.router.url.path))
            self.medium = medium_choice(params.get(MEDIUM_PARAM), self._default_medium).value
            if (self.level, self.folder_id) != (level.key, folder_id):
                self.level, self.folder_id, self.folder_name, self._items, self.page = level.key, folder_id, "", [], []
            self.loading = not self.page
        items, folders = await asyncio.gather(
            _items_or_none(level, folder_id), public_rows(level.folders, Folder, lambda folder: folder)
        )
        async with self:
            if (self.level, self.folder_id) != (level.key, folder_id):
                return
            self.failed = items is None
            self._items = [item_card(item) for item in items or []]
            self.folder_name = next((f.display_name for f in folders or [] if f.id == folder_id), "")
            self.shown = self._shown_from(params)
            self._show_items()
            self.loading = False
