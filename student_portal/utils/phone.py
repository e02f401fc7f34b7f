"""Sri Lankan phone numbers: for WhatsApp links, tel: links and display.

Spec 7: job and hotel WhatsApp numbers get the country code +94. Admins type numbers every way
Sri Lankans write them (`077 123 4567`, `+94-77-1234567`, `0094...`, or a number field that lost
its leading zero). Parsing and the numbering plan (which ranges are mobiles, which are dialable
at all) come from Google's libphonenumber via the `phonenumbers` package, so new operator ranges
arrive with a package update rather than a code change.

This module only decides what it hands to the parser: one number made of ASCII digits and the
usual separators. libphonenumber is lenient on purpose (it digs a number out of "call 077...",
reads "ext 2", Arabic-Indic and fullwidth digits); for links built from admin input we would
rather show the text as typed than guess.

Pure: no Reflex, no I/O, never raises.
"""

from __future__ import annotations

import re
from urllib.parse import quote

import phonenumbers
from phonenumbers import NumberParseException, PhoneNumber, PhoneNumberType

from student_portal.constants import COUNTRY_CODE

REGION = "LK"

# Visual separators people put inside a number; anything else (letters, "ext", "/") is not a
# single number and we do not guess.
_SEPARATORS_RE = re.compile(r"[\s\-().\u00a0\u2010-\u2015]")
# After the separators are gone: an optional "+" and ASCII digits only.
_PLAIN_NUMBER_RE = re.compile(r"\+?[0-9]+")

_MAX_INPUT_CHARS = 64  # a phone number, not a document; checked before anything parses it


def _as_text(raw: object) -> str | None:
    """Text of a string, or of a whole number from a PocketBase number field (which has lost
    any leading zero); None for everything else."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, float) and raw.is_integer():
        raw = int(raw)
    if isinstance(raw, int):
        return str(raw) if 0 <= raw < 10**_MAX_INPUT_CHARS else None
    if isinstance(raw, str):
        return raw
    return None


def _parse(raw: object) -> PhoneNumber | None:
    """The number raw spells, when it is a valid Sri Lankan number (any type); else None."""
    text = _as_text(raw)
    if text is None or len(text) > _MAX_INPUT_CHARS:
        return None
    text = _SEPARATORS_RE.sub("", text)
    if not _PLAIN_NUMBER_RE.fullmatch(text):
        return None
    try:
        number = phonenumbers.parse(text, REGION)
    except NumberParseException:
        return None
    if number.extension or not phonenumbers.is_valid_number_for_region(number, REGION):
        return None
    return number


def _nsn(number: PhoneNumber) -> str:
    """The 9-digit national significant number (no trunk zero, no country code)."""
    return phonenumbers.national_significant_number(number)


def _mobile(raw: object) -> PhoneNumber | None:
    number = _parse(raw)
    if number is None or phonenumbers.number_type(number) != PhoneNumberType.MOBILE:
        return None
    return number


def is_mobile(raw: object) -> bool:
    """True when raw is a Sri Lankan mobile number (the kind WhatsApp can reach)."""
    return _mobile(raw) is not None


def whatsapp_number(raw: object) -> str | None:
    """International digits as wa.me wants them (`94771234567`), only for mobile numbers."""
    number = _mobile(raw)
    return COUNTRY_CODE + _nsn(number) if number is not None else None


def tel_href(raw: object) -> str | None:
    """A dialable `tel:+94...` (E.164) link for a valid Sri Lankan number, else None."""
    number = _parse(raw)
    if number is None:
        return None
    return "tel:" + phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def whatsapp_link(number: object, text: object = "") -> str | None:
    """`https://wa.me/<digits>` with prefilled text, or None when the number is not a mobile.

    The text is percent-encoded as UTF-8 with nothing left safe, so `&`, `#`, `+`, newlines and
    Sinhala reach WhatsApp as typed.
    """
    digits = whatsapp_number(number)
    if digits is None:
        return None
    link = f"https://wa.me/{digits}"
    if isinstance(text, str) and text:
        link += "?text=" + quote(text, safe="", errors="replace")
    return link


def display_phone(raw: object) -> str:
    """A number as Sri Lankans read it: `077 123 4567`, `011 234 5678`.

    Validity comes from libphonenumber; the grouping is ours (its national format writes
    landlines as `0112 345 678`, which is not how they appear on signs and cards here).
    Input we cannot read as a Sri Lankan number (a foreign number, a note) is shown as typed,
    whitespace collapsed; non-text shows as "".
    """
    number = _parse(raw)
    if number is not None:
        nsn = _nsn(number)
        return f"0{nsn[:2]} {nsn[2:5]} {nsn[5:]}"
    text = _as_text(raw)
    if text is None:
        return ""
    text = "".join(ch for ch in text[: _MAX_INPUT_CHARS * 4] if ch.isprintable() or ch.isspace())
    return " ".join(text.split())
