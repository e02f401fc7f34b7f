"""Answer keys and attempts against a real PocketBase: the hook refuses an unreadable key (every
form of tests/support/answer_keys.json, as the Python parser does), keys stay hidden from the
public, and attempts are their owner's alone and written by the server only."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from tests.integration.conftest import DEMO_USERS, list_all

TABLE = json.loads((Path(__file__).resolve().parents[2] / "tests/support/answer_keys.json").read_text("utf-8"))
ITEMS = "/api/collections/AL_Items/records"
ATTEMPTS = "/api/collections/attempts/records"
PHYSICS = "alitem000000013"  # the demo A/L MCQ paper with a 50-question key


@pytest.fixture
def paper(admin: httpx.Client):
    """A fresh A/L item in the first folder, deleted afterwards."""
    folder = list_all(admin, "ALFolders")[0]["id"]
    created = admin.post(ITEMS, json={"folder": folder, "type": "paper", "title": "Key test"})
    assert created.status_code == 200, created.text
    yield created.json()["id"]
    admin.delete(f"{ITEMS}/{created.json()['id']}")


@pytest.mark.parametrize("case", TABLE["keys"], ids=lambda case: repr(case["key"]))
def test_the_hook_reads_or_refuses_each_key_as_the_site_does(case, admin, paper):
    response = admin.patch(f"{ITEMS}/{paper}", json={"answers": case["key"]})
    if "error" in case:
        assert response.status_code == 400, response.text
        body = response.json()
        assert body["message"] == case["error"]  # the admin UI shows it, naming the question
        assert body["data"]["answers"]["message"] == case["error"]
        assert admin.get(f"{ITEMS}/{paper}").json()["answers"] == ""  # not saved
    else:
        assert response.status_code == 200, response.text
        saved = response.json()
        expected = (0, 0) if case["answers"] is None else (len(case["answers"]), case["options"])
        assert (saved["questions"], saved["options"]) == expected


@pytest.mark.parametrize("case", TABLE["explanations"], ids=lambda case: repr(case["text"]))
def test_the_hook_reads_or_refuses_explanations(case, admin, paper):
    key = " ".join(["1"] * case["questions"])
    response = admin.patch(f"{ITEMS}/{paper}", json={"answers": key, "explanations": case["text"]})
    if "error" in case:
        assert response.status_code == 400, response.text
        assert response.json()["data"]["explanations"]["message"] == case["error"]
    else:
        assert response.status_code == 200, response.text


def test_counts_come_from_the_key_not_from_the_request(admin, paper):
    response = admin.patch(f"{ITEMS}/{paper}", json={"answers": "1 2 3", "questions": 99, "options": 9})
    assert (response.json()["questions"], response.json()["options"]) == (3, 4)


def test_the_key_is_hidden_from_everyone_but_superusers(anon, as_role, admin):
    for client in (anon, as_role("basic"), as_role("full")):
        record = client.get(f"{ITEMS}/{PHYSICS}").json()
        assert "answers" not in record and "explanations" not in record
        assert (record["questions"], record["options"], record["minutes"]) == (50, 5, 120)
        listed = client.get(ITEMS, params={"filter": 'answers != ""'})
        assert listed.status_code == 400 or listed.json()["totalItems"] == 0  # no filtering on it either
    assert len(admin.get(f"{ITEMS}/{PHYSICS}").json()["answers"].split()) == 50


def test_demo_papers_for_practice(admin):
    physics = admin.get(f"{ITEMS}/{PHYSICS}").json()
    assert physics["explanations"] and physics["marking_scheme"].endswith(".pdf")
    science = admin.get("/api/collections/OL_Items/records/olitem000000013").json()
    assert (science["questions"], science["options"]) == (40, 4)
    structured = admin.get(f"{ITEMS}/alitem000000014").json()
    assert structured["marking_scheme"] and not structured["answers"]


# ---- attempts -----------------------------------------------------------------------------------


def user_id(role: str) -> str:
    return DEMO_USERS[role][2]


def attempt(role: str, **extra) -> dict:
    return {
        "user": user_id(role),
        "collection": "AL_Items",
        "record": PHYSICS,
        "answers": {"1": 2},
        "score": 1,
        "total": 50,
        "seconds": 60,
        "sheet": "s" + role,
        **extra,
    }


@pytest.fixture
def attempts(admin: httpx.Client):
    """One attempt each for basic and full, written as the site's server writes them."""
    made = [admin.post(ATTEMPTS, json=attempt(role)).json() for role in ("basic", "full")]
    yield {record["user"]: record for record in made}
    for record in list_all(admin, "attempts"):
        admin.delete(f"{ATTEMPTS}/{record['id']}")


def test_a_student_reads_only_their_own_attempts(as_role, anon, attempts):
    mine = list_all(as_role("basic"), "attempts")
    assert [a["user"] for a in mine] == [user_id("basic")]
    theirs = attempts[user_id("full")]["id"]
    assert as_role("basic").get(f"{ATTEMPTS}/{theirs}").status_code == 404
    assert as_role("full").get(f"{ATTEMPTS}/{theirs}").status_code == 200
    assert anon.get(ATTEMPTS).json()["totalItems"] == 0
    assert anon.get(f"{ATTEMPTS}/{theirs}").status_code == 404


def test_nobody_writes_an_attempt_through_the_api(as_role, anon, admin, attempts):
    own = attempts[user_id("basic")]["id"]
    for client, role in ((as_role("basic"), "basic"), (as_role("basic"), "full"), (anon, "basic")):
        assert client.post(ATTEMPTS, json=attempt(role, sheet="forged", score=50)).status_code in (400, 403)
    assert as_role("basic").patch(f"{ATTEMPTS}/{own}", json={"score": 50}).status_code in (403, 404)
    assert as_role("basic").delete(f"{ATTEMPTS}/{own}").status_code in (403, 404)
    assert admin.get(f"{ATTEMPTS}/{own}").json()["score"] == 1
    assert len(list_all(admin, "attempts")) == 2


def test_one_sheet_is_stored_once(admin, attempts):
    again = admin.post(ATTEMPTS, json=attempt("basic"))
    assert again.status_code == 400  # the same user and sheet: a replayed submit
    assert len(list_all(admin, "attempts")) == 2
