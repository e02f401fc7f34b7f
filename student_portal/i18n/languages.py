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


LANGUAGES: tuple[Language, ...] = tuple(Language)
# What a visitor's language choice is kept in (set by assets/head.js, read by the server).
LANGUAGE_COOKIE = "lang"


def language_prefix(language: Language) -> str:
    """ "" for English (today's paths), "/si" or "/ta"."""
    return "" if language is Language.EN else f"/{language.value}"


def without_language(path: str) -> str:
    """The English path of an address: /si/youtube -> /youtube, /ta -> /."""
    if language_of_path(path) is Language.EN:
        return path or "/"
    rest = path.lstrip("/")[2:]
    if not rest or rest[0] in "?#":
        return "/" + rest
    return rest  # starts with "/"


def english_page(path: str) -> str:
    """The English page an address shows, without query, fragment or trailing slash:
    /si/shop/?show=8 -> /shop, /ta -> /. What a state compares with a route."""
    return without_language(path.split("?", 1)[0].split("#", 1)[0]).rstrip("/") or "/"


def in_language_path(path: str, language: Language) -> str:
    """The same address in `language`: /youtube?subject=x -> /si/youtube?subject=x; / -> /si/."""
    english = without_language(path)
    prefix = language_prefix(language)
    if not prefix:
        return english
    return prefix + english
