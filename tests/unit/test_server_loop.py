"""The backend's event loop: Granian, Reflex's server, runs its workers on its "auto" loop:
rloop if installed, else uvloop if installed, else asyncio's. uvloop is a dependency for that
reason (~20 % less server CPU per page view, see README)."""

from __future__ import annotations

from granian._loops import loops


def test_granian_runs_the_backend_on_uvloop() -> None:
    # The registry's own test of "installed"; building a loop would make it the thread's loop.
    assert "uvloop" in loops and "rloop" not in loops
