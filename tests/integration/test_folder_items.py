"""O/L and A/L folder pages list one folder's items, filtered by PocketBase (spec 7)."""

from __future__ import annotations

import pytest

from student_portal.pocketbase.embedded import EmbeddedPocketBase
from student_portal.state.resources import LEVELS, fetch_folder_items


@pytest.fixture
def site_backend(pocketbase: EmbeddedPocketBase, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POCKETBASE_URL", pocketbase.url)


async def test_a_folder_lists_only_its_own_items(site_backend: None) -> None:
    items = await fetch_folder_items(LEVELS["ol"], "olfolder0000001")
    assert len(items) == 4
    assert {item.folder for item in items} == {"olfolder0000001"}
    assert {item.type for item in items} == {"paper", "note"}


async def test_the_levels_do_not_mix(site_backend: None) -> None:
    assert await fetch_folder_items(LEVELS["al"], "olfolder0000001") == []
    assert {i.folder for i in await fetch_folder_items(LEVELS["al"], "alfolder0000002")} == {"alfolder0000002"}


@pytest.mark.parametrize("folder_id", ["does-not-exist", 'x" || folder != "', "", "%00"])
async def test_an_unknown_or_hostile_folder_id_is_an_empty_folder(site_backend: None, folder_id: str) -> None:
    assert await fetch_folder_items(LEVELS["ol"], folder_id) == []
