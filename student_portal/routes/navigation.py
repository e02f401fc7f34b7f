"""The site's navigation: the main menu's entries, the phone's tabs, the home page's shortcuts and
social channels, and which section a deeper address belongs to. Labels are English msgids (N_),
read in the current language where they are drawn."""

from __future__ import annotations

from typing import Final

from student_portal import routes
from student_portal.constants import (
    CHAT_CHANNEL_URL,
    CHAT_GROUP_URL,
    SHORT_VIDEO_URL,
    SOCIAL_NETWORK_URL,
    VIDEO_CHANNEL_URL,
)
from student_portal.i18n import N_, gettext


class NavItem:
    """One entry of the main navigation: full label, short label for phones (or None)."""

    def __init__(self, title: str, url: str, short_title: str | None = None) -> None:
        self._title = title  # English msgids (N_): read in the current language below
        self.url = url
        self._short_title = short_title

    @property
    def title(self) -> str:
        return gettext(self._title)

    @property
    def short_title(self) -> str | None:
        return gettext(self._short_title) if self._short_title else None


# The eight entries of spec "Main navigation". Phones show only the last four, short-labelled.
NAVIGATION: Final = (
    NavItem(N_("Home"), routes.HOME),
    NavItem(N_("Recordings"), routes.YOUTUBE),
    NavItem(N_("Uni Notes"), routes.NOTES),
    NavItem(N_("Tuition Classes"), routes.PROFILE),
    NavItem(N_("O/L Api"), routes.OL_FOLDERS, N_("O/L")),
    NavItem(N_("A/L Api"), routes.AL_FOLDERS, N_("A/L")),
    NavItem(N_("Job Market"), routes.JOBS, N_("Jobs")),
    NavItem(N_("Bodim"), routes.BOOKING, N_("Bodim")),
)

# Phones show these four tabs, in the spec's order, beside the menu toggle.
PHONE_TAB_URLS: Final = (routes.BOOKING, routes.OL_FOLDERS, routes.AL_FOLDERS, routes.JOBS)

# Home hero: the four shortcut buttons (spec "Home page") and the five social channels.
HOME_SHORTCUTS: Final = (
    (N_("Find Recordings"), routes.YOUTUBE),
    (N_("Find Notes"), routes.NOTES),
    (N_("Find Tuition Class"), routes.PROFILE),
    (N_("Shop"), routes.SHOP),
)
SOCIAL_CHANNELS: Final = (
    (N_("WhatsApp Channel"), CHAT_CHANNEL_URL),
    (N_("WhatsApp Group"), CHAT_GROUP_URL),
    ("YouTube", VIDEO_CHANNEL_URL),
    ("Facebook", SOCIAL_NETWORK_URL),
    ("TikTok", SHORT_VIDEO_URL),
)

# Routes below a section highlight that section's tab.
NAV_SECTION_PREFIXES: Final = (
    (routes.folder(routes.OL, ""), routes.OL_FOLDERS),
    (routes.folder(routes.AL, ""), routes.AL_FOLDERS),
    (routes.CLASS_INDEX, routes.PROFILE),
)
