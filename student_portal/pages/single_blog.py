"""A blog post (/single-blog): the site's blog-style page.

The old site filled this page with placeholder text; a student landing here deserves something
to read, so it carries a short real post in the same layout.
"""

import reflex as rx

from student_portal import routes
from student_portal.components.icons import icon
from student_portal.components.image import image
from student_portal.components.layout import site_page
from student_portal.components.links import internal_link
from student_portal.i18n import N_, gettext

TITLE = N_("Five habits that make a kuppi session work")

_SECTIONS = (
    (
        N_("Come with one question"),
        N_(
            "A kuppi is at its best when it answers what you could not work out alone. Before the session, "
            "write down the one problem that stopped you this week, and ask it in the first ten minutes."
        ),
    ),
    (
        N_("Pause the recording, not your thinking"),
        N_(
            "Recorded sessions are easy to watch and easy to forget. Pause before each worked example and try it "
            "yourself first; then play on and compare. Ten minutes done this way beat an hour of watching."
        ),
    ),
    (
        N_("Keep a mistake notebook"),
        N_(
            "Every wrong answer in a past paper is a lesson you have already paid for. Write the question, your "
            "mistake and the right idea in one line. Read the notebook the night before the exam."
        ),
    ),
    (
        N_("Teach it back"),
        N_("Explain the topic to a batch mate, or to an empty chair. Where you stumble is exactly what to revise."),
    ),
    (
        N_("Rest on purpose"),
        N_("Seven hours of sleep is part of revision. Tired study time is mostly lost study time."),
    ),
)


@site_page(
    route=routes.SINGLE_BLOG,
    title=TITLE,
    description=N_("Five study habits that help you get the most out of kuppi sessions and recorded lessons."),
)
def single_blog() -> rx.Component:
    return rx.el.article(
        internal_link(
            icon("arrow-left", "size-4"),
            gettext("Home"),
            href=routes.HOME,
            class_name="inline-flex h-11 items-center gap-2 self-start font-medium text-blue-800 hover:underline",
        ),
        rx.el.header(
            rx.el.p(gettext("Study tips"), class_name="text-sm font-semibold tracking-wide text-blue-700 uppercase"),
            rx.el.h1(gettext(TITLE), class_name="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"),
            rx.el.p(gettext("Student Portal team · 4 min read"), class_name="text-sm text-slate-600"),
            class_name="flex flex-col gap-2",
        ),
        image(
            src="/courses/blog-cover.svg",
            alt="",
            width=1280,
            height=480,
            class_name="aspect-[8/3] w-full rounded-xl bg-slate-200 object-cover",
        ),
        rx.el.p(
            gettext(
                "Kuppi sessions - students teaching students the night before it matters - are one of the best "
                "things about Sri Lankan campus life. Here is how to make each one count."
            ),
            class_name="text-lg text-slate-800",
        ),
        *[
            rx.el.section(
                rx.el.h2(f"{number}. {gettext(heading)}", class_name="text-xl font-semibold text-slate-900"),
                rx.el.p(gettext(text), class_name="text-slate-800"),
                class_name="flex flex-col gap-2",
            )
            for number, (heading, text) in enumerate(_SECTIONS, start=1)
        ],
        rx.el.blockquote(
            gettext("Watch less, try more: a paused video and a pencil are the best revision tools you have."),
            class_name="border-l-4 border-blue-700 bg-blue-50 px-4 py-3 text-slate-800 italic",
        ),
        rx.el.footer(
            rx.el.p(gettext("Keep going:"), class_name="font-semibold"),
            rx.el.div(
                internal_link(gettext("Kuppi Recordings"), href=routes.YOUTUBE, class_name="text-blue-800 underline"),
                internal_link(gettext("A/L past papers"), href=routes.AL_FOLDERS, class_name="text-blue-800 underline"),
                internal_link(gettext("O/L past papers"), href=routes.OL_FOLDERS, class_name="text-blue-800 underline"),
                class_name="flex flex-wrap gap-x-5 gap-y-2",
            ),
            class_name="flex flex-col gap-2 border-t border-slate-200 pt-4",
        ),
        class_name="mx-auto flex max-w-3xl flex-col gap-6",
    )
