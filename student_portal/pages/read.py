"""A paper or note open in the viewer at a page (/read?c=...&id=...&page=...&q=...): where a
search hit found inside a PDF leads."""

import reflex as rx

from student_portal import routes
from student_portal.components.feedback import empty_message, error_message, loading_message
from student_portal.components.headings import page_heading
from student_portal.components.layout import site_page
from student_portal.components.links import internal_link
from student_portal.components.pdf_viewer import pdf_viewer
from student_portal.i18n import N_
from student_portal.i18n.texts import Text
from student_portal.state.read import ReadPhase, ReadState


def _viewer() -> rx.Component:
    return rx.el.div(
        rx.cond(
            ReadState.back_href != "",
            internal_link(
                Text.BACK, href=ReadState.back_href, class_name="text-sm font-medium text-blue-800 underline"
            ),
            rx.fragment(),
        ),
        rx.el.div(
            pdf_viewer(
                ReadState.url,
                ReadState.title,
                page=ReadState.page,
                highlight=ReadState.words,
                document=(ReadState.collection, ReadState.record),
            ),
            class_name="flex h-[80dvh] min-h-96 flex-col overflow-hidden rounded-lg border border-slate-200",
        ),
        class_name="flex flex-col gap-3",
    )


@site_page(
    route=routes.READ,
    title=Text.DOCUMENT,
    description=N_("A paper or note from Student Portal, open at the page a search found."),
    on_load=ReadState.load,
)
def read() -> rx.Component:
    return rx.el.div(
        page_heading(rx.cond(ReadState.title != "", ReadState.title, Text.DOCUMENT)),
        rx.match(
            ReadState.phase,
            (ReadPhase.LOADING, loading_message(Text.READ_LOADING)),
            (ReadPhase.NOT_FOUND, empty_message(Text.READ_NOT_FOUND)),
            (
                ReadPhase.SIGN_IN,
                rx.el.p(
                    internal_link(Text.READ_SIGN_IN, href=routes.LOGIN, class_name="text-blue-800 underline"),
                    data_testid="read-sign-in",
                ),
            ),
            (ReadPhase.NOT_ALLOWED, error_message(Text.READ_NOT_ALLOWED)),
            (ReadPhase.FAILED, error_message(Text.PDF_FAILED)),
            _viewer(),
        ),
        class_name="flex flex-col gap-4",
    )
