"""Home page (/): the spec's sections, top to bottom; their data comes with the page's first
answer (first_answer.py), those not ready then in one event (HomeState), each section showing
its own loading, empty and error faces."""

import reflex as rx

from student_portal import routes
from student_portal.components.articles import articles_section
from student_portal.components.hero import hero
from student_portal.components.layout import NearHeights, render_when_near, site_page
from student_portal.components.news import latest_news
from student_portal.components.recordings import recordings_preview
from student_portal.components.schedule import class_schedule
from student_portal.components.shop import shop_section
from student_portal.components.slides import slides_carousel
from student_portal.components.social import social_section
from student_portal.components.stats import proud_stats
from student_portal.components.study import continue_row
from student_portal.components.talents import talents_section
from student_portal.constants import Limit
from student_portal.i18n import N_
from student_portal.server.first_answer import FirstAnswer
from student_portal.state.home import HOME_SECTIONS, HomeState


def _later_sections() -> tuple[tuple[rx.Component, NearHeights], ...]:
    """The sections below the first screen, each with its height once drawn, as measured with the
    demo content at 412 px (Lighthouse's phone), 700, 768 and 1,280 px, the taller of English,
    Sinhala and Tamil (Tamil's longer words wrap onto more lines). About right is enough:
    a part drawn once keeps its real height. Close to it, the page keeps its length while a
    student scrolls (tests/e2e/test_home_sections.py), and a part's content measured before it
    is drawn (axe's target-size check) stays within its box."""
    return (
        (slides_carousel(), NearHeights(432, 303, 328, 472)),
        (class_schedule(), NearHeights(1238, 1082, 846, 846)),
        (recordings_preview(), NearHeights(1314, 789, 827, 1019)),
        (shop_section(limit=Limit.HOME_SHOP_PREVIEW), NearHeights(540, 686, 696, 628)),
        (social_section(), NearHeights(1903, 2693, 2884, 730)),
        (proud_stats(), NearHeights(416, 152, 152, 152)),
        (articles_section(), NearHeights(887, 720, 720, 692)),
        (talents_section(), NearHeights(1161, 707, 745, 408)),
    )


@site_page(
    route=routes.HOME,
    title=N_("Home"),
    description=N_("Kuppi recordings, notes, tuition classes and past papers for Sri Lankan students."),
    first_answer=FirstAnswer(HOME_SECTIONS, HomeState.load),
)
def home() -> rx.Component:
    return rx.el.div(
        hero(),
        latest_news(),
        # A signed-in student's Continue row: below a phone's first screen, and nothing for others.
        continue_row(),
        # Below a phone's first screen (the hero and the news fill it): drawn as they near it.
        *(render_when_near(section, heights) for section, heights in _later_sections()),
        class_name="flex flex-col gap-10",
    )
