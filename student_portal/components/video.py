"""A YouTube video through react-player that costs one thumbnail until the student taps it.

A YouTube player downloads ~1 MB of script before anyone presses play; on a page with four or
six videos and a phone on mobile data that is the whole page budget. react-player's `light`
mode shows a picture instead and loads the player (its YouTube support, youtube-video-element,
is a chunk of its own) only on tap; `playing` makes that tap also start the video.
react-player itself is not in the page's first download either: assets/youtube_video.js draws
the same picture and button and imports it (assets/youtube_player.js, its own chunk) when a
video nears the viewport (`Limit.VIDEO_PLAYER_NEAR_PX`) or is pointed at, focused or tapped.

What we give react-player (assets/youtube_player.js wires it):
- `light`: our own i.ytimg.com thumbnail as an <img>, lazy and with its size. react-player's
  `light=True` asks noembed.com for a thumbnail (refused by our CSP, missing for some
  videos); a URL string becomes a CSS background, fetched at once for every video on the page.
- `playIcon`: our play mark inside a real button named "Play video: <title>", the one tab stop.
- `src`: the youtube-nocookie.com address, so youtube-video-element embeds from there (it adds
  rel=0 itself).

When YouTube's player API script (www.youtube.com/iframe_api) cannot be fetched (offline, a
network that blocks it), youtube-video-element leaves the failed load's promise rejected with
nobody to handle it: the app's handler sent it to the server as "[Reflex Frontend Exception]
undefined: undefined" (a script's error event has no name nor message). The embed itself still
plays, or shows its own offline page; assets/head.js handles that one rejection (it must be
registered before the app's handler, in the head) and lets every other reach the server.

The state shapes rows with the 11-character id: `utils.youtube.youtube_id(link) or ""`
(watch, embed, youtu.be and shorts links). An empty id renders nothing (spec 5: no
id, no video).
"""

from __future__ import annotations

import reflex as rx

from student_portal.components.icons import icon
from student_portal.components.image import image
from student_portal.constants import Limit, Timing
from student_portal.i18n.texts import Text
from student_portal.state.auth import AuthState
from student_portal.state.history import HistoryState
from student_portal.utils.youtube import EMBED_BASE, THUMBNAIL_TEMPLATE

# utils.youtube builds these URLs in Python; here the id is a browser-side value, so the same
# templates are joined around it.
_THUMB_BEFORE, _THUMB_AFTER = THUMBNAIL_TEMPLATE.split("{id}")

# The react-player release Reflex 0.10.1's own rx.video wraps.
REACT_PLAYER = "react-player@3.4.0"


def _progress(
    video_id: rx.Var[str], title: rx.Var[str], position: rx.Var[float], duration: rx.Var[float]
) -> tuple[rx.Var[str], rx.Var[str], rx.Var[float], rx.Var[float]]:
    return (video_id, title, position, duration)


def _ids(video_ids: rx.Var[list[str]]) -> tuple[rx.Var[list[str]]]:
    return (video_ids,)


class YouTubePlayer(rx.Component):
    """react-player, imported when needed, with our thumbnail, play button and one player per page
    (assets/youtube_video.js, which imports assets/youtube_player.js)."""

    library = rx.asset("youtube_video.js").importable_path
    lib_dependencies: list[str] = [REACT_PLAYER]
    tag = "YouTubeVideo"

    src: rx.Var[str]
    title: rx.Var[str]
    light: rx.Var[rx.Component]
    broken_picture: rx.Var[rx.Component]
    play_icon: rx.Var[rx.Component]
    near_px: rx.Var[int]
    # A signed-in student's history (issue 52; assets/watch_progress.js): the recording opens at
    # `start` seconds, and its place is told to `on_progress` every `save_every_s` seconds of
    # playing, on pause, at the end and when it goes.
    video_id: rx.Var[str]
    start: rx.Var[int]
    save_every_s: rx.Var[int]
    remember: rx.Var[bool]
    on_progress: rx.EventHandler[_progress]
    # Where the student stopped in the recordings of the page (id -> second), asked for with
    # `on_want` (the ids of the players mounted together, one ask) while `remember`: it wins over
    # `start` for a recording it names.
    places: rx.Var[dict[str, int]]
    on_want: rx.EventHandler[_ids]


def _play_button(title: rx.Var[str]) -> rx.Component:
    """The whole picture is the button; its click reaches react-player's preview, which plays."""
    return rx.el.button(
        rx.el.span(
            icon("play", "size-7 translate-x-0.5 fill-current"),
            class_name="absolute top-1/2 left-1/2 flex h-12 w-16 -translate-x-1/2 -translate-y-1/2 "
            "items-center justify-center rounded-xl bg-red-700 text-white shadow-lg "
            "motion-safe:transition-colors group-hover:bg-red-800",
        ),
        rx.el.span(f"{Text.PLAY_VIDEO}: ", title, class_name="sr-only"),
        type="button",
        class_name="group absolute inset-0 size-full cursor-pointer focus-visible:outline-4 "
        "focus-visible:-outline-offset-4 focus-visible:outline-blue-500",
    )


def _broken_picture(title: rx.Var[str]) -> rx.Component:
    """What stands for a thumbnail that cannot be fetched (offline, a removed video): a drawn
    picture with the video's name, under the play button; decorative (the button names it)."""
    return rx.el.div(
        rx.el.span(
            title,
            class_name="absolute inset-x-4 top-3 line-clamp-2 text-sm font-semibold text-white/80 "
            "dark:text-slate-900/80",
        ),
        aria_hidden="true",
        data_testid="broken-thumbnail",
        # A video's frame is dark in both themes (dark.css turns slate-900 light, so dark names its own).
        class_name="absolute inset-0 bg-linear-to-br from-slate-600 to-slate-900 dark:from-slate-300 dark:to-slate-100",
    )


def youtube_video(
    video_id: rx.Var[str] | str,
    title: rx.Var[str] | str,
    *,
    class_name: str = "",
    remember: bool = False,
    start: rx.Var[int] | int = 0,
) -> rx.Component:
    """A 16:9 tap-to-play YouTube video, or nothing when `video_id` is empty. `remember`: a
    recording (not a talent's clip): a signed-in student's place in it goes into their history,
    and it opens where they stopped (their places of the page's recordings, one read);
    `start`: the second it opens at otherwise (the Continue row, /my-study)."""
    video_id = rx.Var.create(video_id).to(str)
    title = rx.Var.create(title).to(str)
    history = (
        {
            "video_id": video_id,
            "start": start,
            "save_every_s": Timing.HISTORY_SAVE_EVERY_S,
            # Signed out, the browser tells nothing.
            "remember": AuthState.is_authenticated,
            "on_progress": HistoryState.watched,
            "places": HistoryState.places,
            "on_want": HistoryState.want_places,
        }
        if remember
        else {}
    )
    frame = "relative block aspect-video w-full overflow-hidden rounded-lg bg-slate-900 dark:bg-slate-100"
    return rx.cond(
        video_id != "",
        rx.el.div(
            # The frame keeps its 16:9 box whatever is inside: nothing moves on tap.
            rx.el.div(
                YouTubePlayer.create(
                    src=f"{EMBED_BASE}{video_id}",
                    title=title,
                    light=image(
                        src=f"{_THUMB_BEFORE}{video_id}{_THUMB_AFTER}",
                        alt="",
                        width=480,
                        height=360,
                        class_name="absolute inset-0 size-full object-cover",
                    ),
                    broken_picture=_broken_picture(title),
                    play_icon=_play_button(title),
                    near_px=Limit.VIDEO_PLAYER_NEAR_PX,
                    **history,
                ),
                class_name="absolute inset-0",
            ),
            data_video_id=video_id,
            class_name=f"{frame} {class_name}".strip(),
        ),
    )
