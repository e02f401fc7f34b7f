"""About the site (/about): what it offers, for whom, and how to reach us."""

import reflex as rx

from student_portal import routes
from student_portal.components.buttons import PRIMARY, SECONDARY, WHATSAPP
from student_portal.components.headings import page_heading, section_heading
from student_portal.components.icons import icon
from student_portal.components.layout import site_page
from student_portal.components.links import external_link, internal_link, plain_link
from student_portal.components.stats import proud_stats
from student_portal.constants import SHOP_WHATSAPP_NUMBER, SITE_NAME, SUPPORT_PHONE
from student_portal.i18n import N_, gettext
from student_portal.utils.phone import tel_href, whatsapp_link

# What each part of the site is for, in the navigation's words.
_OFFER = (
    (
        N_("Kuppi Recordings"),
        routes.YOUTUBE,
        N_("Recorded study sessions by university students, searchable by topic and subject."),
    ),
    (
        N_("Uni Notes"),
        routes.NOTES,
        N_("Lecture notes and summaries shared by senior students (sign in to read them)."),
    ),
    (
        N_("Tuition Classes"),
        routes.PROFILE,
        N_("Teachers, their class notes and recordings, and a live class schedule on Zoom."),
    ),
    (
        N_("O/L and A/L resources"),
        routes.OL_FOLDERS,
        N_("Past papers, marking schemes and short notes by subject, free to download."),
    ),
    (
        N_("Job Market"),
        routes.JOBS,
        N_("Jobs, internships and part-time work. Call or WhatsApp the employer directly."),
    ),
    (N_("Bodim"), routes.BOOKING, N_("Boarding rooms near universities, by city and number of guests.")),
    (N_("Shop"), routes.SHOP, N_("Books, past paper packs and stationery, ordered on WhatsApp.")),
)


def _offer_card(title: str, href: str, text: str) -> rx.Component:
    return internal_link(
        rx.el.span(gettext(title), class_name="font-semibold text-blue-800"),
        rx.el.span(gettext(text), class_name="text-sm text-slate-700"),
        href=href,
        class_name="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4 shadow-sm "
        "hover:border-blue-300 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-700",
    )


@site_page(
    route=routes.ABOUT,
    title=N_("About us"),
    description=lambda: gettext(
        "{site}: free kuppi recordings, notes, past papers, tuition classes, jobs and rooms for Sri Lankan students."
    ).format(site=SITE_NAME),
)
def about() -> rx.Component:
    return rx.el.div(
        page_heading(
            gettext("About {site}").format(site=SITE_NAME),
            gettext(
                "A place for Sri Lankan school and university students to learn together: recorded kuppi "
                "sessions, notes and past papers, tuition classes, and the practical things of student life, "
                "from a part-time job to a room near campus."
            ),
        ),
        rx.el.section(
            section_heading(gettext("What you will find here"), heading_id="offer-heading"),
            rx.el.div(
                *[_offer_card(*offer) for offer in _OFFER], class_name="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
            ),
            aria_labelledby="offer-heading",
            class_name="flex flex-col gap-4",
        ),
        rx.el.section(
            section_heading(gettext("Made for phones and mobile data"), heading_id="light-heading"),
            rx.el.p(
                gettext(
                    "Most of us study on a phone with a data package. Pages are kept light, videos load only when "
                    "you tap them, and every list remembers your search in its address, so you can share the exact "
                    "view with your batch."
                ),
                class_name="max-w-3xl text-slate-700",
            ),
            aria_labelledby="light-heading",
            class_name="flex flex-col gap-3",
        ),
        proud_stats(),
        rx.el.section(
            section_heading(gettext("Contact us"), heading_id="contact-heading"),
            rx.el.p(
                gettext("Want to share notes, run a kuppi, list a room or a job? Talk to us."),
                class_name="text-slate-700",
            ),
            rx.el.div(
                external_link(
                    icon("chat"),
                    gettext("WhatsApp us"),
                    href=whatsapp_link(SHOP_WHATSAPP_NUMBER) or "",
                    class_name=WHATSAPP,
                ),
                plain_link(
                    icon("phone"),
                    gettext("Call {phone}").format(phone=SUPPORT_PHONE),
                    href=tel_href(SUPPORT_PHONE) or "",
                    class_name=PRIMARY,
                ),
                internal_link(gettext("Our teachers"), href=routes.INSTRUCTOR, class_name=SECONDARY),
                class_name="flex flex-wrap gap-2",
            ),
            aria_labelledby="contact-heading",
            class_name="flex flex-col gap-3",
        ),
        class_name="flex flex-col gap-10",
    )
