"""What a share button sends: the address to share; its WhatsApp fallback link is made in the
browser from the title and address (assets/share_link.js, components/share.py). Pure apart from
the site's configured address."""

from __future__ import annotations

from student_portal.sharing.paths import absolute, site_url

# WhatsApp's "share to a chat" address: the person picks the chat; the text carries the link.
WHATSAPP_SHARE = "https://wa.me/?text="
SHARE_TEXT_CHARS = 200  # the title's letters in the shared text, at most


def share_url(path_or_url: str) -> str:
    """An absolute address to share ("" stays "")."""
    return absolute(site_url(), path_or_url) if path_or_url else ""
