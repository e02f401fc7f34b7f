"""PocketBase collections (spec sections 3, 7), each declared once, and what derives from them.

A collection's one declaration is its attribute of `Collection`: its name exactly as stored in
PocketBase, its record model (records.py), whether every visitor may see it, and its sort
(PocketBase has no default order):

    SCHOLARSHIPS: Final = public("Scholarships", r.Scholarship, sort="-created")

The rest follows from those lines: the shared cache's `PUBLIC` registry and the realtime
subscription (public ones), `PROTECTED` and `PROTECTED_MODELS` (fetched with the visitor's own
token), `model_for`, and the schema test's expectations (tests/integration/test_schema.py: the
collection exists, has the model's fields and the declared sort field, public ones are readable
by anyone and have demo records, protected ones are not public).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from student_portal.pocketbase import records as r


@dataclass(frozen=True)
class CollectionSpec:
    """How a collection is read: its model and its sort (PocketBase has no default order)."""

    model: type[r.Record]
    sort: str = "created"


class Declared(str):
    """A collection's name (a plain string wherever a name is wanted) with its declaration."""

    model: type[r.Record]
    is_public: bool
    sort: str

    def __new__(cls, name: str, model: type[r.Record], *, is_public: bool, sort: str = "created") -> Declared:
        declared = super().__new__(cls, name)
        declared.model, declared.is_public, declared.sort = model, is_public, sort
        return declared

    @property
    def spec(self) -> CollectionSpec:
        return CollectionSpec(self.model, self.sort)

    def __reduce__(self) -> tuple[Any, ...]:
        # Copied or pickled (state, caches), a name is only its text.
        return (str, (str(self),))


def public(name: str, model: type[r.Record], *, sort: str = "created") -> Declared:
    """Same content for every visitor: one shared cache serves it (and realtime keeps it current)."""
    return Declared(name, model, is_public=True, sort=sort)


def protected(name: str, model: type[r.Record], *, sort: str = "created") -> Declared:
    """Fetched with the visitor's own token, never shared between visitors."""
    return Declared(name, model, is_public=False, sort=sort)


class Collection:
    """Every collection the site reads, declared once (see the module notes).

    OL_Items/AL_Items are public but listed per folder (500 a page), and Class_Promo as one page
    of 15 (spec 7); the cache still holds their full lists and the state filters/slices them.
    """

    PRODUCTS: Final = public("Products", r.Product)
    CATEGORIES: Final = public("Categories", r.Category)
    MOBILE_SLIDES: Final = public("Mobile_Slides", r.DeviceSlide)
    DESKTOP_SLIDES: Final = public("Desktop_Slides", r.DeviceSlide)
    NEWS: Final = public("News", r.NewsItem)
    ARTICLES: Final = public("Articles", r.Article)
    TALENTS: Final = public("Talents", r.Talent)
    TALENTS_CATEGORIES: Final = public("TalentsCategories", r.TalentCategory)
    SOCIAL_MEDIA: Final = public("SocialMedia", r.SocialMedia)
    CLASSES: Final = public("Classes", r.TuitionClass)
    TEACHERS: Final = public("Teachers", r.Teacher)
    NOTES: Final = protected("Notes", r.Note)  # spec 7: created ascending
    NOTES_SLIDES: Final = public("Notes_Slides", r.ContentSlide)
    RECORDING_SLIDES: Final = public("Recording_Slides", r.ContentSlide)
    OL_SLIDES: Final = public("OL_Slides", r.ContentSlide)
    AL_SLIDES: Final = public("AL_Slides", r.ContentSlide)
    RECORDINGS: Final = public("Recordings", r.Recording, sort="-created")  # newest first
    SUBJECTS: Final = public("Subjects", r.Subject, sort="-created")  # newest first
    CLASS_PROMO: Final = public("Class_Promo", r.ClassPromo)
    CLASS_NOTES: Final = protected("Class_Notes", r.ClassNote)
    CLASS_RECORDINGS: Final = protected("Class_Recordings", r.ClassRecording)
    OL_ITEMS: Final = public("OL_Items", r.FolderItem)
    AL_ITEMS: Final = public("AL_Items", r.FolderItem)
    OL_FOLDERS: Final = public("OLFolders", r.Folder)
    AL_FOLDERS: Final = public("ALFolders", r.Folder)
    JOBS: Final = public("Jobs", r.Job)
    HOTELS: Final = public("Hotels", r.Hotel)
    CITYS: Final = public("Citys", r.City)
    USERS: Final = protected("users", r.User)
    FAVOURITES: Final = protected("Favourites", r.Favourite)  # a user's saved items (only their own: API rules)
    ACCESS_REQUESTS: Final = protected("Access_Requests", r.AccessRequest)  # a student asks for Uni Notes (own only)


# Every declaration, in declaration order.
DECLARED: Final[tuple[Declared, ...]] = tuple(v for v in vars(Collection).values() if isinstance(v, Declared))

# Public collections: same content for every visitor, so one shared cache serves them all.
PUBLIC: Final[dict[str, CollectionSpec]] = {str(c): c.spec for c in DECLARED if c.is_public}

# Fetched with the visitor's own token, never shared between visitors.
PROTECTED: Final[frozenset[str]] = frozenset(str(c) for c in DECLARED if not c.is_public)

# Models of the protected collections (for parse_records on a visitor's own fetch).
PROTECTED_MODELS: Final[dict[str, CollectionSpec]] = {str(c): c.spec for c in DECLARED if not c.is_public}


def model_for(collection: str) -> type[r.Record]:
    """The model of any known collection, public or protected."""
    spec = PUBLIC.get(collection) or PROTECTED_MODELS.get(collection)
    if spec is None:
        raise KeyError(f"unknown collection: {collection!r}")
    return spec.model
