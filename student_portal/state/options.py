"""Rows for the filter dropdowns shared by the list pages (categories, subjects, cities)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class _Named(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


@dataclass
class Option:
    """One <option> of a filter: the record id sent back, the name shown."""

    value: str
    label: str


def option(record: _Named) -> Option:
    return Option(value=record.id, label=record.name.strip())


def usable(options: list[Option] | None) -> list[Option]:
    """Options with an id and a name, in order; none after a failed fetch."""
    return [o for o in options or [] if o.value and o.label]
