"""The header's search: a box with suggestions on wide screens, an icon opening /search on phones.

Both are plain HTML at heart: the box is a GET form to /search (it works before or without the
page's script); with the script, submitting opens the results page through the router, and
typing asks for suggestions once the visitor pauses (debounced: one event per pause, not per
key). The suggestion list shows while focus is inside the form (CSS only, no round trip).
"""

from __future__ import annotations

import reflex as rx

from student_portal.components.icons import icon
from student_portal.components.links import internal_link, localized_href
from student_portal.constants import Limit
from student_portal.i18n.texts import Text
from student_portal.state.search import SEARCH_PATH, SearchHit, SearchState, search_url

SUGGEST_DEBOUNCE_MS = 300
SEARCH_BOX_ID = "site-search"
_FIELD = (
    "w-full rounded-md border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 "
    "placeholder:text-slate-500 focus:border-blue-700 focus:outline-2 focus:outline-blue-700"
)


def search_field(
    *,
    value: rx.Var[str],
    on_change: rx.EventHandler,
    debounce_ms: int,
    field_id: str,
    label: str = "",
    placeholder: str = "",
    class_name: str = _FIELD,
    **props,
) -> rx.Component:
    """A labelled search input named `q` with a magnifier; its form submits to /search."""
    return rx.el.div(
        rx.el.label(label or Text.SEARCH_LABEL, html_for=field_id, class_name="sr-only"),
        rx.el.span(
            icon("search", "size-4"),
            class_name="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500",
        ),
        rx.debounce_input(
            rx.el.input(
                id=field_id,
                name="q",
                type="search",
                value=value,
                on_change=on_change,
                # Read here, not as the default: a default is read once, in English, at import.
                placeholder=placeholder or Text.SEARCH_PLACEHOLDER,
                max_length=Limit.SEARCH_QUERY_MAX,
                auto_complete="off",
                enter_key_hint="search",
                class_name=class_name,
                **props,
            ),
            debounce_timeout=debounce_ms,
        ),
        class_name="relative w-full",
    )


def _suggestion(hit: SearchHit) -> rx.Component:
    return rx.el.li(
        internal_link(
            rx.el.span(hit.title, class_name="block truncate font-medium text-slate-900"),
            rx.el.span(hit.kind, class_name="block truncate text-xs text-slate-600"),
            href=hit.href,
            class_name="block rounded px-3 py-2 hover:bg-blue-50 focus:bg-blue-50",
        )
    )


def search_box() -> rx.Component:
    """The wide-screen box in the header."""
    return rx.el.form(
        search_field(
            value=SearchState.query,
            on_change=SearchState.suggest,
            debounce_ms=SUGGEST_DEBOUNCE_MS,
            field_id=SEARCH_BOX_ID,
            placeholder=Text.SEARCH_PLACEHOLDER_SHORT,  # whole in the narrow box, in every language
        ),
        rx.cond(
            SearchState.suggestions & (SearchState.query != ""),
            rx.el.div(
                rx.el.ul(rx.foreach(SearchState.suggestions, _suggestion), class_name="grid"),
                internal_link(
                    Text.SEE_ALL_RESULTS,
                    href=SearchState.all_results_href,
                    class_name="block border-t border-slate-200 px-3 py-2 text-sm font-medium text-blue-800 "
                    "hover:bg-blue-50",
                ),
                data_testid="search-suggestions",
                class_name="absolute top-full right-0 z-40 mt-1 hidden w-80 rounded-lg border border-slate-200 "
                "bg-white p-1 shadow-lg group-focus-within:block",
            ),
            rx.fragment(),
        ),
        action=localized_href(SEARCH_PATH),
        method="get",
        role="search",
        on_submit=SearchState.submit,
        reset_on_submit=False,
        class_name="group relative hidden w-44 xl:block 2xl:w-60",
    )


def search_icon_link() -> rx.Component:
    """Phones and narrow screens: the icon opens the results page, whose box takes the focus."""
    return internal_link(
        icon("search", "size-6"),
        rx.el.span(Text.SEARCH, class_name="sr-only"),
        href=search_url(""),
        class_name="flex size-9 shrink-0 items-center justify-center rounded-md text-slate-700 "
        "hover:bg-slate-100 xl:hidden",
    )
