"""Spec 5: the 11-character video id from watch, embed or short links; none means no video."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from student_portal.constants import Limit
from student_portal.utils.youtube import EMBED_BASE, THUMBNAIL_TEMPLATE, is_video_id, youtube_id

VID = "dQw4w9WgXcQ"
ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
video_ids = st.text(alphabet=ID_ALPHABET, min_size=Limit.YOUTUBE_ID_LENGTH, max_size=Limit.YOUTUBE_ID_LENGTH).filter(
    lambda s: s not in ("videoseries", "live_stream")
)


@pytest.mark.parametrize(
    "url",
    [
        f"https://www.youtube.com/watch?v={VID}",
        f"https://youtube.com/watch?v={VID}",
        f"http://www.youtube.com/watch?v={VID}",
        f"https://m.youtube.com/watch?v={VID}",
        f"https://music.youtube.com/watch?v={VID}&list=RDAMVM{VID}",
        f"https://www.youtube.com/watch?v={VID}&t=42s",
        f"https://www.youtube.com/watch?feature=share&v={VID}",
        f"https://www.youtube.com/watch?list=PL123&index=2&v={VID}&pp=ygUF",
        f"https://www.youtube.com/watch?feature=share&amp;v={VID}",
        f"https://www.youtube.com/watch/?v={VID}#comments",
        f"www.youtube.com/watch?v={VID}",
        f"youtube.com/watch?v={VID}",
        f"//www.youtube.com/watch?v={VID}",
        f"  https://www.youtube.com/watch?v={VID}\n",
        f"HTTPS://WWW.YOUTUBE.COM/watch?v={VID}",
        f"https://www.youtube.com./watch?v={VID}",
        f"https://www.youtube.com:443/watch?v={VID}",
        f"https://www.youtube.com/embed/{VID}",
        f"https://www.youtube.com/embed/{VID}?rel=0&autoplay=1",
        f"https://www.youtube-nocookie.com/embed/{VID}?rel=0",
        f"https://youtube-nocookie.com/embed/{VID}",
        f"https://youtu.be/{VID}",
        f"https://youtu.be/{VID}?si=AbCdEfGh&t=10",
        f"youtu.be/{VID}",
        f"https://youtu.be/{VID}/",
        f"https://www.youtube.com/shorts/{VID}",
        f"https://youtube.com/shorts/{VID}?feature=share",
        f"https://m.youtube.com/shorts/{VID}",
        f"https://www.youtube.com/live/{VID}?si=xyz",
        f"https://www.youtube.com/v/{VID}",
    ],
)
def test_video_id_is_taken_from_every_youtube_link_shape(url):
    assert youtube_id(url) == VID


@pytest.mark.parametrize(
    "url",
    [
        None,
        "",
        "   ",
        42,
        ["https://youtu.be/dQw4w9WgXcQ"],
        b"https://youtu.be/dQw4w9WgXcQ",
        "not a link at all",
        VID,  # a bare id is not a link
        f"https://www.youtube.com/watch?v={VID[:-1]}",  # 10 characters
        f"https://www.youtube.com/watch?v={VID}X",  # 12 characters
        f"https://youtu.be/{VID}X",
        "https://www.youtube.com/watch?v=dQw4w9WgXc!",
        "https://www.youtube.com/watch?v=",
        "https://www.youtube.com/watch",
        "https://www.youtube.com/",
        "https://www.youtube.com/@studentportal.lk",
        "https://www.youtube.com/embed/videoseries?list=PL1234567890",
        "https://www.youtube.com/embed/live_stream?channel=UC123",
        f"https://www.youtube.com/channel/{VID}",
        f"https://www.youtube.com/results?search_query={VID}",
        f"https://youtube.com.evil.net/watch?v={VID}",
        f"https://evil.net/youtube.com/watch?v={VID}",
        f"https://notyoutube.com/watch?v={VID}",
        f"https://youtu.be.evil.net/{VID}",
        f"https://evil-youtube.com/embed/{VID}",
        f"https://www.youtube.com@evil.net/watch?v={VID}",
        f"https://evil.net@www.youtube.com/watch?v={VID}",
        f"https://www.youtube-nocookie.com/watch?v={VID}",
        f"https://vimeo.com/{VID}",
        f"javascript://www.youtube.com/watch?v={VID}",
        f"ftp://youtu.be/{VID}",
        f"https://www.google.com/url?q=https://youtu.be/{VID}",
        "https://[::1/watch?v=dQw4w9WgXcQ",
        "https://youtu.be/" + "A" * 100_000,
        "https://www.youtube.com/watch?v=" + "&v=x" * 50_000,
    ],
)
def test_no_video_id_when_the_link_is_not_a_youtube_video(url):
    assert youtube_id(url) is None


def test_first_valid_v_parameter_wins():
    assert youtube_id(f"https://www.youtube.com/watch?v=short&v={VID}") == VID


@pytest.mark.parametrize("bad", [None, "", "short", f"{VID}/../x", 3, "<script>alert</script>", "videoseries"])
def test_anything_but_an_id_is_not_a_video_id(bad):
    assert not is_video_id(bad)


# --- properties ---------------------------------------------------------------------------


@given(st.one_of(st.none(), st.text(), st.binary(), st.integers(), st.floats(), st.lists(st.text())))
def test_youtube_id_never_raises_and_returns_an_id_or_none(value):
    result = youtube_id(value)
    assert result is None or re.fullmatch(r"[A-Za-z0-9_-]{11}", result)


@given(st.text(alphabet=st.characters(codec="utf-8") | st.sampled_from(":/?&=#@.%\\[]"), max_size=300))
def test_youtube_id_of_arbitrary_url_like_text_is_an_id_or_none(text):
    for value in (text, "https://youtu.be/" + text, "https://www.youtube.com/watch?v=" + text):
        result = youtube_id(value)
        assert result is None or is_video_id(result)


@given(
    video_ids,
    st.sampled_from(
        [
            "https://www.youtube.com/watch?v={id}",
            "https://m.youtube.com/watch?foo=bar&v={id}",
            "https://youtu.be/{id}",
            "https://www.youtube.com/embed/{id}",
            "https://www.youtube-nocookie.com/embed/{id}",
            "https://youtube.com/shorts/{id}",
            "https://www.youtube.com/live/{id}",
        ]
    ),
)
def test_id_round_trips_through_every_link_shape(video_id, template):
    assert youtube_id(template.format(id=video_id)) == video_id


@given(video_ids)
def test_the_player_and_thumbnail_addresses_we_build_lead_back_to_the_same_id(video_id):
    assert youtube_id(EMBED_BASE + video_id) == video_id
    assert THUMBNAIL_TEMPLATE.format(id=video_id) == f"https://i.ytimg.com/vi/{video_id}/hqdefault.jpg"


@given(video_ids, st.from_regex(r"[a-z0-9-]{1,20}", fullmatch=True))
def test_lookalike_hosts_never_count_as_youtube(video_id, label):
    for host in (f"youtube.com.{label}.net", f"{label}youtube.com", f"youtu.be.{label}"):
        assert youtube_id(f"https://{host}/watch?v={video_id}") is None
        assert youtube_id(f"https://{host}/embed/{video_id}") is None
