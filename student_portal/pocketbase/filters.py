"""Building PocketBase filter expressions safely.

Never format a visitor's text into a filter: pass it through `filter_eq` / `filter_literal`.
"""

from __future__ import annotations

import math
import re

# A filter field: a PocketBase identifier path such as `folder`, `categories.name`,
# `@request.auth.id` or `role:each`. Fields come from our code, never from a visitor.
_FIELD_RE = re.compile(r"^@?[A-Za-z_][A-Za-z0-9_]*(?:[.:][A-Za-z_][A-Za-z0-9_]*)*$")


def filter_literal(value: object) -> str:
    """`value` as a PocketBase filter literal; strings are quoted with `\\` and `"` escaped.

    PocketBase's filter parser un-escapes both (checked against 0.40.6), so any text - quotes,
    backslashes, a trailing backslash, `||`, newlines - stays inside the string literal.
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and math.isfinite(value):
        return repr(value)
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{text}"'


def filter_eq(field: str, value: object) -> str:
    """The filter `field = "value"`, safe for any value a visitor may have typed."""
    if not isinstance(field, str) or not _FIELD_RE.match(field):
        raise ValueError(f"not a filter field name: {field!r}")
    return f"{field} = {filter_literal(value)}"
