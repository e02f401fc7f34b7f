"""Reflex configuration. Lean on purpose: Tailwind v4 and the sitemap, no Radix Themes
(it costs ~157 KiB and ~7 Lighthouse points on every page, see shared/PLATFORM.md)."""

import os

import reflex as rx

PORT = int(os.environ.get("PORT", "3000"))

config = rx.Config(
    app_name="student_portal",
    deploy_url=os.environ.get("DEPLOY_URL", f"http://localhost:{PORT}"),
    telemetry_enabled=False,
    show_built_with_reflex=False,
    plugins=[
        rx.plugins.SitemapPlugin(),
        rx.plugins.TailwindV4Plugin(),
    ],
)
