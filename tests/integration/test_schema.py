"""The PocketBase schema, settings and demo seed, read back from a real server.

Collection and field names (odd spellings included) are the data contract with the
admin content: these tests pin them. What a collection's declaration says
(student_portal/pocketbase/collections.py: name, model, public or not, sort) is checked for
every declared collection, a new one included, with no line here: it exists, has its model's
fields and its sort's, public ones are readable by anyone and have demo records, protected
ones are not public.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path

import httpx
import pytest

from student_portal.accounts.passwords import PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS
from student_portal.pocketbase.collections import DECLARED, PUBLIC
from tests.integration.conftest import DEMO_USERS, list_all

COLOMBO = timezone(timedelta(hours=5, minutes=30))  # Asia/Colombo, no DST
SEED_DIR = Path(__file__).resolve().parents[2] / "pb" / "pb_seed"

NOTES_ROLE = '@request.auth.collectionName = "users" && (@request.auth.role = "notes" || @request.auth.role = "full")'
SIGNED_IN = '@request.auth.collectionName = "users" && @request.auth.id != ""'


def f(type_: str, **attrs) -> dict:
    return {"type": type_, **attrs}


def image(*thumbs: str) -> dict:
    return f("file", thumbs=list(thumbs), maxSelect=1, protected=False, image=True)


def slide_fields() -> dict:
    return {"image": image("1280x480", "640x240", "960x360"), "title": f("text"), "excerpt": f("text")}


def item_fields(folders: str) -> dict:
    return {
        "folder": f("relation", target=folders, maxSelect=1),
        "type": f("select", values=["paper", "note"], maxSelect=1),
        "title": f("text"),
        "description": f("text"),
        "image": image("400x300"),
        "file": f("file", protected=False, maxSelect=1, mimeTypes=["application/pdf"]),
        "varient": f("text"),
        # Practice (issue 51): the key and explanations only superusers read; the hook writes
        # questions and options from the key.
        "answers": f("text", hidden=True),
        "explanations": f("text", hidden=True),
        "minutes": f("number", onlyInt=True),
        "marking_scheme": f("file", protected=False, maxSelect=1, mimeTypes=["application/pdf"]),
        "questions": f("number", onlyInt=True),
        "options": f("number", onlyInt=True),
    }


# collection -> field -> expected type and attributes (besides id/created/updated)
SCHEMA: dict[str, dict[str, dict]] = {
    "Categories": {"name": f("text")},
    "Products": {
        "name": f("text"),
        "price": f("number"),
        "image": image("400x400"),
        "categories": f("relation", target="Categories", maxSelect=99),
    },
    "Mobile_Slides": {"field": image("640x640"), "title": f("text")},
    "Desktop_Slides": {"field": image("1280x480"), "title": f("text")},
    "News": {
        "title": f("text"),
        "excerpt": f("text"),
        "image": image("640x360"),
        "active": f("bool"),
        "content": f("editor"),
    },
    "Articles": {"conent": f("editor")},
    "TalentsCategories": {"name": f("text")},
    "Talents": {
        "name": f("text"),
        "title": f("text"),
        "link": f("url"),
        "date": f("date"),
        "categorie": f("relation", target="TalentsCategories", maxSelect=1),
    },
    "SocialMedia": {
        "platform": f("select", values=["youtube", "facebook", "tiktok", "other"], maxSelect=1),
        "title": f("text"),
        "description": f("text"),
        "thumbnailUrl": image("400x225"),
        "link": f("url"),
    },
    "Teachers": {
        "name": f("text"),
        "description": f("text"),
        "avatar": image("96x96", "256x256", "96x96f", "256x256f"),
        "note_background": image("1280x320", "1280x320f"),
        "record_backgroud": image("1280x320", "1280x320f"),
    },
    "Classes": {
        "name": f("text"),
        "date": f("date"),
        "duration": f("number"),
        "teacher": f("relation", target="Teachers", maxSelect=1),
        "zoom": f("url"),
    },
    "Notes": {
        "name": f("text"),
        "file": f("file", protected=True, maxSelect=1, maxSize=20 * 1024 * 1024, pdf=True),
        "external": f("bool"),
        "drive": f("url"),
    },
    "Notes_Slides": slide_fields(),
    "Recording_Slides": slide_fields(),
    "OL_Slides": slide_fields(),
    "AL_Slides": slide_fields(),
    "Subjects": {"name": f("text")},
    "Recordings": {
        "name": f("text"),
        "link": f("url"),
        "subject": f("relation", target="Subjects", maxSelect=1),
    },
    "Class_Promo": {
        "image": image("400x300", "400x300f"),
        "description": f("text"),
        "whatsappNumber": f("text"),
        "message": f("text"),
    },
    "Class_Notes": {
        "name": f("text"),
        "file": f("file", protected=True, maxSelect=1, pdf=True),
        "teacher": f("relation", target="Teachers", maxSelect=1),
        "url": f("url"),
    },
    "Class_Recordings": {
        "name": f("text"),
        "link": f("url"),
        "teacher": f("relation", target="Teachers", maxSelect=1),  # our addition to the spec
    },
    "OLFolders": {"name": f("text"), "label": f("text")},
    "ALFolders": {"name": f("text"), "label": f("text")},
    "OL_Items": item_fields("OLFolders"),
    "AL_Items": item_fields("ALFolders"),
    "Citys": {"name": f("text")},
    "Hotels": {
        "name": f("text"),
        "image": image("640x400"),
        "city": f("relation", target="Citys", maxSelect=1),
        "gust": f("number"),
        "rating": f("number", min=0, max=5),
        "price": f("number"),
        "reviewScore": f("number", min=0, max=10),
        "contact": f("text"),
        "whatsapp": f("text"),
    },
    "Jobs": {
        "title": f("text"),
        "company": f("text"),
        "logo": image("96x96"),
        "new": f("bool"),
        "featured": f("bool"),
        "postedAt": f("date"),
        "contract": f("text"),
        "location": f("text"),
        "phoneNumber": f("text"),
        "whatsappNumber": f("text"),
        "email": f("email"),
        "tags": f("json"),
    },
}

RESTRICTED_READ = {
    "Notes": NOTES_ROLE,
    "Class_Notes": SIGNED_IN,
    "Class_Recordings": SIGNED_IN,
    "News": "active = true",  # retired news is not public (issue 16)
}


@pytest.fixture(scope="module")
def collections(admin: httpx.Client) -> dict[str, dict]:
    response = admin.get("/api/collections", params={"perPage": "500"})
    assert response.status_code == 200, response.text
    return {c["name"]: c for c in response.json()["items"]}


@pytest.fixture(scope="module")
def names_by_id(collections: dict[str, dict]) -> dict[str, str]:
    return {c["id"]: name for name, c in collections.items()}


@pytest.fixture(scope="module")
def records(admin: httpx.Client):
    cache: dict[str, list[dict]] = {}

    def get(collection: str) -> list[dict]:
        if collection not in cache:
            cache[collection] = list_all(admin, collection)
        return cache[collection]

    return get


# ------------------------------------------------------------------------- schema


def test_every_collection_exists(collections):
    missing = sorted(set(SCHEMA) - set(collections))
    assert not missing
    assert collections["users"]["id"] == "_pb_users_auth_"


@pytest.mark.parametrize("name", sorted(SCHEMA))
def test_collection_fields(name, collections, names_by_id):
    collection = collections[name]
    assert collection["type"] == "base"
    fields = {field["name"]: field for field in collection["fields"]}
    expected = SCHEMA[name]
    assert set(fields) == {"id", "created", "updated", *expected}

    assert fields["created"]["type"] == "autodate"
    assert (fields["created"]["onCreate"], fields["created"]["onUpdate"]) == (True, False)
    assert fields["updated"]["type"] == "autodate"
    assert (fields["updated"]["onCreate"], fields["updated"]["onUpdate"]) == (True, True)

    for field_name, want in expected.items():
        got = fields[field_name]
        assert got["type"] == want["type"], f"{name}.{field_name}"
        for key, value in want.items():
            if key == "type":
                continue
            if key == "target":
                assert names_by_id[got["collectionId"]] == value, f"{name}.{field_name}"
            elif key == "image":
                assert "image/jpeg" in got["mimeTypes"] and "image/png" in got["mimeTypes"]
                assert "image/svg+xml" not in got["mimeTypes"]  # no scriptable uploads
            elif key == "pdf":
                assert "application/pdf" in got["mimeTypes"]
            else:
                assert got[key] == value, f"{name}.{field_name}.{key}"


@pytest.mark.parametrize("name", sorted(SCHEMA))
def test_collection_rules(name, collections):
    collection = collections[name]
    read = RESTRICTED_READ.get(name, "")
    assert collection["listRule"] == read
    assert collection["viewRule"] == read
    assert collection["createRule"] is None
    assert collection["updateRule"] is None
    assert collection["deleteRule"] is None


# Fields every record has in the API, not in the collection's field list.
RECORD_META = {"collectionId", "collectionName"}


def model_fields(declared) -> set[str]:
    """The stored field names the declared model reads (its aliases: `thumbnailUrl`...)."""
    return {info.alias or name for name, info in declared.model.model_fields.items()} - RECORD_META


@pytest.mark.parametrize("declared", DECLARED, ids=str)
def test_declared_collection_has_its_models_fields_and_sort(declared, collections):
    assert declared in collections, f"{declared} is declared but no migration creates it"
    fields = {field["name"] for field in collections[declared]["fields"]}
    assert model_fields(declared) <= fields, f"{declared}: the model reads fields the collection lacks"
    sort_fields = {part.strip().lstrip("+-") for part in declared.sort.split(",")}
    assert sort_fields <= fields, f"{declared}: sorted by a field it lacks"


@pytest.mark.parametrize("declared", DECLARED, ids=str)
def test_declared_collection_is_public_or_not_as_declared(declared, collections, anon):
    collection = collections[declared]
    response = anon.get(f"/api/collections/{declared}/records", params={"perPage": "1", "sort": declared.sort})
    if declared.is_public:
        # The shared cache reads it without a token, sorted as declared.
        assert collection["listRule"] is not None and collection["viewRule"] is not None
        assert response.status_code == 200, response.text
        assert response.json()["totalItems"] >= 1, f"{declared}: public but no record a visitor may see"
    else:
        assert collection["listRule"] != "" and collection["viewRule"] != ""
        assert response.status_code in (200, 403)
        assert response.status_code == 403 or response.json()["totalItems"] == 0


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_public_collection_has_demo_records(name, records):
    assert records(name), f"{name}: no demo records (a seed migration: docs/recipes.md)"


def test_users_collection(collections):
    users = collections["users"]
    fields = {field["name"]: field for field in users["fields"]}
    assert fields["role"]["type"] == "select"
    assert fields["role"]["values"] == ["basic", "notes", "full"]
    assert fields["role"]["maxSelect"] == 1
    assert fields["username"]["type"] == "text"
    assert any("UNIQUE" in index and "`username`" in index for index in users["indexes"]), users["indexes"]
    assert users["passwordAuth"]["enabled"] is True
    assert users["passwordAuth"]["identityFields"] == ["email", "username"]
    assert users["listRule"] == "id = @request.auth.id"
    assert users["viewRule"] == "id = @request.auth.id"
    # Anyone may sign up, naming neither a role nor `verified` (pb_hooks/accounts.pb.js sets basic).
    assert users["createRule"] == "@request.body.role:isset = false && @request.body.verified:isset = false"
    # ... and never the fields the site's server writes (issue 53: seen time, mail choices).
    assert users["updateRule"] == (
        "id = @request.auth.id && @request.body.role:isset = false && @request.body.verified:isset = false"
        " && @request.body.notices_seen:isset = false && @request.body.mail_classes:isset = false"
        " && @request.body.mail_other:isset = false"
    )
    assert users["deleteRule"] is None
    assert users["authRule"] == "verified = true"  # only verified accounts sign in
    assert fields["language"]["values"] == ["en", "si", "ta"]
    # The rules the sign-up form shows before submitting are PocketBase's own.
    assert (fields["password"]["min"], fields["password"]["max"]) == (PASSWORD_MIN_CHARS, PASSWORD_MAX_CHARS)


def test_settings(admin):
    response = admin.get("/api/settings")
    assert response.status_code == 200, response.text
    settings = response.json()
    assert settings["meta"]["appName"] == "Student Portal"
    assert settings["rateLimits"]["enabled"] is True
    assert {"label": "*:auth", "audience": "", "maxRequests": 10, "duration": 60} in settings["rateLimits"]["rules"]
    assert settings["trustedProxy"] == {"headers": ["X-Forwarded-For"], "useLeftmostIP": False}


def test_thumbs_are_served(anon, records, collections):
    product = records("Products")[0]
    url = f"/api/files/{collections['Products']['id']}/{product['id']}/{product['image']}"
    original = anon.get(url)
    assert original.status_code == 200
    thumb = anon.get(url, params={"thumb": "400x400"})
    assert thumb.status_code == 200
    assert thumb.headers["content-type"].startswith("image/")


# ------------------------------------------------------------------------- seed files


def test_seed_files_are_small_real_images_and_pdfs():
    files = [p for p in SEED_DIR.iterdir() if p.is_file()]
    assert sum(p.stat().st_size for p in files) < 3 * 1024 * 1024
    for path in files:
        head = path.read_bytes()[:8]
        if path.suffix == ".jpg":
            assert head[:3] == b"\xff\xd8\xff", path.name
        elif path.suffix == ".png":
            assert head == b"\x89PNG\r\n\x1a\n", path.name
        elif path.suffix == ".pdf":
            data = path.read_bytes()
            assert head.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF"), path.name
            assert b"/Type /Page " in data or b"/Type /Page\n" in data


# ------------------------------------------------------------------------- seed data

YOUTUBE_ID = re.compile(
    r"(?:youtube\.com/(?:watch\?(?:.*&)?v=|embed/|shorts/)|youtu\.be/)([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])"
)
SINHALA = re.compile("[\u0d80-\u0dff]")


def youtube_id(link: str) -> str | None:
    match = YOUTUBE_ID.search(link)
    return match.group(1) if match else None


def parse_dt(value: str) -> datetime:
    return datetime.fromisoformat(value.replace(" ", "T").replace("Z", "+00:00"))


MINIMUMS = {
    "Subjects": 4,
    "Recordings": 12,
    "Teachers": 4,
    "Class_Notes": 24,
    "Class_Recordings": 28,
    "Classes": 7,
    "News": 5,
    "Articles": 3,
    "TalentsCategories": 2,
    "Talents": 5,
    "SocialMedia": 4,
    "Categories": 3,
    "Products": 8,
    "OLFolders": 3,
    "ALFolders": 3,
    "OL_Items": 12,
    "AL_Items": 12,
    "Jobs": 6,
    "Citys": 3,
    "Hotels": 6,
    "Class_Promo": 3,
    "Notes": 6,
    "Mobile_Slides": 2,
    "Desktop_Slides": 2,
    "Notes_Slides": 2,
    "Recording_Slides": 2,
    "OL_Slides": 2,
    "AL_Slides": 2,
}


@pytest.mark.parametrize("name", sorted(MINIMUMS))
def test_seed_counts(name, records):
    assert len(records(name)) >= MINIMUMS[name]


@pytest.mark.parametrize(
    "name", ["Mobile_Slides", "Desktop_Slides", "Notes_Slides", "Recording_Slides", "OL_Slides", "AL_Slides"]
)
def test_seed_slides(name, records):
    slides = records(name)
    assert 2 <= len(slides) <= 3
    image_field = "field" if name in ("Mobile_Slides", "Desktop_Slides") else "image"
    for slide in slides:
        assert slide["title"] and slide[image_field]
        if image_field == "image":
            assert slide["excerpt"]


def test_seed_ids_are_fixed_and_readable(records):
    assert [t["id"] for t in records("Teachers")] == [f"teacher0000000{n}" for n in range(1, 5)]
    assert records("News")[0]["id"] == "news00000000001"
    assert records("OLFolders")[0]["id"] == "olfolder0000001"
    assert records("ALFolders")[0]["id"] == "alfolder0000001"
    for name in MINIMUMS:
        for record in records(name):
            assert re.fullmatch(r"[a-z]+0*[1-9][0-9]*", record["id"]) and len(record["id"]) == 15


def test_seed_recordings(records):
    recordings = records("Recordings")
    assert len({r["subject"] for r in recordings}) >= 4
    links = [r["link"] for r in recordings]
    for form in ("watch?v=", "youtu.be/", "/embed/", "/shorts/"):
        assert any(form in link for link in links), form
    without_id = [link for link in links if youtube_id(link) is None]
    assert len(without_id) == 1
    assert sum(1 for link in links if youtube_id(link)) >= 12


def test_seed_teachers_notes_and_recordings(records):
    teachers = records("Teachers")
    assert len(teachers) == 4
    for teacher in teachers:
        assert teacher["name"]
        assert teacher["avatar"] and teacher["note_background"] and teacher["record_backgroud"]
    assert sum(1 for t in teachers if not t["description"]) == 1

    notes = Counter(n["teacher"] for n in records("Class_Notes"))
    recordings = Counter(r["teacher"] for r in records("Class_Recordings"))
    for teacher in teachers:
        assert notes[teacher["id"]] >= 6
        assert recordings[teacher["id"]] >= 7
    assert max(notes.values()) >= 7  # more than the 5 the class page shows
    for note in records("Class_Notes"):
        assert note["name"] and note["file"].endswith(".pdf")
    for rec in records("Class_Recordings"):
        assert youtube_id(rec["link"])


def test_seed_classes_cover_the_next_seven_colombo_days(records):
    classes = records("Classes")
    today = datetime.now(COLOMBO).date()
    per_day: dict[date, int] = defaultdict(int)
    utc_times = set()
    for c in classes:
        when = parse_dt(c["date"])
        per_day[when.astimezone(COLOMBO).date()] += 1
        utc_times.add(when.astimezone(UTC).strftime("%H:%M"))
        assert c["zoom"].startswith("https://us05web.zoom.us/j/") and "?pwd=" in c["zoom"]
        assert c["teacher"] and c["duration"] > 0
    for offset in range(7):
        day = today + timedelta(days=offset)
        assert 1 <= per_day[day] <= 3, (day, dict(per_day))
    assert {"14:30", "19:00"} <= utc_times


def test_seed_news_and_articles(records):
    news = records("News")
    assert sum(1 for n in news if not n["active"]) >= 2
    assert sum(1 for n in news if n["active"]) >= 3
    for n in news:
        assert n["title"] and n["image"]
    html = "".join(n["content"] for n in news)
    for tag in ("<p>", "<h2>", "<ul>", "<a ", "<strong>"):
        assert tag in html
    for article in records("Articles"):
        body = article["conent"]
        assert "<h1>" in body or "<h2>" in body
    articles = "".join(a["conent"] for a in records("Articles"))
    for tag in ("<table>", "<ul>", "<a ", "<strong>", "<em>", "<h2>"):
        assert tag in articles


def test_seed_talents_and_social(records):
    categories = {c["id"] for c in records("TalentsCategories")}
    talents = records("Talents")
    assert len({t["categorie"] for t in talents}) >= 2
    for t in talents:
        assert t["categorie"] in categories
        assert youtube_id(t["link"]) and t["date"]
    assert {s["platform"] for s in records("SocialMedia")} == {"youtube", "facebook", "tiktok", "other"}


def test_seed_shop(records):
    categories = {c["id"] for c in records("Categories")}
    products = records("Products")
    for p in products:
        assert p["image"] and p["categories"] and set(p["categories"]) <= categories
    assert sum(1 for p in products if not p["price"]) == 1
    assert any("&" in p["name"] and "#" in p["name"] for p in products)
    assert any(SINHALA.search(p["name"]) for p in products)
    assert len({c for p in products for c in p["categories"]}) >= 3


@pytest.mark.parametrize("level", ["OL", "AL"])
def test_seed_folders_and_items(level, records):
    folders = records(f"{level}Folders")
    items = records(f"{level}_Items")
    for folder in folders:
        mine = [i for i in items if i["folder"] == folder["id"]]
        kinds = Counter(i["type"] for i in mine)
        assert kinds["paper"] >= 2 and kinds["note"] >= 2, folder["name"]
        for item in mine:
            assert item["file"].endswith(".pdf") and item["image"] and item["title"]
            assert item["varient"].endswith("Medium")
    assert {"Sinhala Medium", "English Medium"} <= {i["varient"] for i in items}


def test_seed_jobs(records):
    jobs = records("Jobs")
    assert any(j["new"] for j in jobs) and any(not j["new"] for j in jobs)
    assert any(j["featured"] for j in jobs)
    assert len({j["location"] for j in jobs}) >= 3
    for j in jobs:
        assert isinstance(j["tags"], list) and all(isinstance(t, str) for t in j["tags"])
        assert j["logo"] and j["postedAt"] and j["email"]
    invalid = [j for j in jobs if len(re.sub(r"\D", "", j["whatsappNumber"])) < 9]
    assert len(invalid) == 1


def test_seed_hotels(records):
    cities = {c["id"] for c in records("Citys")}
    hotels = records("Hotels")
    assert {1, 2, 3, 4} <= {h["gust"] for h in hotels}
    assert any(not h["gust"] for h in hotels)
    assert any(not h["reviewScore"] for h in hotels)
    for h in hotels:
        assert h["city"] in cities and h["image"] and h["price"] > 0
        assert 0 <= h["rating"] <= 5 and 0 <= h["reviewScore"] <= 10
        assert h["contact"] and h["whatsapp"]


def test_seed_promos_and_notes(records):
    for promo in records("Class_Promo"):
        assert promo["image"] and promo["whatsappNumber"] and promo["message"]
    notes = records("Notes")
    external = [n for n in notes if n["external"]]
    assert external and all(n["drive"].startswith("https://drive.google.com/") for n in external)
    assert any(not n["name"] for n in notes)
    assert all(n["file"].endswith(".pdf") for n in notes if not n["external"])


def test_seed_users(admin):
    users = {u["id"]: u for u in list_all(admin, "users")}
    for role, (email, username, user_id) in DEMO_USERS.items():
        user = users[user_id]
        assert (user["email"], user["username"], user["role"]) == (email, username, role)
        assert user["verified"] is True
