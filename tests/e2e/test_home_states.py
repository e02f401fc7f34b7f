"""Home: empty and failing backends; one failing section leaves the others working (spec 8)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from student_portal.i18n.texts import Text
from student_portal.pocketbase.embedded import MIGRATIONS_DIR
from tests.support.pocketbases import start_pocketbase

LOCK_TALENTS = """/// <reference path="../pb_data/types.d.ts" />
// Test only: the Talents collection is superusers-only, so every visitor's list call fails (403).
migrate((app) => {
  const talents = app.findCollectionByNameOrId("Talents");
  talents.listRule = null;
  talents.viewRule = null;
  app.save(talents);
});
"""


@pytest.fixture(scope="module")
def talents_unavailable_pocketbase(tmp_path_factory: pytest.TempPathFactory) -> Iterator:
    """The demo data, except that Talents answers 403 to the site."""
    base = tmp_path_factory.mktemp("pb-no-talents")
    migrations = base / "pb" / "pb_migrations"
    shutil.copytree(MIGRATIONS_DIR, migrations)
    (migrations / "1795399999_lock_talents.js").write_text(LOCK_TALENTS)
    (base / "pb" / "pb_seed").symlink_to(Path(MIGRATIONS_DIR).parent / "pb_seed")
    server = start_pocketbase(base / "data", migrations_dir=migrations)
    yield server
    server.stop()


def _home_basics_still_work(page: Page) -> None:
    expect(page.get_by_role("heading", level=1)).to_have_text(Text.WELCOME)
    expect(page.get_by_role("region", name=Text.WE_ARE_PROUD).locator("dd")).to_have_count(len(Text.STATS))


def test_an_empty_backend_gives_every_section_its_empty_face(sized_page: Page, base_url: str, backend) -> None:
    backend.empty()
    sized_page.goto(base_url + "/")
    _home_basics_still_work(sized_page)
    expect(sized_page.get_by_text(Text.NO_CLASSES_TODAY)).to_be_visible()
    expect(sized_page.get_by_text(Text.NO_ARTICLES)).to_be_visible()
    # Sections the spec gives no empty text are left out rather than shown as empty boxes.
    expect(sized_page.get_by_role("heading", name=Text.LATEST_NEWS)).to_have_count(0)
    expect(sized_page.get_by_role("heading", name=Text.SOCIAL)).to_have_count(0)
    expect(sized_page.get_by_test_id("talent-card")).to_have_count(0)
    expect(sized_page.get_by_test_id("skeletons")).to_have_count(0)


def test_a_dead_backend_leaves_a_working_page_without_content(page: Page, base_url: str, backend) -> None:
    backend.down()
    page.goto(base_url + "/")
    _home_basics_still_work(page)
    expect(page.get_by_text(Text.NO_CLASSES_TODAY)).to_be_visible()
    expect(page.get_by_text(Text.NO_ARTICLES)).to_be_visible()
    expect(page.get_by_test_id("skeletons")).to_have_count(0)


def test_garbage_from_the_backend_is_handled_like_a_failure(page: Page, base_url: str, backend) -> None:
    backend.garbage()
    page.goto(base_url + "/")
    _home_basics_still_work(page)
    expect(page.get_by_text(Text.NO_ARTICLES)).to_be_visible()


def test_unavailable_talents_leave_the_other_sections_working_and_are_logged(
    page: Page, base_url: str, backend, talents_unavailable_pocketbase, site
) -> None:
    log_size = site.log_file.stat().st_size
    backend.use(talents_unavailable_pocketbase)  # the next test starts on its own PocketBase
    page.goto(base_url + "/")
    expect(page.get_by_role("region", name=Text.LATEST_NEWS)).to_be_visible()
    expect(page.get_by_test_id("class-item").first).to_be_visible()
    expect(page.get_by_role("region", name=Text.ARTICLES)).to_be_visible()
    expect(page.get_by_role("region", name=Text.SOCIAL).locator("article")).to_have_count(5)
    expect(page.get_by_role("heading", name=Text.TALENTS)).to_be_visible()
    expect(page.get_by_test_id("talent-card")).to_have_count(0)
    expect(page.get_by_text(Text.NO_ITEMS_FOUND)).to_have_count(0)
    with site.log_file.open("rb") as log:
        log.seek(log_size)
        assert b"Talents: fetch failed (status 403)" in log.read()


def test_a_slow_collection_keeps_its_loading_face_while_the_rest_come_with_the_first_answer(
    sized_page: Page, base_url: str, backend
) -> None:
    # The sections the cache has come with the hydrate (first_answer.py); Talents, still on its
    # way after the first answer's window, is left to HomeState.load, queued in the background.
    backend.slow(4, only=("Talents",))
    sized_page.goto(base_url + "/", wait_until="commit")
    talents = sized_page.get_by_role("region", name=Text.TALENTS)
    expect(talents.get_by_test_id("skeletons")).to_be_visible()
    expect(sized_page.get_by_test_id("recording-card").first).to_be_visible()
    expect(sized_page.get_by_test_id("product-card").first).to_be_visible()
    assert talents.get_by_test_id("skeletons").count() == 1  # the others did not wait for it
    expect(talents.get_by_test_id("talent-card").first).to_be_visible(timeout=30_000)
    expect(talents.get_by_test_id("skeletons")).to_have_count(0)
