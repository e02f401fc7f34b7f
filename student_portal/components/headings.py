"""Page and section headings, so every page opens the same way."""

from __future__ import annotations

import reflex as rx


def page_heading(title: str | rx.Var, intro: str | rx.Var | None = None) -> rx.Component:
    return rx.el.header(
        rx.el.h1(title, class_name="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"),
        rx.el.p(intro, class_name="max-w-3xl text-slate-600") if intro is not None else rx.fragment(),
        class_name="flex flex-col gap-2",
    )


def section_heading(title: str | rx.Var, *, heading_id: str | None = None) -> rx.Component:
    return rx.el.h2(title, id=heading_id, class_name="text-xl font-bold text-slate-900 sm:text-2xl")
