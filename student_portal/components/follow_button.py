"""Follow / Following: a teacher, an O/L or A/L folder, or jobs (issue 53); the follows are
listed on /account, where each can be unfollowed."""

from __future__ import annotations

import reflex as rx

from student_portal.components.buttons import PRIMARY, SECONDARY
from student_portal.components.icons import icon
from student_portal.components.links import internal_link
from student_portal.i18n import gettext
from student_portal.state.follows import FollowRow, FollowState


def follow_button(key: rx.Var[str] | str, name: rx.Var[str] | str) -> rx.Component:
    """A toggle (aria-pressed) whose accessible name ends with `name` ("Follow Mr. Perera"),
    with the cap's or a failure's message under it."""
    following = FollowState.following.contains(key)
    label = rx.cond(following, gettext("Following"), gettext("Follow"))
    return rx.el.div(
        rx.el.button(
            rx.cond(following, icon("check"), icon("bell")),
            rx.el.span(label),
            rx.el.span(" ", name, class_name="sr-only"),
            type="button",
            aria_pressed=rx.cond(following, "true", "false"),
            disabled=FollowState.busy != "",
            aria_busy=FollowState.busy == key,
            on_click=FollowState.toggle(key),
            data_testid="follow-button",
            class_name=rx.cond(following, SECONDARY, PRIMARY),
        ),
        follow_message(),
        class_name="flex flex-col gap-2",
    )


def follow_message() -> rx.Component:
    return rx.cond(
        FollowState.message != "",
        rx.el.p(
            FollowState.message,
            role="alert",
            data_testid="follow-message",
            class_name="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900",
        ),
        rx.fragment(),
    )


def _row(row: FollowRow) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.span(row.kind, class_name="text-sm text-slate-600"),
            internal_link(row.name, href=row.href, class_name="font-medium text-blue-800 underline break-words"),
            class_name="flex min-w-0 flex-col",
        ),
        rx.el.button(
            gettext("Unfollow"),
            rx.el.span(" ", row.name, class_name="sr-only"),
            type="button",
            disabled=FollowState.busy != "",
            aria_busy=FollowState.busy == row.key,
            on_click=FollowState.toggle(row.key),
            data_testid="unfollow-button",
            class_name=SECONDARY,
        ),
        data_testid="following-row",
        class_name="flex items-center justify-between gap-3 border-b border-slate-100 py-2 last:border-b-0",
    )


def following_list(rows: rx.Var[list[FollowRow]], empty: str) -> rx.Component:
    """The follows with a link to each and an Unfollow button; `empty` when there are none."""
    return rx.fragment(
        follow_message(),
        rx.cond(
            rows,
            rx.el.ul(rx.foreach(rows, _row), class_name="flex flex-col", data_testid="following-list"),
            rx.el.p(empty, class_name="text-slate-700"),
        ),
    )


def follow_jobs_form() -> rx.Component:
    """/jobs: follow new jobs, optionally in a location or of a contract (both may be left empty)."""
    field = "min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900"
    return rx.el.section(
        rx.el.h2(
            gettext("Be told about new jobs"), id="follow-jobs", class_name="text-lg font-semibold text-slate-900"
        ),
        rx.el.form(
            rx.el.div(
                rx.el.label(
                    gettext("Location (optional)"), html_for="follow-location", class_name="text-sm font-medium"
                ),
                rx.el.input(id="follow-location", name="location", max_length=80, class_name=field),
                class_name="flex min-w-0 flex-1 flex-col gap-1",
            ),
            rx.el.div(
                rx.el.label(
                    gettext("Contract (optional)"), html_for="follow-contract", class_name="text-sm font-medium"
                ),
                rx.el.input(id="follow-contract", name="contract", max_length=80, class_name=field),
                class_name="flex min-w-0 flex-1 flex-col gap-1",
            ),
            rx.el.button(
                icon("bell"),
                rx.el.span(gettext("Follow new jobs")),
                type="submit",
                # Disabled until the page's script runs: the browser would otherwise send the
                # prerendered form itself, as a GET of this page (see pages/login.py).
                disabled=(FollowState.busy != "") | ~rx.State.is_hydrated,
                data_testid="follow-jobs-button",
                class_name=f"{PRIMARY} self-end",
            ),
            on_submit=FollowState.follow_jobs,
            reset_on_submit=True,
            class_name="flex flex-col gap-3 sm:flex-row sm:items-end",
        ),
        following_list(FollowState.job_rows, gettext("You follow no job searches yet.")),
        aria_labelledby="follow-jobs",
        class_name="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4",
    )
