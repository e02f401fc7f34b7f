"""The fixed keys of the exam figures: A/L streams and Sri Lanka's 25 districts, with their
names for the site to translate, each in its context ("stream", "district": pgettext), apart from
the same words in content (a room's city). The PocketBase select fields hold the same keys
(pb/pb_migrations/1795302200_exam_tools.js). Subjects, courses and universities are content."""

from __future__ import annotations

import re
from typing import Final

from student_portal.i18n import NC_

# Stream key -> its English name (translated where shown).
STREAMS: Final[dict[str, str]] = {
    "physical_science": NC_("stream", "Physical Science"),
    "biological_science": NC_("stream", "Biological Science"),
    "commerce": NC_("stream", "Commerce"),
    "arts": NC_("stream", "Arts"),
    "technology": NC_("stream", "Technology"),
}

# The 25 districts as the University Grants Commission lists them (key = English name).
DISTRICTS: Final[tuple[str, ...]] = (
    NC_("district", "Colombo"),
    NC_("district", "Gampaha"),
    NC_("district", "Kalutara"),
    NC_("district", "Kandy"),
    NC_("district", "Matale"),
    NC_("district", "Nuwara Eliya"),
    NC_("district", "Galle"),
    NC_("district", "Matara"),
    NC_("district", "Hambantota"),
    NC_("district", "Jaffna"),
    NC_("district", "Kilinochchi"),
    NC_("district", "Mannar"),
    NC_("district", "Vavuniya"),
    NC_("district", "Mullaitivu"),
    NC_("district", "Batticaloa"),
    NC_("district", "Ampara"),
    NC_("district", "Trincomalee"),
    NC_("district", "Kurunegala"),
    NC_("district", "Puttalam"),
    NC_("district", "Anuradhapura"),
    NC_("district", "Polonnaruwa"),
    NC_("district", "Badulla"),
    NC_("district", "Monaragala"),
    NC_("district", "Ratnapura"),
    NC_("district", "Kegalle"),
)

YEAR_MIN, YEAR_MAX = 2000, 2100  # the schema's bounds
MEAN_MIN, MEAN_MAX = 0.0, 100.0
SD_MIN, SD_MAX = 0.01, 100.0
CUTOFF_MIN, CUTOFF_MAX = -5.0, 5.0  # Z-scores live well within these
NAME_MAX = {"subject": 120, "course": 200, "university": 200}

_SEPARATORS = re.compile(r"[\s\-_]+")


def _folded(text: str) -> str:
    return _SEPARATORS.sub(" ", text).strip().casefold()


_STREAM_KEYS = {_folded(key): key for key in STREAMS} | {_folded(name): key for key, name in STREAMS.items()}
_DISTRICT_KEYS = {_folded(name): name for name in DISTRICTS}


def stream_key(text: str) -> str | None:
    """A stream as a person writes it ("Physical Science", "physical_science") -> its key."""
    return _STREAM_KEYS.get(_folded(text))


def district_key(text: str) -> str | None:
    """A district as a person writes it ("nuwara eliya", "Nuwara-Eliya") -> its key; or as an
    address has it (?district=nuwara-eliya)."""
    return _DISTRICT_KEYS.get(_folded(text))


def district_slug(district: str) -> str:
    """A district's key as the address writes it: "Nuwara Eliya" -> "nuwara-eliya"."""
    return _folded(district).replace(" ", "-")
