"""The medium an O/L or A/L paper or note is written in (Sinhala, Tamil or English), read from
the item's free-text `varient` field ("Sinhala Medium", "tamil", "සිංහල මාධ්‍යය"...), and the
medium a page shows first: a Sinhala or Tamil page its own, an English page all of them.
Pure: no Reflex import."""

from __future__ import annotations

from enum import StrEnum

from student_portal.i18n.languages import Language


class Medium(StrEnum):
    """A choice of the medium filter, as it appears in the address (?medium=tamil)."""

    ALL = "all"
    SINHALA = "sinhala"
    TAMIL = "tamil"
    ENGLISH = "english"


MEDIUM_PARAM = "medium"

# How content managers write a medium, in English, Sinhala and Tamil (any case, any order).
_NAMES: dict[Medium, tuple[str, ...]] = {
    Medium.SINHALA: ("sinhala", "sinhalese", "සිංහල", "சிங்கள"),
    Medium.TAMIL: ("tamil", "දෙමළ", "தமிழ்"),
    Medium.ENGLISH: ("english", "ඉංග්‍රීසි", "ඉංග්රීසි", "ஆங்கில"),
}

_LANGUAGE_MEDIUM = {Language.SI: Medium.SINHALA, Language.TA: Medium.TAMIL}


def medium_of(varient: str) -> Medium | None:
    """The medium a `varient` names; None when it names none or several ("Sinhala / English")."""
    text = varient.casefold()
    found = [medium for medium, names in _NAMES.items() if any(name in text for name in names)]
    return found[0] if len(found) == 1 else None


def default_medium(language: Language) -> Medium:
    """What a page in `language` shows first: Sinhala pages Sinhala-medium items, Tamil pages
    Tamil-medium ones, English pages every medium (English-medium students are a minority)."""
    return _LANGUAGE_MEDIUM.get(language, Medium.ALL)


def in_medium(varient: str, chosen: Medium) -> bool:
    return chosen is Medium.ALL or medium_of(varient) is chosen


def medium_choice(value: object, default: Medium) -> Medium:
    """A medium from the address or a button (anything else: the page's default)."""
    return Medium(value) if isinstance(value, str) and value in Medium._value2member_map_ else default


def medium_param(chosen: Medium, default: Medium) -> str:
    """The ?medium= value for the address: none when it is the page's default."""
    return "" if chosen is default else chosen.value
