"""The package's shape is its architecture (docs/architecture.md): a few modules at the root, every
other module in a folder that says what belongs there, no import circle between folders, and
routes spelled only by the routes module."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

from student_portal import routes

PACKAGE = Path(routes.__file__).resolve().parents[1]
ROOT_MODULES_MAX = 6


def _units_imported(path: Path) -> set[str]:
    """The root-level modules or folders of student_portal that `path` imports."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "student_portal":
            names = (
                [f"{node.module}.{a.name}" for a in node.names] if node.module == "student_portal" else [node.module]
            )
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names if a.name.startswith("student_portal.")]
        found |= {name.split(".")[1] for name in names}
    return found


def _unit_of(path: Path) -> str:
    parts = path.relative_to(PACKAGE).parts
    return parts[0] if len(parts) > 1 else path.stem


def test_the_root_holds_the_app_settings_routes_constants_and_little_else() -> None:
    modules = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert len(modules) <= ROOT_MODULES_MAX, modules


def test_every_folder_says_in_its_init_what_belongs_there() -> None:
    for folder in sorted(p for p in PACKAGE.iterdir() if p.is_dir() and any(p.glob("*.py"))):
        init = folder / "__init__.py"
        assert init.exists(), f"{folder.name}/ has no __init__.py"
        docstring = ast.get_docstring(ast.parse(init.read_text()))
        assert docstring, f"{folder.name}/__init__.py does not say what belongs there"


def test_no_import_circle_between_folders_or_root_modules() -> None:
    edges: dict[str, set[str]] = defaultdict(set)
    for path in PACKAGE.rglob("*.py"):
        unit = _unit_of(path)
        edges[unit] |= _units_imported(path) - {unit}

    def reaches(start: str, goal: str) -> bool:
        seen, todo = set(), [start]
        while todo:
            unit = todo.pop()
            if unit == goal:
                return True
            if unit not in seen:
                seen.add(unit)
                todo += edges[unit]
        return False

    circles = sorted(f"{a} -> {b} -> ... -> {a}" for a in edges for b in edges[a] if reaches(b, a))
    assert circles == []


def test_pages_and_components_take_routes_from_the_routes_module() -> None:
    paths = {value for name, value in vars(routes).items() if name.isupper() and isinstance(value, str)}
    paths = {path for path in paths if path.startswith("/") and path != "/"}
    spelled = [
        f"{source.relative_to(PACKAGE)}:{node.lineno} {node.value}"
        for folder in ("pages", "components")
        for source in sorted((PACKAGE / folder).rglob("*.py"))
        for node in ast.walk(ast.parse(source.read_text()))
        if isinstance(node, ast.Constant) and node.value in paths
    ]
    assert spelled == []
