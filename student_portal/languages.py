"""The site's three UI languages and how an address names one (English at today's paths,
Sinhala under /si/..., Tamil under /ta/...). Pure: no Reflex import."""

from __future__ import annotations

from enum import StrEnum


class Language(StrEnum):
    EN = "en"
    SI = "si"
    TA = "ta"


def language_of_path(path: str) -> Language:
    """The language an address is in: /si/... is Sinhala, /ta/... Tamil, anything else English."""
    first = path.lstrip("/").split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]
    for language in (Language.SI, Language.TA):
        if first == language.value:
            return language
    return Language.EN
