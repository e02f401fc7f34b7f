"""Talents: students' videos with a category filter (home: at most 3; /talent: all)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import reflex as rx

from student_portal.constants import Limit
from student_portal.pocketbase import Talent, TalentCategory
from student_portal.pocketbase.collections import Collection
from student_portal.state.content import public_rows
from student_portal.state.sections import load_sections
from student_portal.utils.dates import format_date
from student_portal.utils.filters import filter_by_category, take
from student_portal.utils.youtube import youtube_id


@dataclass
class TalentCard:
    id: str
    name: str
    title: str
    video_id: str  # "" when the link has no YouTube video: the card shows no player
    date: str  # "19 Nov 2026" (the Colombo day)
    category_id: str


@dataclass
class CategoryOption:
    id: str
    name: str


def talent_card(record: Talent) -> TalentCard:
    return TalentCard(
        id=record.id,
        name=record.name,
        title=record.title,
        video_id=youtube_id(record.link) or "",
        date=format_date(record.date),
        category_id=record.categorie,
    )


class TalentsState(rx.State):
    _talents: list[TalentCard] = []  # backend only: the page gets its views of it
    categories: list[CategoryOption] = []
    category: str = ""
    loading: bool = True

    @rx.var
    def visible_talents(self) -> list[TalentCard]:
        # Spec 4: an empty choice means all; else talents whose categorie equals the id.
        return filter_by_category(self._talents, self.category, "category_id")

    @rx.var
    def has_talents(self) -> bool:
        """Any talent at all: an empty filtered list then means the filter emptied it."""
        return bool(self._talents)

    @rx.var
    def preview_talents(self) -> list[TalentCard]:
        return take(self.visible_talents, Limit.TALENTS_MAX)

    @rx.event
    def set_category(self, category_id: str):
        self.category = category_id if any(c.id == category_id for c in self.categories) else ""

    @rx.event(background=True)
    async def load(self):
        await load_sections(self, [TalentsState])

    @staticmethod
    async def _fetch() -> tuple[list[TalentCard] | None, list[CategoryOption] | None]:
        return await asyncio.gather(
            public_rows(Collection.TALENTS, Talent, talent_card),
            public_rows(
                Collection.TALENTS_CATEGORIES,
                TalentCategory,
                lambda record: CategoryOption(id=record.id, name=record.name),
            ),
        )

    def _show(self, lists: tuple[list[TalentCard] | None, list[CategoryOption] | None] | None) -> None:
        talents, categories = lists or (None, None)
        named = [option for option in categories or [] if option.name]
        self._talents = talents or []
        self.categories = named
        if not any(option.id == self.category for option in named):
            self.category = ""
        self.loading = False
