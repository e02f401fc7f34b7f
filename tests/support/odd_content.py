"""A PocketBase of broken records: what an admin UI, an import or a deleted relation leaves behind.

Empty and missing names, no images, prices of 0, a 1 MB description, unicode-heavy titles,
relations to records that do not exist, dates that are not dates, values of the wrong type.
Values the schema refuses today are written raw (see seeding.Seeder.write_raw).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time

from student_portal.constants import SITE_TIME_ZONE
from tests.support.admin import pocketbase_date
from tests.support.odd_values import MEGABYTE, UNICODE_HEAVY
from tests.support.seeding import SMALL_IMAGE, SMALL_PDF, Seeder

HUGE = "Long text. " * (MEGABYTE // 11)  # ~1 MB of words (wraps, unlike one endless word)
MISSING = "missing00000001"  # a relation to a record that does not exist
NOT_A_DATE = "31/02/2026 25:61"
ODD_PASSWORD = "odd-pass-123"
ODD_USER = "oddnotes"  # role notes

NEWS, TEACHER, OL_FOLDER, AL_FOLDER = "oddnews00000001", "oddteacher00001", "oddolfolder0001", "oddalfolder0001"


@dataclass(frozen=True)
class OddIds:
    news: str = NEWS
    teacher: str = TEACHER
    ol: str = OL_FOLDER
    al: str = AL_FOLDER

    def as_dict(self) -> dict[str, str]:
        return {"news": self.news, "teacher": self.teacher, "ol": self.ol, "al": self.al}


def _today_at(hour: int) -> str:
    today = datetime.now(SITE_TIME_ZONE).date()
    return pocketbase_date(datetime.combine(today, time(hour), tzinfo=SITE_TIME_ZONE))


def _rid(prefix: str, n: int) -> str:
    return f"{prefix}{n:0{15 - len(prefix)}d}"


def seed_odd(seeder: Seeder) -> OddIds:
    """Fill a schema-only PocketBase with broken records, one kind of breakage per record."""
    unicode_title = " ".join(UNICODE_HEAVY[:4])

    def add(
        collection: str,
        n: int,
        data: dict,
        files: dict | None = None,
        raw: dict | None = None,
        prefix: str | None = None,
    ) -> str:
        record_id = _rid(prefix or ("odd" + "".join(c for c in collection.lower() if c.isalpha())[:6]), n)
        seeder.create(collection, {"id": record_id, **data}, files)
        if raw:
            seeder.write_raw(collection, record_id, raw)
        return record_id

    # Shop: an empty product, a free one, a huge and a unicode name, missing categories.
    category = add("Categories", 1, {"name": "Stationery"})
    add("Categories", 2, {"name": ""})
    add("Products", 1, {"name": "", "price": 0})
    add("Products", 2, {"name": unicode_title, "price": 0, "categories": [category]}, {"image": SMALL_IMAGE})
    add("Products", 3, {"name": "Huge"}, raw={"name": HUGE, "price": "", "categories": [MISSING, ""]})
    add("Products", 4, {"name": "Negative"}, raw={"price": -5, "image": "no-such-file.png"})

    # Home and content pages.
    add("News", 1, {"title": "", "excerpt": "", "active": True, "content": ""}, prefix="oddnews")
    add(
        "News",
        2,
        {"title": unicode_title, "active": True, "content": "<p>" + HUGE + "</p>"},
        {"image": SMALL_IMAGE},
        prefix="oddnews",
    )
    add("News", 3, {"title": "Inactive", "active": False}, raw={"active": "yes"}, prefix="oddnews")
    add("Articles", 1, {"conent": ""})
    add("Articles", 2, {"conent": "<h1>" + unicode_title + "</h1><p>" + HUGE + "</p>"})
    add("Articles", 3, {"conent": "<table><tr><td>" * 500})
    add("Mobile_Slides", 1, {"title": ""})
    add("Mobile_Slides", 2, {"title": unicode_title}, {"field": SMALL_IMAGE})
    add("Desktop_Slides", 1, {"title": ""}, {"field": SMALL_IMAGE})
    add("Desktop_Slides", 2, {"title": "Huge"}, {"field": SMALL_IMAGE}, raw={"title": HUGE})
    talent_category = add("TalentsCategories", 1, {"name": ""})
    add("Talents", 1, {"name": "", "title": "", "link": ""})
    add(
        "Talents",
        2,
        {"name": unicode_title, "link": "https://youtu.be/dQw4w9WgXcQ", "categorie": talent_category},
        raw={"date": NOT_A_DATE},
    )
    add("Talents", 3, {"name": "Missing category"}, raw={"categorie": MISSING, "link": "not a link", "date": "0"})
    add("SocialMedia", 1, {"platform": "youtube"}, raw={"platform": "myspace", "link": ""})
    add(
        "SocialMedia",
        2,
        {"title": unicode_title, "description": "Huge"},
        {"thumbnailUrl": SMALL_IMAGE},
        raw={"description": HUGE},
    )

    # Teachers, classes and the tuition pages.
    add("Teachers", 1, {"name": "", "description": ""}, prefix="oddteacher")
    add("Teachers", 2, {"name": unicode_title}, {"avatar": SMALL_IMAGE}, raw={"description": HUGE}, prefix="oddteacher")
    add("Classes", 1, {"name": "", "date": _today_at(9), "duration": 0}, raw={"teacher": MISSING, "zoom": "zoom me"})
    add("Classes", 2, {"name": unicode_title, "date": _today_at(10), "teacher": TEACHER}, raw={"duration": -30})
    add("Classes", 3, {"name": "No date"}, raw={"date": NOT_A_DATE})
    add("Class_Promo", 1, {"description": "", "whatsappNumber": "call me", "message": ""})
    add(
        "Class_Promo",
        2,
        {"description": HUGE[:4000], "whatsappNumber": "0771234567", "message": unicode_title},
        {"image": SMALL_IMAGE},
    )

    # Notes and class material (signed in).
    add("Notes", 1, {"name": "", "external": False})
    add("Notes", 2, {"name": "", "external": True, "drive": ""}, {"file": SMALL_PDF})
    add("Notes", 3, {"name": unicode_title}, raw={"name": HUGE, "drive": "not a link"})
    add("Class_Notes", 1, {"name": "", "teacher": TEACHER})
    add("Class_Notes", 2, {"name": unicode_title, "teacher": TEACHER}, {"file": SMALL_PDF}, raw={"url": "ftp://x"})
    add("Class_Recordings", 1, {"name": "", "link": "https://youtu.be/dQw4w9WgXcQ", "teacher": TEACHER})
    add("Class_Recordings", 2, {"name": "Huge", "teacher": TEACHER}, raw={"name": HUGE, "link": "watch?v=x"})

    # Recordings: a missing subject reads Unknown.
    add("Subjects", 1, {"name": ""})
    add("Recordings", 1, {"name": "", "link": "https://www.youtube.com/watch?v=dQw4w9WgXcQ"}, raw={"subject": MISSING})
    add("Recordings", 2, {"name": unicode_title, "link": ""})
    for slides in ("Notes_Slides", "Recording_Slides", "OL_Slides", "AL_Slides"):
        add(slides, 1, {"title": "", "excerpt": ""})
        add(slides, 2, {"title": unicode_title}, {"image": SMALL_IMAGE}, raw={"excerpt": HUGE})

    # O/L and A/L.
    for level, folder in (("OL", OL_FOLDER), ("AL", AL_FOLDER)):
        folders = f"{level}Folders"
        seeder.create(folders, {"id": folder, "name": unicode_title, "label": ""})
        add(folders, 2, {"name": "", "label": ""}, prefix=f"odd{level.lower()}empty")
        add(f"{level}_Items", 1, {"folder": folder, "type": "paper", "title": "", "description": ""})
        add(
            f"{level}_Items",
            2,
            {"folder": folder, "type": "paper", "title": unicode_title, "varient": unicode_title},
            {"image": SMALL_IMAGE, "file": SMALL_PDF},
            raw={"description": HUGE},
        )
        add(f"{level}_Items", 3, {"folder": folder}, raw={"type": "exam", "title": "Odd type"})

    # Jobs and rooms.
    city = add("Citys", 1, {"name": ""})
    add("Hotels", 1, {"name": "", "price": 0, "reviewScore": 0, "rating": 0, "gust": 0, "city": city})
    add(
        "Hotels",
        2,
        {"name": unicode_title, "contact": "not a number", "whatsapp": "0112345678"},
        {"image": SMALL_IMAGE},
        raw={"city": MISSING, "price": "", "reviewScore": "", "rating": 99, "gust": -1},
    )
    add("Jobs", 1, {"title": "", "company": ""})
    add(
        "Jobs",
        2,
        {"title": unicode_title, "tags": {"not": "a list"}},
        {"logo": SMALL_IMAGE},
        raw={"postedAt": NOT_A_DATE, "email": "nobody", "phoneNumber": "123"},
    )
    add("Jobs", 3, {"title": "Huge"}, raw={"title": HUGE, "tags": ["", None, 5, HUGE[:100]]})

    seeder.create_user(ODD_USER, ODD_PASSWORD, "notes")
    return OddIds()
