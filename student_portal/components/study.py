"""A student's history and progress (issue 52): the cards of what they watched and read (the home
page's Continue row and /my-study), and a subject's practice scores as a small inline SVG chart
with a table behind it for screen readers."""

from __future__ import annotations

import reflex as rx

from student_portal import routes
from student_portal.components.buttons import ICON, SECONDARY
from student_portal.components.icons import icon
from student_portal.components.links import internal_link
from student_portal.components.video import youtube_video
from student_portal.i18n import gettext
from student_portal.state.auth import AuthState
from student_portal.state.history import HistoryRow, HistoryState
from student_portal.state.my_study import CHART_VIEW_BOX, ScoreRow, SubjectRow
from student_portal.utils.history import VIDEO
from student_portal.utils.study import CHART_HEIGHT, CHART_PAD, CHART_WIDTH

_CARD = "flex min-w-0 flex-col rounded-lg border border-slate-200 bg-white shadow-sm"


def _progress_bar(percent: rx.Var[int]) -> rx.Component:
    """How much of a recording is watched (decorative: the words say where it stopped)."""
    return rx.el.div(
        rx.el.div(class_name="h-full bg-red-700", style={"width": percent.to(str) + "%"}),
        aria_hidden="true",
        class_name="h-1 w-full overflow-hidden bg-slate-200",
    )


def forget_button(row: HistoryRow, on_forget) -> rx.Component:
    return rx.el.button(
        icon("close", "size-5"),
        rx.el.span(gettext("Forget this"), ": ", row.title, class_name="sr-only"),
        type="button",
        title=gettext("Forget this"),
        on_click=on_forget(row.id),
        data_testid="forget",
        class_name=ICON,
    )


def video_entry(row: HistoryRow, *, on_forget=None) -> rx.Component:
    """A recording, opening at the second it stopped."""
    return rx.el.article(
        youtube_video(row.video_id, row.title, class_name="rounded-b-none", remember=True, start=row.start),
        _progress_bar(row.percent),
        rx.el.div(
            rx.el.div(
                rx.el.h3(row.title, class_name="line-clamp-2 font-semibold break-words text-slate-900"),
                rx.el.p(row.where, class_name="text-sm text-slate-600", data_testid="where"),
                class_name="flex min-w-0 flex-1 flex-col gap-1",
            ),
            forget_button(row, on_forget) if on_forget is not None else rx.fragment(),
            class_name="flex items-start gap-2 p-3",
        ),
        data_testid="history-video",
        data_start=row.start,
        class_name=_CARD,
    )


def document_entry(row: HistoryRow, *, on_forget=None) -> rx.Component:
    """A paper or note, opening in the viewer at its page."""
    return rx.el.article(
        rx.el.div(
            icon("file", "size-8 shrink-0 text-blue-800"),
            rx.el.div(
                rx.el.h3(
                    internal_link(row.title, href=row.href, class_name="text-blue-800 underline break-words"),
                    class_name="line-clamp-3 font-semibold",
                ),
                rx.el.p(row.where, class_name="text-sm text-slate-600", data_testid="where"),
                class_name="flex min-w-0 flex-1 flex-col gap-1",
            ),
            forget_button(row, on_forget) if on_forget is not None else rx.fragment(),
            class_name="flex items-start gap-3 p-3",
        ),
        data_testid="history-document",
        # Beside a recording in the Continue row: its own height, not the video card's.
        class_name=f"{_CARD} self-start",
    )


def history_entry(row: HistoryRow, *, on_forget=None) -> rx.Component:
    return rx.cond(row.kind == VIDEO, video_entry(row, on_forget=on_forget), document_entry(row, on_forget=on_forget))


CONTINUE_ID = "continue-heading"


def continue_row() -> rx.Component:
    """The home page's Continue row: a signed-in student's latest recordings and documents, asked
    for once the page knows the visitor is signed in. Signed out, or without history, nothing at
    all (not even the column's gap: `contents` makes no box), so nothing moves for them."""
    return rx.cond(
        AuthState.is_authenticated,
        rx.el.div(_continue_section(), on_mount=HistoryState.load_continue, class_name="contents"),
    )


def _continue_section() -> rx.Component:
    return rx.cond(
        HistoryState.continue_rows,
        rx.el.section(
            rx.el.div(
                rx.el.h2(
                    gettext("Continue where you left off"),
                    id=CONTINUE_ID,
                    class_name="text-xl font-bold text-slate-900 sm:text-2xl",
                ),
                internal_link(
                    gettext("My study"),
                    href=routes.MY_STUDY,
                    class_name="text-sm font-semibold text-blue-800 underline",
                ),
                class_name="flex flex-wrap items-baseline justify-between gap-2",
            ),
            rx.el.div(
                rx.foreach(HistoryState.continue_rows, history_entry),
                class_name="grid gap-4 sm:grid-cols-2 lg:grid-cols-3",
            ),
            aria_labelledby=CONTINUE_ID,
            data_testid="continue-row",
            class_name="flex flex-col gap-4",
        ),
    )


def _chart_point(score: ScoreRow) -> rx.Component:
    return rx.el.svg.circle(cx=score.x, cy=score.y, r="3.5", class_name="fill-blue-700")


def score_chart(subject: SubjectRow) -> rx.Component:
    """Scores over time (oldest on the left, 100 % at the top), drawn as inline SVG."""
    grid = [
        rx.el.svg.line(
            x1=str(CHART_PAD),
            x2=str(CHART_WIDTH - CHART_PAD),
            y1=str(y),
            y2=str(y),
            class_name="stroke-slate-200",
            stroke_width="1",
        )
        for y in (CHART_PAD, CHART_HEIGHT / 2, CHART_HEIGHT - CHART_PAD)
    ]
    return rx.el.svg(
        rx.el.svg.title(subject.chart_name),
        *grid,
        rx.el.svg.polyline(
            points=subject.points, fill="none", class_name="stroke-blue-700", stroke_width="2", stroke_linejoin="round"
        ),
        rx.foreach(subject.scores, _chart_point),
        view_box=CHART_VIEW_BOX,
        role="img",
        aria_label=subject.chart_name,
        preserve_aspect_ratio="none",
        data_testid="score-chart",
        class_name="h-28 w-full",
    )


def _score_row(score: ScoreRow) -> rx.Component:
    return rx.el.tr(rx.el.td(score.when), rx.el.td(score.paper), rx.el.td(score.score), rx.el.td(score.percent))


def score_table(subject: SubjectRow) -> rx.Component:
    """The chart's numbers, for screen readers (hidden by a wrapper: Chromium clips no table box, so
    an sr-only table's caption widened a phone's page)."""
    return rx.el.div(
        rx.el.table(
            rx.el.caption(subject.chart_name),
            rx.el.thead(
                rx.el.tr(
                    rx.el.th(gettext("Date"), scope="col"),
                    rx.el.th(gettext("Paper"), scope="col"),
                    rx.el.th(gettext("Score"), scope="col"),
                    rx.el.th(gettext("Percent"), scope="col"),
                )
            ),
            rx.el.tbody(rx.foreach(subject.scores, _score_row)),
        ),
        class_name="sr-only",
    )


def _untried(paper) -> rx.Component:
    return rx.el.li(internal_link(paper.title, href=paper.href, class_name="text-blue-800 underline break-words"))


def subject_progress(subject: SubjectRow) -> rx.Component:
    heading_id = "subject-" + subject.id.to(str)
    return rx.el.section(
        rx.el.h3(subject.name, id=heading_id, class_name="text-lg font-semibold text-slate-900"),
        rx.el.dl(
            rx.el.div(rx.el.dt(gettext("Best")), rx.el.dd(subject.best, class_name="font-semibold")),
            rx.el.div(rx.el.dt(gettext("Latest")), rx.el.dd(subject.latest, class_name="font-semibold")),
            rx.el.div(rx.el.dt(gettext("Attempts")), rx.el.dd(subject.count, class_name="font-semibold")),
            class_name="grid grid-cols-3 gap-2 text-sm text-slate-700",
        ),
        score_chart(subject),
        score_table(subject),
        rx.cond(
            subject.untried,
            rx.el.div(
                rx.el.h4(gettext("Not yet attempted"), class_name="text-sm font-semibold text-slate-800"),
                rx.el.ul(rx.foreach(subject.untried, _untried), class_name="list-disc pl-5 text-sm"),
                class_name="flex flex-col gap-1",
            ),
        ),
        aria_labelledby=heading_id,
        data_testid="subject-progress",
        class_name=f"{_CARD} gap-3 p-4",
    )


def more_button(label: str, on_click, shown: rx.Var[bool]) -> rx.Component:
    return rx.cond(shown, rx.el.button(label, type="button", on_click=on_click, class_name=f"{SECONDARY} self-start"))
