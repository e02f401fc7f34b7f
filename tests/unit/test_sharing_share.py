"""Share targets (student_portal/sharing/share.py) and the rows that carry them."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from student_portal.pocketbase import FolderItem, Job, Recording
from student_portal.sharing.paths import site_url
from student_portal.sharing.share import share_url, whatsapp_share
from student_portal.state.jobs import job_card
from student_portal.state.recordings import recording_card
from student_portal.state.resources import item_card


def shared_text(link: str) -> str:
    assert link.startswith("https://wa.me/?text=")
    return parse_qs(urlsplit(link).query)["text"][0]


def test_the_whatsapp_link_carries_the_title_and_the_address_intact() -> None:
    title = 'උසස් පෙළ "results" & more #1 😀\nline two'
    link = whatsapp_share(title, "https://portal.lk/news/abc")
    assert shared_text(link) == 'උසස් පෙළ "results" & more #1 😀 line two https://portal.lk/news/abc'
    assert whatsapp_share("A title", "") == ""  # nothing to share without an address


def test_a_10000_character_title_is_cut_before_the_address() -> None:
    text = shared_text(whatsapp_share("x " * 5000, "https://portal.lk/jobs/"))
    assert text.endswith("https://portal.lk/jobs/") and len(text) < 250


def test_share_addresses_are_absolute_on_the_site() -> None:
    assert share_url("/news/abc") == site_url() + "/news/abc"
    assert share_url("") == ""


def test_rows_carry_their_share_targets() -> None:
    job = job_card(Job.model_validate({"id": "j1", "title": "Data Entry Intern"}))
    assert job.share_url == site_url() + "/jobs/#job-j1" and shared_text(job.share_whatsapp).startswith("Data Entry")
    paper = item_card(
        FolderItem.model_validate({"id": "i1", "collectionName": "OL_Items", "folder": "f1", "title": "P"})
    )
    assert paper.share_url == site_url() + "/ol/f1"
    orphan = item_card(FolderItem.model_validate({"id": "i2", "collectionName": "OL_Items", "title": "No folder"}))
    assert orphan.share_url == orphan.share_whatsapp == ""
    video = recording_card(
        Recording.model_validate({"id": "r1", "name": "Vectors", "link": "https://youtu.be/dQw4w9WgXcQ"})
    )
    assert video.share_url == "https://www.youtube.com/watch?v=dQw4w9WgXcQ"
    no_video = recording_card(Recording.model_validate({"id": "r2", "name": "Broken", "link": "not a link"}))
    assert no_video.share_whatsapp == ""
