"""Calls into assets/page_actions.js: the names exist there, the arguments travel as JSON."""

from __future__ import annotations

import re
from pathlib import Path

from student_portal.utils.page_actions import page_action, page_action_handler

ROOT = Path(__file__).resolve().parents[2]
_CALLED = re.compile(r"\b(?:run_)?page_action(?:_handler)?\(\s*\"(\w+)\"")
_EXPOSED = re.compile(r"window\.studentPortal = \{([^}]*)\}")


def test_every_action_python_calls_is_exposed_by_the_module() -> None:
    module = (ROOT / "assets" / "page_actions.js").read_text(encoding="utf-8")
    exposed = {name.strip() for name in _EXPOSED.search(module).group(1).split(",") if name.strip()}  # type: ignore[union-attr]
    called = {name for path in (ROOT / "student_portal").rglob("*.py") for name in _CALLED.findall(path.read_text())}
    assert called and called <= exposed, called - exposed
    for name in exposed:
        assert f"function {name}(" in module, name


def test_arguments_are_json_so_a_value_cannot_end_the_call() -> None:
    assert page_action("replaceAddress", '/youtube?q=a"b)</script>') == (
        'window.studentPortal?.replaceAddress("/youtube?q=a\\"b)</script>")'
    )
    assert page_action("closeDialog", "auth-dialog", True) == 'window.studentPortal?.closeDialog("auth-dialog", true)'


def test_a_handler_calls_the_action_and_ignores_the_events_arguments() -> None:
    handler = page_action_handler("closeDialog", "auth-dialog")
    assert str(handler) == '(() => window.studentPortal?.closeDialog("auth-dialog"))'
