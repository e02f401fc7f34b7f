"""O/L and A/L resource folders (/ol-folder, /al-folder): slides, then one card per folder."""

import reflex as rx

from student_portal.components.feedback import empty_message, list_faces, loading_message
from student_portal.components.headings import page_heading
from student_portal.components.layout import site_page
from student_portal.components.page_slides import page_slides
from student_portal.components.resources import folder_card
from student_portal.constants import Text
from student_portal.state.resources import LEVELS, Level, ResourceFoldersState


def folders_page(level: Level) -> rx.Component:
    return rx.el.div(
        page_heading(f"{level.label} resources", f"Past papers and notes for G.C.E. {level.label}, by folder."),
        page_slides(
            level.slides_slot,
            ResourceFoldersState.slides,
            f"{level.label} highlights",
            ResourceFoldersState.loading,
        ),
        list_faces(
            loading=ResourceFoldersState.loading,
            loading_face=loading_message(Text.LOADING),
            failed=ResourceFoldersState.failed,
            error_text=Text.FOLDERS_FAILED,
            items=ResourceFoldersState.folders,
            content=rx.el.nav(
                rx.foreach(ResourceFoldersState.folders, folder_card),
                aria_label=f"{level.label} folders",
                class_name="grid gap-3 sm:grid-cols-2 lg:grid-cols-3",
            ),
            empty=empty_message(Text.NO_ITEMS_FOUND),
        ),
        class_name="flex flex-col gap-6",
    )


def _register(level: Level) -> None:
    @site_page(
        route=level.folders_path,
        title=f"{level.label} resources",
        description=f"G.C.E. {level.label} past papers, marking schemes and short notes, free to download.",
        on_load=ResourceFoldersState.load(level.key),
    )
    def page() -> rx.Component:
        return folders_page(level)


for _level in LEVELS.values():
    _register(_level)
