"""Reading a PocketBase auth token without verifying it (pure, no Reflex).

The site never trusts a token's claims for access: PocketBase verifies the signature on every
call made with it. The browser-side session only needs the `exp` claim to decide whether a
stored token still counts as signed in (spec 5: valid if it has no expiry or the expiry is in
the future) and whether it is time to refresh it.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
from typing import Any


def token_claims(token: str) -> dict[str, Any] | None:
    """The JSON payload of a JWT, or None when `token` is not a JWT with an object payload."""
    if not isinstance(token, str):
        return None
    parts = token.split(".")
    if len(parts) != 3 or not parts[1]:
        return None
    payload = parts[1] + "=" * (-len(parts[1]) % 4)
    try:
        claims = json.loads(base64.urlsafe_b64decode(payload.encode("ascii")))
    except (ValueError, binascii.Error, UnicodeError):
        return None
    return claims if isinstance(claims, dict) else None


def token_expiry(token: str) -> float | None:
    """The `exp` claim (Unix seconds), or None when the token has none."""
    claims = token_claims(token) or {}
    exp = claims.get("exp")
    if isinstance(exp, bool) or not isinstance(exp, int | float) or not math.isfinite(exp):
        return None
    return float(exp)


def is_token_valid(token: str, now: float) -> bool:
    """Spec 5: a stored token is valid if it has no expiry or the expiry is in the future.

    Something that is not a JWT at all is not a token: invalid.
    """
    if token_claims(token) is None:
        return False
    exp = token_expiry(token)
    return exp is None or exp > now


def needs_refresh(token: str, now: float, margin_s: float) -> bool:
    """True when a valid token expires within `margin_s` seconds."""
    exp = token_expiry(token)
    return exp is not None and now < exp <= now + margin_s
