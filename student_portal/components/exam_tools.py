"""Parts the exam tools' pages share (/z-score, /cut-offs): the notices above their figures."""

from __future__ import annotations

import reflex as rx

from student_portal import routes
from student_portal.components.links import internal_link
from student_portal.i18n import gettext

NOTICE = "rounded-lg border px-4 py-3 text-sm"


def estimate_notice(text: str) -> rx.Component:
    """Says plainly that a figure is an estimate, not an official result."""
    return rx.el.p(text, role="note", class_name=f"{NOTICE} border-amber-100 bg-amber-100 text-amber-900")


def sample_notice(shown: rx.Var[bool]) -> rx.Component:
    """Shown while the figures on the page are the demo's (their `sample` flag)."""
    return rx.cond(
        shown,
        rx.el.p(
            gettext("Sample figures for the demo, not the official ones."),
            role="note",
            data_testid="sample-notice",
            class_name=f"{NOTICE} border-slate-300 bg-slate-100 font-medium text-slate-800",
        ),
        rx.fragment(),
    )


def exam_tools_links() -> rx.Component:
    """The A/L pages' way to the exam tools: "where will my marks get me?"."""
    link = (
        "inline-flex min-h-11 items-center rounded-lg border border-blue-200 bg-white px-4 font-medium text-blue-800 "
        "hover:bg-blue-50"
    )
    return rx.el.nav(
        rx.el.p(gettext("After the exam: where will your marks get you?"), class_name="font-semibold text-slate-900"),
        rx.el.div(
            internal_link(gettext("Z-score estimator"), href=routes.Z_SCORE, class_name=link),
            internal_link(gettext("University cut-offs"), href=routes.CUT_OFFS, class_name=link),
            class_name="flex flex-wrap gap-3",
        ),
        aria_label=gettext("Exam tools"),
        data_testid="exam-tools-links",
        class_name="flex flex-col gap-2 rounded-lg border border-blue-100 bg-blue-50 p-4",
    )
