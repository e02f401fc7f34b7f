"""`make dev`'s pages compiled when opened (site_pages.OPENED): the 404 page's load notes the page
at its address, and the backend reloads to compile it. Development only: the app adds this load
to the 404 page only when DEV_PAGES=opened."""

from __future__ import annotations

import reflex as rx

from student_portal.constants import Timing
from student_portal.site_pages import compiled_here, note_opened
from student_portal.utils.page_actions import run_page_action

COMPILING_TEST_ID = "dev-compiling"


class DevPagesState(rx.State):
    # Until the load below answers, the 404 page says a page is being compiled, and loads its
    # address again (components/dev_pages.py): a load sent to the backend as it reloads is lost,
    # and nothing sends it again. True: no page is declared at this address (a real 404).
    not_a_page: bool = False
    # The page being compiled for this address, once the load has answered.
    compiling: str = ""

    @rx.event
    def note_this_page(self):
        url = self.router.url
        if compiled_here(url.path):
            # Compiled by this (reloaded) worker, but the tab's router missed Vite's update of
            # its routes (it was still loading): the address loaded again shows the page.
            return run_page_action("reloadAfter", Timing.DEV_COMPILING_RETRY_MS)
        self.compiling = note_opened(url.path)
        self.not_a_page = not self.compiling
        return None
