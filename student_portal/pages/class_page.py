"""A teacher's class (/class/{teacherId}): sign-in required (spec 2, 6, 9).

The old site passed the teacher in router state, so a class page could not be shared or
reloaded; here the teacher is in the address. /class alone goes to the teacher list.
"""

from __future__ import annotations

import reflex as rx

from student_portal import routes
from student_portal.components.documents import document_list, preview_dialog
from student_portal.components.feedback import empty_message, error_message, loading_message
from student_portal.components.filters import search_box
from student_portal.components.follow_button import follow_button
from student_portal.components.layout import site_page
from student_portal.components.links import internal_link
from student_portal.components.search import no_match_detail
from student_portal.components.teachers import class_header, section_banner, video_card
from student_portal.i18n import N_
from student_portal.i18n.texts import Text
from student_portal.state.auth import AuthState
from student_portal.state.class_page import ClassState
from student_portal.state.favourites import FavouritesState, Kind
from student_portal.state.follows import FollowKind, FollowState
from student_portal.state.signed_in import Phase

_HEADING = "text-xl font-bold text-slate-900"


def class_notes() -> rx.Component:
    return rx.el.section(
        section_banner(ClassState.teacher.notes_banner_url),
        rx.el.h2(Text.CLASS_NOTES, id="class-notes", class_name=_HEADING),
        rx.cond(
            ClassState.notes_failed,
            error_message(Text.CLASS_NOTES_LOAD_FAILED),
            rx.fragment(
                search_box(
                    Text.SEARCH_NOTES,
                    control_id="class-notes-search",
                    value=ClassState.notes_query,
                    on_change=ClassState.set_notes_query,
                ),
                rx.cond(
                    ClassState.visible_notes,
                    document_list(ClassState.visible_notes, ClassState, save_kind=Kind.CLASS_NOTE),
                    empty_message(Text.NO_NOTES_FOUND, no_match_detail(ClassState.notes_query)),
                ),
            ),
        ),
        aria_labelledby="class-notes",
        class_name="flex flex-col gap-4",
    )


def class_recordings() -> rx.Component:
    return rx.el.section(
        section_banner(ClassState.teacher.recordings_banner_url),
        rx.el.h2(Text.CLASS_RECORDINGS, id="class-recordings", class_name=_HEADING),
        rx.cond(
            ClassState.recordings_failed,
            error_message(Text.ERROR_LOADING_VIDEOS),
            rx.fragment(
                search_box(
                    Text.SEARCH_RECORDINGS,
                    control_id="class-recordings-search",
                    value=ClassState.recordings_query,
                    on_change=ClassState.set_recordings_query,
                ),
                rx.cond(
                    ClassState.visible_recordings,
                    rx.el.div(
                        rx.foreach(
                            ClassState.visible_recordings,
                            lambda video: video_card(video, save_kind=Kind.CLASS_RECORDING),
                        ),
                        class_name="grid gap-4 sm:grid-cols-2 lg:grid-cols-3",
                    ),
                    empty_message(Text.NO_VIDEOS_FOUND, no_match_detail(ClassState.recordings_query)),
                ),
            ),
        ),
        aria_labelledby="class-recordings",
        class_name="flex flex-col gap-4",
    )


def page_heading() -> rx.Component:
    """The page's h1 until the teacher's name is known (loading, failed)."""
    return rx.el.h1(Text.TUITION_CLASSES, class_name="text-2xl font-bold text-slate-900")


def teacher_not_found() -> rx.Component:
    return rx.el.div(
        rx.el.h1(Text.TEACHER_NOT_FOUND, class_name="text-2xl font-semibold text-slate-900"),
        rx.el.p(Text.TEACHER_NOT_FOUND_DETAIL, class_name="text-slate-700"),
        internal_link(
            Text.ALL_TEACHERS,
            href=routes.PROFILE,
            class_name="inline-flex min-h-11 items-center rounded-md bg-blue-700 px-4 font-semibold "
            "text-white hover:bg-blue-800",
        ),
        data_testid="teacher-not-found",
        class_name="flex flex-col items-center gap-4 py-12 text-center",
    )


@site_page(
    route=routes.CLASS_PAGE,
    title=Text.TUITION_CLASSES,
    description=N_("Class notes and recordings from your tuition class teacher."),
    on_load=[ClassState.load, FavouritesState.load, FollowState.load],
)
def class_page() -> rx.Component:
    return rx.el.div(
        rx.cond(
            AuthState.is_authenticated,  # signed out in another tab: the class material goes at once
            rx.match(
                ClassState.phase,
                (Phase.NOT_FOUND, teacher_not_found()),
                (Phase.FAILED, rx.fragment(page_heading(), error_message(Text.CLASS_LOAD_FAILED))),
                (
                    Phase.READY,
                    rx.fragment(
                        class_header(ClassState.teacher),
                        follow_button(f"{FollowKind.TEACHER}:" + ClassState.teacher.id, ClassState.teacher.name),
                        class_notes(),
                        class_recordings(),
                    ),
                ),
                rx.fragment(page_heading(), loading_message(Text.LOADING_CLASS)),
            ),
            rx.fragment(page_heading(), loading_message(Text.LOADING_CLASS)),
        ),
        preview_dialog(),
        class_name="flex flex-col gap-10",
    )


@site_page(
    route=routes.CLASS_INDEX,
    title=Text.TUITION_CLASSES,
    description=N_("Tuition class teachers in Sri Lanka."),
    on_load=ClassState.to_profile,
)
def class_index() -> rx.Component:
    return rx.el.p(internal_link(Text.ALL_TEACHERS, href=routes.PROFILE, class_name="underline"))
