"""Reflex configuration. Lean on purpose: Tailwind v4, no Radix Themes
(it costs ~157 KiB and ~7 Lighthouse points on every page: docs/history.md, "Why no Radix Themes")."""

import contextlib
import importlib

import reflex as rx
from reflex.constants import StateManagerMode

from student_portal.build.page_scripts import PageScriptsPlugin
from student_portal.build.script_priority import ScriptPriorityPlugin
from student_portal.build.service_worker import ServiceWorkerPlugin
from student_portal.reflex_internals.route_manifests import RouteManifestsPlugin
from student_portal.settings import bound_reflex_redis_pool, settings

SETTINGS = settings()  # every environment variable: student_portal/settings.py
PORT = SETTINGS.port

bound_reflex_redis_pool()  # with Redis, each worker's connections to it are bounded

# The libraries the app imports, loaded here in Reflex's own process: `make dev` forks a new worker
# from it on every saved edit, which then finds them loaded (its start took a third less time,
# benchmarks/hot_reload.py). Only libraries: our own modules must load afresh in each worker.
for _library in (
    "PIL.Image",
    "fontTools.ttLib",
    "pypdf",
    "icalendar",
    "rapidfuzz.distance",
    "phonenumbers",
    "nh3",
    "tantivy",
    "httpx",
    "aiosmtpd.controller",
    "tenacity",
    "brotli",
    "pygments.lexers",
):
    with contextlib.suppress(ImportError):  # a library the app stopped using
        importlib.import_module(_library)

config = rx.Config(
    app_name="student_portal",
    deploy_url=SETTINGS.site_address,
    telemetry_enabled=False,
    show_built_with_reflex=False,
    # One worker (`make run`): visitors' state in memory; Reflex's default keeps a disk copy that
    # costs CPU on every change, and a tab's state only matters while it is open (sign-in and
    # filters come back from the browser). With REFLEX_REDIS_URL: in Redis, shared by workers.
    state_manager_mode=StateManagerMode.REDIS if SETTINGS.reflex_redis_url else StateManagerMode.MEMORY,
    trusted_proxy_hops=SETTINGS.reflex_trusted_proxy_hops,
    # Self-hosted Sinhala and Tamil fonts (assets/styles/fonts.css uses their script subsets only).
    frontend_packages=["@fontsource/noto-sans-sinhala@5.3.0", "@fontsource/noto-sans-tamil@5.3.0"],
    # Scripts and styles precompressed as brotli (~15 % smaller than gzip) and gzip; pages travel
    # gzip only, /saved.html and the other .html files the service worker precaches included
    # (student_portal/server/page_paths.py); Reflex's static server picks by Accept-Encoding.
    frontend_compression_formats=["brotli", "gzip"],
    plugins=[
        # Dark theme by a class on <html> (assets/head.js sets it before the first paint), so the
        # header's toggle can override the system setting. Typography: Reflex's default plugin.
        rx.plugins.TailwindV4Plugin(config={"darkMode": "class", "plugins": ["@tailwindcss/typography@0.5.20"]}),
        # Each language's pages load a route manifest of their own routes (issue 12's byte budget);
        # before the service worker, which precaches what the home page loads.
        RouteManifestsPlugin(),
        PageScriptsPlugin(),  # the small public scripts of every page's <head>, minified
        ScriptPriorityPlugin(),  # the bundle's chunks after what the first paint needs
        ServiceWorkerPlugin(),  # the Workbox service worker, built after each production build
    ],
    # No SitemapPlugin: /sitemap.xml is served from the content cache (student_portal/sharing),
    # with every news item, folder and teacher page; a built one would list fixed routes only.
    disable_plugins=[rx.plugins.SitemapPlugin],
)
