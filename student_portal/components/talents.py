"""Talents: a category dropdown and video cards (name badge, title, date)."""

from __future__ import annotations

import reflex as rx

from student_portal.components.feedback import empty_message, skeleton_cards
from student_portal.components.paging import list_count, show_more_button
from student_portal.components.video import youtube_video
from student_portal.i18n import gettext
from student_portal.i18n.texts import Text
from student_portal.state.talents import TalentCard, TalentsState

SELECT = (
    "min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-slate-900 focus-visible:outline-2 "
    "focus-visible:outline-blue-700"
)


def talent_card(card: TalentCard, heading=rx.el.h3) -> rx.Component:
    return rx.el.article(
        youtube_video(card.video_id, card.title),
        rx.el.div(
            rx.el.span(
                card.name, class_name="w-fit rounded-full bg-blue-100 px-3 py-1 text-sm font-semibold text-blue-900"
            ),
            heading(card.title, class_name="font-semibold text-slate-900"),
            rx.el.p(card.date, class_name="text-sm text-slate-600"),
            class_name="flex flex-col gap-2 p-4",
        ),
        data_testid="talent-card",
        class_name="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm",
    )


def category_select() -> rx.Component:
    return rx.el.label(
        rx.el.span(gettext("Category"), class_name="sr-only"),
        rx.el.select(
            rx.el.option(Text.ALL_CATEGORIES, value=""),
            rx.foreach(TalentsState.categories, lambda option: rx.el.option(option.name, value=option.id)),
            value=TalentsState.category,
            on_change=TalentsState.set_category,
            class_name=SELECT,
        ),
    )


def talents_grid(cards: rx.Var[list[TalentCard]], card_heading=rx.el.h3, grid_id: str | None = None) -> rx.Component:
    return rx.cond(
        TalentsState.loading,
        skeleton_cards(3, "h-72"),
        rx.cond(
            cards,
            rx.el.div(
                rx.foreach(cards, lambda card: talent_card(card, card_heading)),
                id=grid_id,
                class_name="grid gap-4 sm:grid-cols-2 lg:grid-cols-3",
            ),
            # A failed fetch is only logged (spec 8): nothing to show, unless a filter emptied the list.
            rx.cond(TalentsState.has_talents, empty_message(Text.NO_ITEMS_FOUND)),
        ),
    )


def talents_section(*, preview: bool = True, heading_level: str = "h2") -> rx.Component:
    """Home: the first 3 matching talents; /talent: all of them, a page at a time (`preview=False`)."""
    heading = rx.el.h1 if heading_level == "h1" else rx.el.h2
    return rx.el.section(
        rx.el.div(
            heading(Text.TALENTS, id="talents-title", class_name="text-2xl font-bold"),
            category_select(),
            class_name="flex flex-wrap items-center justify-between gap-3",
        ),
        rx.fragment() if preview else list_count(TalentsState),
        talents_grid(
            TalentsState.page,
            card_heading=rx.el.h3 if heading_level == "h2" else rx.el.h2,
            grid_id=None if preview else TalentsState.LIST_ID,
        ),
        rx.fragment() if preview else show_more_button(TalentsState),
        aria_labelledby="talents-title",
        class_name="flex flex-col gap-4",
    )
