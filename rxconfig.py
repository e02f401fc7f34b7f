"""Reflex configuration. Lean on purpose: Tailwind v4 and the sitemap, no Radix Themes
(it costs ~157 KiB and ~7 Lighthouse points on every page, see shared/PLATFORM.md)."""

import os

import reflex as rx
from reflex.constants import StateManagerMode

PORT = int(os.environ.get("PORT", "3000"))

config = rx.Config(
    app_name="student_portal",
    deploy_url=os.environ.get("DEPLOY_URL", f"http://localhost:{PORT}"),
    telemetry_enabled=False,
    show_built_with_reflex=False,
    # One worker (`make run`): visitors' state in memory; Reflex's default keeps a disk copy that
    # costs CPU on every change, and a tab's state only matters while it is open (sign-in and
    # filters come back from the browser). With REFLEX_REDIS_URL: in Redis, shared by workers.
    state_manager_mode=StateManagerMode.REDIS if os.environ.get("REFLEX_REDIS_URL") else StateManagerMode.MEMORY,
    plugins=[
        rx.plugins.SitemapPlugin(),
        rx.plugins.TailwindV4Plugin(),
    ],
)
