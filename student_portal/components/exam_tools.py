"""Parts the exam tools' pages share (/z-score, /cut-offs): the notices above their figures."""

from __future__ import annotations

import reflex as rx

from student_portal.i18n import gettext

NOTICE = "rounded-lg border px-4 py-3 text-sm"


def estimate_notice(text: str) -> rx.Component:
    """Says plainly that a figure is an estimate, not an official result."""
    return rx.el.p(text, role="note", class_name=f"{NOTICE} border-amber-300 bg-amber-50 text-amber-900")


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
