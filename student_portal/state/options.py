"""Rows for the filter dropdowns shared by the list pages (categories, subjects, cities)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol


class _Named(Protocol):
    id: str
    name: str


@dataclass
class Option:
    """One <option> of a filter: the record id sent back, the name shown."""

    value: str
    label: str


def options_from(records: Iterable[_Named]) -> list[Option]:
    """Options in the records' order; records without an id or a name are left out."""
    return [Option(value=r.id, label=r.name.strip()) for r in records if r.id and r.name.strip()]
