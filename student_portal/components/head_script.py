"""The one small blocking script in every page's <head> (assets/head.js): the light/dark theme
before the first paint (components/theme_toggle.py), the bundle's chunks put in after it
(build/script_priority.py), the language switch's clicks (components/language_switch.py), the
Login link's way back (components/auth_button.py), Escape in the header's menus
(components/header.py), and YouTube's player API failing to load (components/video.py). What
they do works before the app has started, which is after the first paint.

One file for both rather than two: every page downloads it, and each file costs its own
request and gzip overhead (issue 12's byte budget; the two apart were ~0.3 KB gzipped more).
Blocking on purpose: the theme must be set before anything paints. Minified after the build
(page_scripts.py); explanations in those modules.
"""

from __future__ import annotations

import reflex as rx

HEAD_SCRIPT = "head.js"


def head_script() -> rx.Component:
    return rx.el.script(src=rx.asset(HEAD_SCRIPT))
