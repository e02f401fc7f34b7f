"""The Reflex app: configuration of the app object and page registration only."""

import reflex as rx

from student_portal import (
    pages,  # noqa: F401 - imports every page module: each declares its @site_page
    reflex_internals,
    site_pages,
)
from student_portal.build.service_worker import build_id
from student_portal.components.footer import FOOTER_ID
from student_portal.components.head_script import head_script
from student_portal.components.loading_frame import loading_frame
from student_portal.components.root_scripts import root_scripts
from student_portal.components.toaster import lazy_toaster
from student_portal.i18n.middleware import LanguageMiddleware
from student_portal.notices.scheduler import notice_mailer
from student_portal.pocketbase import public_base_url
from student_portal.pocketbase.client import set_site_url
from student_portal.reflex_internals import browser_storage, hydrate_diff, hydrate_snapshot, redis_layout
from student_portal.search.indexer import paper_indexer
from student_portal.server import event_guard, live_updates, log_redaction
from student_portal.server.backend_errors import backend_exception_handler
from student_portal.server.embedded_backend import embedded_pocketbase
from student_portal.server.file_proxy import with_file_proxy
from student_portal.server.first_answer import FirstAnswerMiddleware
from student_portal.server.gc_tuning import freeze_startup_objects
from student_portal.server.host_redirects import with_host_safe_redirects
from student_portal.server.lead_images import with_lead_images
from student_portal.server.one_click_unsubscribe import with_one_click_unsubscribe
from student_portal.server.page_paths import with_page_paths
from student_portal.server.security_headers import SecurityHeadersMiddleware
from student_portal.settings import settings
from student_portal.sharing.server import with_sharing

# No password, credential header or tab token in any log line (Reflex logs whole events).
log_redaction.install()
# `reflex run` in development: Vite serves the pages on another port than the backend that
# answers /files/ (and /lead-image/), so file addresses name the backend. In production one
# port serves both and they stay relative (same origin, under the Content-Security-Policy).
if not reflex_internals.is_prod_mode():
    set_site_url(rx.config.get_config().api_url)
# Workers + Redis: Reflex 0.10.1 fixes for a tab whose pages overlap (see the module).
redis_layout.install()
# ... and a tab's state Redis lost rebuilt with what its browser stores (its sign-in).
browser_storage.install()
# Each websocket event within its connection's and address's rate, browser storage values within
# their sizes, a closed tab's protected data cleared (issue 36).
event_guard.install()

app = rx.App(
    html_lang="en",
    # Noto Sans Sinhala / Tamil, downloaded only by a page that shows those letters.
    # Dark theme: the palette's dark values under html.dark (see the file).
    # render-when-near: long pages' later parts drawn only near the viewport (see the file).
    stylesheets=["styles/fonts.css", "styles/dark.css", "styles/rendering.css"],
    # Reflex's toasts (connection lost, backend error) with sonner fetched for the first toast only.
    toaster=lazy_toaster(),
    # A handler that breaks shows its toast in the page's language.
    backend_exception_handler=backend_exception_handler,
    # The page addresses holding an id, and unknown ones, get one fallback page from the build:
    # the site's frame is its body, painted while their scripts come.
    hydrate_fallback=loading_frame,
    head_components=[
        # Dark or light before the first paint, and the language switch's clicks (assets/head.js, blocking).
        head_script(),
        # No first frame with half a header (a slow phone's parser yields early): paint once the
        # footer is reached, the content above it complete (Chromium; the HTML comes in one
        # flight, so this waits for no byte, only for the parser).
        rx.el.link(rel="expect", href=f"#{FOOTER_ID}", custom_attrs={"blocking": "render"}),
        rx.el.meta(name="theme-color", content="#1d4ed8"),
        # Installable app: the web manifest (assets/manifest.webmanifest, icons by tools/make_icons.py).
        rx.el.link(rel="manifest", href="/manifest.webmanifest"),
        rx.el.link(rel="apple-touch-icon", href="/icons/icon-192.png"),
        # Which deploy the page runs (service_worker.py): a new build shows here once it took over.
        rx.el.meta(name="build", content=build_id()),
        # Pictures come from the site's own /files/; only a CDN for them (POCKETBASE_PUBLIC_URL)
        # is another origin: open that connection while the scripts load (slow mobile data).
        *([rx.el.link(rel="preconnect", href=public_base_url())] if public_base_url() else []),
        # window.studentPortal (dialogs, focus, address bar, downloads) and links to one card,
        # in the bundle every page loads (no request of their own).
        root_scripts(),
    ],
    # Built pages at their own address without a redirect (innermost: the rest see the address
    # asked for), the lead images' redirects, PocketBase's files from the site's origin, redirects made
    # relative (never to the Host a request named), link previews / robots / sitemap / calendars
    # (sharing), a mail app's one-click unsubscribe (a POST), then security headers on every
    # response (the last wraps all, so it hashes each page's final HTML).
    api_transformer=[
        with_page_paths,
        with_lead_images,
        with_file_proxy,
        with_host_safe_redirects,
        with_sharing,
        with_one_click_unsubscribe,
        SecurityHeadersMiddleware,
    ],
)
# Reflex's connection toast is English on every page: the layout draws one per language.
reflex_internals.without_connection_overlay(app)
# State events run in the language of the page they came from (/si/..., /ta/...).
app.add_middleware(LanguageMiddleware())
# A page's sections shown with its hydrate (after the language is set: they write texts).
app.add_middleware(FirstAnswerMiddleware())
# A hydrate's snapshot leaves out the states the browser holds at their defaults (see the module).
hydrate_snapshot.install(app)
# ... and its diff against those defaults and its browser-storage reset read less (see the module).
hydrate_diff.install()
if settings().dev_pages.strip() == site_pages.OPENED:
    # `make dev`'s default: the 404 page notes a page not compiled yet (site_pages.OPENED). Its
    # state is imported here only, so a server's state tree has no development state in it.
    from student_portal.components.dev_pages import compiling_note
    from student_portal.state.dev_pages import DevPagesState

    site_pages.add_pages(app, on_not_compiled=(compiling_note, DevPagesState.note_this_page))
else:
    site_pages.add_pages(app)
app.register_lifespan_task(embedded_pocketbase)
# After the embedded PocketBase (lifespan tasks start in order): realtime needs it answering.
live_updates.install(app)
# The text inside papers, indexed in the background by one of the workers (search/indexer.py).
app.register_lifespan_task(paper_indexer)
# Class reminders and notice mails, in one worker (notices/scheduler.py).
app.register_lifespan_task(notice_mailer)
app.register_lifespan_task(freeze_startup_objects)
