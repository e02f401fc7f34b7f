"""Our teachers (/instructor): every teacher of the Teachers collection."""

import reflex as rx

from student_portal import routes
from student_portal.components.buttons import PRIMARY, SECONDARY
from student_portal.components.feedback import empty_message, list_faces, skeleton_cards
from student_portal.components.headings import page_heading
from student_portal.components.layout import site_page
from student_portal.components.links import internal_link
from student_portal.components.teachers import avatar
from student_portal.constants import Limit
from student_portal.i18n import N_, gettext
from student_portal.i18n.texts import Text
from student_portal.state.instructors import InstructorCard, InstructorsState


def instructor_card(teacher: InstructorCard) -> rx.Component:
    return rx.el.article(
        avatar(teacher.avatar_url, teacher.avatar_url, teacher.name),
        rx.el.div(
            rx.el.h2(teacher.name, class_name="text-lg font-semibold text-slate-900"),
            rx.el.p(teacher.description, class_name="text-sm text-slate-700"),
            internal_link(
                Text.VIEW_CLASSES,
                rx.el.span(" ", teacher.name, class_name="sr-only"),
                href=teacher.classes_href,
                class_name=f"{SECONDARY} mt-2 self-center sm:self-start",
            ),
            class_name="flex flex-col gap-1",
        ),
        data_testid="instructor-card",
        class_name="flex flex-col items-center gap-4 rounded-lg border border-slate-200 bg-white p-5 text-center "
        "shadow-sm sm:flex-row sm:items-start sm:text-left",
    )


@site_page(
    route=routes.INSTRUCTOR,
    title=N_("Our teachers"),
    description=N_("Meet the tuition teachers of Student Portal: A/L and O/L maths, physics, chemistry and ICT."),
    on_load=InstructorsState.load,
)
def instructor() -> rx.Component:
    return rx.el.div(
        page_heading(gettext("Our teachers"), gettext("The teachers behind our tuition classes and class recordings.")),
        list_faces(
            loading=InstructorsState.loading,
            loading_face=skeleton_cards(Limit.SKELETON_CARDS, "h-36"),
            failed=InstructorsState.failed,
            error_text=Text.TEACHERS_FAILED,
            items=InstructorsState.instructors,
            content=rx.el.div(
                rx.foreach(InstructorsState.instructors, instructor_card), class_name="grid gap-4 md:grid-cols-2"
            ),
            empty=empty_message(Text.NO_TEACHERS),
        ),
        internal_link(gettext("See the tuition classes"), href=routes.PROFILE, class_name=f"{PRIMARY} self-start"),
        class_name="flex flex-col gap-6",
    )
