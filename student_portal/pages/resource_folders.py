"""O/L and A/L resource folders (/ol-folder, /al-folder): slides, then one card per folder."""

import reflex as rx

from student_portal import routes
from student_portal.components.exam_tools import exam_tools_links
from student_portal.components.feedback import empty_message, list_faces, loading_message
from student_portal.components.headings import page_heading
from student_portal.components.layout import site_page
from student_portal.components.page_slides import page_slides
from student_portal.components.resources import folder_card
from student_portal.i18n.texts import Text
from student_portal.state.resources import LEVELS, Level, ResourceFoldersState, level_text


def folders_page(level: Level) -> rx.Component:
    return rx.el.div(
        page_heading(
            level_text("{level} resources", level),
            level_text("Past papers and notes for G.C.E. {level}, by folder.", level),
        ),
        exam_tools_links() if level.key == routes.AL else rx.fragment(),
        page_slides(
            level.slides_slot,
            ResourceFoldersState.slides,
            level_text("{level} highlights", level),
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
                aria_label=level_text("{level} folders", level),
                class_name="grid gap-3 sm:grid-cols-2 lg:grid-cols-3",
            ),
            empty=empty_message(Text.NO_ITEMS_FOUND),
        ),
        class_name="flex flex-col gap-6",
    )


def _register(level: Level) -> None:
    @site_page(
        route=level.folders_path,
        title=lambda: level_text("{level} resources", level),
        description=lambda: level_text(
            "G.C.E. {level} past papers, marking schemes and short notes, free to download.", level
        ),
        on_load=ResourceFoldersState.load(level.key),
    )
    def page() -> rx.Component:
        return folders_page(level)


for _level in LEVELS.values():
    _register(_level)
