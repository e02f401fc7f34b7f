"""Talents: students' videos with a category filter (home: at most 3; /talent: all, a page at a time)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import reflex as rx
from reflex.event import EventSpec

from student_portal import routes
from student_portal.constants import Limit
from student_portal.i18n import Np_
from student_portal.i18n.languages import english_page
from student_portal.pocketbase import Talent, TalentCategory
from student_portal.pocketbase.collections import Collection
from student_portal.state.address import replace_address
from student_portal.state.content import SharedView, public_lists
from student_portal.state.paging import PagedList
from student_portal.state.sections import Section
from student_portal.utils.dates import format_date
from student_portal.utils.filters import filter_by_category
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


def _category_option(record: TalentCategory) -> CategoryOption:
    return CategoryOption(id=record.id, name=record.name)


@dataclass(frozen=True)
class TalentsView(SharedView):
    """Every talent card and the named categories, shared by every visitor (read-only)."""

    cards: list[TalentCard]
    categories: list[CategoryOption]
    LISTS: ClassVar[tuple[str, ...]] = (Collection.TALENTS, Collection.TALENTS_CATEGORIES)

    def matching(self, category: str) -> list[TalentCard]:
        # Spec 4: an empty choice means all; else talents whose categorie equals the id.
        return self.filtered(category, lambda: filter_by_category(self.cards, category, "category_id"))


async def talents_view() -> TalentsView:
    talents, categories = await public_lists(
        (Collection.TALENTS, Talent, talent_card), (Collection.TALENTS_CATEGORIES, TalentCategory, _category_option)
    )

    def make() -> TalentsView:
        return TalentsView(talents or [], [option for option in categories or [] if option.name])

    if talents is None or categories is None:
        # A failed read: the cache may still hold the lists' last version, and with it the
        # view made from them; a view made now shows the failure (spec 8: an empty section).
        return make()
    return TalentsView.shared(make)


def _is_preview(path: str) -> bool:
    """Talents shown as home's preview: on any page but /talent (in any language: /si/talent)."""
    return english_page(path) != routes.TALENT


class TalentsState(PagedList, Section, rx.State):
    """Home shows Limit.TALENTS_MAX matching talents; /talent pages through all of them."""

    PAGE_SIZE: ClassVar[int] = Limit.TALENTS_PAGE
    LIST_ID: ClassVar[str] = "talents-grid"
    COUNT_WORDS: ClassVar[tuple[str, str]] = Np_("{count} talent", "{count} talents")

    page: list[TalentCard] = []  # the cards shown: the preview on home, a page on /talent
    categories: list[CategoryOption] = []
    category: str = ""
    has_talents: bool = False  # any talent at all: an empty page then means the filter emptied it
    loading: bool = True

    def _on_preview(self) -> bool:
        return _is_preview(self.router.url.path)

    def _address(self) -> EventSpec:
        return replace_address(routes.TALENT, self._show_query())

    def _show_view(self, view: TalentsView) -> None:
        self.categories = view.categories
        self.has_talents = bool(view.cards)
        self.page = self._paged(view.matching(self.category))
        self.loading = False

    async def _refresh_page(self) -> None:
        self._show_view(await talents_view())

    @rx.event
    async def set_category(self, category_id: str):
        self.category = category_id if any(c.id == category_id for c in self.categories) else ""
        self.shown = Limit.TALENTS_MAX if self._on_preview() else self.PAGE_SIZE
        await self._refresh_page()

    @staticmethod
    async def _fetch() -> TalentsView:
        return await talents_view()

    def _show(self, view: TalentsView | None) -> None:
        view = view or TalentsView([], [])
        if not any(option.id == self.category for option in view.categories):
            self.category = ""
        url = self.router.url  # once: each read assembles the router from the state's fields
        params = dict(url.query_parameters)
        self.shown = Limit.TALENTS_MAX if _is_preview(url.path) else self._shown_from(params)
        self._show_view(view)
