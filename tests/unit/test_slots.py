"""One enum names every carousel and lead image, so a page's slides and its lead image agree."""

from __future__ import annotations

from student_portal.server.lead_images import LEAD_IMAGES
from student_portal.state.resources import LEVELS
from student_portal.utils.slots import CAROUSELS, Slot, level_slides


def test_each_level_page_shows_the_carousel_its_lead_image_is_for() -> None:
    for level in LEVELS.values():
        assert level.slides_slot is level_slides(level.key)
        assert level.slides_slot in CAROUSELS and level.slides_slot in LEAD_IMAGES


def test_lead_images_are_named_by_slot_each_the_first_picture_of_a_carousel() -> None:
    assert all(isinstance(slot, Slot) for slot in LEAD_IMAGES)
    assert set(LEAD_IMAGES) <= CAROUSELS
    assert LEAD_IMAGES.get("recording-slides") is LEAD_IMAGES[Slot.RECORDING_SLIDES]  # the URL's text finds it
