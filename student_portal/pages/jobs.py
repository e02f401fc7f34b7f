"""The job market (/jobs)."""

import reflex as rx

from student_portal import routes
from student_portal.components.feedback import empty_message, list_faces, skeleton_cards
from student_portal.components.follow_button import follow_jobs_form
from student_portal.components.headings import page_heading
from student_portal.components.jobs import job_card
from student_portal.components.layout import site_page
from student_portal.components.paging import list_count, show_more_button
from student_portal.constants import Limit
from student_portal.i18n import N_, gettext
from student_portal.i18n.texts import Text
from student_portal.state.favourites import FavouritesState, Kind
from student_portal.state.follows import FollowState
from student_portal.state.jobs import JobsState


@site_page(
    route=routes.JOBS,
    title=Text.JOB_MARKET,
    description=N_(
        "Jobs, internships and part-time work for Sri Lankan students and school leavers. "
        "Call, WhatsApp or email employers."
    ),
    on_load=[JobsState.load, FavouritesState.load, FollowState.load],
)
def jobs() -> rx.Component:
    return rx.el.div(
        page_heading(Text.JOB_MARKET, gettext("Jobs, internships and part-time work. Contact the employer directly.")),
        list_count(JobsState),
        list_faces(
            loading=JobsState.loading,
            loading_face=skeleton_cards(Limit.SKELETON_CARDS, "h-56"),
            failed=JobsState.failed,
            error_text=Text.JOBS_FAILED,
            items=JobsState.page,
            content=rx.el.div(
                rx.foreach(JobsState.page, lambda job: job_card(job, save_kind=Kind.JOB)),
                id=JobsState.LIST_ID,
                class_name="grid gap-4 lg:grid-cols-2",
            ),
            empty=empty_message(Text.NO_JOBS),
        ),
        show_more_button(JobsState),
        follow_jobs_form(),
        class_name="flex flex-col gap-6",
    )
