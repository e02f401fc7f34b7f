"""A YouTube video that costs one thumbnail until the student taps it.

A YouTube iframe downloads ~1 MB of player script before anyone presses play; on a page with
four or six videos and a phone on mobile data that is the whole page budget. So each video is
first a plain button: the i.ytimg.com thumbnail and a play mark. Tapping it swaps in the real
player (embed with rel=0 and autoplay, titled with the video's name).

Why not `rx.video` (react-player, the old site's player) for the tapped state: it adds the
react-player bundle and youtube-video-element to every page that shows a video, to end up
drawing the same YouTube iframe; a plain <iframe> gives the student the same player for none
of that cost.

Which video plays is browser-side state (one `useState` slot shared by every video on the
page): no server round trip, only one player runs at a time, and a new visit starts with
thumbnails again.

The state shapes rows with the 11-character id: `utils.youtube.youtube_id(link) or ""`
(watch, embed, youtu.be and shorts links). An empty id renders nothing (spec 5: no
id, no video).
"""

from __future__ import annotations

import reflex as rx
from reflex.experimental.client_state import ClientStateVar

from student_portal.components.icons import icon
from student_portal.components.image import image
from student_portal.constants import Text
from student_portal.utils.youtube import EMBED_BASE, THUMBNAIL_TEMPLATE

# utils.youtube builds these URLs in Python; here the id is a browser-side value, so the same
# templates are joined around it.
_THUMB_BEFORE, _THUMB_AFTER = THUMBNAIL_TEMPLATE.split("{id}")


# The key of the video whose player is showing ("" = none).
_playing = ClientStateVar.create("playing_video", "")


def youtube_video(
    video_id: rx.Var[str] | str,
    title: rx.Var[str] | str,
    *,
    scope: str = "",
    class_name: str = "",
) -> rx.Component:
    """A 16:9 tap-to-play YouTube video, or nothing when `video_id` is empty.

    `scope` tells apart two copies of one video on the same page (say a carousel and a grid).
    """
    video_id = rx.Var.create(video_id).to(str)
    title = rx.Var.create(title).to(str)
    key = f"{scope}:{video_id}" if scope else video_id
    frame = "relative block aspect-video w-full overflow-hidden rounded-lg bg-slate-900"
    return rx.cond(
        video_id != "",
        rx.el.div(
            rx.cond(
                _playing.value == key,
                rx.el.iframe(
                    src=f"{EMBED_BASE}{video_id}?rel=0&autoplay=1",
                    title=title,
                    allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture",
                    custom_attrs={"allowFullScreen": True},
                    referrer_policy="strict-origin-when-cross-origin",
                    class_name="absolute inset-0 size-full border-0",
                ),
                rx.el.button(
                    image(
                        src=f"{_THUMB_BEFORE}{video_id}{_THUMB_AFTER}",
                        alt="",
                        width=480,
                        height=360,
                        loading="lazy",
                        decoding="async",
                        class_name="absolute inset-0 size-full object-cover",
                    ),
                    rx.el.span(
                        icon("play", "size-7 translate-x-0.5 fill-current"),
                        class_name="absolute top-1/2 left-1/2 flex h-12 w-16 -translate-x-1/2 -translate-y-1/2 "
                        "items-center justify-center rounded-xl bg-red-700 text-white shadow-lg "
                        "transition-colors group-hover:bg-red-800",
                    ),
                    rx.el.span(f"{Text.PLAY_VIDEO}: ", title, class_name="sr-only"),
                    type="button",
                    on_click=_playing.set_value(key),
                    class_name="group absolute inset-0 size-full cursor-pointer focus-visible:outline-4 "
                    "focus-visible:-outline-offset-4 focus-visible:outline-blue-500",
                ),
            ),
            data_video_id=video_id,
            class_name=f"{frame} {class_name}".strip(),
        ),
    )
