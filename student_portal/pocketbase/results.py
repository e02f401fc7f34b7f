"""What the client returns besides plain record dicts."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class ListResult(BaseModel):
    """One page of a PocketBase list (totals are -1 when asked with skip_total)."""

    model_config = ConfigDict(validate_by_name=True, validate_by_alias=True)

    page: int = 1
    per_page: int = Field(default=0, alias="perPage")
    total_items: int = Field(default=-1, alias="totalItems")
    total_pages: int = Field(default=-1, alias="totalPages")
    items: list[dict[str, Any]] = Field(default_factory=list)


class AuthResult(BaseModel):
    """A successful sign-in: the token to send on later calls and the users record."""

    token: str
    record: dict[str, Any]

    def __repr__(self) -> str:  # never print the token
        return f"AuthResult(token='***', record_id={self.record.get('id')!r})"

    __str__ = __repr__
