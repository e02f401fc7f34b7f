"""The worker's garbage collector settings (student_portal/server/gc_tuning.py), set and put back."""

from __future__ import annotations

import gc

from student_portal.server.gc_tuning import GEN0_THRESHOLD, freeze_startup_objects


async def test_startup_objects_are_frozen_and_collections_are_rarer_while_serving() -> None:
    before = gc.get_threshold()
    async with freeze_startup_objects():
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (GEN0_THRESHOLD, *before[1:])
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0
