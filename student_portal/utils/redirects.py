"""Where to send a visitor after sign-in (pure, no Reflex)."""

from __future__ import annotations

from urllib.parse import urlsplit

from student_portal import routes
from student_portal.i18n.languages import english_page

HOME = routes.HOME


def safe_redirect_path(value: object, home: str = HOME) -> str:
    """`value` when it is a path on this site, else `home` ("/", or /si/ for a Sinhala login).

    The path comes from the browser's session storage, which any script or visitor can write:
    only same-site paths are followed (no scheme, no host, no `//host` or `/\\host` that a
    browser would read as another site), and never back to /login itself.
    """
    if not isinstance(value, str):
        return home
    path = value.strip()
    if not path.startswith("/") or path.startswith(("//", "/\\")):
        return home
    if any(ch in path for ch in "\\\r\n\t") or any(ord(ch) < 32 for ch in path):
        return home
    try:
        parts = urlsplit(path)
    except ValueError:
        return home
    if parts.scheme or parts.netloc:
        return home
    if english_page(parts.path) == routes.LOGIN:  # /login, /si/login, /ta/login
        return home
    return path
