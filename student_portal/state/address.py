"""Writing a list's filter state back into the address bar (see utils.query)."""

from __future__ import annotations

from collections.abc import Mapping

import reflex as rx
from reflex.event import EventSpec

from student_portal.i18n import localized
from student_portal.utils.query import page_url, replace_address_js


def replace_address(path: str, params: Mapping[str, object]) -> EventSpec:
    """An event that shows `path?params` in the address bar, with no reload and no new entry."""
    return rx.call_script(replace_address_js(page_url(localized(path), params)))
