"""The 404 page under `make dev`'s default (site_pages.OPENED): for an address of a page not
compiled yet, it says the page is being compiled, and the page takes its place once it is."""

from __future__ import annotations

import reflex as rx

from student_portal.constants import Timing
from student_portal.state.dev_pages import COMPILING_TEST_ID, DevPagesState
from student_portal.utils.page_actions import page_action_handler


def compiling_note(not_found: rx.Component) -> rx.Component:
    return rx.cond(
        DevPagesState.not_a_page,
        not_found,
        rx.el.section(
            rx.el.p(
                "make dev: compiling ",
                rx.el.code(rx.cond(DevPagesState.compiling != "", DevPagesState.compiling, "this page")),
                " (only the pages opened in the browser are compiled; `make dev PAGES=all` for every page).",
                role="status",
                data_testid=COMPILING_TEST_ID,
            ),
            rx.el.p("It shows here in a few seconds."),
            # Loaded again while this shows: once compiled, the address shows the page.
            on_mount=page_action_handler("reloadAfter", Timing.DEV_COMPILING_RETRY_MS, COMPILING_TEST_ID),
            class_name="flex flex-col items-center gap-2 py-16 text-center text-slate-700",
        ),
    )
