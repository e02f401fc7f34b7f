"""Tuition classes: teacher cards, promotion cards and a teacher's class header."""

from __future__ import annotations

import reflex as rx

from student_portal import routes
from student_portal.components.buttons import PRIMARY, SECONDARY, WHATSAPP, action_row
from student_portal.components.calendar_links import calendar_subscription
from student_portal.components.icons import icon
from student_portal.components.image import image
from student_portal.components.links import external_link, internal_link
from student_portal.components.save_button import save_button
from student_portal.components.video import youtube_video
from student_portal.i18n.texts import Text
from student_portal.state.class_page import TeacherHeader, VideoRow
from student_portal.state.profile import PromoCard, TeacherCard

# Teachers' pictures often carry words (a name under a portrait): shown whole, never cropped. A
# square whose rounded corners only round off the picture's very corners; the schedule's round
# avatar (spec) draws the picture inside the circle instead (`round_avatar`).
_PICTURE_BOX = "shrink-0 bg-slate-100 object-contain"


def avatar(url: rx.Var[str], url_large: rx.Var[str], name: rx.Var[str], eager: bool = False) -> rx.Component:
    """A 96 px teacher picture, whole, or the initial on a coloured square when there is none."""
    box = "size-24 shrink-0 rounded-lg"
    return rx.cond(
        url != "",
        image(
            src=url,
            src_set=url + " 1x, " + url_large + " 2x",
            alt=name,
            width=96,
            height=96,
            eager=eager,
            data_whole_picture=True,
            class_name=f"{box} {_PICTURE_BOX}",
        ),
        rx.el.span(
            name.to(str)[:1],
            aria_hidden="true",
            class_name=f"{box} flex items-center justify-center bg-blue-100 text-2xl font-bold text-blue-800",
        ),
    )


def round_avatar(url: rx.Var[str], size: str, inset: str) -> rx.Component:
    """A round avatar (decorative) with the whole picture inside the circle: `inset` pads it by
    at least 15 % of `size` (a square's corners touch a circle 14.6 % in), so nothing is cut."""
    return image(
        src=url,
        alt="",
        width=48,
        height=48,
        data_whole_picture=True,
        class_name=f"{size} {inset} rounded-full ring-1 ring-slate-200 {_PICTURE_BOX}",
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
            class_name=f"{PRIMARY} mt-auto",
        ),
        data_testid="teacher-card",
        class_name="flex flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white p-5 text-center "
        "shadow-sm",
    )


def promo_card(promo: PromoCard) -> rx.Component:
    return rx.el.article(
        rx.cond(
            promo.image_url != "",
            image(
                src=promo.image_url,
                alt="",
                width=400,
                height=300,
                data_whole_picture=True,
                # The picture's own shape (h-auto): an offer's words reach its edges.
                class_name="h-auto max-h-96 w-full bg-slate-100 object-contain",
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
                    class_name=f"{WHATSAPP} mt-auto self-start",
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
            class_name=f"{SECONDARY} self-start",
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
    """A teacher's section picture (note_background / record_backgroud), whole: these carry the
    section's name in big letters. Its own shape (h-auto), at most 20rem tall, contained."""
    return rx.cond(
        url != "",
        image(
            src=url,
            alt="",
            width=1280,
            height=320,
            data_whole_picture=True,
            class_name="h-auto max-h-80 w-full rounded-lg bg-slate-100 object-contain",
        ),
    )


def video_card(video: VideoRow, *, save_kind: str = "") -> rx.Component:
    """One class recording; `save_kind` (class_recording): a Save button for it."""
    return rx.el.article(
        youtube_video(video.video_id, video.name, remember=True),
        rx.el.h3(video.name, class_name="line-clamp-2 font-medium text-slate-900"),
        action_row(icons=(save_button(save_kind, video.id, video.name),)) if save_kind else rx.fragment(),
        data_testid="class-video",
        class_name="flex flex-col gap-2",
    )
