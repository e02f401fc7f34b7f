"""The language switch in the header and the phone menu: English, සිංහල, தமிழ்.

Each entry is a plain link (a full page load: every language is its own prerendered page) to
the same route in that language; assets/head.js (components/head_script.py) completes it with the rest of the address
(ids, filters) and remembers the choice for the next visit to /.
"""

from __future__ import annotations

import reflex as rx

from student_portal.components.links import plain_link
from student_portal.i18n import current_language, gettext
from student_portal.i18n.languages import Language, in_language_path

# Each language's name in itself, as a switch shows them.
NAMES = {Language.EN: "English", Language.SI: "සිංහල", Language.TA: "தமிழ்"}


def _target(route: str, language: Language) -> str:
    # A route with an argument (/news/[news_id]) has no address at build time: its language's
    # home page until the script puts in the real one.
    return in_language_path(route if route.startswith("/") and "[" not in route else "/", language)


def language_switch(route: str, class_name: str = "") -> rx.Component:
    """Links to `route` in each UI language; the current one is marked."""
    here = current_language.get()
    return rx.el.nav(
        *[
            plain_link(
                NAMES[language],
                href=_target(route, language),
                lang=language.value,
                data_language=language.value,
                aria_current="true" if language is here else None,
                class_name="flex min-h-11 items-center rounded-md px-2 text-sm font-medium "
                + ("bg-blue-50 text-blue-800" if language is here else "text-slate-700 hover:bg-slate-100"),
            )
            for language in Language
        ],
        aria_label=gettext("Language"),
        class_name=f"items-center gap-0.5 {class_name}",
    )


LANGUAGE_MENU_ID = "language-menu"


def language_menu(route: str, class_name: str = "") -> rx.Component:
    """The header's switch on wide screens: the current language's name, opening the three.

    A closed <details> draws nothing inside it, so an English page does not show "සිංහල" and
    "தமிழ்" until asked, and downloads no Sinhala or Tamil font for them."""
    here = current_language.get()
    return rx.el.details(
        rx.el.summary(
            rx.el.span(gettext("Language"), ": ", class_name="sr-only"),
            rx.el.span(NAMES[here], lang=here.value),
            class_name="flex min-h-11 cursor-pointer list-none items-center rounded-md px-2 text-sm font-medium "
            "text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden",
        ),
        language_switch(
            route,
            "absolute right-0 z-40 mt-1 flex flex-col items-stretch rounded-lg border border-slate-200 bg-white p-1 "
            "shadow-lg",
        ),
        id=LANGUAGE_MENU_ID,
        class_name=f"relative {class_name}".strip(),
    )
