"""Tuition classes (/profile): teacher cards and the Promotion section (spec 2, 7)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import reflex as rx

from student_portal import routes
from student_portal.constants import Limit
from student_portal.pocketbase import ClassPromo, Teacher
from student_portal.pocketbase.collections import Collection
from student_portal.state.content import file_url, public_rows
from student_portal.utils.phone import whatsapp_link

# Teachers.avatar thumbs in the schema: shown at 96 px, the larger one for sharp screens.
# "f": the whole picture fitted inside the size (these carry words: a name, an offer); the
# plain "WxH" thumbs crop to the shape (pb/pb_migrations/1795301700_fit_thumbs.js).
AVATAR_THUMB = "96x96f"
AVATAR_THUMB_LARGE = "256x256f"
PROMO_THUMB = "400x300f"


@dataclass
class TeacherCard:
    id: str
    name: str
    description: str
    avatar_url: str  # 96x96 ("" when the teacher has no picture)
    avatar_url_large: str  # 256x256
    class_url: str


@dataclass
class PromoCard:
    id: str
    description: str
    image_url: str
    whatsapp_url: str  # "" when the number is not a mobile number WhatsApp can reach


def teacher_card(teacher: Teacher) -> TeacherCard:
    return TeacherCard(
        id=teacher.id,
        name=teacher.name,
        description=teacher.description,
        avatar_url=file_url(teacher, teacher.avatar, AVATAR_THUMB),
        avatar_url_large=file_url(teacher, teacher.avatar, AVATAR_THUMB_LARGE),
        class_url=routes.class_page(teacher.id),
    )


def promo_card(promo: ClassPromo) -> PromoCard:
    return PromoCard(
        id=promo.id,
        description=promo.description,
        image_url=file_url(promo, promo.image, PROMO_THUMB),
        whatsapp_url=whatsapp_link(promo.whatsapp_number, promo.message) or "",
    )


class ProfileState(rx.State):
    teachers: list[TeacherCard] = []
    promos: list[PromoCard] = []
    loading: bool = True
    teachers_failed: bool = False

    @rx.event(background=True)
    async def load(self):
        async with self:
            self.loading = True
        teachers, promos = await asyncio.gather(
            public_rows(Collection.TEACHERS, Teacher, teacher_card),
            public_rows(Collection.CLASS_PROMO, ClassPromo, promo_card),
        )
        async with self:
            self.teachers = [card for card in teachers or [] if card.id]
            self.teachers_failed = teachers is None
            # Spec 7: page 1, 15 per page. A promo failure is only logged (spec 8).
            self.promos = (promos or [])[: Limit.PROMO_PER_PAGE]
            self.loading = False
