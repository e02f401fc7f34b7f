"""Footer: video channel, social page, phone line and the copyright of the current year."""

from __future__ import annotations

import reflex as rx

from student_portal import routes
from student_portal.components.links import external_link, internal_link, plain_link
from student_portal.constants import SITE_NAME, SUPPORT_PHONE, VIDEO_CHANNEL_URL
from student_portal.i18n import gettext

# The year comes from the visitor's clock, so a build from last December stays right.
_CURRENT_YEAR: rx.Var[int] = rx.Var("new Date().getFullYear()")


# The page's head asks the browser to paint once this is parsed: the content above it is then complete.
FOOTER_ID = "site-footer"


def site_footer() -> rx.Component:
    link = "underline-offset-4 hover:underline"
    return rx.el.footer(
        rx.el.div(
            rx.el.nav(
                external_link(gettext("YouTube channel"), href=VIDEO_CHANNEL_URL, class_name=link),
                internal_link(gettext("Social"), href=routes.SOCIAL, class_name=link),
                plain_link(
                    gettext("Call {phone}").format(phone=SUPPORT_PHONE),
                    href=f"tel:{SUPPORT_PHONE.replace(' ', '')}",
                    class_name=link,
                ),
                aria_label=gettext("Footer"),
                class_name="flex flex-wrap gap-x-6 gap-y-2",
            ),
            rx.el.p("© ", _CURRENT_YEAR, " ", gettext("{site}. All rights reserved.").format(site=SITE_NAME)),
            class_name="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 pb-24 text-sm sm:flex-row "
            "sm:items-center sm:justify-between",
        ),
        id=FOOTER_ID,
        # A dark band in both themes: dark.css turns slate-900 light, so the dark theme names its own.
        class_name="border-t border-slate-200 bg-slate-900 text-slate-100 dark:bg-white dark:text-slate-900",
    )
