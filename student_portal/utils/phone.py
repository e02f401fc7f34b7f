"""Sri Lankan phone numbers: for WhatsApp links, tel: links and display.

Spec 7: job and hotel WhatsApp numbers get the country code +94. Admins type numbers every way
Sri Lankans write them (`077 123 4567`, `+94-77-1234567`, `0094...`, or a number field that lost
its leading zero), so everything reduces to the 9-digit national significant number (NSN) first.
Pure: no Reflex, no I/O, never raises.
"""

from __future__ import annotations

import re
from urllib.parse import quote

from student_portal.constants import COUNTRY_CODE

# Visual separators people put inside a number; anything else (letters, "ext", "/") is not a
# single number and we do not guess.
_SEPARATORS_RE = re.compile(r"[\s\-().\u00a0\u2010-\u2015]")
_NSN_LENGTH = 9

# Mobile: 7[0-8] then 7 digits (Dialog, Mobitel, Hutch, Airtel ranges; 079 is unallocated).
_MOBILE_RE = re.compile(r"7[0-8]\d{7}")
# Fixed lines and other dialable ranges, after the numbering plan as published in Google's
# libphonenumber metadata for LK: a two-digit area code (11 Colombo ... 91 Galle) followed by an
# exchange digit, plus a few three-digit blocks (LTE fixed wireless, 1973 UAN).
_FIXED_RE = re.compile(
    r"(?:11|2[13-7]|3[1-8]|4[157]|5[12457]|6[35-7])[2-57]\d{6}"
    r"|(?:12[2-9]|602|8[12]\d|9(?:1\d|22|9[245]))\d{6}"
    r"|1973\d{5}"
)

_MAX_INPUT_CHARS = 64  # a phone number, not a document


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


def _nsn(raw: object) -> str | None:
    """The 9-digit national number, or None when raw is not one Sri Lankan number."""
    raw = _as_text(raw)
    if raw is None or len(raw) > _MAX_INPUT_CHARS:
        return None
    text = _SEPARATORS_RE.sub("", raw)
    plus = text.startswith("+")
    if plus:
        text = text[1:]
    if not text.isascii() or not text.isdigit():
        return None
    if plus:
        if not text.startswith(COUNTRY_CODE):
            return None
        text = text[len(COUNTRY_CODE) :]
    elif text.startswith("00" + COUNTRY_CODE):
        text = text[2 + len(COUNTRY_CODE) :]
    elif text.startswith(COUNTRY_CODE) and len(text) == len(COUNTRY_CODE) + _NSN_LENGTH:
        text = text[len(COUNTRY_CODE) :]
    # The trunk zero of the national form, also when written after the country code
    # ("+94 (0)77 ...", a common habit).
    if len(text) == _NSN_LENGTH + 1 and text.startswith("0"):
        text = text[1:]
    if len(text) != _NSN_LENGTH:
        return None
    return text


def _mobile_nsn(raw: object) -> str | None:
    nsn = _nsn(raw)
    return nsn if nsn is not None and _MOBILE_RE.fullmatch(nsn) else None


def _dialable_nsn(raw: object) -> str | None:
    nsn = _nsn(raw)
    if nsn is None:
        return None
    return nsn if _MOBILE_RE.fullmatch(nsn) or _FIXED_RE.fullmatch(nsn) else None


def is_mobile(raw: object) -> bool:
    """True when raw is a Sri Lankan mobile number (the kind WhatsApp can reach)."""
    return _mobile_nsn(raw) is not None


def whatsapp_number(raw: object) -> str | None:
    """International digits as wa.me wants them (`94771234567`), only for mobile numbers."""
    nsn = _mobile_nsn(raw)
    return COUNTRY_CODE + nsn if nsn else None


def tel_href(raw: object) -> str | None:
    """A dialable `tel:+94...` link for a Sri Lankan mobile or landline, else None."""
    nsn = _dialable_nsn(raw)
    return f"tel:+{COUNTRY_CODE}{nsn}" if nsn else None


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

    Input we cannot read as a Sri Lankan number (a foreign number, a note) is shown as typed,
    whitespace collapsed; non-text shows as "".
    """
    nsn = _dialable_nsn(raw)
    if nsn is not None:
        return f"0{nsn[:2]} {nsn[2:5]} {nsn[5:]}"
    text = _as_text(raw)
    if text is None:
        return ""
    text = "".join(ch for ch in text[: _MAX_INPUT_CHARS * 4] if ch.isprintable() or ch.isspace())
    return " ".join(text.split())
