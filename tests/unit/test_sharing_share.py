"""Share targets (student_portal/routes/links.py) and the rows that carry them."""

from __future__ import annotations

from student_portal.pocketbase import FolderItem, Job, Recording
from student_portal.routes.links import share_url, site_url
from student_portal.state.jobs import job_card
from student_portal.state.recordings import recording_card
from student_portal.state.resources import item_card


def test_share_addresses_are_absolute_on_the_site() -> None:
    assert share_url("/news/abc") == site_url() + "/news/abc"
    assert share_url("") == ""


def test_rows_carry_their_share_targets() -> None:
    job = job_card(Job.model_validate({"id": "j1", "title": "Data Entry Intern"}))
    assert job.share_url == site_url() + "/jobs/#job-j1"
    paper = item_card(
        FolderItem.model_validate({"id": "i1", "collectionName": "OL_Items", "folder": "f1", "title": "P"})
    )
    assert paper.share_url == site_url() + "/ol/f1"
    orphan = item_card(FolderItem.model_validate({"id": "i2", "collectionName": "OL_Items", "title": "No folder"}))
    assert orphan.share_url == ""
    # A recording shares its YouTube address, made in the browser from the id it carries.
    video = recording_card(
        Recording.model_validate({"id": "r1", "name": "Vectors", "link": "https://youtu.be/dQw4w9WgXcQ"})
    )
    assert video.video_id == "dQw4w9WgXcQ"
    no_video = recording_card(Recording.model_validate({"id": "r2", "name": "Broken", "link": "not a link"}))
    assert no_video.video_id == ""
