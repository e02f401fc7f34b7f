"""Social-channel cards: 1 column, 4 on large screens, a 5 px border in the platform's colour."""

from __future__ import annotations

import reflex as rx

from student_portal.components.feedback import skeleton_cards
from student_portal.components.icons import icon
from student_portal.components.image import image
from student_portal.components.links import external_link
from student_portal.i18n import gettext
from student_portal.i18n.texts import Text
from student_portal.state.social import SocialCard, SocialState


def platform_border(platform: rx.Var[str]) -> rx.Var[str]:
    """Spec: youtube red, facebook blue, tiktok black, others grey."""
    return rx.match(
        platform,
        ("youtube", "border-red-600"),
        ("facebook", "border-blue-600"),
        ("tiktok", "border-black"),
        "border-slate-400",
    )


def social_card(card: SocialCard, heading=rx.el.h3) -> rx.Component:
    return rx.el.article(
        rx.cond(
            card.thumbnail_url,
            image(
                src=card.thumbnail_url,
                alt="",
                width=400,
                height=225,
                class_name="aspect-video w-full bg-slate-200 object-cover",
            ),
        ),
        rx.el.div(
            heading(card.title, class_name="font-semibold text-slate-900"),
            rx.el.p(card.description, class_name="text-sm text-slate-700"),
            rx.cond(
                card.link,
                external_link(
                    gettext("Visit"),
                    rx.el.span(" ", card.title, class_name="sr-only"),
                    icon("external", "size-4"),
                    href=card.link,
                    class_name="mt-auto inline-flex min-h-11 w-fit items-center gap-1.5 font-semibold text-blue-700 "
                    "underline-offset-4 hover:underline",
                ),
            ),
            class_name="flex flex-1 flex-col gap-2 p-4",
        ),
        data_platform=card.platform,
        class_name=rx.Var.create("flex flex-col overflow-hidden rounded-xl border-[5px] bg-white ")
        + platform_border(card.platform).to(str),
    )


def social_cards(card_heading=rx.el.h3) -> rx.Component:
    """The grid; spec 8: a failure is only logged, so an empty or failed list shows nothing.

    `card_heading`: h3 under a section's h2 (home), h2 right under the page's h1 (/social).
    """
    return rx.cond(
        SocialState.loading,
        skeleton_cards(4, "h-72"),
        rx.el.div(
            rx.foreach(SocialState.cards, lambda card: social_card(card, card_heading)),
            class_name="grid grid-cols-1 gap-4 lg:grid-cols-4",
        ),
    )


def social_section() -> rx.Component:
    return rx.cond(
        SocialState.loading | SocialState.cards,
        rx.el.section(
            rx.el.h2(Text.SOCIAL, id="social-title", class_name="text-2xl font-bold"),
            social_cards(),
            aria_labelledby="social-title",
            class_name="flex flex-col gap-4",
        ),
    )
