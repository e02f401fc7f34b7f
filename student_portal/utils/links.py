"""Links from content records (drive links, Zoom links, social links) that we may render.

A link an admin typed becomes an `href`; a `javascript:` or `data:` link there runs in our
origin, so anything that is not plainly a web address (or tel:/mailto:) is dropped.
Pure: no Reflex, no I/O, never raises.
"""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

EXTERNAL_LINK_REL = "noopener noreferrer"

_MAX_URL_CHARS = 8192
_SCHEME_RE = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")
# Browsers drop ASCII tab and newlines anywhere in a URL and C0 controls/space at the ends;
# we drop every C0 control and DEL anywhere so "java\nscript:" cannot hide from our checks.
_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f]")
# Harmless in a URL but not in naive HTML/attribute contexts: percent-encode them.
_ENCODE = {" ": "%20", '"': "%22", "<": "%3C", ">": "%3E", "`": "%60", "'": "%27"}
_ENCODE_RE = re.compile("[" + re.escape("".join(_ENCODE)) + "]")
_LABEL_RE = re.compile(r"(?!-)[a-z0-9-]{1,63}(?<!-)")

_EMAIL_LOCAL_RE = re.compile(r"[A-Za-z0-9!#$&'*+/=?^_{|}~-]+(?:\.[A-Za-z0-9!#$&'*+/=?^_{|}~-]+)*")
_MAILTO_QUERY_RE = re.compile(r"[A-Za-z0-9%._~!$&'()*+,;=:@/?-]*")
_TEL_RE = re.compile(r"\+?[0-9 \-().]+")


def _clean(url: object) -> str | None:
    if not isinstance(url, str) or len(url) > _MAX_URL_CHARS:
        return None
    try:
        url.encode("utf-8")
    except UnicodeError:  # lone surrogates: not text any browser sent us
        return None
    text = _CONTROL_RE.sub("", url).strip()
    return text or None


def _valid_host(host: str) -> bool:
    """A public-looking DNS name (with a dot, IDN allowed) or an IP literal."""
    host = host.rstrip(".")
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        pass
    if "." not in host or len(host) > 253:
        return False
    try:
        ascii_host = host.encode("idna").decode("ascii").lower()
    except (UnicodeError, ValueError):
        return False
    labels = ascii_host.split(".")
    return all(_LABEL_RE.fullmatch(label) for label in labels) and not labels[-1].isdigit()


def safe_url(url: object) -> str | None:
    """An absolute http(s) URL with a real host, cleaned for rendering; None otherwise.

    Refused: other schemes (javascript:, data:, vbscript:, file:...), relative or scheme-less
    links, user:password@ tricks, backslashes (browsers read them as "/", Python does not, so the
    host we check would not be the host the browser visits), bad ports.
    """
    text = _clean(url)
    if text is None or "\\" in text:
        return None
    match = _SCHEME_RE.match(text)
    if match is None or match.group(1).lower() not in ("http", "https"):
        return None
    text = match.group(1).lower() + text[match.end(1) :]
    if not text.split(":", 1)[1].startswith("//"):
        return None
    try:
        parts = urlsplit(text)
        host = parts.hostname
        parts.port  # noqa: B018 - raises ValueError for a bad port
    except (ValueError, UnicodeError):
        return None
    if not host or "@" in parts.netloc or not _valid_host(host):
        return None
    return _ENCODE_RE.sub(lambda m: _ENCODE[m.group(0)], text)


def _email_address(text: str) -> str | None:
    if text.count("@") != 1 or len(text) > 254:
        return None
    local, domain = text.split("@")
    if len(local) > 64 or not _EMAIL_LOCAL_RE.fullmatch(local):
        return None
    if not _valid_host(domain) or domain.rstrip(".") != domain:
        return None
    try:
        ipaddress.ip_address(domain)
        return None  # user@1.2.3.4 is not an address anyone hands out
    except ValueError:
        pass
    return f"{local}@{domain.lower()}"


def mailto_href(email: object) -> str | None:
    """`mailto:` link for a plain address (`Info@Example.lk` -> `mailto:Info@example.lk`)."""
    text = _clean(email)
    if text is None:
        return None
    if text[:7].lower() == "mailto:":
        text = text[7:]
    address = _email_address(text)
    if address is None:
        return None
    # The local part may hold characters with a meaning in URLs.
    address = address.replace("%", "%25").replace("?", "%3F").replace("#", "%23").replace("&", "%26")
    address = address.replace("/", "%2F").replace("'", "%27")
    return "mailto:" + address


def _tel_href(text: str) -> str | None:
    number = text[4:].strip()
    if not _TEL_RE.fullmatch(number):
        return None
    digits = re.sub(r"[^0-9]", "", number)
    if not 3 <= len(digits) <= 15:
        return None
    return "tel:" + ("+" if number.startswith("+") else "") + digits


def safe_href(url: object) -> str | None:
    """Like safe_url, and also `tel:` (digits, +, spaces, dashes) and `mailto:` links.

    wa.me and other WhatsApp links are ordinary https links and pass as such.
    """
    text = _clean(url)
    if text is None:
        return None
    scheme = text.split(":", 1)[0].lower() if ":" in text else ""
    if scheme == "tel":
        return _tel_href(text)
    if scheme == "mailto":
        body = text[7:]
        address, _, query = body.partition("?")
        href = mailto_href(address)
        if href is None or not _MAILTO_QUERY_RE.fullmatch(query):
            return None
        return href + ("?" + _ENCODE_RE.sub(lambda m: _ENCODE[m.group(0)], query) if query else "")
    return safe_url(text)
