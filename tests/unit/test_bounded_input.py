"""What a tab sends is kept only up to a sane size (issue 16, finding 3).

Any event can be crafted: a handler that stores text from the browser (a search as it is typed,
a dropdown's value) keeps at most the limit from constants.py, and a value that is not text at
all is dropped, so one tab cannot make its state (and every delta sent back) megabytes long.
"""

from __future__ import annotations

import asyncio
import inspect

import pytest

from student_portal.constants import Limit
from student_portal.state.booking import BookingState
from student_portal.state.class_page import ClassState
from student_portal.state.login import _form_text
from student_portal.state.notes import NotesState
from student_portal.state.recordings import RecordingsState
from student_portal.state.shop import ShopState
from student_portal.utils.query import bounded_text

HUGE = "ක" * 500_000  # Sinhala: counted in characters, not bytes

HANDLERS = [
    (NotesState, "set_query", "query", Limit.SEARCH_TEXT_MAX_CHARS),
    (RecordingsState, "set_query", "query", Limit.SEARCH_TEXT_MAX_CHARS),
    (RecordingsState, "set_subject", "subject", Limit.CHOICE_MAX_CHARS),
    (ClassState, "set_notes_query", "notes_query", Limit.SEARCH_TEXT_MAX_CHARS),
    (ClassState, "set_recordings_query", "recordings_query", Limit.SEARCH_TEXT_MAX_CHARS),
    (BookingState, "set_city", "city", Limit.CHOICE_MAX_CHARS),
    (ShopState, "set_category", "category", Limit.CHOICE_MAX_CHARS),
    (ShopState, "choose_category", "category", Limit.CHOICE_MAX_CHARS),
]


def _call(state_class, handler: str, state, value, monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs the handler; a paged list's refresh from the shared cache is not what is tested."""
    if hasattr(state_class, "_refresh_page"):
        monkeypatch.setattr(state_class, "_refresh_page", _no_refresh)
    result = getattr(state_class, handler).fn(state, value)
    if inspect.iscoroutine(result):
        asyncio.run(result)


async def _no_refresh(self) -> None:
    return None


@pytest.mark.parametrize(("state_class", "handler", "var", "limit"), HANDLERS, ids=lambda x: getattr(x, "__name__", x))
def test_an_oversized_value_is_cut_to_the_limit(state_class, handler: str, var: str, limit: int, monkeypatch) -> None:
    state = state_class(_reflex_internal_init=True)
    _call(state_class, handler, state, HUGE, monkeypatch)
    assert getattr(state, var) == HUGE[:limit]
    _call(state_class, handler, state, "maths", monkeypatch)
    assert getattr(state, var) == "maths"  # what a person types is kept as typed


@pytest.mark.parametrize(("state_class", "handler", "var", "limit"), HANDLERS, ids=lambda x: getattr(x, "__name__", x))
@pytest.mark.parametrize("value", [["x"] * 1000, {"a": "b" * 1000}, 10**50, None])
def test_a_value_that_is_not_text_is_dropped(
    state_class, handler: str, var: str, limit: int, value, monkeypatch
) -> None:
    state = state_class(_reflex_internal_init=True)
    _call(state_class, handler, state, value, monkeypatch)
    assert getattr(state, var) == ""


def test_bounded_text_keeps_short_text_and_cuts_long_text() -> None:
    assert bounded_text("abc") == "abc"
    assert bounded_text("a" * 1000, 10) == "a" * 10
    assert bounded_text(b"bytes") == ""


@pytest.mark.parametrize("form", [{"identity": "x" * (Limit.SIGN_IN_FIELD_MAX_CHARS + 1)}, {"identity": 5}, [], None])
def test_a_sign_in_field_longer_than_any_real_one_is_not_sent_on(form) -> None:
    assert _form_text(form, "identity") == ""
