"""Pure address builders beside the routes: which addresses search engines should skip, absolute
forms of our addresses, and what a share button sends (its WhatsApp fallback link is made in the
browser from the title and address: assets/share_link.js, components/share.py)."""

from __future__ import annotations

from typing import Final
from urllib.parse import urljoin

from student_portal import routes
from student_portal.i18n.languages import LANGUAGES, in_language_path, language_prefix, without_language

# Signed-in or per-visitor pages: kept out of the sitemap, and robots.txt asks crawlers to stay
# out (ROBOTS_PATHS: in every language). Rules are prefixes, as robots.txt reads them. /saved
# and /search are pages other issues add (favourites, search results); `/_` covers Reflex's own
# endpoints (/_event, /_upload).
PRIVATE_PATHS: Final = (
    routes.LOGIN,
    routes.NOTES,
    "/saved",
    routes.SEARCH,
    routes.LEAD_IMAGE_PREFIX + "/",
    "/_",
    routes.CALENDAR_PREFIX + "/",
    # Accounts: the signed-in account page, and the pages whose addresses carry a mailed token.
    routes.ACCOUNT,
    routes.FORGOT_PASSWORD,
    *routes.MAIL_LINK_PREFIXES.values(),
)
_ACCOUNT_PATHS: Final = (routes.ACCOUNT, routes.FORGOT_PASSWORD, *routes.MAIL_LINK_PREFIXES.values())
# The Sinhala and Tamil versions of the private pages are private too (/si/login, /ta/notes), and
# so are the calendars in those languages (/si/calendar/...).
ROBOTS_PATHS: Final = PRIVATE_PATHS + tuple(
    language_prefix(language) + path
    for language in LANGUAGES[1:]
    for path in (routes.LOGIN, routes.NOTES, "/saved", routes.SEARCH, routes.CALENDAR_PREFIX + "/", *_ACCOUNT_PATHS)
)
# Registered pages that are not pages of their own: /class alone redirects to /profile.
UNLISTED_ROUTES: Final = frozenset({routes.NOT_FOUND, routes.CLASS_INDEX})


def site_url() -> str:
    """The site's public address (rxconfig deploy_url, DEPLOY_URL), without a trailing slash."""
    from reflex.config import get_config  # the one Reflex touch here: the configured address

    return (get_config().deploy_url or "").rstrip("/")


def page_address(path: str) -> str:
    """Where a built page is served without a redirect: each fixed page is built as a folder
    (/jobs/index.html), so /jobs redirects to /jobs/; content pages (/news/{id}) are not."""
    return path if path == routes.HOME or path.endswith("/") else path + "/"


def _served(path: str, built: bool) -> str:
    return page_address(path) if built else path


def absolute(site_url: str, path_or_url: str) -> str:
    """`path_or_url` as an absolute address on `site_url` (absolute ones are kept)."""
    return urljoin(site_url.rstrip("/") + "/", path_or_url) if path_or_url else ""


def webcal(url: str) -> str:
    """The subscription form of an http(s) calendar address (webcal://host/...)."""
    for scheme in ("https://", "http://"):
        if url.startswith(scheme):
            return "webcal://" + url[len(scheme) :]
    return url


def is_private(path: str) -> bool:
    """Whether robots.txt keeps crawlers off `path` (in any language: /si/login too)."""
    english = without_language(path)
    return any(english.startswith(prefix) for prefix in PRIVATE_PATHS)


def language_versions(site_url: str, path: str, *, built: bool = True) -> tuple[tuple[str, str], ...]:
    """hreflang alternates of a page: (language, absolute address) for each language, then
    x-default (the English page). `built`: a fixed page, served at its folder (page_address)."""
    english = without_language(path)
    versions = tuple(
        (language.value, absolute(site_url, _served(in_language_path(english, language), built)))
        for language in LANGUAGES
    )
    return (*versions, ("x-default", versions[0][1]))


# WhatsApp's "share to a chat" address: the person picks the chat; the text carries the link.
WHATSAPP_SHARE = "https://wa.me/?text="
SHARE_TEXT_CHARS = 200  # the title's letters in the shared text, at most


def share_url(path_or_url: str) -> str:
    """An absolute address to share ("" stays "")."""
    return absolute(site_url(), path_or_url) if path_or_url else ""
