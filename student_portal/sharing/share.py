"""What a share button sends: the address to share and its WhatsApp fallback link. Pure apart
from the site's configured address."""

from __future__ import annotations

from urllib.parse import quote

from student_portal.sharing.paths import absolute, site_url
from student_portal.sharing.tags import clip

# WhatsApp's "share to a chat" address: the person picks the chat; the text carries the link.
WHATSAPP_SHARE = "https://wa.me/?text="
SHARE_TEXT_CHARS = 200


def share_url(path_or_url: str) -> str:
    """An absolute address to share ("" stays "")."""
    return absolute(site_url(), path_or_url) if path_or_url else ""


def whatsapp_share(title: str, url: str) -> str:
    """https://wa.me/?text=<title> <url>, percent-encoded (Sinhala, emoji, & and # survive)."""
    if not url:
        return ""
    text = f"{clip(title, SHARE_TEXT_CHARS)} {url}".strip()
    return WHATSAPP_SHARE + quote(text, safe="", errors="replace")
