"""The page's address: its route arguments, and a list's filter state written back into the
address bar (see utils.query)."""

from __future__ import annotations

from collections.abc import Mapping

import reflex as rx
from reflex.event import EventSpec

from student_portal import routes
from student_portal.i18n import localized
from student_portal.utils.page_actions import run_page_action
from student_portal.utils.query import page_url


def replace_address(path: str, params: Mapping[str, object]) -> EventSpec:
    """An event that shows `path?params` in the address bar, with no reload and no new entry."""
    return run_page_action("replaceAddress", page_url(localized(path), params))


async def route_arg(state: rx.State, name: str) -> str:
    """The argument `name` of the page the event came from ("" when absent), as
    `await route_arg(self, routes.TEACHER_ID)` on /class/[teacher_id]: Reflex's dynamic route var
    of that name, which it puts on the root state for each registered route. Not
    `router.page.params`: deprecated since Reflex 0.8.1, and each read runs its deprecation check."""
    root = await state.get_state(rx.State)
    return routes.route_arg_value(getattr(root, name, ""))
