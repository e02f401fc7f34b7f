"""The home page's content sections: shown with the page's first answer (first_answer.py), or
loaded in one event (state/sections.py), those the first answer could not show."""

from __future__ import annotations

import reflex as rx

from student_portal.state.articles import ArticlesState
from student_portal.state.live import fills
from student_portal.state.news import NewsState
from student_portal.state.recordings import RecordingsState
from student_portal.state.schedule import ScheduleState
from student_portal.state.sections import Section, load_sections, named
from student_portal.state.shop import ShopState
from student_portal.state.slides import SlidesState
from student_portal.state.social import SocialState
from student_portal.state.talents import TalentsState

HOME_SECTIONS: tuple[type[Section], ...] = (
    NewsState,
    SlidesState,
    RecordingsState,
    ShopState,
    SocialState,
    ArticlesState,
    TalentsState,
    ScheduleState,
)


@fills(*HOME_SECTIONS)
class HomeState(rx.State):
    @rx.event(background=True)
    async def load(self, sections: list[str] | None = None):
        """The sections named (full state names), else all of them."""
        await load_sections(self, named(HOME_SECTIONS, sections))
