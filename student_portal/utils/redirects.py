"""Where to send a visitor after sign-in (pure, no Reflex)."""

from __future__ import annotations

from urllib.parse import urlsplit

from student_portal import routes

HOME = routes.HOME


def safe_redirect_path(value: object) -> str:
    """`value` when it is a path on this site, else "/".

    The path comes from the browser's session storage, which any script or visitor can write:
    only same-site paths are followed (no scheme, no host, no `//host` or `/\\host` that a
    browser would read as another site), and never back to /login itself.
    """
    if not isinstance(value, str):
        return HOME
    path = value.strip()
    if not path.startswith("/") or path.startswith(("//", "/\\")):
        return HOME
    if any(ch in path for ch in "\\\r\n\t") or any(ord(ch) < 32 for ch in path):
        return HOME
    try:
        parts = urlsplit(path)
    except ValueError:
        return HOME
    if parts.scheme or parts.netloc:
        return HOME
    if parts.path.rstrip("/") == routes.LOGIN:
        return HOME
    return path
