"""The pdf.js document viewer (assets/pdf_viewer.jsx), wrapped as a Reflex component.

A NoSSRComponent: React loads the wrapper lazily when it first renders (inside an open preview),
and the wrapper imports pdf.js itself only then, so no page pays for it up front.
"""

from __future__ import annotations

import reflex as rx

from student_portal.i18n import Np_
from student_portal.i18n.texts import Text
from student_portal.state.auth import AuthState
from student_portal.state.history import HistoryState
from student_portal.utils.plurals import plural_texts

PDFJS_PACKAGE = "pdfjs-dist@6.5.438"
# The toolbar's count of the document's pages.
PAGE_COUNT = Np_("{count} page", "{count} pages")


def _page_reached(
    collection: rx.Var[str], record: rx.Var[str], title: rx.Var[str], page: rx.Var[int]
) -> tuple[rx.Var[str], rx.Var[str], rx.Var[str], rx.Var[int]]:
    return (collection, record, title, page)


class PdfViewer(rx.NoSSRComponent):
    library = "$/public/pdf_viewer.jsx"
    lib_dependencies: list[str] = [PDFJS_PACKAGE]
    tag = "PdfViewer"
    is_default = True

    url: rx.Var[str]  # fetched once, whole (a file token does not outlive the preview)
    title: rx.Var[str]  # the toolbar's and the page area's accessible name
    file_name: rx.Var[str]  # what Download saves the file as
    labels: rx.Var[dict[str, object]]
    page: rx.Var[int]  # opened at this page (1-based; 0: the first)
    highlight: rx.Var[list[str]]  # words marked in the text layer (a search's words)
    # A signed-in student's history (`remember`): the page at the top of the document named by
    # `doc_collection` and `doc_record`, once the scrolling stops and when the viewer goes; kept
    # in the browser while offline (assets/page_progress.js). Without them it reports nothing.
    doc_collection: rx.Var[str]
    doc_record: rx.Var[str]
    remember: rx.Var[bool]
    on_page: rx.EventHandler[_page_reached]


def viewer_labels() -> dict[str, object]:
    return {
        "loading": Text.PDF_LOADING,
        "failed": Text.PDF_FAILED,
        # pdf.js counts the pages: the browser picks the form (assets/plural.js).
        "pageCount": plural_texts(PAGE_COUNT),
        "page": Text.PDF_PAGE,
        "zoomIn": Text.PDF_ZOOM_IN,
        "zoomOut": Text.PDF_ZOOM_OUT,
        "fit": Text.PDF_FIT,
        "download": Text.DOWNLOAD,
        "keep": Text.KEEP_OFFLINE,
        "kept": Text.KEPT_OFFLINE,
    }


def pdf_viewer(
    url: rx.Var[str],
    title: rx.Var[str],
    *,
    document: tuple[rx.Var[str] | str, rx.Var[str] | str] | None = None,
    **at: rx.Var,
) -> rx.Component:
    """`at`: page= (where it opens) and highlight= (a search's words). `document`: the
    (collection, record) shown: a signed-in student's page in it goes into their history."""
    history = (
        {
            "doc_collection": document[0],
            "doc_record": document[1],
            # Signed out, the viewer tells nothing.
            "remember": AuthState.is_authenticated,
            "on_page": HistoryState.page_read,
        }
        if document is not None
        else {}
    )
    return PdfViewer.create(
        url=url, title=title, file_name=title.to(str) + ".pdf", labels=viewer_labels(), key=url, **at, **history
    )
