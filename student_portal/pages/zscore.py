"""The Z-score estimator (/z-score): three subjects' expected marks in, their z and the Z-score
out, each in an <output> a screen reader announces."""

import reflex as rx

from student_portal import routes
from student_portal.components.exam_tools import estimate_notice, sample_notice
from student_portal.components.feedback import empty_message, list_faces, loading_message
from student_portal.components.filters import filter_bar, select_filter
from student_portal.components.headings import page_heading
from student_portal.components.layout import site_page
from student_portal.components.links import internal_link
from student_portal.exams.zscore import SUBJECTS
from student_portal.i18n import N_, gettext
from student_portal.i18n.texts import Text
from student_portal.state.zscore import SubjectRow, ZScoreState

TITLE = N_("Z-score estimator")
ESTIMATE = N_(
    "This is an estimate: it uses the figures of the year you choose. The official Z-scores "
    "for your exam are known only after its results, from that year's figures."
)
_CONTROL = (
    "h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 "
    "focus:border-blue-700 focus:outline-2 focus:outline-blue-700"
)
_LINK = "inline-flex min-h-11 items-center font-medium text-blue-800 underline"


def _subject(index: int) -> rx.Component:
    number = index + 1
    row: SubjectRow = ZScoreState.rows[index]
    subject_id, mark_id = f"subject-{number}", f"mark-{number}"
    return rx.el.fieldset(
        rx.el.legend(gettext("Subject {number}").format(number=number), class_name="px-1 font-semibold text-slate-900"),
        rx.el.div(
            rx.el.div(
                rx.el.label(gettext("Subject"), html_for=subject_id, class_name="text-sm font-medium text-slate-700"),
                rx.el.select(
                    rx.el.option(gettext("Choose a subject"), value=""),
                    rx.foreach(
                        ZScoreState.subject_options, lambda option: rx.el.option(option.label, value=option.value)
                    ),
                    id=subject_id,
                    value=ZScoreState.subjects[index],
                    on_change=lambda value: ZScoreState.set_subject(index, value),
                    class_name=_CONTROL,
                ),
                class_name="flex min-w-0 flex-col gap-1 sm:flex-1",
            ),
            rx.el.div(
                rx.el.label(
                    gettext("Expected mark (0-100)"), html_for=mark_id, class_name="text-sm font-medium text-slate-700"
                ),
                rx.debounce_input(
                    rx.el.input(
                        id=mark_id,
                        type="text",
                        input_mode="decimal",
                        auto_complete="off",
                        value=ZScoreState.marks[index],
                        on_change=lambda value: ZScoreState.set_mark(index, value),
                        aria_describedby=f"result-{number}",
                        class_name=_CONTROL,
                    ),
                    debounce_timeout=300,
                ),
                class_name="flex min-w-0 flex-col gap-1 sm:w-44",
            ),
            class_name="flex flex-col gap-3 sm:flex-row",
        ),
        rx.el.div(
            rx.cond(row.figures != "", rx.el.p(row.figures, class_name="text-sm text-slate-600"), rx.fragment()),
            rx.el.p(
                rx.el.span("z = ", aria_hidden="true", class_name="text-slate-600"),
                rx.el.output(
                    row.z,
                    id=f"z-{number}",
                    aria_label=rx.cond(
                        row.subject != "", row.subject, gettext("Subject {number}").format(number=number)
                    ),
                    data_testid="subject-z",
                    class_name="font-mono text-lg font-semibold text-slate-900",
                ),
                class_name=rx.cond(row.z != "", "", "hidden"),
            ),
            rx.cond(
                row.message != "",
                rx.el.p(
                    row.message,
                    role="alert",
                    data_testid="subject-problem",
                    class_name="text-sm font-medium text-red-800",
                ),
                rx.fragment(),
            ),
            id=f"result-{number}",
            class_name="flex flex-col gap-1",
        ),
        data_testid="subject-fieldset",
        class_name="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4",
    )


def _total() -> rx.Component:
    return rx.el.section(
        rx.el.h2(
            gettext("Your estimated Z-score"), id="z-score-heading", class_name="text-lg font-bold text-slate-900"
        ),
        rx.el.p(
            rx.el.output(
                ZScoreState.z,
                id="z-score",
                aria_label=gettext("Z-score"),
                data_testid="z-score",
                class_name="font-mono text-3xl font-bold text-blue-900",
            ),
            class_name=rx.cond(ZScoreState.z != "", "", "hidden"),
        ),
        rx.cond(ZScoreState.message != "", rx.el.p(ZScoreState.message, class_name="text-slate-700"), rx.fragment()),
        rx.cond(
            ZScoreState.cut_offs_href != "",
            internal_link(
                gettext("See the courses this Z-score would have reached"),
                href=ZScoreState.cut_offs_href,
                data_testid="to-cut-offs",
                class_name=_LINK,
            ),
            internal_link(gettext("University cut-offs"), href=routes.CUT_OFFS, class_name=_LINK),
        ),
        aria_labelledby="z-score-heading",
        class_name="flex flex-col gap-2 rounded-lg border border-blue-200 bg-blue-50 p-4",
    )


def _form() -> rx.Component:
    return rx.el.div(
        filter_bar(
            select_filter(
                gettext("Stream"),
                control_id="stream",
                value=ZScoreState.stream,
                on_change=ZScoreState.set_stream,
                options=ZScoreState.streams,
            ),
            select_filter(
                gettext("Year of the figures"),
                control_id="figures-year",
                value=ZScoreState.year,
                on_change=ZScoreState.set_year,
                options=ZScoreState.years,
            ),
        ),
        *[_subject(index) for index in range(SUBJECTS)],
        _total(),
        class_name="flex flex-col gap-4",
    )


@site_page(
    route=routes.Z_SCORE,
    title=TITLE,
    description=N_("Estimate your A/L Z-score from your expected marks and the published figures."),
    on_load=ZScoreState.load,
)
def z_score() -> rx.Component:
    return rx.el.div(
        page_heading(
            gettext(TITLE),
            gettext("Enter the marks you expect in your three subjects to estimate your Z-score."),
        ),
        estimate_notice(gettext(ESTIMATE)),
        sample_notice(ZScoreState.sample),
        list_faces(
            loading=ZScoreState.loading,
            loading_face=loading_message(Text.LOADING),
            failed=ZScoreState.failed,
            error_text=Text.EXAM_FIGURES_FAILED,
            items=ZScoreState.streams,
            content=_form(),
            empty=empty_message(gettext("No exam figures are published yet.")),
        ),
        class_name="flex max-w-3xl flex-col gap-6",
    )
