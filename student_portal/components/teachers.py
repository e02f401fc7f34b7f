"""Tuition classes: teacher cards, promotion cards and a teacher's class header."""

from __future__ import annotations

import reflex as rx

from student_portal import routes
from student_portal.components.buttons import action_row
from student_portal.components.calendar_links import calendar_subscription
from student_portal.components.icons import icon
from student_portal.components.links import external_link, internal_link
from student_portal.components.save_button import save_button
from student_portal.components.video import youtube_video
from student_portal.i18n.texts import Text
from student_portal.state.class_page import TeacherHeader, VideoRow
from student_portal.state.profile import PromoCard, TeacherCard

_BUTTON = (
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 py-2 font-semibold "
    "focus-visible:outline-2 focus-visible:outline-offset-2"
)


def avatar(url: rx.Var[str], url_large: rx.Var[str], name: rx.Var[str], eager: bool = False) -> rx.Component:
    """A round 96 px teacher picture, or the initial on a coloured disc when there is none."""
    box = "size-24 shrink-0 rounded-full"
    return rx.cond(
        url != "",
        rx.el.img(
            src=url,
            src_set=url + " 1x, " + url_large + " 2x",
            alt=name,
            width=96,
            height=96,
            loading="eager" if eager else "lazy",
            decoding="async",
            class_name=f"{box} bg-slate-200 object-cover",
        ),
        rx.el.span(
            name.to(str)[:1],
            aria_hidden="true",
            class_name=f"{box} flex items-center justify-center bg-blue-100 text-2xl font-bold text-blue-800",
        ),
    )


def teacher_card(teacher: TeacherCard) -> rx.Component:
    return rx.el.article(
        avatar(teacher.avatar_url, teacher.avatar_url_large, teacher.name),
        rx.el.h2(teacher.name, class_name="text-lg font-semibold text-slate-900"),
        rx.cond(
            teacher.description != "", rx.el.p(teacher.description, class_name="line-clamp-4 text-sm text-slate-700")
        ),
        internal_link(
            Text.VIEW_CLASSES,
            rx.el.span(" ", teacher.name, class_name="sr-only"),
            href=teacher.class_url,
            class_name=f"{_BUTTON} mt-auto bg-blue-700 text-white hover:bg-blue-800 focus-visible:outline-blue-800",
        ),
        data_testid="teacher-card",
        class_name="flex flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white p-5 text-center "
        "shadow-sm",
    )


def promo_card(promo: PromoCard) -> rx.Component:
    return rx.el.article(
        rx.cond(
            promo.image_url != "",
            rx.el.img(
                src=promo.image_url,
                alt="",
                width=400,
                height=300,
                loading="lazy",
                decoding="async",
                class_name="aspect-[4/3] h-auto w-full bg-slate-200 object-cover",
            ),
        ),
        rx.el.div(
            rx.el.p(promo.description, class_name="text-slate-800"),
            rx.cond(
                promo.whatsapp_url != "",
                external_link(
                    icon("chat", "size-5"),
                    Text.WHATSAPP_US,
                    href=promo.whatsapp_url,
                    class_name=f"{_BUTTON} mt-auto self-start bg-green-700 text-white hover:bg-green-800 "
                    "focus-visible:outline-green-900",
                ),
            ),
            class_name="flex flex-1 flex-col gap-3 p-4",
        ),
        data_testid="promo-card",
        class_name="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm",
    )


def class_header(teacher: TeacherHeader) -> rx.Component:
    return rx.el.header(
        internal_link(
            icon("arrow-left", "size-5"),
            Text.BACK,
            href=routes.PROFILE,
            class_name=f"{_BUTTON} self-start border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 "
            "focus-visible:outline-blue-800",
        ),
        rx.el.div(
            avatar(teacher.avatar_url, teacher.avatar_url_large, teacher.name, eager=True),
            rx.el.div(
                rx.el.h1(teacher.name, class_name="text-2xl font-bold text-slate-900"),
                rx.el.p(teacher.description, data_testid="teacher-description", class_name="text-slate-700"),
                calendar_subscription(teacher.calendar_subscribe_url, teacher.calendar_feed_url),
                class_name="flex flex-col gap-1",
            ),
            class_name="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left",
        ),
        class_name="flex flex-col gap-4",
    )


def section_banner(url: rx.Var[str]) -> rx.Component:
    """A teacher's decorative section picture (note_background / record_backgroud)."""
    return rx.cond(
        url != "",
        rx.el.img(
            src=url,
            alt="",
            width=1280,
            height=320,
            loading="lazy",
            decoding="async",
            class_name="aspect-[4/1] h-auto w-full rounded-xl bg-slate-200 object-cover",
        ),
    )


def video_card(video: VideoRow, *, save_kind: str = "") -> rx.Component:
    """One class recording; `save_kind` (class_recording): a Save button for it."""
    return rx.el.article(
        youtube_video(video.video_id, video.name),
        rx.el.h3(video.name, class_name="line-clamp-2 font-medium text-slate-900"),
        action_row(icons=(save_button(save_kind, video.id, video.name),)) if save_kind else rx.fragment(),
        data_testid="class-video",
        class_name="flex flex-col gap-2",
    )
