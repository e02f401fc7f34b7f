"""notices (issue 53) against a real PocketBase: a content manager's save becomes one notice
for all followers, written by PocketBase's hooks; a burst of edits to one class is one notice;
edits that undo each other leave none; deleting the teacher or folder takes its notices."""

from __future__ import annotations

import httpx
import pytest

from tests.integration.conftest import list_all

CLASSES = "/api/collections/Classes/records"
NOTICES = "/api/collections/notices/records"


@pytest.fixture
def teacher(admin: httpx.Client):
    made = admin.post("/api/collections/Teachers/records", json={"name": "Notice Teacher"})
    assert made.status_code == 200, made.text
    yield made.json()["id"]
    gone(admin, made.json()["id"])


def gone(admin: httpx.Client, teacher: str) -> None:
    """The teacher and what is theirs deleted (their follows and notices go with them)."""
    for collection in ("Classes", "Class_Notes", "Class_Recordings"):
        for record in list_all(admin, collection, filter=f'teacher = "{teacher}"'):
            admin.delete(f"/api/collections/{collection}/records/{record['id']}")
    assert admin.delete(f"/api/collections/Teachers/records/{teacher}").status_code == 204


def notices_of(admin: httpx.Client, teacher: str) -> list[dict]:
    return list_all(admin, "notices", filter=f'teacher = "{teacher}"')


def test_a_burst_of_edits_is_one_notice_from_first_to_last(admin, teacher):
    made = admin.post(
        CLASSES,
        json={"name": "Physics revision", "date": "2026-12-12 10:30:00.000Z", "duration": 90, "teacher": teacher},
    ).json()
    [added] = notices_of(admin, teacher)
    assert added["kind"] == "class_added" and added["after"]["name"] == "Physics revision"
    admin.patch(f"{NOTICES}/{added['id']}", json={"settled": True})  # the site settled (and mailed) it

    for minute in range(10, 60, 5):  # a content manager nudging the time ten times
        admin.patch(f"{CLASSES}/{made['id']}", json={"date": f"2026-12-13 04:{minute}:00.000Z"})
    admin.patch(f"{CLASSES}/{made['id']}", json={"zoom": "https://zoom.us/j/123"})
    changed = [n for n in notices_of(admin, teacher) if not n["settled"]]
    assert [n["kind"] for n in changed] == ["class_changed"]
    assert changed[0]["before"]["date"] == "2026-12-12 10:30:00.000Z"
    assert changed[0]["after"]["date"] == "2026-12-13 04:55:00.000Z"
    assert changed[0]["after"]["zoom"] == "https://zoom.us/j/123"

    # edits that undo the burst: nothing changed after all
    admin.patch(f"{CLASSES}/{made['id']}", json={"date": "2026-12-12 10:30:00.000Z", "zoom": ""})
    assert [n["kind"] for n in notices_of(admin, teacher)] == ["class_added"]

    # a rename alone tells nobody anything
    admin.patch(f"{CLASSES}/{made['id']}", json={"name": "Physics revision (renamed)"})
    assert len(notices_of(admin, teacher)) == 1

    assert admin.delete(f"{CLASSES}/{made['id']}").status_code == 204
    kinds = sorted(n["kind"] for n in notices_of(admin, teacher))
    assert kinds == ["class_added", "class_cancelled"]


def test_a_class_added_and_removed_in_one_burst_leaves_nothing(admin, teacher):
    made = admin.post(CLASSES, json={"name": "Oops", "date": "2026-12-12 10:30:00.000Z", "teacher": teacher}).json()
    admin.delete(f"{CLASSES}/{made['id']}")
    assert notices_of(admin, teacher) == []


def test_new_items_notes_and_jobs_each_make_one_notice(admin, teacher):
    folder = admin.post("/api/collections/ALFolders/records", json={"name": "Physics"}).json()["id"]
    item = admin.post(
        "/api/collections/AL_Items/records", json={"folder": folder, "title": "2025 Paper I", "type": "paper"}
    )
    assert item.status_code == 200, item.text
    [notice] = list_all(admin, "notices", filter=f'al_folder = "{folder}"')
    assert (notice["kind"], notice["after"]["title"]) == ("new_item", "2025 Paper I")
    admin.delete(f"/api/collections/AL_Items/records/{item.json()['id']}")
    admin.delete(f"/api/collections/ALFolders/records/{folder}")
    assert list_all(admin, "notices", filter=f'al_folder = "{folder}"') == []

    note = admin.post("/api/collections/Class_Notes/records", json={"name": "Waves handout", "teacher": teacher})
    assert note.status_code == 200, note.text
    assert [n["kind"] for n in notices_of(admin, teacher)] == ["new_class_note"]
    admin.delete(f"/api/collections/Class_Notes/records/{note.json()['id']}")

    job = admin.post("/api/collections/Jobs/records", json={"title": "Tutor", "location": "Moratuwa"}).json()
    [job_notice] = list_all(admin, "notices", filter=f'record = "{job["id"]}"')
    assert job_notice["kind"] == "new_job" and job_notice["after"]["location"] == "Moratuwa"
    admin.delete(f"/api/collections/Jobs/records/{job['id']}")
    admin.delete(f"{NOTICES}/{job_notice['id']}")


def test_notices_are_public_to_read_and_written_by_nobody_else(anon, as_role):
    assert anon.get(NOTICES).status_code == 200
    body = {"kind": "new_job", "after": {"title": "fake"}}
    assert anon.post(NOTICES, json=body).status_code in (400, 403)
    assert as_role("basic").post(NOTICES, json=body).status_code in (400, 403)


def test_students_cannot_set_their_own_mail_or_seen_fields(as_role):
    from tests.integration.conftest import DEMO_USERS

    me = DEMO_USERS["basic"][2]
    for field, value in (("mail_other", "now"), ("notices_seen", "2030-01-01 00:00:00.000Z")):
        answer = as_role("basic").patch(f"/api/collections/users/records/{me}", json={field: value})
        assert answer.status_code in (400, 403, 404), (field, answer.text)
