"""A list of protected documents with preview and download, and the preview dialog."""

from __future__ import annotations

import reflex as rx

from student_portal.components.dialog import NativeDialog, close_button
from student_portal.components.icons import icon
from student_portal.components.links import external_link
from student_portal.components.pdf_viewer import pdf_viewer
from student_portal.components.save_button import save_button
from student_portal.i18n.texts import Text
from student_portal.state.documents import PREVIEW_DIALOG_ID, DocumentRow, FilePreviewState

_ACTION = (
    "inline-flex min-h-11 items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold "
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-800"
)
_PRIMARY = f"{_ACTION} bg-blue-700 text-white hover:bg-blue-800"
_SECONDARY = f"{_ACTION} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100"


def _action_button(label: str, icon_name: str, on_click, name: str, style: str) -> rx.Component:
    return rx.el.button(
        icon(icon_name, "size-5"),
        rx.el.span(label),
        rx.el.span(" ", name, class_name="sr-only"),
        type="button",
        on_click=on_click,
        class_name=style,
    )


def document_item(row: DocumentRow, state: type[rx.State], heading=rx.el.h3, save_kind: str = "") -> rx.Component:
    """One document; `state` (a ProtectedDocuments) previews and downloads it; `save_kind`
    (note / class_note): a Save button for it."""
    file_actions = rx.fragment(
        _action_button(Text.PREVIEW, "eye", state.preview(row.id), row.name, _PRIMARY),
        _action_button(Text.DOWNLOAD, "download", state.download(row.id), row.name, _SECONDARY),
    )
    link = external_link(
        icon("external", "size-5"),
        rx.el.span(rx.cond(row.external, Text.OPEN_DRIVE_LINK, Text.OPEN_LINK)),
        rx.el.span(" ", row.name, class_name="sr-only"),
        href=row.link,
        class_name=rx.cond(row.external, _PRIMARY, _SECONDARY),
    )
    return rx.el.li(
        rx.el.div(
            rx.el.span(icon("file", "size-6"), class_name="mt-0.5 text-blue-700"),
            heading(row.name, class_name="min-w-0 font-medium break-words text-slate-900"),
            class_name="flex min-w-0 flex-1 items-start gap-3",
        ),
        rx.el.div(
            rx.cond(row.external, rx.fragment(), rx.cond(row.has_file, file_actions, rx.fragment())),
            rx.cond(row.link != "", link, rx.fragment()),
            save_button(save_kind, row.id, row.name) if save_kind else rx.fragment(),
            class_name="flex flex-wrap gap-2",
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
            pdf_viewer(FilePreviewState.url, FilePreviewState.title),
            rx.fragment(),
        ),
        id=PREVIEW_DIALOG_ID,
        aria_labelledby=f"{PREVIEW_DIALOG_ID}-title",
        on_close=FilePreviewState.clear,
        class_name="m-auto h-[90dvh] w-[min(64rem,96vw)] max-w-none flex-col overflow-hidden rounded-lg "
        "p-0 shadow-xl open:flex backdrop:bg-slate-900/60",
    )
