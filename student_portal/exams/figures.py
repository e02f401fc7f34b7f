"""The fixed keys of the exam figures: A/L streams and Sri Lanka's 25 districts, with their
names for the site to translate (the PocketBase select fields hold the same keys:
pb/pb_migrations/1795302200_exam_tools.js). Subjects, courses and universities are content."""

from __future__ import annotations

import re
from typing import Final

from student_portal.i18n import N_

# Stream key -> its English name (translated where shown).
STREAMS: Final[dict[str, str]] = {
    "physical_science": N_("Physical Science"),
    "biological_science": N_("Biological Science"),
    "commerce": N_("Commerce"),
    "arts": N_("Arts"),
    "technology": N_("Technology"),
}

# The 25 districts as the University Grants Commission lists them (key = English name).
DISTRICTS: Final[tuple[str, ...]] = (
    N_("Colombo"),
    N_("Gampaha"),
    N_("Kalutara"),
    N_("Kandy"),
    N_("Matale"),
    N_("Nuwara Eliya"),
    N_("Galle"),
    N_("Matara"),
    N_("Hambantota"),
    N_("Jaffna"),
    N_("Kilinochchi"),
    N_("Mannar"),
    N_("Vavuniya"),
    N_("Mullaitivu"),
    N_("Batticaloa"),
    N_("Ampara"),
    N_("Trincomalee"),
    N_("Kurunegala"),
    N_("Puttalam"),
    N_("Anuradhapura"),
    N_("Polonnaruwa"),
    N_("Badulla"),
    N_("Monaragala"),
    N_("Ratnapura"),
    N_("Kegalle"),
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
