"""A notice mail's one-click unsubscribe (/unsubscribe/{token}): works signed out."""

from __future__ import annotations

import reflex as rx

from student_portal import routes
from student_portal.components.account_forms import account_card, form_error, form_notice, page_link
from student_portal.components.feedback import loading_message
from student_portal.components.layout import site_page
from student_portal.i18n import N_, gettext
from student_portal.i18n.texts import Text
from student_portal.state.mail_choices import UnsubscribeState

TITLE = N_("Unsubscribe")


@site_page(
    route=routes.UNSUBSCRIBE,
    title=TITLE,
    description=N_("Stop Student Portal's notice mails."),
    on_load=UnsubscribeState.unsubscribe,
)
def unsubscribe() -> rx.Component:
    return account_card(
        gettext(TITLE),
        rx.cond(
            UnsubscribeState.working,
            loading_message(Text.LOADING),
            rx.cond(
                UnsubscribeState.done != "",
                form_notice(UnsubscribeState.done, "unsubscribed"),
                form_error(UnsubscribeState.error, "unsubscribe-error"),
            ),
        ),
        page_link(gettext("Choose what we mail you"), routes.ACCOUNT, "unsubscribe-account"),
    )
