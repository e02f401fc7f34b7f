"""One O/L or A/L folder (/ol/{folderId}, /al/{folderId}): papers or notes, with downloads.

The choices live in the address: /ol/{folderId}?type=note&medium=tamil. An unknown folder id is an empty
folder (No items found.), not an error page.
"""

import reflex as rx

from student_portal import routes
from student_portal.components.documents import preview_dialog
from student_portal.components.exam_tools import exam_tools_links
from student_portal.components.feedback import empty_message, list_faces, skeleton_cards
from student_portal.components.follow_button import follow_button
from student_portal.components.headings import page_heading
from student_portal.components.icons import icon
from student_portal.components.layout import site_page
from student_portal.components.links import internal_link
from student_portal.components.paging import list_count, show_more_button
from student_portal.components.resources import item_card, medium_selector, type_selector
from student_portal.constants import Limit
from student_portal.i18n.texts import Text
from student_portal.state.favourites import FavouritesState
from student_portal.state.follows import FollowState
from student_portal.state.resources import LEVELS, FolderItemsState, Level, level_text


def items_page(level: Level) -> rx.Component:
    return rx.el.div(
        internal_link(
            icon("arrow-left", "size-4"),
            level_text("All {level} folders", level),
            href=level.folders_path,
            class_name="inline-flex h-11 items-center gap-2 self-start font-medium text-blue-800 hover:underline",
        ),
        page_heading(FolderItemsState.heading),
        rx.cond(  # a folder that exists: its new papers and notes can be followed
            FolderItemsState.folder_name != "",
            follow_button(f"{level.key}_folder:" + FolderItemsState.folder_id, FolderItemsState.folder_name),
            rx.fragment(),
        ),
        rx.el.div(type_selector(), medium_selector(), class_name="flex flex-wrap items-center gap-x-6 gap-y-3"),
        list_count(FolderItemsState),
        list_faces(
            loading=FolderItemsState.loading,
            loading_face=skeleton_cards(Limit.SKELETON_CARDS, "h-80"),
            failed=FolderItemsState.failed,
            error_text=Text.ITEMS_FAILED,
            items=FolderItemsState.page,
            content=rx.el.div(
                rx.foreach(FolderItemsState.page, lambda item: item_card(item, save_kind=level.save_kind)),
                id=FolderItemsState.LIST_ID,
                class_name="grid gap-4 sm:grid-cols-2 lg:grid-cols-4",
            ),
            empty=empty_message(Text.NO_ITEMS_FOUND),
        ),
        show_more_button(FolderItemsState),
        exam_tools_links() if level.key == routes.AL else rx.fragment(),
        preview_dialog(),
        class_name="flex flex-col gap-5",
    )


def _register(level: Level) -> None:
    @site_page(
        route=routes.folder_pattern(level.key),
        title=lambda: level_text("{level} papers and notes", level),
        description=lambda: level_text("G.C.E. {level} past papers and notes in this folder, free to download.", level),
        on_load=[FolderItemsState.load(level.key), FavouritesState.load, FollowState.load],
    )
    def page() -> rx.Component:
        return items_page(level)


for _level in LEVELS.values():
    _register(_level)
