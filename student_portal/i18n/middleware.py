"""Every state event runs in the language of the page it came from (/si/... Sinhala, /ta/...
Tamil, else English), so the messages, dates and prices a state sets are in its visitor's
language. Reflex 0.10 awaits a middleware's `preprocess` in the same task, just before the
handler (its event processor's `_execute_event`), so the context
variable it sets holds for the handler, its chained updates and a background task it starts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reflex.constants import RouteVar
from reflex.middleware import Middleware

from student_portal.i18n import current_language
from student_portal.i18n.languages import language_of_path


def page_path(state: Any) -> str:
    """The page the state's router holds (set at hydrate). `router.url`, not the deprecated
    `router.page`: each read of that runs Reflex's deprecation check (~3 % of the CPU of a burst
    of visitors, whose chained events come without router data)."""
    return state.router.url.path or "/"


def sent_path(router_data: Mapping[str, Any]) -> str | None:
    """The page address the browser sent with an event (asPath: /si/jobs?x=1, else the route)."""
    return router_data.get(RouteVar.ORIGIN) or router_data.get(RouteVar.PATH) or None


def event_path(event: Any, state: Any) -> str:
    """The page address an event came from: the browser sends it with every event (cheap to
    read; a burst of visitors runs this once per event), else the state's router (set at hydrate)."""
    return sent_path(getattr(event, "router_data", None) or {}) or page_path(state)


class LanguageMiddleware(Middleware):
    async def preprocess(self, app: Any, state: Any, event: Any) -> None:
        current_language.set(language_of_path(event_path(event, state)))
        return None
