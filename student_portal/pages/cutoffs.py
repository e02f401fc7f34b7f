"""The university cut-offs (/cut-offs): one district's courses as a table, those within the
visitor's estimated Z-score marked (in words, not by colour alone)."""

import reflex as rx

from student_portal import routes
from student_portal.components.exam_tools import estimate_notice, sample_notice
from student_portal.components.feedback import empty_message, fetched_faces, loading_message
from student_portal.components.filters import filter_bar, search_box, select_filter
from student_portal.components.headings import page_heading
from student_portal.components.icons import icon
from student_portal.components.layout import site_page
from student_portal.components.links import internal_link
from student_portal.exams.figures import DISTRICTS
from student_portal.i18n import N_, gettext, gettext_with, pgettext
from student_portal.i18n.texts import Text
from student_portal.state.cutoffs import CutOffRow, CutOffsState

TITLE = N_("University cut-offs")
_CONTROL = (
    "h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 "
    "focus:border-blue-700 focus:outline-2 focus:outline-blue-700"
)
_CELL = "px-2 py-2 align-top sm:px-3"
_NUMBER = f"{_CELL} text-right font-mono tabular-nums whitespace-nowrap"


def _row(row: CutOffRow) -> rx.Component:
    return rx.el.tr(
        rx.el.th(
            rx.el.span(row.course, class_name="block font-semibold text-slate-900"),
            rx.el.span(row.university, class_name="block text-sm font-normal text-slate-600"),
            rx.cond(
                row.reached,
                rx.el.span(
                    icon("check", "size-4"),
                    gettext("Within your Z-score"),
                    data_testid="reached",
                    class_name=(
                        "mt-1 inline-flex items-center gap-1 rounded border border-green-700 px-2 py-0.5 text-sm "
                        "font-medium text-green-900"
                    ),
                ),
                rx.fragment(),
            ),
            scope="row",
            class_name=f"{_CELL} min-w-0 text-left break-words",
        ),
        rx.el.td(rx.cond(row.latest != "", row.latest, "–"), class_name=_NUMBER),
        rx.el.td(rx.cond(row.before != "", row.before, "–"), class_name=_NUMBER),
        data_testid="cut-off-row",
        class_name=rx.cond(row.reached, "border-t border-slate-200 bg-green-100", "border-t border-slate-200"),
    )


def _table() -> rx.Component:
    return rx.el.table(
        rx.el.caption(
            gettext_with(N_("Cut-off Z-scores in {district}"), district=CutOffsState.district_name),
            class_name="pb-2 text-left font-semibold text-slate-900",
        ),
        rx.el.thead(
            rx.el.tr(
                rx.el.th(gettext("Course and university"), scope="col", class_name=f"{_CELL} text-left"),
                rx.el.th(CutOffsState.latest_year, scope="col", class_name=f"{_CELL} text-right"),
                rx.el.th(CutOffsState.before_year, scope="col", class_name=f"{_CELL} text-right"),
                class_name="text-sm text-slate-700",
            ),
        ),
        rx.el.tbody(rx.foreach(CutOffsState.rows, _row)),
        data_testid="cut-offs-table",
        # The course column takes what the two figures leave (they fit "-1.2345" at 360 px).
        class_name=(
            "w-full table-fixed border-collapse [&_thead_th:not(:first-child)]:w-20 "
            "sm:[&_thead_th:not(:first-child)]:w-28"
        ),
    )


def _controls() -> rx.Component:
    return filter_bar(
        select_filter(
            gettext("District"),
            control_id="district",
            value=CutOffsState.district,
            on_change=CutOffsState.set_district,
            all_label=gettext("Choose your district"),
            fixed=[(district, pgettext("district", district)) for district in DISTRICTS],
        ),
        search_box(
            gettext("Course or university"),
            control_id="course-search",
            value=CutOffsState.query,
            on_change=CutOffsState.set_query,
            placeholder=gettext("e.g. Medicine"),
        ),
        rx.el.div(
            rx.el.label(
                gettext("Your estimated Z-score"), html_for="z", class_name="text-sm font-medium text-slate-700"
            ),
            rx.debounce_input(
                rx.el.input(
                    id="z",
                    type="text",
                    input_mode="decimal",
                    auto_complete="off",
                    value=CutOffsState.z_text,
                    on_change=CutOffsState.set_z,
                    placeholder="1.625",
                    aria_describedby="z-help",
                    class_name=_CONTROL,
                ),
                debounce_timeout=300,
            ),
            class_name="flex min-w-0 flex-col gap-1 sm:w-48",
        ),
    )


def _results() -> rx.Component:
    return rx.cond(
        CutOffsState.district == "",
        empty_message(gettext("Choose your district to see its courses and cut-offs.")),
        rx.cond(
            CutOffsState.rows,
            rx.el.div(_table(), class_name="min-w-0"),
            empty_message(gettext("No courses with cut-offs match in this district.")),
        ),
    )


@site_page(
    route=routes.CUT_OFFS,
    title=TITLE,
    description=N_("University admission cut-off Z-scores by district, for the latest year and the year before."),
    on_load=CutOffsState.load,
)
def cut_offs() -> rx.Component:
    return rx.el.div(
        page_heading(
            gettext(TITLE),
            gettext(
                "The lowest Z-score each course admitted in your district, as the University Grants Commission "
                "published it, for the latest year and the year before."
            ),
        ),
        _controls(),
        rx.el.div(
            rx.cond(
                CutOffsState.z_message != "",
                rx.el.p(CutOffsState.z_message, role="alert", class_name="text-sm font-medium text-red-800"),
                rx.el.p(CutOffsState.z_note, class_name="text-sm text-slate-700"),
            ),
            id="z-help",
        ),
        estimate_notice(
            gettext(
                "Cut-offs change every year: a course your Z-score would have reached last year is a guide, "
                "not a promise."
            )
        ),
        sample_notice(CutOffsState.sample),
        fetched_faces(
            loading=CutOffsState.loading,
            loading_face=loading_message(Text.LOADING),
            failed=CutOffsState.failed,
            error_text=Text.CUT_OFFS_FAILED,
            loaded=_results(),
        ),
        internal_link(
            gettext("Estimate your Z-score"),
            href=routes.Z_SCORE,
            class_name="inline-flex min-h-11 items-center self-start font-medium text-blue-800 underline",
        ),
        class_name="flex max-w-4xl flex-col gap-6",
    )
