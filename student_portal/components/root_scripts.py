"""The small scripts every page runs, bundled into the app's root chunk: no request of their own
(as separate files they queued behind the bundle on slow mobile data and held up the largest paint
in Lighthouse's model of a phone).

- assets/page_actions.js: `window.studentPortal`, what pages do in the browser by themselves
  (student_portal/utils/page_actions.py calls into it);
- assets/hash_target.js: a link to one card of a list (a search hit: /jobs#job-<id>) lands on it
  once the list arrives.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

ROOT_SCRIPTS = ("page_actions.js", "hash_target.js")


class RootScripts(rx.Fragment):
    """Renders nothing; imports each script for its side effects. Among the head components it
    lands in the app's root chunk, which every page loads."""

    def add_imports(self) -> dict[str, Any]:
        return {"": [rx.asset(name).importable_path for name in ROOT_SCRIPTS]}


def root_scripts() -> rx.Component:
    return RootScripts.create()
