"""The header's bell (issue 53): a link to /notices named "Notices", with the count of unseen
notices in its name and as a badge; signed-in visitors only."""

from __future__ import annotations

import reflex as rx

from student_portal import routes
from student_portal.components.icons import icon
from student_portal.components.links import internal_link
from student_portal.i18n import N_, gettext, gettext_with
from student_portal.state.auth import AuthState
from student_portal.state.notices import BellState

NOTICES = N_("Notices")


def bell() -> rx.Component:
    name = rx.cond(
        BellState.unseen > 0,
        gettext_with(N_("Notices, unseen: {count}"), count=BellState.unseen),
        gettext(NOTICES),
    )
    return rx.cond(
        AuthState.is_authenticated,
        internal_link(
            icon("bell", "size-5"),
            rx.el.span(name, class_name="sr-only"),
            rx.cond(
                BellState.unseen > 0,
                rx.el.span(
                    rx.cond(BellState.unseen > 99, "99+", BellState.unseen.to_string()),
                    aria_hidden="true",
                    data_testid="bell-count",
                    class_name="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center "
                    "text-xs leading-5 font-bold text-white",
                ),
                rx.fragment(),
            ),
            href=routes.NOTICES,
            title=name,
            on_mount=BellState.refresh,
            data_testid="bell",
            class_name="relative flex size-10 shrink-0 items-center justify-center rounded-md text-slate-700 "
            "hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700",
        ),
        rx.fragment(),
    )
