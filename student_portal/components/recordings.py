"""Kuppi recording cards: the /youtube grid and the home page's preview."""

from __future__ import annotations

import reflex as rx

from student_portal import routes
from student_portal.components.buttons import action_row, show_more_link
from student_portal.components.feedback import empty_message, list_faces, skeleton_cards
from student_portal.components.headings import section_heading
from student_portal.components.save_button import save_button
from student_portal.components.share import share_button
from student_portal.components.video import youtube_video
from student_portal.constants import Limit
from student_portal.i18n.texts import Text
from student_portal.state.recordings import RecordingCard, RecordingsState
from student_portal.utils.youtube import WATCH_BASE


def subject_badge(label: rx.Var[str]) -> rx.Component:
    return rx.el.span(
        label,
        class_name="self-start rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-semibold text-blue-800 "
        "ring-1 ring-blue-200",
    )


def watch_url(video_id: rx.Var[str]) -> rx.Var[str]:
    """The video on YouTube, what a recording shares ("" without a video: no Share button)."""
    return rx.cond(video_id != "", WATCH_BASE + video_id, "").to(str)


def recording_card(card: RecordingCard, *, level: int = 3, save_kind: str = "") -> rx.Component:
    """`level`: the name's heading level, one below the section's heading; `save_kind`: show
    a Save button for this kind of favourite."""
    title = rx.el.h2 if level == 2 else rx.el.h3
    return rx.el.article(
        youtube_video(card.video_id, card.name, class_name="rounded-b-none", remember=True),
        rx.el.div(
            subject_badge(card.subject),
            title(card.name, class_name="line-clamp-2 font-semibold text-slate-900"),
            action_row(
                icons=(
                    share_button(card.name, watch_url(card.video_id)),
                    save_button(save_kind, card.id, card.name) if save_kind else rx.fragment(),
                ),
            ),
            class_name="flex flex-1 flex-col gap-2 p-4",
        ),
        data_testid="recording-card",
        class_name="flex flex-col rounded-lg border border-slate-200 bg-white shadow-sm",
    )


def recordings_list(
    recordings: rx.Var[list[RecordingCard]],
    columns: str,
    empty: rx.Component,
    *,
    level: int = 3,
    grid_id: str | None = None,
    save_kind: str = "",
) -> rx.Component:
    """The three faces: 4 skeletons while loading, the error, the cards (or `empty`)."""
    return list_faces(
        loading=RecordingsState.loading,
        loading_face=skeleton_cards(Limit.SKELETON_CARDS, "h-72"),
        failed=RecordingsState.failed,
        error_text=Text.ERROR_LOADING_VIDEOS,
        items=recordings,
        content=rx.el.div(
            rx.foreach(recordings, lambda card: recording_card(card, level=level, save_kind=save_kind)),
            id=grid_id,
            class_name=f"grid gap-4 {columns}",
        ),
        empty=empty,
    )


def recordings_preview() -> rx.Component:
    """Home: Kuppi Recordings, the newest four in two columns, Show More to /youtube."""
    return rx.el.section(
        section_heading(Text.KUPPI_RECORDINGS, heading_id="recordings-heading"),
        recordings_list(RecordingsState.preview, "sm:grid-cols-2", empty_message(Text.NO_VIDEOS_FOUND)),
        show_more_link(routes.YOUTUBE),
        aria_labelledby="recordings-heading",
        class_name="flex flex-col gap-4",
    )
