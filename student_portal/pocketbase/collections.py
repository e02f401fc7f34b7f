"""What derives from the collections' declarations (records.py, beside each model): the shared
cache's `PUBLIC` registry and the realtime subscription (public ones), `PROTECTED` and
`PROTECTED_MODELS` (fetched with the visitor's own token), `model_for`, and the schema test's
expectations (tests/integration/test_schema.py: the collection exists, has the model's fields and
the declared sort field, public ones are readable by anyone and have demo records, protected
ones are not public).
"""

from __future__ import annotations

from typing import Final

from student_portal.pocketbase import records as r
from student_portal.pocketbase.records import Collection, CollectionSpec, Declared, protected, public

__all__ = [
    "DECLARED",
    "PROTECTED",
    "PROTECTED_MODELS",
    "PUBLIC",
    "Collection",
    "CollectionSpec",
    "Declared",
    "model_for",
    "protected",
    "public",
]

# Every declaration, in declaration order.
DECLARED: Final[tuple[Declared, ...]] = tuple(v for v in vars(Collection).values() if isinstance(v, Declared))

# Public collections: same content for every visitor, so one shared cache serves them all.
PUBLIC: Final[dict[str, CollectionSpec]] = {str(c): c.spec for c in DECLARED if c.is_public}

# Fetched with the visitor's own token, never shared between visitors.
PROTECTED: Final[frozenset[str]] = frozenset(str(c) for c in DECLARED if not c.is_public)

# Models of the protected collections (for parse_records on a visitor's own fetch).
PROTECTED_MODELS: Final[dict[str, CollectionSpec]] = {str(c): c.spec for c in DECLARED if not c.is_public}


def model_for(collection: str) -> type[r.Record]:
    """The model of any known collection, public or protected."""
    spec = PUBLIC.get(collection) or PROTECTED_MODELS.get(collection)
    if spec is None:
        raise KeyError(f"unknown collection: {collection!r}")
    return spec.model
