"""Teachers for the /instructor page, from the shared content cache (Teachers, by created)."""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from student_portal import routes
from student_portal.pocketbase import Collection, Teacher
from student_portal.state.content import file_url, public_rows

AVATAR_THUMB = "256x256f"  # Teachers.avatar thumbs in the schema (shown whole at 96 px, sharp at 2x)


@dataclass
class InstructorCard:
    id: str
    name: str
    description: str  # "A grade" when the teacher has none (spec)
    avatar_url: str
    classes_href: str  # the teacher's class page


def instructor_card(teacher: Teacher) -> InstructorCard:
    return InstructorCard(
        id=teacher.id,
        name=teacher.name,
        description=teacher.display_description,
        avatar_url=file_url(teacher, teacher.avatar, AVATAR_THUMB),
        classes_href=routes.class_page(teacher.id),
    )


class InstructorsState(rx.State):
    instructors: list[InstructorCard] = []
    loading: bool = True
    failed: bool = False

    @rx.event(background=True)
    async def load(self):
        async with self:
            self.loading = not self.instructors
        teachers = await public_rows(Collection.TEACHERS, Teacher, instructor_card)
        async with self:
            self.failed = teachers is None
            self.instructors = [t for t in teachers or [] if t.name.strip()]
            self.loading = False
