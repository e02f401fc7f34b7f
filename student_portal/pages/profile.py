"""Tuition classes (/profile): teachers, then the Promotion section (spec 2)."""

from __future__ import annotations

import reflex as rx

from student_portal import routes
from student_portal.components.feedback import empty_message, error_message, skeleton_cards
from student_portal.components.layout import site_page
from student_portal.components.teachers import promo_card, teacher_card
from student_portal.i18n import N_
from student_portal.i18n.texts import Text
from student_portal.state.profile import ProfileState


def teachers_section() -> rx.Component:
    return rx.el.section(
        rx.el.h1(Text.TUITION_CLASSES, class_name="text-2xl font-bold text-slate-900"),
        rx.cond(
            ProfileState.loading,
            skeleton_cards(4, "h-72"),
            rx.cond(
                ProfileState.teachers_failed,
                error_message(Text.TEACHERS_LOAD_FAILED),
                rx.cond(
                    ProfileState.teachers,
                    rx.el.div(
                        rx.foreach(ProfileState.teachers, teacher_card),
                        class_name="grid gap-4 sm:grid-cols-2 lg:grid-cols-4",
                    ),
                    empty_message(Text.NO_TEACHERS),
                ),
            ),
        ),
        class_name="flex flex-col gap-4",
    )


def promotion_section() -> rx.Component:
    """Spec 8: a failed promo fetch is only logged, so the section is simply not shown."""
    return rx.cond(
        ProfileState.promos,
        rx.el.section(
            rx.el.h2(Text.PROMOTION, class_name="text-xl font-bold text-slate-900"),
            rx.el.div(
                rx.foreach(ProfileState.promos, promo_card), class_name="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
            ),
            aria_label=Text.PROMOTION,
            class_name="flex flex-col gap-4",
        ),
    )


@site_page(
    route=routes.PROFILE,
    title=Text.TUITION_CLASSES,
    description=N_("A/L and O/L tuition class teachers in Sri Lanka: class notes, recordings and WhatsApp contact."),
    on_load=ProfileState.load,
)
def profile() -> rx.Component:
    return rx.el.div(teachers_section(), promotion_section(), class_name="flex flex-col gap-10")
