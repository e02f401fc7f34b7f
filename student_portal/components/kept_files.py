"""Files kept offline on this device (assets/kept_files.jsx), listed on /saved.

The list lives in the browser's cache, not on the server: it shows without a connection.
"""

from __future__ import annotations

import reflex as rx

from student_portal.components.pdf_viewer import PDFJS_PACKAGE, viewer_labels
from student_portal.i18n.texts import Text


class KeptFiles(rx.NoSSRComponent):
    library = "$/public/kept_files.jsx"
    tag = "KeptFiles"
    is_default = True

    lib_dependencies: list[str] = [PDFJS_PACKAGE]

    labels: rx.Var[dict[str, str]]
    viewer_labels: rx.Var[dict[str, object]]


def kept_files() -> rx.Component:
    return KeptFiles.create(
        labels={"heading": Text.KEPT_OFFLINE, "open": Text.OPEN, "close": Text.CLOSE, "remove": Text.REMOVE},
        viewer_labels=viewer_labels(),
    )
