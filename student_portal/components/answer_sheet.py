"""A practice sheet (assets/answer_sheet.js keeps its answers and runs its clock), its marks and a
paper's earlier attempts.

Every question is a radio group named "Question N" whose options are named 1 to K: rows of
44 px round targets, one thumb's reach on a 360 px phone. The radios are the browser's own
(no event per tap); the sheet goes to the server once, on Submit or at the end of the time.
"""

from __future__ import annotations

import reflex as rx

from student_portal.components.buttons import PRIMARY, SECONDARY
from student_portal.components.headings import section_heading
from student_portal.components.icons import icon
from student_portal.i18n import N_, gettext, gettext_with
from student_portal.i18n.texts import Text
from student_portal.state.practice import MARKS_ID, AttemptRow, Kept, PracticeState, ResultRow
from student_portal.utils.answer_keys import BLANK, RIGHT


def _handed_in(answers: rx.Var[dict]) -> tuple[rx.Var[dict]]:
    return (answers,)


class AnswerSheet(rx.Component):
    """The sheet's <form> (assets/answer_sheet.js)."""

    library = rx.asset("answer_sheet.js").importable_path
    tag = "AnswerSheet"

    store_key: rx.Var[str]
    sheet_id: rx.Var[str]
    seconds_left: rx.Var[int]
    time_left_label: rx.Var[str]
    timer_class_name: rx.Var[str]
    on_sheet: rx.EventHandler[_handed_in]


def _option(question: rx.Var[int], option: rx.Var[int]) -> rx.Component:
    return rx.el.label(
        # The radio itself covers its round target (unseen): taps and clicks land on it.
        rx.el.input(
            type="radio",
            name=f"q{question}",
            value=option,
            class_name="peer absolute inset-0 z-10 m-0 size-full cursor-pointer opacity-0",
        ),
        rx.el.span(
            option,  # the option's accessible name too
            class_name="flex size-11 items-center justify-center rounded-full border-2 border-slate-300 bg-white "
            "font-semibold text-slate-800 peer-checked:border-blue-700 peer-checked:bg-blue-700 "
            "peer-checked:text-white peer-focus-visible:outline-4 peer-focus-visible:outline-offset-2 "
            "peer-focus-visible:outline-blue-900",
        ),
        class_name="relative cursor-pointer",
    )


def _question(question: rx.Var[int]) -> rx.Component:
    # 268 px wide: at 360 px the fifth option ends left of the floating chat link (right-4, 56 px),
    # which otherwise covered it on the row beneath it.
    return rx.el.div(
        rx.el.span(question, aria_hidden="true", class_name="w-6 shrink-0 text-right font-semibold tabular-nums"),
        rx.el.div(
            rx.foreach(PracticeState.options, lambda option: _option(question, option)),
            class_name="flex flex-wrap gap-1",
        ),
        role="radiogroup",
        aria_label=gettext_with(N_("Question {number}"), number=question),
        class_name="flex min-w-0 items-center gap-2 border-b border-slate-100 py-1.5",
        data_testid="practice-question",
    )


def answer_sheet() -> rx.Component:
    return AnswerSheet.create(
        rx.el.p(
            gettext(
                "Choose one answer for each question. Tap a chosen answer again to leave the question blank. "
                "Your answers stay on this device until you submit."
            ),
            class_name="text-sm text-slate-700",
        ),
        rx.el.div(rx.foreach(PracticeState.questions, _question), class_name="flex flex-col"),
        rx.el.button(
            icon("check"),
            rx.el.span(gettext("Submit")),
            type="submit",
            data_testid="practice-submit",
            class_name=f"{PRIMARY} w-full",
        ),
        store_key=PracticeState.store_key,
        sheet_id=PracticeState.sheet_id,
        seconds_left=PracticeState.seconds_left,
        time_left_label=gettext("Time left"),
        timer_class_name="sticky top-16 z-20 flex items-center justify-between gap-2 rounded-lg bg-amber-100 px-4 py-2 "
        "text-amber-900 shadow-sm",
        on_sheet=lambda answers: PracticeState.submit(PracticeState.sheet_id, answers),
        aria_label=gettext("Answer sheet"),
        data_testid="answer-sheet",
        class_name="flex flex-col gap-3",
        key=PracticeState.sheet_id,  # a new sheet (Try again) starts blank
    )


def _result_row(row: ResultRow) -> rx.Component:
    look = rx.match(
        row.outcome,
        (RIGHT, "border-green-100 bg-green-100"),  # (colours the dark theme redraws: dark.css)
        (BLANK, "border-slate-200 bg-slate-50"),
        "border-red-200 bg-red-50",
    )
    mark = rx.match(
        row.outcome,
        (RIGHT, rx.el.span(icon("check"), class_name="text-green-700")),
        (BLANK, rx.el.span(icon("minus"), class_name="text-slate-500")),
        rx.el.span(icon("close"), class_name="text-red-700"),
    )
    return rx.el.li(
        rx.el.div(
            rx.el.span(row.number, class_name="w-8 shrink-0 text-right font-semibold tabular-nums"),
            mark,
            rx.el.span(row.outcome_text, class_name="font-semibold"),
            class_name="flex items-center gap-2",
        ),
        rx.el.p(row.given, " · ", row.right, class_name="pl-10 text-sm text-slate-800"),
        rx.cond(
            row.explanation != "",
            rx.el.p(
                row.explanation,
                class_name="pl-10 text-sm break-words text-slate-700",
                data_testid="practice-explanation",
            ),
        ),
        aria_label=gettext_with(N_("Question {number}"), number=row.number),
        data_outcome=row.outcome,
        data_testid="practice-result",
        class_name=rx.Var.create("flex flex-col gap-1 rounded-lg border p-2 ") + look.to(str),
    )


def _kept() -> rx.Component:
    return rx.match(
        PracticeState.kept,
        (
            Kept.SAVED,
            rx.el.p(gettext("Your marks are saved to your account."), role="status", class_name="text-green-800"),
        ),
        (
            Kept.SIGN_IN,
            rx.el.div(
                rx.el.p(gettext("You are not signed in: these marks are not kept yet.")),
                rx.el.button(
                    gettext("Sign in to keep them"),
                    type="button",
                    on_click=PracticeState.sign_in_to_keep,
                    data_testid="practice-sign-in",
                    class_name=f"{SECONDARY} max-w-full self-start",
                ),
                role="status",
                class_name="flex flex-col gap-2 rounded-lg bg-amber-100 p-3 text-amber-900",
            ),
        ),
        (
            Kept.FAILED,
            rx.el.p(
                gettext("Your marks could not be saved to your account. Reload the page to try again."),
                role="alert",
                class_name="text-red-800",
            ),
        ),
        rx.fragment(),
    )


def marks() -> rx.Component:
    return rx.el.section(
        section_heading(gettext("Your marks"), heading_id=f"{MARKS_ID}-heading"),
        rx.el.p(
            rx.el.span(PracticeState.score, class_name="text-4xl font-bold tabular-nums", data_testid="practice-score"),
            rx.el.span(PracticeState.percent, class_name="text-2xl text-slate-700", data_testid="practice-percent"),
            class_name="flex flex-wrap items-baseline gap-x-4",
        ),
        rx.el.p(
            gettext_with(N_("Time taken: {time}"), time=PracticeState.time_taken),
            data_testid="practice-time",
            class_name="text-slate-700",
        ),
        rx.cond(PracticeState.wrong_text != "", rx.el.p(PracticeState.wrong_text, class_name="text-slate-700")),
        rx.cond(
            PracticeState.blank_text != "",
            rx.el.p(PracticeState.blank_text, class_name="text-slate-700", data_testid="practice-blank"),
        ),
        _kept(),
        rx.el.div(
            rx.el.button(
                gettext("Try again"),
                type="button",
                on_click=PracticeState.try_again,
                data_testid="practice-again",
                class_name=PRIMARY,
            ),
            rx.cond(
                PracticeState.scheme_url != "",
                rx.el.button(
                    icon("file"),
                    rx.el.span(Text.MARKING_SCHEME),
                    type="button",
                    on_click=PracticeState.show("scheme"),
                    data_testid="practice-scheme",
                    class_name=SECONDARY,
                ),
            ),
            class_name="flex flex-wrap gap-2 [&>button]:grow",
        ),
        rx.el.ol(rx.foreach(PracticeState.rows, _result_row), class_name="flex flex-col gap-2"),
        id=MARKS_ID,
        aria_labelledby=f"{MARKS_ID}-heading",
        class_name="flex scroll-mt-20 flex-col gap-3",  # scrolled to below the site's sticky header
    )


def _earlier_row(row: AttemptRow) -> rx.Component:
    return rx.el.li(
        rx.el.span(row.when, class_name="text-slate-700"),
        rx.el.span(row.score, class_name="font-semibold tabular-nums"),
        rx.el.span(row.time, class_name="text-slate-700"),
        data_testid="practice-earlier",
        class_name="flex flex-wrap justify-between gap-x-4 border-b border-slate-100 py-2",
    )


def earlier_attempts() -> rx.Component:
    return rx.cond(
        PracticeState.earlier.length() > 0,
        rx.el.section(
            section_heading(gettext("Your earlier attempts"), heading_id="practice-earlier"),
            rx.el.ul(rx.foreach(PracticeState.earlier, _earlier_row)),
            aria_labelledby="practice-earlier",
            class_name="flex flex-col gap-2",
        ),
    )
