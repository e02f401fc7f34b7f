"""O/L and A/L resources: folder cards, the Paper / Notes selector and item cards."""

from __future__ import annotations

import reflex as rx

from student_portal.components.buttons import PRIMARY, SECONDARY, action_button, action_link, action_row
from student_portal.components.icons import icon
from student_portal.components.image import image
from student_portal.components.links import internal_link
from student_portal.components.save_button import save_button
from student_portal.components.share import share_button
from student_portal.i18n import gettext
from student_portal.i18n.texts import Text
from student_portal.state.documents import FilePreviewState
from student_portal.state.resources import ITEM_TYPES, FolderCard, FolderItemsState, ItemCard
from student_portal.utils.mediums import Medium


def folder_card(folder: FolderCard) -> rx.Component:
    return internal_link(
        rx.el.span(icon("folder", "size-8"), class_name="text-amber-600"),
        rx.el.span(folder.name, class_name="font-semibold text-slate-900"),
        icon("chevron-right", "ml-auto size-5 text-slate-500"),
        href=folder.href,
        data_testid="folder-card",
        class_name="flex min-h-16 items-center gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm "
        "hover:border-blue-300 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-700",
    )


def _choice_group(label: str, chosen: rx.Var, choices, choose, width: str) -> rx.Component:
    """Toggle buttons, one always pressed (not a dropdown: every choice one tap away)."""

    def choice(value: str, text: str) -> rx.Component:
        pressed = chosen == value
        base = f"h-11 {width} rounded-md font-semibold"
        return rx.el.button(
            text,
            type="button",
            aria_pressed=rx.cond(pressed, "true", "false"),
            on_click=choose(value),
            class_name=rx.cond(pressed, f"{base} bg-blue-700 text-white", f"{base} text-slate-700 hover:bg-white"),
        )

    return rx.el.div(
        *[choice(value, gettext(text)) for value, text in choices],
        role="group",
        aria_label=label,
        class_name="inline-flex flex-wrap gap-1 self-start rounded-lg bg-slate-200 p-1",
    )


def type_selector() -> rx.Component:
    """Paper or Notes."""
    return _choice_group(
        Text.RESOURCE_TYPE, FolderItemsState.item_type, ITEM_TYPES, FolderItemsState.set_item_type, "min-w-28 px-4"
    )


MEDIUM_CHOICES = (
    (Medium.ALL, Text.MEDIUM_ALL),
    (Medium.SINHALA, Text.MEDIUM_SINHALA),
    (Medium.TAMIL, Text.MEDIUM_TAMIL),
    (Medium.ENGLISH, Text.MEDIUM_ENGLISH),
)


def medium_selector() -> rx.Component:
    """All, Sinhala, Tamil or English medium: fits one row at 390 px."""
    return rx.el.div(
        rx.el.span(Text.MEDIUM, aria_hidden="true", class_name="font-medium text-slate-700"),
        _choice_group(
            Text.MEDIUM, FolderItemsState.medium, MEDIUM_CHOICES, FolderItemsState.set_medium, "px-2.5 sm:px-4"
        ),
        class_name="flex flex-wrap items-center gap-x-3 gap-y-1",
    )


def item_card(item: ItemCard, *, save_kind: str = "", heading=rx.el.h2) -> rx.Component:
    """`save_kind` (ol_item / al_item): show a Save button for it."""
    return rx.el.article(
        rx.cond(
            item.image_url != "",
            image(
                src=item.image_url,
                alt="",
                width=400,
                height=300,
                class_name="aspect-[4/3] w-full rounded-t-lg bg-slate-100 object-cover",
            ),
            rx.el.div(
                icon("book", "size-10"),
                aria_hidden="true",
                class_name="flex aspect-[4/3] w-full items-center justify-center rounded-t-lg bg-slate-100 "
                "text-slate-400",
            ),
        ),
        rx.el.div(
            rx.cond(
                item.variant != "",
                rx.el.span(
                    item.variant,
                    class_name="self-start rounded-full bg-amber-100 px-2.5 py-0.5 text-xs "
                    "font-semibold text-amber-900",
                ),
            ),
            heading(item.title, class_name="font-semibold text-slate-900"),
            rx.el.p(item.description, class_name="text-sm text-slate-700"),
            action_row(
                rx.cond(
                    item.preview_url != "",
                    action_button(
                        Text.PREVIEW,
                        "eye",
                        on_click=FilePreviewState.open_public(item.preview_url, item.title),
                        name=item.title,
                        style=SECONDARY,
                    ),
                ),
                rx.cond(
                    item.download_url != "",
                    action_link(Text.DOWNLOAD, "download", href=item.download_url, name=item.title, style=PRIMARY),
                ),
                # A keyed paper is practised (its marking scheme is on that page); a structured
                # one shows its marking scheme here.
                rx.cond(
                    item.practice_href != "",
                    internal_link(
                        icon("pencil"),
                        rx.el.span(Text.PRACTISE),
                        rx.el.span(" ", item.title, class_name="sr-only"),
                        href=item.practice_href,
                        data_testid="practise-link",
                        class_name=PRIMARY,
                    ),
                    rx.cond(
                        item.scheme_url != "",
                        action_button(
                            Text.MARKING_SCHEME,
                            "file",
                            on_click=FilePreviewState.open_public(item.scheme_url, item.title),
                            name=item.title,
                            style=SECONDARY,
                        ),
                    ),
                ),
                icons=(
                    share_button(item.title, item.share_url),
                    save_button(save_kind, item.id, item.title) if save_kind else rx.fragment(),
                ),
            ),
            class_name="flex flex-1 flex-col gap-2 p-4",
        ),
        data_testid="item-card",
        class_name="flex flex-col rounded-lg border border-slate-200 bg-white shadow-sm",
    )
