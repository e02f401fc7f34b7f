"""One pydantic model per PocketBase collection of spec section 3, and each collection's one
declaration (`Collection`, at the end: name, model, public or not, sort).

Attribute names follow the spec's field names, including its misspellings, which ARE the
stored field names (`conent`, `categorie`, `record_backgroud`, `gust`, `varient`); camelCase
fields get a snake_case attribute with the spec's name as alias (`thumbnail_url` <-
`thumbnailUrl`). Models are tolerant (see fields.py) and frozen: the content cache shares one
instance between every visitor, so nobody may change it in place.

Display defaults: where the spec names a text for a missing value and the record alone decides
it, the model has a property (`Note.display_name` -> Untitled Note, `Product.price_label` ->
Price Unavailable, `Hotel.price_label` / `Hotel.review_label` -> No reviews,
`Teacher.display_description` -> A grade, `Folder.display_name`). A recording's subject
Unknown needs the Subjects list, so it stays with the state that joins the two.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, Any, Final, TypeVar

from pydantic import BaseModel, ConfigDict, Field, PlainValidator, ValidationError

from student_portal.i18n import format_number, gettext
from student_portal.i18n.texts import Text as Texts
from student_portal.pocketbase.fields import (
    DateTime,
    FirstText,
    Flag,
    IdList,
    Keyword,
    Number,
    Platform,
    PositiveInt,
    Text,
    TextList,
)

log = logging.getLogger(__name__)

NOTES_ROLES = frozenset({"notes", "full"})


class Record(BaseModel):
    """Fields every PocketBase record has."""

    model_config = ConfigDict(frozen=True, extra="ignore", validate_by_name=True, validate_by_alias=True)

    id: Text = ""
    collection_id: Text = Field(default="", alias="collectionId")
    collection_name: Text = Field(default="", alias="collectionName")
    created: DateTime = None
    updated: DateTime = None


def _amount(value: float) -> str:
    """1500.0 -> "1500", 1500.5 -> "1500.50"."""
    return str(int(value)) if value.is_integer() else f"{value:.2f}"


def shop_price(price: float | None) -> str:
    """A product's price in the current language: Rs and the amount, or Price Unavailable."""
    if not price:  # PocketBase stores a number left blank in the admin UI as 0
        return Texts.PRICE_UNAVAILABLE
    return gettext("Rs {amount}").format(amount=_amount(price))


def room_price(price: float | None) -> str:
    """A room's price in the current language: RsH {price}.00, or Price Unavailable."""
    if not price:  # blank in the admin UI is stored as 0
        return Texts.PRICE_UNAVAILABLE
    return gettext("RsH {price}").format(price=format_number(price, "0.00"))


class Product(Record):
    name: Text = ""
    price: Number = None
    image: FirstText = ""
    categories: IdList = Field(default_factory=list)

    @property
    def price_label(self) -> str:
        """Rs and the price, or Price Unavailable."""
        return shop_price(self.price)


class Category(Record):
    name: Text = ""


class DeviceSlide(Record):
    """Mobile_Slides and Desktop_Slides: the image file name is stored in a field named `field`."""

    field: FirstText = ""
    title: Text = ""


class NewsItem(Record):
    title: Text = ""
    excerpt: Text = ""
    image: FirstText = ""
    active: Flag = False
    content: Text = ""


class Article(Record):
    conent: Text = ""  # spelt so in the backend: rich text HTML (sanitise before rendering)


class Talent(Record):
    name: Text = ""
    title: Text = ""
    link: Text = ""
    date: DateTime = None
    categorie: FirstText = ""  # spelt so: a TalentsCategories id


class TalentCategory(Record):
    name: Text = ""


class SocialMedia(Record):
    platform: Platform = "other"
    title: Text = ""
    description: Text = ""
    thumbnail_url: FirstText = Field(default="", alias="thumbnailUrl")  # a file name
    link: Text = ""


class TuitionClass(Record):
    """Classes: one scheduled class."""

    name: Text = ""
    date: DateTime = None
    duration: Number = None  # minutes
    teacher: FirstText = ""  # a Teachers id
    zoom: Text = ""


class Teacher(Record):
    name: Text = ""
    description: Text = ""
    avatar: FirstText = ""
    note_background: FirstText = ""
    record_backgroud: FirstText = ""  # spelt so

    @property
    def display_description(self) -> str:
        return self.description or Texts.TEACHER_DESCRIPTION_DEFAULT


class Note(Record):
    name: Text = ""
    file: FirstText = ""
    external: Flag = False
    drive: Text = ""

    @property
    def display_name(self) -> str:
        return self.name.strip() or Texts.UNTITLED_NOTE


class ContentSlide(Record):
    """Notes_Slides, Recording_Slides, OL_Slides, AL_Slides."""

    image: FirstText = ""
    title: Text = ""
    excerpt: Text = ""


class Recording(Record):
    name: Text = ""
    link: Text = ""  # a YouTube URL
    subject: FirstText = ""  # a Subjects id; its name, or Unknown, is the state's join


class Subject(Record):
    name: Text = ""


class ClassPromo(Record):
    image: FirstText = ""
    description: Text = ""
    whatsapp_number: Text = Field(default="", alias="whatsappNumber")
    message: Text = ""


class ClassNote(Record):
    name: Text = ""
    file: FirstText = ""
    teacher: FirstText = ""
    url: Text = ""


class ClassRecording(Record):
    name: Text = ""
    link: Text = ""
    teacher: FirstText = ""


class FolderItem(Record):
    """OL_Items and AL_Items: a paper or a note inside a folder."""

    folder: FirstText = ""
    type: Keyword = ""  # "paper" or "note"
    title: Text = ""
    description: Text = ""
    image: FirstText = ""
    file: FirstText = ""
    varient: Text = ""  # spelt so
    # Practice (issue 51): written by PocketBase's hook from the answer key, which itself is a
    # hidden field (superusers only): never in this shared model. None: no key.
    questions: PositiveInt = None
    options: PositiveInt = None
    minutes: PositiveInt = None  # the paper's time; None: no timer
    marking_scheme: FirstText = ""


class Folder(Record):
    """OLFolders and ALFolders: the spec says "name or label"."""

    name: Text = ""
    label: Text = ""

    @property
    def display_name(self) -> str:
        return self.name.strip() or self.label.strip()


class Job(Record):
    title: Text = ""
    company: Text = ""
    logo: FirstText = ""
    new: Flag = False
    featured: Flag = False
    posted_at: DateTime = Field(default=None, alias="postedAt")
    contract: Text = ""
    location: Text = ""
    phone_number: Text = Field(default="", alias="phoneNumber")
    whatsapp_number: Text = Field(default="", alias="whatsappNumber")
    email: Text = ""
    tags: TextList = Field(default_factory=list)


class Hotel(Record):
    name: Text = ""
    image: FirstText = ""
    city: FirstText = ""  # a Citys id
    gust: PositiveInt = None  # spelt so: maximum guests; None (stored 0 or blank) = no limit
    rating: Number = None  # out of 5
    price: Number = None
    review_score: Number = Field(default=None, alias="reviewScore")  # out of 10
    contact: Text = ""
    whatsapp: Text = ""

    def fits_guests(self, guests: int) -> bool:
        """Spec 5: a hotel with no guest limit, or one that takes at least `guests`."""
        return self.gust is None or guests <= self.gust

    @property
    def price_label(self) -> str:
        """RsH {price}.00, or Price Unavailable."""
        return room_price(self.price)

    @property
    def review_label(self) -> str:
        # A hotel nobody reviewed has reviewScore 0 (PocketBase's blank number).
        if not self.review_score:
            return Texts.NO_REVIEWS
        return f"{self.review_score:g}"


class City(Record):
    name: Text = ""


class User(Record):
    """The signed-in users record (never cached: it comes with the visitor's auth)."""

    email: Text = ""
    username: Text = ""
    role: Keyword = ""
    verified: Flag = False
    language: Keyword = ""  # the language they signed up in (their mails')
    notices_seen: DateTime = None  # when they last opened /notices (issue 53)
    mail_classes: Keyword = ""  # class changes by mail: none, now, daily, weekly; "": now
    mail_other: Keyword = ""  # everything else: the same choices; "": weekly

    @property
    def can_view_notes(self) -> bool:
        return self.role in NOTES_ROLES


class Favourite(Record):
    """One saved item of a user: `kind` names the one relation field that holds the item's id."""

    user: FirstText = ""
    kind: Keyword = ""


class Attempt(Record):
    """A student's marked practice sheet (only its owner may read it; the site's server writes it)."""

    user: FirstText = ""
    collection: Text = ""  # OL_Items or AL_Items
    record: Text = ""  # the paper's id
    score: Number = None  # (answers, the options given, is in the record too: not read here)
    total: Number = None
    seconds: Number = None


class Follow(Record):
    """What a student follows to be told about it (issue 53; only its owner may read it, the
    site's server writes it): kind "teacher", "ol_folder", "al_folder" (the relation of that
    name is set) or "jobs" (location and contract: words a new job's must contain, or "")."""

    user: FirstText = ""
    kind: Keyword = ""
    teacher: FirstText = ""
    ol_folder: FirstText = ""
    al_folder: FirstText = ""
    location: Text = ""
    contract: Text = ""


def _snapshot(value: Any) -> dict[str, Any]:
    """A notice's JSON field: an object, or {} for anything else (null, a list, a string)."""
    return {str(k): v for k, v in value.items()} if isinstance(value, dict) else {}


class Notice(Record):
    """One change for everyone who follows it (issue 53; pb_migrations/1795302410_notices.js):
    described at reading time by student_portal/notices/describe.py."""

    kind: Keyword = ""
    teacher: FirstText = ""
    ol_folder: FirstText = ""
    al_folder: FirstText = ""
    collection: Text = ""
    record: Text = ""
    before: Annotated[dict[str, Any], PlainValidator(_snapshot)] = Field(default_factory=dict)
    after: Annotated[dict[str, Any], PlainValidator(_snapshot)] = Field(default_factory=dict)
    settled: Flag = False
    changed: DateTime = None  # the change's time (its last edit): what the bell compares, not `updated`


class HistoryEntry(Record):
    """A recording a student watched or a document they read, with how far (only its owner may
    read it; the site's server writes it)."""

    user: FirstText = ""
    kind: Keyword = ""  # "video" or "document"
    collection: Text = ""  # a document's collection ("" for a video)
    record: Text = ""  # a document's id, or a video's YouTube id
    title: Text = ""
    position: Number = None  # seconds into a video, or a document's page
    duration: Number = None  # a video's length in seconds (0: not known)


class AccessRequest(Record):
    """A student's request for more access (`access`: "notes" for Uni Notes); content managers
    grant it in the admin UI. Only its owner may read it (API rules)."""

    user: FirstText = ""
    access: Keyword = ""


class ExamStatistic(Record):
    """A subject's published figures for one year and stream (the Z-score estimator's)."""

    year: PositiveInt = None
    stream: FirstText = ""  # a key of student_portal.exams.figures.STREAMS
    subject: Text = ""
    mean: Number = None
    sd: Number = None  # standard deviation
    sample: Flag = False  # demo figures, not the official ones


class CutOff(Record):
    """A course's cut-off Z-score at one university, for one year and district."""

    year: PositiveInt = None
    course: Text = ""
    university: Text = ""
    district: FirstText = ""  # one of student_portal.exams.figures.DISTRICTS
    cutoff: Number = None
    sample: Flag = False


RecordT = TypeVar("RecordT", bound=Record)

# (model name, reason) pairs already reported: a bad record seen on every refresh is logged
# once as a warning, then only at debug level.
_reported: set[tuple[str, str]] = set()


# --- the collections: one declaration each -------------------------------------------------------
# A collection's one declaration is its attribute of `Collection`, below its model: its name
# exactly as stored in PocketBase, its record model, whether every visitor may see it, and its
# sort (PocketBase has no default order). Everything else follows (collections.py). A new one:
#     WORKSHOPS: Final = public("Workshops", Workshop, sort="-date")


@dataclass(frozen=True)
class CollectionSpec:
    """How a collection is read: its model and its sort (PocketBase has no default order)."""

    model: type[Record]
    sort: str = "created"


class Declared(str):
    """A collection's name (a plain string wherever a name is wanted) with its declaration."""

    model: type[Record]
    is_public: bool
    sort: str

    def __new__(cls, name: str, model: type[Record], *, is_public: bool, sort: str = "created") -> Declared:
        declared = super().__new__(cls, name)
        declared.model, declared.is_public, declared.sort = model, is_public, sort
        return declared

    @property
    def spec(self) -> CollectionSpec:
        return CollectionSpec(self.model, self.sort)

    def __reduce__(self) -> tuple[Any, ...]:
        # Copied or pickled (state, caches), a name is only its text.
        return (str, (str(self),))


def public(name: str, model: type[Record], *, sort: str = "created") -> Declared:
    """Same content for every visitor: one shared cache serves it (and realtime keeps it current)."""
    return Declared(name, model, is_public=True, sort=sort)


def protected(name: str, model: type[Record], *, sort: str = "created") -> Declared:
    """Fetched with the visitor's own token, never shared between visitors."""
    return Declared(name, model, is_public=False, sort=sort)


class Collection:
    """Every collection the site reads, declared once (see the module notes).

    OL_Items/AL_Items are public but listed per folder (500 a page), and Class_Promo as one page
    of 15 (spec 7); the cache still holds their full lists and the state filters/slices them.
    """

    PRODUCTS: Final = public("Products", Product)
    CATEGORIES: Final = public("Categories", Category)
    MOBILE_SLIDES: Final = public("Mobile_Slides", DeviceSlide)
    DESKTOP_SLIDES: Final = public("Desktop_Slides", DeviceSlide)
    NEWS: Final = public("News", NewsItem)
    ARTICLES: Final = public("Articles", Article)
    TALENTS: Final = public("Talents", Talent)
    TALENTS_CATEGORIES: Final = public("TalentsCategories", TalentCategory)
    SOCIAL_MEDIA: Final = public("SocialMedia", SocialMedia)
    CLASSES: Final = public("Classes", TuitionClass)
    TEACHERS: Final = public("Teachers", Teacher)
    NOTES: Final = protected("Notes", Note)  # spec 7: created ascending
    NOTES_SLIDES: Final = public("Notes_Slides", ContentSlide)
    RECORDING_SLIDES: Final = public("Recording_Slides", ContentSlide)
    OL_SLIDES: Final = public("OL_Slides", ContentSlide)
    AL_SLIDES: Final = public("AL_Slides", ContentSlide)
    RECORDINGS: Final = public("Recordings", Recording, sort="-created")  # newest first
    SUBJECTS: Final = public("Subjects", Subject, sort="-created")  # newest first
    CLASS_PROMO: Final = public("Class_Promo", ClassPromo)
    CLASS_NOTES: Final = protected("Class_Notes", ClassNote)
    CLASS_RECORDINGS: Final = protected("Class_Recordings", ClassRecording)
    OL_ITEMS: Final = public("OL_Items", FolderItem)
    AL_ITEMS: Final = public("AL_Items", FolderItem)
    OL_FOLDERS: Final = public("OLFolders", Folder)
    AL_FOLDERS: Final = public("ALFolders", Folder)
    JOBS: Final = public("Jobs", Job)
    HOTELS: Final = public("Hotels", Hotel)
    CITYS: Final = public("Citys", City)
    USERS: Final = protected("users", User)
    FAVOURITES: Final = protected("Favourites", Favourite)  # a user's saved items (only their own: API rules)
    ATTEMPTS: Final = protected("attempts", Attempt, sort="-created")  # a student's practice marks (own only)
    NOTICES: Final = public("notices", Notice, sort="-changed")  # one per change (issue 53)
    FOLLOWS: Final = protected("follows", Follow)  # what a student follows (own only; the server writes)
    HISTORY: Final = protected("history", HistoryEntry, sort="-updated")  # watched and read (own only)
    ACCESS_REQUESTS: Final = protected("Access_Requests", AccessRequest)  # a student asks for Uni Notes (own only)
    EXAM_STATISTICS: Final = public("Exam_Statistics", ExamStatistic, sort="-year")  # the exam tools (/z-score)
    CUT_OFFS: Final = public("Cut_Offs", CutOff, sort="-year")  # /cut-offs


def parse_records(model: type[RecordT], items: Iterable[Any]) -> list[RecordT]:
    """`items` as `model` instances; items that are not objects are skipped. Never raises."""
    records: list[RecordT] = []
    skipped: dict[str, int] = {}
    try:
        iterator = iter(items)
    except TypeError:
        iterator = iter(())
        skipped["not a list"] = 1
    for item in iterator:
        if not isinstance(item, dict):
            reason = f"not an object ({type(item).__name__})"
            skipped[reason] = skipped.get(reason, 0) + 1
            continue
        try:
            records.append(model.model_validate(item))
        except (ValidationError, TypeError, ValueError) as error:  # not expected: tolerant fields
            reason = f"invalid ({type(error).__name__})"
            skipped[reason] = skipped.get(reason, 0) + 1
    for reason, count in skipped.items():
        key = (model.__name__, reason)
        level = logging.DEBUG if key in _reported else logging.WARNING
        _reported.add(key)
        log.log(level, "%s: skipped %d item(s): %s", model.__name__, count, reason)
    return records


def parse_record(model: type[RecordT], item: Any) -> RecordT | None:
    """One record, or None when `item` is not an object."""
    parsed = parse_records(model, [item])
    return parsed[0] if parsed else None
