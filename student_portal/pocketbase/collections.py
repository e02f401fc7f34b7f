"""PocketBase collection names, and which of them every visitor may see (spec sections 3, 7)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from student_portal.pocketbase import records as r


class Collection:
    """Collection names exactly as stored in PocketBase."""

    PRODUCTS: Final = "Products"
    CATEGORIES: Final = "Categories"
    MOBILE_SLIDES: Final = "Mobile_Slides"
    DESKTOP_SLIDES: Final = "Desktop_Slides"
    NEWS: Final = "News"
    ARTICLES: Final = "Articles"
    TALENTS: Final = "Talents"
    TALENTS_CATEGORIES: Final = "TalentsCategories"
    SOCIAL_MEDIA: Final = "SocialMedia"
    CLASSES: Final = "Classes"
    TEACHERS: Final = "Teachers"
    NOTES: Final = "Notes"
    NOTES_SLIDES: Final = "Notes_Slides"
    RECORDING_SLIDES: Final = "Recording_Slides"
    OL_SLIDES: Final = "OL_Slides"
    AL_SLIDES: Final = "AL_Slides"
    RECORDINGS: Final = "Recordings"
    SUBJECTS: Final = "Subjects"
    CLASS_PROMO: Final = "Class_Promo"
    CLASS_NOTES: Final = "Class_Notes"
    CLASS_RECORDINGS: Final = "Class_Recordings"
    OL_ITEMS: Final = "OL_Items"
    AL_ITEMS: Final = "AL_Items"
    OL_FOLDERS: Final = "OLFolders"
    AL_FOLDERS: Final = "ALFolders"
    JOBS: Final = "Jobs"
    HOTELS: Final = "Hotels"
    CITYS: Final = "Citys"
    USERS: Final = "users"
    FAVOURITES: Final = "Favourites"  # a user's saved items (only their own: API rules)
    ACCESS_REQUESTS: Final = "Access_Requests"  # a student asks for Uni Notes (only their own)


@dataclass(frozen=True)
class CollectionSpec:
    """How a collection is read: its model and its sort (PocketBase has no default order)."""

    model: type[r.Record]
    sort: str = "created"


# Fetched with the visitor's own token, never shared between visitors.
PROTECTED: Final[frozenset[str]] = frozenset(
    {Collection.NOTES, Collection.CLASS_NOTES, Collection.CLASS_RECORDINGS, Collection.USERS, Collection.FAVOURITES}
)

# Models of the protected collections (for parse_records on a visitor's own fetch).
PROTECTED_MODELS: Final[dict[str, CollectionSpec]] = {
    Collection.NOTES: CollectionSpec(r.Note, "created"),  # spec 7: created ascending
    Collection.CLASS_NOTES: CollectionSpec(r.ClassNote),
    Collection.CLASS_RECORDINGS: CollectionSpec(r.ClassRecording),
    Collection.USERS: CollectionSpec(r.User),
    Collection.FAVOURITES: CollectionSpec(r.Favourite),
}

# Public collections: same content for every visitor, so one shared cache serves them all.
# OL_Items/AL_Items are public but listed per folder (500 a page), and Class_Promo as one page
# of 15 (spec 7); the cache still holds their full lists and the state filters/slices them.
PUBLIC: Final[dict[str, CollectionSpec]] = {
    Collection.PRODUCTS: CollectionSpec(r.Product, "created"),
    Collection.CATEGORIES: CollectionSpec(r.Category, "created"),
    Collection.MOBILE_SLIDES: CollectionSpec(r.DeviceSlide),
    Collection.DESKTOP_SLIDES: CollectionSpec(r.DeviceSlide),
    Collection.NEWS: CollectionSpec(r.NewsItem),
    Collection.ARTICLES: CollectionSpec(r.Article),
    Collection.TALENTS: CollectionSpec(r.Talent),
    Collection.TALENTS_CATEGORIES: CollectionSpec(r.TalentCategory),
    Collection.SOCIAL_MEDIA: CollectionSpec(r.SocialMedia),
    Collection.CLASSES: CollectionSpec(r.TuitionClass, "created"),
    Collection.TEACHERS: CollectionSpec(r.Teacher, "created"),
    Collection.NOTES_SLIDES: CollectionSpec(r.ContentSlide),
    Collection.RECORDING_SLIDES: CollectionSpec(r.ContentSlide),
    Collection.OL_SLIDES: CollectionSpec(r.ContentSlide),
    Collection.AL_SLIDES: CollectionSpec(r.ContentSlide),
    Collection.RECORDINGS: CollectionSpec(r.Recording, "-created"),  # newest first
    Collection.SUBJECTS: CollectionSpec(r.Subject, "-created"),  # newest first
    Collection.CLASS_PROMO: CollectionSpec(r.ClassPromo),
    Collection.OL_ITEMS: CollectionSpec(r.FolderItem),
    Collection.AL_ITEMS: CollectionSpec(r.FolderItem),
    Collection.OL_FOLDERS: CollectionSpec(r.Folder),
    Collection.AL_FOLDERS: CollectionSpec(r.Folder),
    Collection.JOBS: CollectionSpec(r.Job),
    Collection.HOTELS: CollectionSpec(r.Hotel),
    Collection.CITYS: CollectionSpec(r.City),
}


def model_for(collection: str) -> type[r.Record]:
    """The model of any known collection, public or protected."""
    spec = PUBLIC.get(collection) or PROTECTED_MODELS.get(collection)
    if spec is None:
        raise KeyError(f"unknown collection: {collection!r}")
    return spec.model
