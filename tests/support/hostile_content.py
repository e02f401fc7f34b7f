"""A PocketBase full of XSS payloads: every text, rich-text and link field of every collection.

The corpus:
- HTML_PAYLOADS: tests/unit/xss_payloads.py (script tags, event handlers, SVG/MathML tricks,
  javascript:/data: URLs, entity-encoded and mixed-case variants, attribute breakouts, CSS
  expressions), each also written a second time to set `window.__xss` instead of opening a
  dialog, so a browser test can see it ran even where a dialog would not show.
- LINK_PAYLOADS: values for fields that become links (url and email fields, phone numbers that
  become tel:/wa.me links): script-capable schemes in every spelling, breakouts after a real
  address, look-alike video links.

Every collection gets one record per link payload (so each link field holds each of them once);
each record's text fields hold a share of the HTML payloads, so each text field of a collection
holds all of them. Articles hold one HTML payload each, so the sanitiser meets every payload on
its own. Relations point at hostile records; the news item, folders and teacher a test opens
are the first record of their collection. A few records carry hostile stored file names.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, field
from datetime import datetime, time
from typing import Any

from student_portal.constants import SITE_TIME_ZONE
from tests.support.admin import pocketbase_date
from tests.support.seeding import SMALL_IMAGE, SMALL_PDF, Seeder
from tests.unit.xss_payloads import XSS_PAYLOADS

MARKER = "window.__xss=1"


def _marker_variant(payload: str) -> str | None:
    """The payload rewritten to set the marker instead of opening a dialog."""
    if "alert(1)" in payload:
        return payload.replace("alert(1)", MARKER)
    if "base64," in payload:
        head, _, encoded = payload.partition("base64,")
        body, quote, rest = encoded.partition('"')
        try:
            decoded = base64.b64decode(body).decode()
        except ValueError:
            return None
        if "alert(1)" not in decoded:
            return None
        again = base64.b64encode(decoded.replace("alert(1)", MARKER).encode()).decode()
        return f"{head}base64,{again}{quote}{rest}"
    return None


HTML_PAYLOADS: list[str] = [*XSS_PAYLOADS, *filter(None, map(_marker_variant, XSS_PAYLOADS))]

LINK_PAYLOADS: list[str] = [
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "javascript:window.__xss=1",
    " javascript:window.__xss=1",
    "\tjavascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:window.__xss=1",
    "java\rscript:alert(1)",
    "\x01javascript:window.__xss=1",
    "javascript&colon;alert(1)",
    "&#106;avascript:alert(1)",
    "&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;window.__xss=1",
    "jAvAsCrIpT&#58;alert(1)",
    "javascript:%61lert(1)",
    "javascript://%0awindow.__xss=1",
    "javascript://https://www.youtube.com/%0aalert(1)",
    "javascript:alert(1)//https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "vbscript:msgbox(1)",
    "VBScript:msgbox(1)",
    "livescript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "data:text/html,<script>window.__xss=1</script>",
    "DATA:text/html,<script>alert(1)</script>",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "data:application/javascript,window.__xss=1",
    "blob:https://evil.example/4f1c",
    "file:///etc/passwd",
    "//evil.example/x.js",
    "\\\\evil.example\\share",
    "https:alert(1)",
    'https://example.com/"><script>window.__xss=1</script>',
    "https://example.com/' onmouseover='alert(1)",
    'https://example.com/" onerror="window.__xss=1',
    "https://user:pass@evil.example/",
    "https://example.com/<img src=x onerror=alert(1)>",
    "http://example.com/`onclick=window.__xss=1`",
    'https://www.youtube.com/watch?v="><svg onload=alert(1)>',
    'https://youtu.be/dQw4w9WgXcQ"onload="window.__xss=1',
    "https://www.youtube.com/embed/javascript:alert(1)",
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t="><script>window.__xss=1</script>',  # a real video id
    "https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    'tel:+94771234567"><script>alert(1)</script>',
    "tel:javascript:window.__xss=1",
    "mailto:a@b.lk?body=<script>alert(1)</script>",
    "mailto:javascript:alert(1)",
    'a@b.lk"><svg onload=window.__xss=1>',
    "intent://evil#Intent;scheme=javascript;end",
    '+94 77 123 4567"><img src=x onerror=alert(1)>',
    "077 123 4567<script>window.__xss=1</script>",
]

# Stored file names PocketBase would never generate, for records whose row was written raw.
FILE_NAME_PAYLOADS: list[str] = [
    '"><img src=x onerror=alert(1)>.png',
    "javascript:window.__xss=1",
    'x.png?token=1#" onload="alert(1)',
]

# Text fields the site turns into links (tel:, wa.me): they get LINK_PAYLOADS.
PHONE_FIELDS = frozenset({"contact", "whatsapp", "phoneNumber", "whatsappNumber"})

HOSTILE_PASSWORD = "hostile-pass-123"
HOSTILE_USER = "hostile"  # role full
# Owned by users: Favourites and history are seeded after the content (below); an access request
# holds only its user and a choice of "notes", no text a page shows, so it gets no hostile records.
SKIPPED_COLLECTIONS = frozenset(
    {"users", "Favourites", "Access_Requests", "attempts", "follows", "deliveries", "history"}
)
# /my-study and the home page's Continue row show this many hostile titles of each kind.
HISTORY_ENTRIES = 6
# Favourites kind (its relation field) -> the collection it points at.
SAVED_KINDS = {
    "recording": "Recordings",
    "ol_item": "OL_Items",
    "al_item": "AL_Items",
    "note": "Notes",
    "class_note": "Class_Notes",
    "class_recording": "Class_Recordings",
    "job": "Jobs",
    "hotel": "Hotels",
}


def record_id(collection: str, index: int) -> str:
    """A fixed 15-character id (a-z0-9) for the `index`th hostile record of `collection`."""
    letters = "".join(ch for ch in collection.lower() if ch.isalpha())
    return (letters + "xxxxxxxxx")[:9] + f"{index:06d}"


@dataclass
class HostileData:
    collections: dict[str, int] = field(default_factory=dict)  # records per collection
    raw_fields: set[tuple[str, str]] = field(default_factory=set)  # (collection, field) written raw
    html_fields: list[tuple[str, str]] = field(default_factory=list)
    link_fields: list[tuple[str, str]] = field(default_factory=list)

    @property
    def news_id(self) -> str:
        return record_id("News", 0)

    @property
    def teacher_id(self) -> str:
        return record_id("Teachers", 0)

    def folder_id(self, level: str) -> str:
        return record_id("OLFolders" if level == "ol" else "ALFolders", 0)


def _order(schema: dict[str, list[dict[str, Any]]], ids_to_names: dict[str, str]) -> list[str]:
    """Collections in an order where every relation's target comes first."""
    done: list[str] = []
    pending = [name for name in schema if name not in SKIPPED_COLLECTIONS]
    while pending:
        for name in pending:
            targets = {ids_to_names.get(f["collectionId"]) for f in schema[name] if f["type"] == "relation"}
            if all(t in done or t == name or t is None for t in targets):
                done.append(name)
                pending.remove(name)
                break
        else:
            raise AssertionError(f"relation cycle among {pending}")
    return done


def _number(spec: dict[str, Any], index: int) -> float:
    low, high = spec.get("min") or 0, spec.get("max") or 10_000
    return min(high, max(low, 1 + index % 5))


def _class_time(index: int) -> str:
    """A moment of today in Colombo (so the class shows on the home schedule), in UTC."""
    today = datetime.now(SITE_TIME_ZONE).date()
    local = datetime.combine(today, time(6 + index % 15, index % 60), tzinfo=SITE_TIME_ZONE)
    return pocketbase_date(local)


def _plain_fields(
    seeder: Seeder, collection: str, index: int, names: dict[str, str], single_target: set[str]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """(API data, files) for the non-text fields of one record: relations, choices, files."""
    data: dict[str, Any] = {"id": record_id(collection, index)}
    files = {}
    for spec in seeder.fields(collection):
        name, kind = spec["name"], spec["type"]
        if kind == "relation":
            target = names[spec["collectionId"]]
            # Everything hangs off the first teacher / folder, so one page shows all of it.
            target_index = 0 if target in single_target else index
            data[name] = record_id(target, target_index)
        elif kind == "select":
            data[name] = spec["values"][index % len(spec["values"])]
        elif kind == "bool":
            data[name] = True if name == "active" else index % 2 == 0
        elif kind == "number":
            data[name] = _number(spec, index)
        elif kind == "date":
            data[name] = _class_time(index)
        elif kind == "file":
            is_image = any(m.startswith("image/") for m in spec.get("mimeTypes") or [])
            files[name] = SMALL_IMAGE if is_image else SMALL_PDF
    return data, files


def _hostile_values(seeder: Seeder, collection: str, index: int, records: int, out: HostileData) -> dict[str, Any]:
    values: dict[str, Any] = {}
    share = HTML_PAYLOADS[index::records] if collection != "Articles" else [HTML_PAYLOADS[index]]
    for spec in seeder.fields(collection):
        name, kind = spec["name"], spec["type"]
        if kind in ("url", "email") or name in PHONE_FIELDS:
            values[name] = LINK_PAYLOADS[index % len(LINK_PAYLOADS)]
            if index == 0:
                out.link_fields.append((collection, name))
        elif name == "answers":  # an answer key must be readable (its hook refuses the rest)
            values[name] = "1 2 3"
        elif name == "explanations":  # one per question of that key, the payloads as their text
            values[name] = "1: " + " ".join(share).replace("\r", " ").replace("\n", " ")
            if index == 0:
                out.html_fields.append((collection, name))
        elif kind in ("text", "editor"):
            values[name] = " ".join(share)
            if index == 0:
                out.html_fields.append((collection, name))
        elif kind == "json":
            values[name] = share[:3]
    return values


def seed_hostile(seeder: Seeder) -> HostileData:
    """Fill `seeder`'s (schema-only) PocketBase with the hostile corpus."""
    out = HostileData()
    schema = seeder.schema()
    body = seeder.http.get("/api/collections", params={"perPage": 500}).json()
    names = {c["id"]: c["name"] for c in body["items"]}
    single_target = {"Teachers", "OLFolders", "ALFolders"}
    for collection in _order(schema, names):
        records = len(HTML_PAYLOADS) if collection == "Articles" else len(LINK_PAYLOADS)
        for index in range(records):
            data, files = _plain_fields(seeder, collection, index, names, single_target)
            values = _hostile_values(seeder, collection, index, records, out)
            refused = seeder.create_with(collection, data, values, files)
            out.raw_fields.update((collection, name) for name in refused)
            if files and index % 10 == 9:
                bad_name = FILE_NAME_PAYLOADS[index // 10 % len(FILE_NAME_PAYLOADS)]
                seeder.write_raw(collection, data["id"], dict.fromkeys(files, bad_name))
        out.collections[collection] = records
    user = seeder.create_user(HOSTILE_USER, HOSTILE_PASSWORD, "full")
    # /saved shows hostile items too: the user saved the first record of every kind.
    for kind, target in SAVED_KINDS.items():
        seeder.create("Favourites", {"user": user["id"], "kind": kind, kind: record_id(target, 0)})
    # ... and watched recordings and a read paper whose titles are payloads (as kept: at most 300
    # characters; one entry per paper, so one document).
    titles = HTML_PAYLOADS[: HISTORY_ENTRIES + 1]
    for index, payload in enumerate(titles[:-1]):
        entry = {"kind": "video", "record": f"hostile{index:04d}", "duration": 600}
        seeder.create("history", {"user": user["id"], "title": payload[:300], "position": 60 + index, **entry})
    seeder.create(
        "history",
        {
            "user": user["id"],
            "kind": "document",
            "collection": "AL_Items",
            "record": record_id("AL_Items", 0),
            "title": titles[-1][:300],
            "position": 2,
        },
    )
    return out
