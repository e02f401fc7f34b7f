"""The three faces every list has besides its content: loading, empty and error.

Spec words come from i18n/texts.py (Text); these only decide how they look. Each message is a live
region, so a screen reader hears it when it appears.
"""

from __future__ import annotations

import reflex as rx

_LOADING_LOOK = "py-8 text-center text-slate-600"


def loading_message(text: str | rx.Var) -> rx.Component:
    return rx.el.p(text, role="status", aria_live="polite", class_name=_LOADING_LOOK)


def waiting_message(text: str | rx.Var) -> rx.Component:
    """A loading message's words and look for what loads only when asked for (the calendar far
    down the page): no live status yet, which would say "Loading" while nothing loads."""
    return rx.el.p(text, class_name=_LOADING_LOOK)


def empty_message(text: str | rx.Var, *detail: str | rx.Var) -> rx.Component:
    """An empty state; `detail` (e.g. the search text) follows the spec message."""
    return rx.el.p(text, *detail, role="status", class_name="py-8 text-center text-slate-600")


def error_message(text: str | rx.Var) -> rx.Component:
    return rx.el.p(
        text,
        role="alert",
        class_name="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-center text-red-800",
    )


def picture_card_placeholders(
    count: int, *, grid: str, picture: str, bars: tuple[str, ...], body: str, first_picture: rx.Component | None = None
) -> rx.Component:
    """Grey cards with the footprint of picture cards to come (a `picture` box, then `bars` in a
    `body` of fixed height), so nothing shifts when they arrive. `first_picture` takes the first
    card's box: the picture the page opens with, loaded before the data."""

    def card(first: bool) -> rx.Component:
        return rx.el.div(
            first_picture if first and first_picture is not None else rx.el.div(class_name=f"{picture} bg-slate-200"),
            rx.el.div(
                *[rx.el.div(class_name=f"{bar} bg-slate-200") for bar in bars],
                class_name=f"flex {body} animate-pulse flex-col gap-2 p-4",
            ),
            class_name="flex flex-col rounded-lg border border-slate-200 bg-white",
        )

    return rx.el.div(
        *[card(i == 0) for i in range(count)], aria_hidden="true", data_testid="skeletons", class_name=grid
    )


def skeleton_cards(count: int, class_name: str = "h-56") -> rx.Component:
    """Grey placeholders with the size of the cards to come, so nothing shifts when they arrive."""
    return rx.el.div(
        *[rx.el.div(class_name=f"animate-pulse rounded-lg bg-slate-200 {class_name}") for _ in range(count)],
        aria_hidden="true",
        data_testid="skeletons",
        class_name="grid gap-4 sm:grid-cols-2 lg:grid-cols-4",
    )


def list_faces(
    *,
    loading: rx.Var[bool],
    loading_face: rx.Component,
    items: rx.Var,
    content: rx.Component,
    empty: rx.Component,
    failed: rx.Var[bool] | None = None,
    error_text: str | None = None,
) -> rx.Component:
    """A list's face: loading, else the error (when the list has one), else `content` when
    there are `items`, else `empty`."""
    loaded = rx.cond(items, content, empty)
    if failed is None or error_text is None:
        return rx.cond(loading, loading_face, loaded)
    return fetched_faces(
        loading=loading, loading_face=loading_face, failed=failed, error_text=error_text, loaded=loaded
    )


def fetched_faces(
    *, loading: rx.Var[bool], loading_face: rx.Component, failed: rx.Var[bool], error_text: str, loaded: rx.Component
) -> rx.Component:
    """Fetched data's face: loading, else the error, else `loaded` (which shows its own empty face)."""
    return rx.cond(loading, loading_face, rx.cond(failed, error_message(error_text), loaded))
