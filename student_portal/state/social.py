"""Social-channel cards (SocialMedia), for the home page and /social."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import reflex as rx

from student_portal.pocketbase import SocialMedia
from student_portal.pocketbase.collections import Collection
from student_portal.state.content import file_url, public_rows
from student_portal.state.sections import Section
from student_portal.utils.links import safe_url

THUMB = "400x225"


@dataclass
class SocialCard:
    id: str
    platform: str  # youtube, facebook, tiktok or other
    title: str
    description: str
    thumbnail_url: str
    link: str  # "" when the stored link is not a web address: the card then has no link


def social_card(record: SocialMedia) -> SocialCard:
    return SocialCard(
        id=record.id,
        platform=record.platform,
        title=record.title,
        description=record.description,
        thumbnail_url=file_url(record, record.thumbnail_url, THUMB),
        link=safe_url(record.link) or "",
    )


class SocialState(Section, rx.State):
    SHARED_ONLY: ClassVar[bool] = True  # the same for every visitor: not kept between events (sections.py)
    cards: list[SocialCard] = []
    loading: bool = True

    @staticmethod
    async def _fetch() -> list[SocialCard] | None:
        return await public_rows(Collection.SOCIAL_MEDIA, SocialMedia, social_card)

    def _show(self, cards: list[SocialCard] | None) -> None:
        self.cards = cards or []
        self.loading = False
