"""Kuppi Recordings (/youtube): slides, search, subject filter and the video grid.

The view lives in the address: /youtube?q=<search>&subject=<subject id>&show=<cards shown>.
"""

import reflex as rx

from student_portal import routes
from student_portal.components.feedback import empty_message
from student_portal.components.filters import filter_bar, search_box, select_filter
from student_portal.components.headings import page_heading
from student_portal.components.layout import site_page
from student_portal.components.page_slides import page_slides
from student_portal.components.paging import list_count, show_more_button
from student_portal.components.recordings import recordings_list
from student_portal.components.search import no_match_detail
from student_portal.i18n import N_, gettext
from student_portal.i18n.texts import Text
from student_portal.state.favourites import FavouritesState, Kind
from student_portal.state.recordings import RecordingsState
from student_portal.utils.slots import Slot


def no_videos() -> rx.Component:
    """No videos found, plus the search text when there is one."""
    return empty_message(Text.NO_VIDEOS_FOUND, no_match_detail(RecordingsState.query))


@site_page(
    route=routes.YOUTUBE,
    title=Text.KUPPI_RECORDINGS,
    description=N_("Free recorded kuppi sessions by university students: search by topic, filter by subject."),
    on_load=[RecordingsState.load_page, FavouritesState.load],
)
def youtube() -> rx.Component:
    return rx.el.div(
        page_heading(
            Text.KUPPI_RECORDINGS, gettext("Recorded study sessions. Watch, pause and revise at your own pace.")
        ),
        page_slides(
            Slot.RECORDING_SLIDES, RecordingsState.slides, gettext("Recording highlights"), RecordingsState.loading
        ),
        filter_bar(
            search_box(
                Text.SEARCH_RECORDINGS,
                control_id="recordings-search",
                value=RecordingsState.query,
                on_change=RecordingsState.set_query,
                placeholder=gettext("e.g. Physics"),
            ),
            select_filter(
                Text.SUBJECT,
                control_id="recordings-subject",
                value=RecordingsState.subject,
                on_change=RecordingsState.set_subject,
                options=RecordingsState.subjects,
                all_label=Text.ALL,
            ),
        ),
        list_count(RecordingsState),
        recordings_list(
            RecordingsState.page,
            "sm:grid-cols-2 lg:grid-cols-3",
            no_videos(),
            level=2,
            grid_id=RecordingsState.LIST_ID,
            save_kind=Kind.RECORDING,
        ),
        show_more_button(RecordingsState),
        class_name="flex flex-col gap-6",
    )
