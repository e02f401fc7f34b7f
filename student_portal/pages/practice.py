"""Practising a keyed MCQ paper (/practice?c=...&id=...): the paper in the viewer beside its
answer sheet (on a phone, one tap between them), marked on the server on Submit."""

import reflex as rx

from student_portal import routes
from student_portal.components.answer_sheet import answer_sheet, earlier_attempts, marks
from student_portal.components.feedback import empty_message, error_message, loading_message
from student_portal.components.headings import page_heading
from student_portal.components.layout import site_page
from student_portal.components.links import internal_link
from student_portal.components.pdf_viewer import pdf_viewer
from student_portal.i18n import N_, gettext
from student_portal.i18n.texts import Text
from student_portal.state.practice import PracticePhase, PracticeState

TITLE = N_("Practise a paper")


def _switch() -> rx.Component:
    """Sheet / paper (/ marking scheme): on a phone one of them fills the screen."""

    def choice(label: str, what: str, pressed: rx.Var[bool]) -> rx.Component:
        # the row wraps (flex-wrap below): three long names (Tamil's "marking scheme") never widen a phone's page
        base = "min-h-11 grow rounded-md px-3 py-1 font-semibold"
        return rx.el.button(
            label,
            type="button",
            aria_pressed=rx.cond(pressed, "true", "false"),
            on_click=PracticeState.show(what),
            data_testid=f"practice-show-{what}",
            class_name=rx.cond(pressed, f"{base} bg-blue-700 text-white", f"{base} text-slate-700 hover:bg-white"),
        )

    on_scheme = PracticeState.show_paper & (PracticeState.viewer_url == PracticeState.scheme_url)
    return rx.el.div(
        choice(
            rx.cond(PracticeState.phase == PracticePhase.MARKED, gettext("Marks"), gettext("Answer sheet")),
            "sheet",
            ~PracticeState.show_paper,
        ),
        choice(gettext("Paper"), "paper", PracticeState.show_paper & ~on_scheme),
        rx.cond(
            (PracticeState.phase == PracticePhase.MARKED) & (PracticeState.scheme_url != ""),
            choice(Text.MARKING_SCHEME, "scheme", on_scheme),
        ),
        role="group",
        class_name="flex flex-wrap gap-1 rounded-lg bg-slate-200 p-1 lg:hidden",
    )


def _workspace() -> rx.Component:
    return rx.el.div(
        _switch(),
        rx.el.div(
            rx.el.div(
                # The paper (not its marking scheme) opens at the student's page and keeps it.
                rx.cond(
                    PracticeState.viewer_url == PracticeState.paper_url,
                    pdf_viewer(
                        PracticeState.viewer_url,
                        PracticeState.title,
                        page=PracticeState.paper_page,
                        document=(PracticeState.paper_collection, PracticeState.paper_record),
                    ),
                    pdf_viewer(PracticeState.viewer_url, PracticeState.title),
                ),
                class_name="flex h-[80dvh] min-h-96 flex-col overflow-hidden rounded-lg border border-slate-200 "
                "lg:h-[calc(100dvh-6rem)]",
            ),
            # beside the sheet on a wide screen, kept in view under the site's header (h-16)
            class_name=rx.cond(
                PracticeState.show_paper, "block lg:sticky lg:top-20", "hidden lg:sticky lg:top-20 lg:block"
            ),
            data_testid="practice-paper",
        ),
        rx.el.div(
            rx.el.p(PracticeState.about, class_name="text-sm text-slate-700"),
            rx.cond(PracticeState.phase == PracticePhase.MARKED, marks(), answer_sheet()),
            earlier_attempts(),
            rx.cond(
                PracticeState.back_href != "",
                internal_link(Text.BACK, href=PracticeState.back_href, class_name="text-sm text-blue-800 underline"),
            ),
            class_name=rx.cond(PracticeState.show_paper, "hidden lg:flex lg:flex-col lg:gap-4", "flex flex-col gap-4"),
        ),
        # minmax(0, 1fr): a long word (a Tamil button, a pasted explanation) wraps, never widens the page
        class_name="grid grid-cols-[minmax(0,1fr)] items-start gap-4 lg:grid-cols-2",
    )


@site_page(
    route=routes.PRACTICE,
    title=TITLE,
    description=N_("Practise a past paper on an answer sheet and get it marked at once."),
    on_load=PracticeState.load,
)
def practice() -> rx.Component:
    return rx.el.div(
        page_heading(rx.cond(PracticeState.title != "", PracticeState.title, gettext(TITLE))),
        rx.match(
            PracticeState.phase,
            (PracticePhase.LOADING, loading_message(gettext("Opening the answer sheet..."))),
            (PracticePhase.NOT_FOUND, empty_message(Text.READ_NOT_FOUND)),
            (PracticePhase.NO_KEY, empty_message(Text.PRACTICE_NO_KEY)),
            (
                PracticePhase.FAILED,
                error_message(Text.PRACTICE_FAILED),
            ),
            _workspace(),
        ),
        class_name="flex flex-col gap-4",
    )
