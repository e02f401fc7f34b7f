"""follows (issue 53) against a real PocketBase: written by the server (superuser) only, each
student lists and views only their own, nothing for a signed-out visitor, the same thing is
followed once, and a deleted teacher or folder takes its follows with it."""

from __future__ import annotations

import httpx
import pytest

from tests.integration.conftest import DEMO_USERS, list_all

FOLLOWS = "/api/collections/follows/records"


def uid(role: str) -> str:
    return DEMO_USERS[role][2]


@pytest.fixture
def clean(admin: httpx.Client):
    def wipe():
        for record in list_all(admin, "follows"):
            admin.delete(f"{FOLLOWS}/{record['id']}")

    wipe()
    yield
    wipe()


@pytest.fixture(scope="module")
def teacher(admin: httpx.Client) -> str:
    return list_all(admin, "Teachers")[0]["id"]


def test_students_cannot_write_follows_through_the_api(as_role, admin, teacher, clean):
    body = {"user": uid("basic"), "kind": "teacher", "teacher": teacher}
    assert as_role("basic").post(FOLLOWS, json=body).status_code in (400, 403)
    assert as_role(None).post(FOLLOWS, json=body).status_code in (400, 403)
    assert list_all(admin, "follows") == []
    made = admin.post(FOLLOWS, json=body)  # the site's server
    assert made.status_code == 200, made.text
    record = made.json()["id"]
    assert as_role("basic").patch(f"{FOLLOWS}/{record}", json={"teacher": ""}).status_code in (403, 404)
    assert as_role("basic").delete(f"{FOLLOWS}/{record}").status_code in (403, 404)
    assert len(list_all(admin, "follows")) == 1


def test_each_student_sees_only_their_own(as_role, admin, teacher, clean):
    mine = admin.post(FOLLOWS, json={"user": uid("basic"), "kind": "teacher", "teacher": teacher}).json()["id"]
    admin.post(FOLLOWS, json={"user": uid("notes"), "kind": "jobs", "location": "Moratuwa"})
    assert [r["id"] for r in list_all(as_role("basic"), "follows")] == [mine]
    assert [r["location"] for r in list_all(as_role("notes"), "follows")] == ["Moratuwa"]
    assert list_all(as_role(None), "follows") == []
    assert as_role("notes").get(f"{FOLLOWS}/{mine}").status_code == 404
    assert as_role(None).get(f"{FOLLOWS}/{mine}").status_code == 404
    assert as_role("basic").get(f"{FOLLOWS}/{mine}").status_code == 200
    # a filter naming another student changes nothing
    theirs = as_role("basic").get(FOLLOWS, params={"filter": f'user = "{uid("notes")}"'}).json()["items"]
    assert theirs == []


def test_the_same_thing_is_followed_once(admin, teacher, clean):
    body = {"user": uid("basic"), "kind": "teacher", "teacher": teacher}
    assert admin.post(FOLLOWS, json=body).status_code == 200
    assert admin.post(FOLLOWS, json=body).status_code == 400
    jobs = {"user": uid("basic"), "kind": "jobs", "location": "Kandy", "contract": ""}
    assert admin.post(FOLLOWS, json=jobs).status_code == 200
    assert admin.post(FOLLOWS, json=jobs).status_code == 400
    assert admin.post(FOLLOWS, json={**jobs, "contract": "Part-time"}).status_code == 200


def test_a_deleted_teacher_or_folder_takes_its_follows(admin, clean):
    new_teacher = admin.post("/api/collections/Teachers/records", json={"name": "Gone soon"}).json()["id"]
    folder = admin.post("/api/collections/OLFolders/records", json={"name": "Gone folder"})
    assert folder.status_code == 200, folder.text
    folder_id = folder.json()["id"]
    for body in ({"kind": "teacher", "teacher": new_teacher}, {"kind": "ol_folder", "ol_folder": folder_id}):
        assert admin.post(FOLLOWS, json={"user": uid("basic"), **body}).status_code == 200
    assert len(list_all(admin, "follows")) == 2
    assert admin.delete(f"/api/collections/Teachers/records/{new_teacher}").status_code == 204
    assert admin.delete(f"/api/collections/OLFolders/records/{folder_id}").status_code == 204
    assert list_all(admin, "follows") == []
