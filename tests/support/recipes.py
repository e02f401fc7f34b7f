"""docs/recipes.md's code blocks, by the file their first line names, and a way to apply them."""

from __future__ import annotations

import re
import shutil
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RECIPES = ROOT / "docs" / "recipes.md"

_BLOCK = re.compile(r"^(?P<indent> *)```(?P<lang>\w+)\n(?P<body>.*?)^(?P=indent)```", re.MULTILINE | re.DOTALL)
_NAMED = re.compile(r"^(?:#|//) (?P<path>[\w./-]+\.(?:py|js))(?P<where>, in class \w+)?")


def recipe_blocks() -> dict[str, str]:
    """File path (as the block's first line names it, with ", in class X" when it says so) -> the
    block's code, that line removed."""
    blocks = {}
    for match in _BLOCK.finditer(RECIPES.read_text()):
        body = textwrap.dedent(match["body"])
        first, _, rest = body.partition("\n")
        named = _NAMED.match(first)
        if named:
            blocks[named["path"] + (named["where"] or "")] = rest
    return blocks


def apply_page_recipe(target: Path) -> Path:
    """A copy of the site's code at `target` with the workshops recipe applied as a developer
    would: the model above `Collection` and its declaration in it, the route appended, the state
    and page modules written. Returns `target`."""
    blocks = recipe_blocks()
    shutil.copytree(ROOT / "student_portal", target / "student_portal", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "rxconfig.py", target / "rxconfig.py")
    (target / "assets").symlink_to(ROOT / "assets")  # read by components (rx.asset), never written
    code = target / "student_portal"

    records = code / "pocketbase" / "records.py"
    text = records.read_text()
    model = blocks["student_portal/pocketbase/records.py"]
    text = text.replace("\nclass Collection:", "\n" + model + "\n\nclass Collection:", 1)
    lines = text.splitlines(keepends=True)
    last = max(i for i, line in enumerate(lines) if re.match(r"    [A-Z_]+: Final = (public|protected)\(", line))
    declared = blocks["student_portal/pocketbase/records.py, in class Collection"]
    declaration = textwrap.indent(textwrap.dedent(declared), "    ")
    records.write_text("".join([*lines[: last + 1], declaration, *lines[last + 1 :]]))

    routes = code / "routes" / "__init__.py"
    routes.write_text(routes.read_text() + "\n" + blocks["student_portal/routes/__init__.py"])

    for module in ("student_portal/state/workshops.py", "student_portal/pages/workshops.py"):
        (target / module).write_text(blocks[module])
    return target
