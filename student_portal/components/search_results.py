"""The results page's parts: its own box, the groups of hits, and its faces."""

from __future__ import annotations

import reflex as rx

from student_portal import routes
from student_portal.components.feedback import empty_message, error_message, loading_message
from student_portal.components.icons import icon
from student_portal.components.links import internal_link
from student_portal.components.search_box import search_field
from student_portal.i18n.texts import Text
from student_portal.state.search import Phase, SearchGroup, SearchHit, SearchPageState, SearchState, SnippetPart

PAGE_DEBOUNCE_MS = 400
PAGE_BOX_ID = "search-page-box"


def page_search_form() -> rx.Component:
    """A GET form: without script it reloads this page with ?q= (no `action`: it is this page, and
    a form with an action inside <main> is what the hostile-content checks look for); with
    script, results follow typing."""
    return rx.el.form(
        search_field(
            value=SearchPageState.query,
            on_change=SearchPageState.set_query,
            debounce_ms=PAGE_DEBOUNCE_MS,
            field_id=PAGE_BOX_ID,
            auto_focus=True,  # the header's icon opens this page to type here
            class_name="w-full rounded-lg border border-slate-300 bg-white py-3 pr-3 pl-9 text-base "
            "text-slate-900 placeholder:text-slate-500 focus:border-blue-700 focus:outline-2 focus:outline-blue-700",
        ),
        rx.el.button(
            Text.SEARCH,
            type="submit",
            class_name="rounded-lg bg-blue-700 px-4 py-3 font-medium text-white hover:bg-blue-800",
        ),
        method="get",
        role="search",
        on_submit=SearchState.submit,
        reset_on_submit=False,
        class_name="flex gap-2",
    )


def _snippet_part(part: SnippetPart) -> rx.Component:
    # Parts are text (React escapes them); a matched word is a <mark>, never markup from the PDF.
    return rx.cond(
        part.marked, rx.el.mark(part.text, class_name="rounded-sm bg-yellow-200 px-0.5 text-slate-900"), part.text
    )


def _hit(hit: SearchHit) -> rx.Component:
    return rx.el.li(
        internal_link(
            rx.el.span(hit.title, class_name="block font-medium text-blue-800 group-hover:underline"),
            rx.cond(hit.detail != "", rx.el.span(hit.detail, class_name="block text-sm text-slate-600"), rx.fragment()),
            rx.cond(
                hit.page != "",
                rx.el.span(
                    rx.el.span(hit.page, class_name="mr-1 font-semibold text-slate-800", data_testid="hit-page"),
                    rx.foreach(hit.snippet, _snippet_part),
                    class_name="mt-1 block text-sm break-words text-slate-700",
                    data_testid="hit-snippet",
                ),
                rx.fragment(),
            ),
            href=hit.href,
            class_name="group block rounded-md px-3 py-2 hover:bg-blue-50",
        ),
        rx.cond(
            hit.practice_href != "",
            internal_link(
                icon("pencil", "size-4"),
                rx.el.span(Text.PRACTISE),
                rx.el.span(" ", hit.title, class_name="sr-only"),
                href=hit.practice_href,
                data_testid="practise-link",
                class_name="mx-3 mb-2 inline-flex min-h-11 items-center gap-2 rounded-lg border border-blue-700 px-3 "
                "text-sm font-semibold text-blue-800 hover:bg-blue-50",
            ),
            rx.fragment(),
        ),
    )


def _group(group: SearchGroup) -> rx.Component:
    return rx.el.section(
        rx.el.h2(
            group.label,
            rx.el.span(" (", group.total, ")", class_name="font-normal text-slate-600"),
            class_name="px-3 text-lg font-semibold text-slate-900",
        ),
        rx.el.ul(rx.foreach(group.hits, _hit), class_name="grid gap-0.5"),
        rx.cond(
            group.more_href != "",
            internal_link(
                Text.SEE_ALL_RESULTS,
                href=group.more_href,
                class_name="px-3 text-sm font-medium text-blue-800 underline",
            ),
            rx.fragment(),
        ),
        data_testid="search-group",
        data_kind=group.kind,
        class_name="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white py-3",
    )


def sign_in_line() -> rx.Component:
    return rx.cond(
        SearchPageState.sign_in_for_notes,
        rx.el.p(
            internal_link(Text.SEARCH_SIGN_IN_FOR_NOTES, href=routes.LOGIN, class_name="text-blue-800 underline"),
            data_testid="search-sign-in",
            class_name="text-sm",
        ),
        rx.fragment(),
    )


def results() -> rx.Component:
    groups = rx.el.div(
        rx.cond(SearchPageState.partly_failed, error_message(Text.SEARCH_PARTLY_FAILED), rx.fragment()),
        rx.foreach(SearchPageState.groups, _group),
        class_name="flex flex-col gap-4",
    )
    return rx.match(
        SearchPageState.phase,
        (Phase.IDLE, rx.el.p(Text.SEARCH_HINT, class_name="py-4 text-slate-600")),
        (Phase.LOADING, loading_message(Text.SEARCHING)),
        (Phase.FAILED, error_message(Text.SEARCH_FAILED)),
        (Phase.EMPTY, empty_message(SearchPageState.no_results_text)),
        groups,
    )
