"""Uni Notes (/notes): sign-in and role notes or full (spec 2, 6, 8)."""

from __future__ import annotations

import reflex as rx

from student_portal import routes
from student_portal.accounts.texts import AccountText
from student_portal.components.account_forms import BUTTON, form_error
from student_portal.components.documents import document_list, preview_dialog
from student_portal.components.feedback import empty_message, error_message, loading_message
from student_portal.components.filters import search_box
from student_portal.components.layout import site_page
from student_portal.components.page_slides import page_slides
from student_portal.components.paging import list_count, show_more_button
from student_portal.components.search import no_match_detail
from student_portal.i18n import N_
from student_portal.i18n.texts import Text
from student_portal.state.access_request import AccessRequestState
from student_portal.state.auth import AuthState
from student_portal.state.favourites import FavouritesState, Kind
from student_portal.state.notes import NotesState
from student_portal.state.signed_in import Phase
from student_portal.utils.slots import Slot


def ask_for_access() -> rx.Component:
    """A basic account asks the content managers for Uni Notes (they grant it in the admin UI)."""
    return rx.el.div(
        rx.el.p(AccountText.ASK_FOR_ACCESS_DETAIL, class_name="text-slate-700"),
        rx.cond(
            AccessRequestState.sent != "",
            rx.el.p(
                AccessRequestState.sent,
                role="status",
                data_testid="access-requested",
                class_name="font-medium text-green-900",
            ),
            rx.el.button(
                rx.cond(AccessRequestState.busy, AccountText.SENDING, AccountText.ASK_FOR_ACCESS),
                type="button",
                on_click=AccessRequestState.ask,
                disabled=AccessRequestState.busy | ~AccessRequestState.checked,
                aria_busy=AccessRequestState.busy | ~AccessRequestState.checked,
                data_testid="ask-for-access",
                class_name=f"self-center {BUTTON}",
            ),
        ),
        form_error(AccessRequestState.error, "access-error"),
        class_name="flex flex-col items-center gap-3",
    )


def unauthorized() -> rx.Component:
    return rx.el.div(
        rx.el.p(Text.UNAUTHORIZED, role="alert", class_name="text-xl font-semibold text-red-800"),
        rx.el.p(Text.UNAUTHORIZED_DETAIL, class_name="text-slate-700"),
        ask_for_access(),
        data_testid="unauthorized",
        class_name="flex flex-col gap-2 rounded-lg border border-red-200 bg-red-50 p-6 text-center",
    )


def notes_list() -> rx.Component:
    return rx.el.div(
        search_box(
            Text.SEARCH_NOTES, control_id="notes-search", value=NotesState.query, on_change=NotesState.set_query
        ),
        list_count(NotesState),
        rx.cond(
            NotesState.page,
            document_list(
                NotesState.page, NotesState, heading=rx.el.h2, list_id=NotesState.LIST_ID, save_kind=Kind.NOTE
            ),
            empty_message(Text.NO_NOTES_FOUND, no_match_detail(NotesState.query)),
        ),
        show_more_button(NotesState),
        class_name="flex flex-col gap-4",
    )


@site_page(
    route=routes.NOTES,
    title=Text.UNI_NOTES,
    description=N_("University lecture notes shared by senior students: search, preview and download."),
    on_load=[NotesState.load, NotesState.load_slides, FavouritesState.load],
)
def notes() -> rx.Component:
    return rx.el.section(
        rx.el.h1(Text.UNI_NOTES, class_name="text-2xl font-bold text-slate-900"),
        rx.cond(
            NotesState.phase != Phase.UNAUTHORIZED,
            page_slides(Slot.NOTES_SLIDES, NotesState.slides, Text.UNI_NOTES, NotesState.slides_loading),
        ),
        rx.cond(
            # Signed out in another tab: the list goes at once (the session follows the store).
            AuthState.is_authenticated,
            rx.match(
                NotesState.phase,
                (Phase.UNAUTHORIZED, unauthorized()),
                (Phase.FAILED, error_message(Text.FAILED_TO_LOAD_NOTES)),
                (Phase.READY, notes_list()),
                loading_message(Text.LOADING_NOTES),
            ),
            loading_message(Text.LOADING_NOTES),
        ),
        preview_dialog(),
        class_name="flex flex-col gap-6",
    )
