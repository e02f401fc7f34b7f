"""Calls into assets/page_actions.js (`window.studentPortal`): what the pages do in the browser
by themselves (dialogs, the redirect after sign-in, downloads, focus, the address bar).

The JavaScript stays in that file; Python only names a function and JSON-encodes its arguments.
"""

from __future__ import annotations

import json

import reflex as rx
from reflex.event import EventSpec
from reflex.vars.function import FunctionStringVar

NAMESPACE = "window.studentPortal"


def page_action(name: str, *args: object) -> str:
    """JavaScript calling `name` with `args`."""
    return f"{NAMESPACE}?.{name}({', '.join(json.dumps(arg) for arg in args)})"


def run_page_action(name: str, *args: object) -> EventSpec:
    """An event (from the server or a handler) that calls `name` in the browser."""
    return rx.call_script(page_action(name, *args))


def page_action_handler(name: str, *args: object) -> FunctionStringVar:
    """An event handler run in the browser at once (no event queue, no server round trip)."""
    return FunctionStringVar.create(f"(() => {page_action(name, *args)})")
