"""Talents (/talent): every talent, with the category filter."""

import reflex as rx

from student_portal import routes
from student_portal.components.layout import site_page
from student_portal.components.talents import talents_section
from student_portal.i18n import N_
from student_portal.server.first_answer import FirstAnswer
from student_portal.state.talents import TalentsState


@site_page(
    route=routes.TALENT,
    title=N_("Talents"),
    description=N_("Singing, dancing and art by Sri Lankan school and university students."),
    first_answer=FirstAnswer((TalentsState,), TalentsState.load),
)
def talent() -> rx.Component:
    return talents_section(preview=False, heading_level="h1")
