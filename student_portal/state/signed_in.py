"""The sign-in gate of every page that needs a signed-in visitor (/notes, /class/{teacherId},
and any later one): one `Phase` for what such a page shows, one check before it loads.

The gate asks PocketBase about the stored session (verified_session). No session: the page is
remembered and /login opens in its place. PocketBase unreachable: the page shows its failure
face (Phase.FAILED), never the sign-in form, since the visitor may well be signed in.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol

from reflex.event import EventSpec

from student_portal.pocketbase import ClientResponseError
from student_portal.state.auth import Session, sign_in_first, verified_session
from student_portal.state.content import backend_failures


class Phase(StrEnum):
    """What a signed-in page shows."""

    CHECKING = "checking"  # confirming the session, then loading: the page's "Loading ..." text
    SIGNED_OUT = "signed_out"  # no session, on a page that shows something anyway (/saved: kept files)
    UNAUTHORIZED = "unauthorized"  # signed in, but the role may not see this page
    NOT_FOUND = "not_found"  # the address names nothing (an unknown teacher)
    FAILED = "failed"
    READY = "ready"


class PhasedState(Protocol):
    phase: str

    async def __aenter__(self) -> object: ...

    async def __aexit__(self, *exc: object) -> None: ...


async def sign_in_gate(state: PhasedState, return_to: str, *, redirect: bool = True) -> Session | list[EventSpec]:
    """In a background `load`: the visitor's confirmed session, or the events to yield instead
    (and return). Those send a signed-out visitor to /login, back to `return_to` afterwards
    (with `redirect=False`: none, and `state.phase` is Phase.SIGNED_OUT, for a page that offers
    sign-in itself); when PocketBase could not be asked there are none, and `state.phase` is
    Phase.FAILED.

        gate = await sign_in_gate(self, routes.NOTES)
        if not isinstance(gate, Session):
            for event in gate:
                yield event
            return
    """
    try:
        session = await verified_session(state)  # type: ignore[arg-type]
    except ClientResponseError as error:
        backend_failures.failed("session check", error)
        async with state:
            state.phase = Phase.FAILED
        return []
    if session is None:
        if redirect:
            return sign_in_first(return_to)
        async with state:
            state.phase = Phase.SIGNED_OUT
        return []
    return session
