"""Reflex's backend error toast, in the visitor's language.

When an event handler raises, Reflex logs the traceback and sends the page a toast
(`rx.App(backend_exception_handler=...)`, public API). Its default says "An error occurred." in
English on every page; this one says Text.BACKEND_ERROR in the language of the page the event came
from, with the same toast id and the same log line, which the hardening suites watch for
(tests/e2e/page_checks.py). Reflex runs the handler in a task of its own, where the language
LanguageMiddleware set for the event is gone: the page comes from the event's router data
(reflex_internals.event_router_data).
"""

import logging
import traceback

import reflex as rx
from reflex.event import EventSpec

from student_portal import reflex_internals
from student_portal.i18n import in_language
from student_portal.i18n.languages import language_of_path
from student_portal.i18n.middleware import sent_path
from student_portal.i18n.texts import Text

log = logging.getLogger(__name__)

LOG_MARK = "[Reflex Backend Exception]"
TOAST_ID = "backend_error"  # Reflex's own: one such toast at a time


def backend_exception_handler(exception: Exception) -> EventSpec:
    # Log lines go through log_redaction like Reflex's own (no password or token in a traceback).
    log.error("%s\n%s", LOG_MARK, "".join(traceback.format_exception(exception)))
    with in_language(language_of_path(sent_path(reflex_internals.event_router_data()) or "/")):
        message = Text.BACKEND_ERROR
    return rx.toast(message, level="error", fallback_to_alert=True, id=TOAST_ID, position="top-center")
