"""Offline support on every page (assets/offline.js): registers the service worker, keeps a copy
of each page the student saw, and Keep offline's store. A plain (not lazy) component, so Vite
bundles the file with the page under a content-hashed name, like the rest of the build."""

from __future__ import annotations

import reflex as rx


class OfflineSupport(rx.Component):
    library = "$/public/offline.js"
    tag = "OfflineSupport"
    is_default = True


def offline_support() -> rx.Component:
    return OfflineSupport.create()
