"""Offline support on every page (assets/offline.js): registers the service worker, keeps a copy
of each page the student saw, and Keep offline's store. A plain (not lazy) component, so Vite
bundles the file with the page under a content-hashed name, like the rest of the build."""

from __future__ import annotations

import reflex as rx

from student_portal.i18n import current_language, gettext
from student_portal.utils.dates import browser_dates


class OfflineSupport(rx.Component):
    library = "$/public/offline.js"
    tag = "OfflineSupport"
    is_default = True

    # The banner of a page's offline copy, "{time}" where the time it was saved goes.
    copy_banner: rx.Var[str]
    # How that time is written: the site's day and clock in the page's language (only the
    # pattern and the names it uses: every page carries them).
    saved_at: rx.Var[dict[str, object]]


def saved_at_names() -> dict[str, object]:
    names = browser_dates(current_language.get())
    return {key: names[key] for key in ("moment", "months", "periods", "onTheHour")}


def offline_support() -> rx.Component:
    # Built once per language, like the page around it: the copy speaks the page's language.
    return OfflineSupport.create(
        copy_banner=gettext("You are offline. This is the page as you last saw it on {time}."),
        saved_at=saved_at_names(),
    )
