"""Job cards for the job market (/jobs)."""

from __future__ import annotations

import reflex as rx

from student_portal.components.buttons import PRIMARY, SECONDARY, WHATSAPP, action_row, contact_link
from student_portal.components.icons import icon
from student_portal.components.image import image
from student_portal.components.save_button import save_button
from student_portal.components.share import share_button
from student_portal.i18n import gettext, gettext_with
from student_portal.i18n.texts import Text
from student_portal.state.jobs import JobCard


def badge(text: str, colours: str) -> rx.Component:
    return rx.el.span(text, class_name=f"rounded-full px-2.5 py-0.5 text-xs font-semibold {colours}")


def _fact(name: str, *content: rx.Component | rx.Var) -> rx.Component:
    return rx.el.span(icon(name, "size-4 shrink-0"), *content, class_name="inline-flex items-center gap-1.5")


def _posted(date: rx.Component) -> tuple[rx.Component | str, ...]:
    """ "Posted 28 Nov 2026" with the date where the language puts it."""
    before, _, after = gettext("Posted {date}").partition("{date}")
    return tuple(part for part in (before, date, after) if not isinstance(part, str) or part)


def job_card(job: JobCard, *, save_kind: str = "", heading=rx.el.h2) -> rx.Component:
    return rx.el.article(
        rx.el.div(
            rx.cond(
                job.logo_url,
                image(
                    src=job.logo_url,
                    alt=gettext_with("{company} logo", company=job.company),
                    width=56,
                    height=56,
                    class_name="size-14 shrink-0 rounded-lg border border-slate-200 bg-white object-contain",
                ),
                rx.el.div(
                    icon("briefcase", "size-7"),
                    class_name="flex size-14 shrink-0 items-center justify-center "
                    "rounded-lg bg-slate-100 text-slate-500",
                ),
            ),
            rx.el.div(
                heading(job.title, class_name="text-lg font-semibold text-slate-900"),
                rx.el.p(job.company, class_name="text-slate-700"),
                rx.el.div(
                    rx.cond(job.is_new, badge(Text.NEW, "bg-green-100 text-green-900"), rx.fragment()),
                    rx.cond(job.featured, badge(Text.FEATURED, "bg-amber-100 text-amber-900"), rx.fragment()),
                    class_name="flex flex-wrap gap-2 empty:hidden",
                ),
                class_name="flex min-w-0 flex-col gap-1",
            ),
            class_name="flex gap-4",
        ),
        rx.el.div(
            rx.cond(
                job.posted != "",
                _fact("calendar", *_posted(rx.el.time(job.posted, date_time=job.posted_iso))),
                rx.fragment(),
            ),
            rx.cond(job.contract != "", _fact("briefcase", job.contract), rx.fragment()),
            rx.cond(job.location != "", _fact("map-pin", job.location), rx.fragment()),
            class_name="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700",
        ),
        rx.el.ul(
            rx.foreach(
                job.tags,
                lambda tag: rx.el.li(tag, class_name="rounded-md bg-slate-100 px-2 py-1 text-xs text-slate-800"),
            ),
            aria_label=gettext("Tags"),
            class_name="flex flex-wrap gap-2 empty:hidden",
        ),
        action_row(
            contact_link(Text.CALL, job.call_href, "phone", PRIMARY, job.company),
            contact_link(Text.WHATSAPP, job.whatsapp_href, "chat", WHATSAPP, job.company, external=True),
            contact_link(Text.EMAIL, job.email_href, "mail", SECONDARY, job.company),
            icons=(
                share_button(job.title, job.share_url),
                save_button(save_kind, job.id, job.title) if save_kind else rx.fragment(),
            ),
        ),
        data_testid="job-card",
        id="job-" + job.id,  # search results link here
        data_linked_card=True,  # assets/hash_target.js brings it into view
        class_name="flex scroll-mt-20 flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm "
        "target:ring-2 target:ring-blue-700 sm:p-5",
    )
