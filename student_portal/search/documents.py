"""What each kind of record is in the search: its title, the text it is also found by, the
line shown under it and the link to where it lives on the site. Pure: no Reflex, no I/O.

Links use the pages' own address parameters, so a hit opens the list page already narrowed to
it: a recording -> /youtube?q=<its name>; a paper or note -> its folder with its type chosen
(/ol/{folder}?type=note); a teacher or a class -> /class/{teacher}; a job, room, article or
product -> its card on the list page (#job-{id} ...).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime

from student_portal import routes
from student_portal.i18n.texts import Text
from student_portal.pocketbase import records as r
from student_portal.search.index import Document
from student_portal.utils.dates import local_day
from student_portal.utils.query import page_url
from student_portal.utils.sanitize import plain_text


class Kind:
    """Result groups, in the order the results page shows them."""

    RECORDINGS = "recordings"
    PAPERS = "papers"
    TEACHERS = "teachers"
    CLASSES = "classes"
    JOBS = "jobs"
    ROOMS = "rooms"
    NEWS = "news"
    ARTICLES = "articles"
    SHOP = "shop"
    UNI_NOTES = "uni_notes"  # protected: the visitor's own token
    CLASS_MATERIAL = "class_material"  # protected: the visitor's own token


KIND_ORDER = (
    Kind.RECORDINGS,
    Kind.PAPERS,
    Kind.UNI_NOTES,
    Kind.TEACHERS,
    Kind.CLASSES,
    Kind.CLASS_MATERIAL,
    Kind.JOBS,
    Kind.ROOMS,
    Kind.NEWS,
    Kind.ARTICLES,
    Kind.SHOP,
)
# English msgids: state/search.py reads them in the visitor's language.
KIND_LABELS = dict(zip(KIND_ORDER, Text.SEARCH_GROUPS, strict=True))

TEXT_CHARS = 400  # of an article's or a news item's body: enough to be found by, cheap to index
_HEADING = re.compile(r"<h[1-6][^>]*>(.*?)</h[1-6]>", re.IGNORECASE | re.DOTALL)


def _when(*moments: datetime | None) -> float:
    for moment in moments:
        if moment is not None:
            return moment.timestamp()
    return 0.0


def _detail(*parts: str) -> str:
    return " · ".join(part.strip() for part in parts if part and part.strip())


# A price in a detail line, kept as a number: the index is shared by every language, and the
# results write it in the visitor's ("Rs 1250", "රු. 1250"): "shop-price:1250.00", "room-price:11000.00".
# No price is 0, which the same functions write as Price Unavailable.
_PRICE_PART = re.compile(r"(shop|room)-price:(-?\d+(?:\.\d+)?)")
_PRICES = {"shop": r.shop_price, "room": r.room_price}


def _price(kind: str, price: float | None) -> str:
    return f"{kind}-price:{price or 0:.2f}"


def shown_price(part: str) -> str | None:
    """A detail part written by `_price`, in the current language; None for any other part."""
    match = _PRICE_PART.fullmatch(part)
    return _PRICES[match.group(1)](float(match.group(2))) if match else None


def _day(moment: object) -> str:
    """A detail's date as its Colombo day, 'YYYY-MM-DD': the index is shared by every language,
    and the results write it in the visitor's (state/search.py)."""
    day = local_day(moment)
    return day.isoformat() if day else ""


def recording(record: r.Recording, subjects: Mapping[str, str]) -> Document:
    subject = subjects.get(record.subject, "")
    return Document(
        kind=Kind.RECORDINGS,
        id=record.id,
        title=record.name,
        text=_detail(subject, "kuppi recording video"),
        href=page_url(routes.YOUTUBE, {"q": record.name.strip()}),
        detail=_detail(subject or Text.SUBJECT_UNKNOWN, Text.KUPPI_RECORDINGS),
        when=_when(record.created),
    )


def folder_item(record: r.FolderItem, level_key: str, level_label: str, folders: Mapping[str, str]) -> Document:
    folder = folders.get(record.folder, "")
    kind_label = Text.PAPER if record.type == "paper" else Text.NOTES
    return Document(
        kind=Kind.PAPERS,
        id=record.id,
        title=record.title,
        text=" ".join(
            (record.description, folder, level_label, kind_label, "past paper" if record.type == "paper" else "")
        ),
        href=page_url(routes.folder(level_key, record.folder), {"type": "" if record.type == "paper" else record.type}),
        detail=_detail(level_label, folder, kind_label, record.varient),
        when=_when(record.created),
        practice=routes.practice(record.collection_name, record.id) if record.questions and record.file else "",
    )


def teacher(record: r.Teacher) -> Document:
    return Document(
        kind=Kind.TEACHERS,
        id=record.id,
        title=record.name,
        text=f"{record.description} teacher tuition class",
        href=routes.class_page(record.id),
        detail=plain_text(record.display_description, 120),
        when=_when(record.created),
    )


def tuition_class(record: r.TuitionClass, teachers: Mapping[str, str]) -> Document:
    name = teachers.get(record.teacher, "")
    return Document(
        kind=Kind.CLASSES,
        id=record.id,
        title=record.name,
        text=f"{name} tuition class zoom",
        href=routes.class_page(record.teacher) if record.teacher else routes.PROFILE,
        detail=_detail(name, _day(record.date)),
        when=_when(record.date, record.created),
    )


def job(record: r.Job) -> Document:
    return Document(
        kind=Kind.JOBS,
        id=record.id,
        title=record.title,
        text=" ".join((record.company, record.location, record.contract, " ".join(record.tags), "job vacancy")),
        href=f"{routes.JOBS}#job-{record.id}",
        detail=_detail(record.company, record.location),
        when=_when(record.posted_at, record.created),
    )


def room(record: r.Hotel, cities: Mapping[str, str]) -> Document:
    city = cities.get(record.city, "")
    return Document(
        kind=Kind.ROOMS,
        id=record.id,
        title=record.name,
        text=f"{city} room bodim boarding",
        href=page_url(routes.BOOKING, {"city": record.city}) + f"#hotel-{record.id}",
        detail=_detail(city, _price("room", record.price)),
        when=_when(record.created),
    )


def news(record: r.NewsItem) -> Document | None:
    if not record.active:  # inactive news is not shown anywhere on the site
        return None
    return Document(
        kind=Kind.NEWS,
        id=record.id,
        title=record.title,
        text=f"{record.excerpt} {plain_text(record.content, TEXT_CHARS)} news",
        href=routes.news_item(record.id),
        detail=_detail(_day(record.created), plain_text(record.excerpt, 120)),
        when=_when(record.created),
    )


def article(record: r.Article) -> Document:
    heading = _HEADING.search(record.conent or "")
    body = plain_text(record.conent, TEXT_CHARS)
    title = plain_text(heading.group(1), 120) if heading else plain_text(record.conent, 80)
    return Document(
        kind=Kind.ARTICLES,
        id=record.id,
        title=title,
        text=f"{body} article",
        href=f"{routes.ARTICLE}#article-{record.id}",
        detail=plain_text(body.removeprefix(title).strip(), 120),
        when=_when(record.created),
    )


def product(record: r.Product, categories: Mapping[str, str]) -> Document:
    names = [categories[c] for c in record.categories if c in categories]
    first = record.categories[0] if record.categories else ""
    return Document(
        kind=Kind.SHOP,
        id=record.id,
        title=record.name,
        text=" ".join([*names, "shop buy"]),
        href=page_url(routes.SHOP, {"category": first}) + f"#product-{record.id}",
        detail=_detail(_price("shop", record.price), ", ".join(names)),
        when=_when(record.created),
    )


def uni_note(record: r.Note) -> Document:
    return Document(
        kind=Kind.UNI_NOTES,
        id=record.id,
        title=record.display_name,
        text="uni notes lecture",
        href=page_url(routes.NOTES, {"q": record.display_name}),  # the notes page searched for it
        detail=Text.UNI_NOTES,
        when=_when(record.created),
    )


def class_note(record: r.ClassNote, teachers: Mapping[str, str]) -> Document:
    return Document(
        kind=Kind.CLASS_MATERIAL,
        id=record.id,
        title=record.name.strip() or Text.UNTITLED_NOTE,
        text=f"{teachers.get(record.teacher, '')} class notes",
        href=routes.class_page(record.teacher),
        detail=_detail(Text.CLASS_NOTES, teachers.get(record.teacher, "")),
        when=_when(record.created),
    )


def class_recording(record: r.ClassRecording, teachers: Mapping[str, str]) -> Document:
    return Document(
        kind=Kind.CLASS_MATERIAL,
        id=record.id,
        title=record.name,
        text=f"{teachers.get(record.teacher, '')} class recording video",
        href=routes.class_page(record.teacher),
        detail=_detail(Text.CLASS_RECORDINGS, teachers.get(record.teacher, "")),
        when=_when(record.created),
    )


def names(records: list[r.Record]) -> dict[str, str]:
    """id -> display name of a list of named records (subjects, folders, cities, teachers)."""
    found = {}
    for record in records:
        name = getattr(record, "display_name", None) or getattr(record, "name", "")
        if record.id and isinstance(name, str) and name.strip():
            found[record.id] = name.strip()
    return found
