"""Site search results (/search?q=...): one box, hits grouped by kind, each linking where it lives."""

import reflex as rx

from student_portal.components.headings import page_heading
from student_portal.components.layout import site_page
from student_portal.components.search_results import page_search_form, results, sign_in_line
from student_portal.i18n import N_
from student_portal.i18n.texts import Text
from student_portal.state.search import SEARCH_PATH, SearchPageState


@site_page(
    route=SEARCH_PATH,
    title=Text.SEARCH,
    description=N_(
        "Search Kuppi recordings, O/L and A/L papers and notes, tuition teachers, jobs, rooms, "
        "news, articles and the shop."
    ),
    on_load=SearchPageState.load,
)
def search() -> rx.Component:
    return rx.el.div(
        page_heading(Text.SEARCH),
        page_search_form(),
        sign_in_line(),
        results(),
        class_name="flex flex-col gap-6",
    )
