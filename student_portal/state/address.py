"""Writing a list's filter state back into the address bar (see utils.query)."""

from __future__ import annotations

from collections.abc import Mapping

from reflex.event import EventSpec

from student_portal.i18n import localized
from student_portal.page_actions import run_page_action
from student_portal.utils.query import page_url


def replace_address(path: str, params: Mapping[str, object]) -> EventSpec:
    """An event that shows `path?params` in the address bar, with no reload and no new entry."""
    return run_page_action("replaceAddress", page_url(localized(path), params))
