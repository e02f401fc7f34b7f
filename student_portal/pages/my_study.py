"""My study (/my-study, issue 52): continue watching, recently read, practice per subject; the
student's own data to forget, clear or download."""

from __future__ import annotations

import reflex as rx

from student_portal import routes
from student_portal.components.buttons import PRIMARY, SECONDARY
from student_portal.components.feedback import empty_message, error_message, loading_message
from student_portal.components.headings import page_heading
from student_portal.components.layout import site_page
from student_portal.components.links import internal_link
from student_portal.components.study import document_entry, more_button, subject_progress, video_entry
from student_portal.i18n import N_, gettext
from student_portal.i18n.texts import Text
from student_portal.state.my_study import MyStudyState
from student_portal.state.signed_in import Phase
from student_portal.utils.history import DOCUMENT, VIDEO

_GRID = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
TITLE = N_("My study")


def _section(section_id: str, title: str, *content: rx.Component) -> rx.Component:
    return rx.el.section(
        rx.el.h2(title, id=section_id, class_name="text-xl font-bold text-slate-900"),
        *content,
        aria_labelledby=section_id,
        data_testid=section_id,
        class_name="flex flex-col gap-4",
    )


def _empty_section(text: str, link_text: str, href: str) -> rx.Component:
    return rx.el.p(
        text,
        " ",
        internal_link(link_text, href=href, class_name="text-blue-800 underline"),
        class_name="text-slate-600",
    )


def _lists() -> rx.Component:
    return rx.fragment(
        _section(
            "continue-watching",
            gettext("Continue watching"),
            rx.cond(
                MyStudyState.videos,
                rx.el.div(
                    rx.foreach(MyStudyState.videos, lambda row: video_entry(row, on_forget=MyStudyState.forget)),
                    class_name=_GRID,
                ),
                _empty_section(gettext("No recordings yet."), gettext("Find recordings"), routes.YOUTUBE),
            ),
            more_button(Text.SHOW_MORE_ROWS, MyStudyState.show_more(VIDEO), MyStudyState.more_videos),
        ),
        _section(
            "recently-read",
            gettext("Recently read"),
            rx.cond(
                MyStudyState.documents,
                rx.el.div(
                    rx.foreach(MyStudyState.documents, lambda row: document_entry(row, on_forget=MyStudyState.forget)),
                    class_name=_GRID,
                ),
                _empty_section(gettext("No papers or notes yet."), gettext("Find past papers"), routes.AL_FOLDERS),
            ),
            more_button(Text.SHOW_MORE_ROWS, MyStudyState.show_more(DOCUMENT), MyStudyState.more_documents),
        ),
        _section(
            "practice-progress",
            gettext("Practice"),
            rx.cond(
                MyStudyState.practice_failed,
                error_message(gettext("Could not load your practice scores. Please try again later.")),
                rx.cond(
                    MyStudyState.practice,
                    rx.el.div(rx.foreach(MyStudyState.practice, subject_progress), class_name=_GRID),
                    _empty_section(
                        gettext("No practice yet: papers with an answer key have a Practise button."),
                        gettext("Find past papers"),
                        routes.AL_FOLDERS,
                    ),
                ),
            ),
        ),
    )


def _your_data() -> rx.Component:
    """Download, clear: the student's own data."""
    return _section(
        "your-data",
        gettext("Your data"),
        rx.el.p(
            gettext(
                "Only you can see your history. Clearing it deletes it from the site; your practice scores and "
                "saved items stay."
            ),
            class_name="text-slate-600",
        ),
        rx.el.div(
            rx.el.button(
                gettext("Download my data"),
                type="button",
                on_click=MyStudyState.download,
                disabled=MyStudyState.busy,
                class_name=SECONDARY,
            ),
            rx.cond(
                MyStudyState.confirming_clear,
                rx.fragment(
                    rx.el.button(
                        gettext("Yes, clear my history"),
                        type="button",
                        on_click=MyStudyState.clear,
                        disabled=MyStudyState.busy,
                        class_name="inline-flex min-h-11 items-center rounded-lg bg-red-700 px-3 py-2 text-sm "
                        "font-semibold text-white hover:bg-red-800 focus-visible:outline-4 "
                        "focus-visible:outline-offset-2 focus-visible:outline-blue-900",
                    ),
                    rx.el.button(
                        Text.CANCEL, type="button", on_click=MyStudyState.ask_clear(False), class_name=SECONDARY
                    ),
                ),
                rx.el.button(
                    gettext("Clear my history"),
                    type="button",
                    on_click=MyStudyState.ask_clear(True),
                    class_name=SECONDARY,
                ),
            ),
            class_name="flex flex-wrap gap-2",
        ),
        rx.el.p(MyStudyState.note, role="status", data_testid="my-study-note", class_name="text-sm text-slate-700"),
    )


def _sign_in() -> rx.Component:
    return rx.el.div(
        rx.el.p(
            Text.MY_STUDY_SIGN_IN,
            class_name="text-slate-700",
        ),
        rx.el.button(Text.SIGN_IN, on_click=MyStudyState.sign_in, type="button", class_name=f"{PRIMARY} self-start"),
        data_testid="my-study-sign-in",
        class_name="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4",
    )


@site_page(
    route=routes.MY_STUDY,
    title=TITLE,
    description=N_("Continue where you left off, and see your practice scores."),
    on_load=MyStudyState.load,
)
def my_study() -> rx.Component:
    return rx.el.div(
        page_heading(gettext(TITLE), gettext("Continue where you left off, and see how your practice is going.")),
        rx.match(
            MyStudyState.phase,
            (Phase.SIGNED_OUT, _sign_in()),
            (Phase.FAILED, error_message(Text.MY_STUDY_FAILED)),
            (
                Phase.READY,
                rx.fragment(
                    rx.cond(
                        MyStudyState.is_empty,
                        empty_message(Text.MY_STUDY_EMPTY),
                    ),
                    _lists(),
                    _your_data(),
                ),
            ),
            loading_message(Text.MY_STUDY_LOADING),
        ),
        class_name="flex flex-col gap-8",
    )
