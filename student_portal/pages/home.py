"""Home page (/): the spec's sections, top to bottom; their data comes with the page's first
answer (first_answer.py), those not ready then in one event (HomeState), each section showing
its own loading, empty and error faces."""

import reflex as rx

from student_portal import routes
from student_portal.components.articles import articles_section
from student_portal.components.hero import hero
from student_portal.components.layout import render_when_near, site_page
from student_portal.components.news import latest_news
from student_portal.components.recordings import recordings_preview
from student_portal.components.schedule import class_schedule
from student_portal.components.shop import shop_section
from student_portal.components.slides import slides_carousel
from student_portal.components.social import social_section
from student_portal.components.stats import proud_stats
from student_portal.components.talents import talents_section
from student_portal.constants import Limit
from student_portal.i18n import N_
from student_portal.server.first_answer import FirstAnswer
from student_portal.state.home import HOME_SECTIONS, HomeState


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
        # Below a phone's first screen (the hero and the news fill it): drawn as they near it.
        *(
            render_when_near(section)
            for section in (
                slides_carousel(),
                class_schedule(),
                recordings_preview(),
                shop_section(limit=Limit.HOME_SHOP_PREVIEW),
                social_section(),
                proud_stats(),
                articles_section(),
                talents_section(),
            )
        ),
        class_name="flex flex-col gap-10",
    )
