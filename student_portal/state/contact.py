"""Contact links of a listing (job, room): tel:, WhatsApp, mailto:.

TEMP: the number rules move to utils.phone (being written on main); this module then only
builds links from them.
"""

from __future__ import annotations

import re
from urllib.parse import quote

from student_portal.constants import COUNTRY_CODE

_EMAIL_RE = re.compile(r"^[^@\s<>\"']+@[^@\s<>\"']+\.[A-Za-z]{2,}$")


def _digits(number: str) -> str:
    return re.sub(r"\D", "", number)


def whatsapp_number(number: str) -> str:
    """A Sri Lankan mobile number as 94XXXXXXXXX, or "" when it cannot be one."""
    digits = _digits(number)
    if digits.startswith("00"):
        digits = digits[2:]
    if digits.startswith(COUNTRY_CODE) and len(digits) == 11:
        local = digits[2:]
    elif digits.startswith("0") and len(digits) == 10:
        local = digits[1:]
    elif len(digits) == 9:
        local = digits
    else:
        return ""
    return f"{COUNTRY_CODE}{local}" if re.fullmatch(r"7[01245678]\d{7}", local) else ""


def whatsapp_href(number: str, text: str = "") -> str:
    wa = whatsapp_number(number)
    if not wa:
        return ""
    return f"https://wa.me/{wa}" + (f"?text={quote(text, safe='')}" if text else "")


def tel_href(number: str) -> str:
    """tel: with the dialable form (+ and digits), or "" when there is nothing to dial."""
    digits = _digits(number)
    if len(digits) < 7:
        return ""
    return f"tel:{'+' if number.strip().startswith('+') else ''}{digits}"


def mailto_href(email: str) -> str:
    email = email.strip()
    return f"mailto:{email}" if _EMAIL_RE.match(email) else ""
