"""A list of protected documents with preview and download, and the preview dialog."""

from __future__ import annotations

import reflex as rx

from student_portal.components.buttons import (
    ICON,
    PRIMARY,
    SECONDARY,
    action_button,
    action_link,
    action_row,
    icon_label,
)
from student_portal.components.dialog import NativeDialog, close_button
from student_portal.components.icons import icon
from student_portal.components.links import external_link
from student_portal.components.pdf_viewer import pdf_viewer
from student_portal.components.save_button import save_button
from student_portal.i18n.texts import Text
from student_portal.state.documents import PREVIEW_DIALOG_ID, DocumentRow, FilePreviewState


def document_item(row: DocumentRow, state: type[rx.State], heading=rx.el.h3, save_kind: str = "") -> rx.Component:
    """One document; `state` (a ProtectedDocuments) previews and downloads it; `save_kind`
    (note / class_note): a Save button for it."""
    file_actions = rx.fragment(
        action_button(Text.PREVIEW, "eye", on_click=state.preview(row.id), name=row.name, style=SECONDARY),
        action_button(Text.DOWNLOAD, "download", on_click=state.download(row.id), name=row.name, style=PRIMARY),
    )
    # A drive note's link is its one action, in words; a link beside the file is an extra (ICON).
    drive_link = action_link(
        Text.OPEN_DRIVE_LINK, "external", href=row.link, name=row.name, style=PRIMARY, external=True
    )
    extra_link = external_link(
        icon("external"), icon_label(Text.OPEN_LINK, row.name), href=row.link, title=Text.OPEN_LINK, class_name=ICON
    )
    return rx.el.li(
        rx.el.div(
            rx.el.span(icon("file", "size-6"), class_name="mt-0.5 text-blue-700"),
            heading(row.name, class_name="min-w-0 font-medium break-words text-slate-900"),
            class_name="flex min-w-0 flex-1 items-start gap-3",
        ),
        action_row(
            rx.cond(row.external, rx.cond(row.link != "", drive_link), rx.cond(row.has_file, file_actions)),
            icons=(
                rx.cond(row.external | (row.link == ""), rx.fragment(), extra_link),
                save_button(save_kind, row.id, row.name) if save_kind else rx.fragment(),
            ),
        ),
        data_testid="document",
        class_name="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm "
        "sm:flex-row sm:items-center sm:justify-between",
    )


def document_list(
    rows, state: type[rx.State], heading=rx.el.h3, *, list_id: str | None = None, save_kind: str = ""
) -> rx.Component:
    """`heading`: the element naming each document, one level below the list's own heading."""
    return rx.el.ul(
        rx.foreach(rows, lambda row: document_item(row, state, heading, save_kind)), id=list_id, class_name="grid gap-3"
    )


def preview_dialog() -> rx.Component:
    """The preview modal: the document drawn by pdf.js from its (tokenised) address while open.

    Closing it (button, Esc) clears the address, so the file token leaves the page.
    """
    return NativeDialog.create(
        rx.el.div(
            rx.el.h2(
                FilePreviewState.title,
                id=f"{PREVIEW_DIALOG_ID}-title",
                class_name="min-w-0 flex-1 truncate text-lg font-semibold",
            ),
            close_button(PREVIEW_DIALOG_ID, Text.CLOSE),
            class_name="flex items-center gap-2 border-b border-slate-200 p-2 pl-4",
        ),
        rx.cond(
            FilePreviewState.url != "",
            pdf_viewer(
                FilePreviewState.url,
                FilePreviewState.title,
                page=FilePreviewState.page,
                document=(FilePreviewState.collection, FilePreviewState.record),
            ),
            rx.fragment(),
        ),
        id=PREVIEW_DIALOG_ID,
        aria_labelledby=f"{PREVIEW_DIALOG_ID}-title",
        on_close=FilePreviewState.clear,
        class_name="m-auto h-[90dvh] w-[min(64rem,96vw)] max-w-none flex-col overflow-hidden rounded-lg "
        "p-0 shadow-xl open:flex backdrop:bg-slate-900/60",
    )
