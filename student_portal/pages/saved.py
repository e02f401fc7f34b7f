"""Saved items (/saved): what the signed-in student saved, grouped by kind, with the same cards
as their home pages (issue 18)."""

from __future__ import annotations

import reflex as rx

from student_portal.components.booking import hotel_card
from student_portal.components.buttons import PRIMARY
from student_portal.components.documents import document_list, preview_dialog
from student_portal.components.feedback import empty_message, error_message, loading_message
from student_portal.components.headings import page_heading
from student_portal.components.jobs import job_card
from student_portal.components.kept_files import kept_files
from student_portal.components.layout import site_page
from student_portal.components.recordings import recording_card
from student_portal.components.resources import item_card
from student_portal.components.teachers import video_card
from student_portal.i18n import N_, gettext
from student_portal.i18n.texts import Text
from student_portal.state.auth import AuthState
from student_portal.state.favourites import FavouritesState, Kind
from student_portal.state.saved import SAVED_PATH, SavedState
from student_portal.state.signed_in import Phase

_GRID = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3"


def group(kind: str, title: str, rows: rx.Var[list], content: rx.Component) -> rx.Component:
    """One kind's section; left out when nothing of that kind is saved."""
    heading_id = f"saved-{kind}"
    return rx.cond(
        rows,
        rx.el.section(
            rx.el.h2(title, id=heading_id, class_name="text-xl font-bold text-slate-900"),
            content,
            aria_labelledby=heading_id,
            data_testid=heading_id,
            class_name="flex flex-col gap-4",
        ),
        rx.fragment(),
    )


def _item_card(kind: str):
    return lambda item: item_card(item, save_kind=kind, heading=rx.el.h3)


def saved_groups() -> rx.Component:
    h3 = rx.el.h3
    return rx.fragment(
        group(
            Kind.RECORDING,
            Text.KUPPI_RECORDINGS,
            SavedState.recordings,
            rx.el.div(
                rx.foreach(SavedState.recordings, lambda c: recording_card(c, save_kind=Kind.RECORDING)),
                class_name=_GRID,
            ),
        ),
        *[
            group(
                kind,
                title,
                rows,
                rx.el.div(
                    rx.foreach(rows, _item_card(kind)),
                    class_name="grid gap-4 sm:grid-cols-2 lg:grid-cols-4",
                ),
            )
            for kind, title, rows in (
                (Kind.OL_ITEM, gettext("O/L papers and notes"), SavedState.ol_items),
                (Kind.AL_ITEM, gettext("A/L papers and notes"), SavedState.al_items),
            )
        ],
        group(
            Kind.NOTE,
            Text.UNI_NOTES,
            SavedState.notes,
            document_list(SavedState.notes, SavedState, h3, save_kind=Kind.NOTE),
        ),
        group(
            Kind.CLASS_NOTE,
            Text.CLASS_NOTES,
            SavedState.class_notes,
            document_list(SavedState.class_notes, SavedState, h3, save_kind=Kind.CLASS_NOTE),
        ),
        group(
            Kind.CLASS_RECORDING,
            Text.CLASS_RECORDINGS,
            SavedState.class_recordings,
            rx.el.div(
                rx.foreach(SavedState.class_recordings, lambda v: video_card(v, save_kind=Kind.CLASS_RECORDING)),
                class_name=_GRID,
            ),
        ),
        group(
            Kind.JOB,
            gettext("Jobs"),
            SavedState.jobs,
            rx.el.div(
                rx.foreach(SavedState.jobs, lambda job: job_card(job, save_kind=Kind.JOB, heading=h3)),
                class_name="grid gap-4 lg:grid-cols-2",
            ),
        ),
        group(
            Kind.HOTEL,
            gettext("Rooms"),
            SavedState.hotels,
            rx.el.div(
                rx.foreach(SavedState.hotels, lambda hotel: hotel_card(hotel, save_kind=Kind.HOTEL, heading=h3)),
                class_name=_GRID,
            ),
        ),
    )


def sign_in_prompt() -> rx.Component:
    """Signed out: what saving needs, and the way to it; files kept on this device follow."""
    return rx.el.div(
        rx.el.p(Text.SAVED_SIGN_IN, class_name="text-slate-700"),
        rx.el.button(Text.SIGN_IN, on_click=SavedState.sign_in, type="button", class_name=f"{PRIMARY} self-start"),
        data_testid="saved-sign-in",
        class_name="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4",
    )


@site_page(
    route=SAVED_PATH,
    title=Text.SAVED_TITLE,
    description=N_("Recordings, papers, notes, jobs and rooms you saved."),
    on_load=[SavedState.load, FavouritesState.load],
)
def saved() -> rx.Component:
    return rx.el.div(
        page_heading(Text.SAVED_TITLE, Text.SAVED_INTRO),
        rx.cond(
            AuthState.is_authenticated,
            rx.match(
                SavedState.phase,
                (Phase.FAILED, error_message(Text.SAVED_LOAD_FAILED)),
                (Phase.READY, rx.cond(SavedState.is_empty, empty_message(Text.NOTHING_SAVED), saved_groups())),
                loading_message(Text.LOADING_SAVED),
            ),
            rx.cond(SavedState.phase == Phase.SIGNED_OUT, sign_in_prompt(), loading_message(Text.LOADING_SAVED)),
        ),
        kept_files(),
        preview_dialog(),
        class_name="flex flex-col gap-8",
    )
