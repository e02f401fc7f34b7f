"""Notices (/notices, issue 53): what changed in what the signed-in student follows, newest
first, each linking to the thing; opening the page marks them seen."""

from __future__ import annotations

import reflex as rx

from student_portal import routes
from student_portal.components.feedback import error_message, loading_message
from student_portal.components.layout import site_page
from student_portal.components.links import internal_link
from student_portal.i18n import N_, gettext
from student_portal.i18n.texts import Text
from student_portal.state.notices import NoticeRow, NoticesState
from student_portal.state.signed_in import Phase

TITLE = N_("Notices")


def notice_row(row: NoticeRow) -> rx.Component:
    return rx.el.li(
        internal_link(
            rx.el.span(row.headline, class_name="font-semibold text-blue-800 underline break-words"),
            href=row.href,
            class_name="block",
        ),
        rx.cond(row.detail != "", rx.el.p(row.detail, class_name="break-words text-slate-800"), rx.fragment()),
        rx.el.p(
            rx.cond(
                row.unseen, rx.el.span(gettext("New"), class_name="mr-2 font-semibold text-red-800"), rx.fragment()
            ),
            row.when,
            class_name="text-sm text-slate-600",
        ),
        data_testid="notice",
        class_name=rx.cond(
            row.unseen,
            "flex flex-col gap-1 rounded-lg border border-blue-300 bg-blue-50 p-4",
            "flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4",
        ),
    )


@site_page(
    route=routes.NOTICES,
    title=TITLE,
    description=N_("What changed in the classes, folders and jobs you follow."),
    on_load=NoticesState.load,
)
def notices() -> rx.Component:
    return rx.el.div(
        rx.el.h1(gettext(TITLE), class_name="text-2xl font-bold text-slate-900"),
        rx.match(
            NoticesState.phase,
            (
                Phase.READY,
                rx.cond(
                    NoticesState.rows,
                    rx.el.ul(rx.foreach(NoticesState.rows, notice_row), class_name="flex flex-col gap-3"),
                    rx.el.div(
                        rx.el.p(
                            gettext("Nothing new. Follow a teacher, a folder or jobs to be told when they change."),
                            class_name="text-slate-700",
                        ),
                        internal_link(gettext("What you follow"), href=routes.ACCOUNT, class_name="underline"),
                        data_testid="notices-empty",
                        class_name="flex flex-col gap-2",
                    ),
                ),
            ),
            (Phase.FAILED, error_message(Text.BACKEND_UNAVAILABLE)),
            loading_message(Text.LOADING),
        ),
        class_name="mx-auto flex w-full max-w-2xl flex-col gap-6",
    )
