"""Notice mails (issue 53), the pure half: each student's choice for a notice, the mails'
grouping and words in the student's language, and the back-off of a failed mail.

A student chooses per list (class changes; everything else): none, now, daily or weekly.
Unset, class changes go at once and the rest weekly. The texts are gettext messages like every
other, read in the student's language (`in_language`).
"""

from __future__ import annotations

import html
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from student_portal import routes
from student_portal.constants import SITE_NAME, Timing
from student_portal.i18n import N_, Np_, gettext, in_language, ngettext
from student_portal.i18n.languages import Language, in_language_path
from student_portal.notices.describe import CLASSES, OTHER, Described
from student_portal.pocketbase import User
from student_portal.routes.links import absolute

NONE: Final = "none"
NOW: Final = "now"
DAILY: Final = "daily"
WEEKLY: Final = "weekly"
CHOICES: Final = (NONE, NOW, DAILY, WEEKLY)
DEFAULTS: Final = {CLASSES: NOW, OTHER: WEEKLY}

DIGEST_AGE: Final = {DAILY: timedelta(seconds=Timing.DIGEST_DAILY_S), WEEKLY: timedelta(seconds=Timing.DIGEST_WEEKLY_S)}

SUBJECT_MANY = Np_("{count} new notice from {site}", "{count} new notices from {site}")
DAILY_SUBJECT = Np_("Your daily digest: {count} notice", "Your daily digest: {count} notices")
WEEKLY_SUBJECT = Np_("Your weekly digest: {count} notice", "Your weekly digest: {count} notices")
CHOOSE = N_("Choose what we mail you: {link}")
UNSUBSCRIBE = N_("Stop these mails: {link}")
CLASS_HEADING = N_("Your classes")
OTHER_HEADING = N_("New in what you follow")


def choice(user: User, category: str) -> str:
    """The student's choice for a notice of `category` (CLASSES or OTHER)."""
    chosen = user.mail_classes if category == CLASSES else user.mail_other
    return chosen if chosen in CHOICES else DEFAULTS[category]


def user_language(user: User) -> Language:
    try:
        return Language(user.language)
    except ValueError:
        return Language.EN


def backoff(attempts: int) -> timedelta | None:
    """How long after its `attempts`-th failure a mail is tried again; None: give up (failed)."""
    steps = Timing.NOTICE_MAIL_BACKOFF_S
    return timedelta(seconds=steps[attempts - 1]) if 0 < attempts <= len(steps) else None


def digest_due(oldest: datetime, mode: str, now: datetime) -> bool:
    """A digest goes once its oldest waiting notice is a day (a week) old."""
    return now - oldest >= DIGEST_AGE[mode]


@dataclass(frozen=True)
class Item:
    """One notice in a mail: its delivery's id, when it changed, and its words."""

    delivery: str
    notice: str
    when: datetime
    said: Described


def grouped(items: Iterable[Item]) -> list[Item]:
    """A mail's notices: each once (a notice delivered twice is in it once), class changes
    first, then the rest, each group newest first."""
    seen: dict[str, Item] = {}
    for item in items:
        if item.notice not in seen:
            seen[item.notice] = item
    ordered = sorted(seen.values(), key=lambda i: i.when, reverse=True)
    return [i for i in ordered if i.said.category == CLASSES] + [i for i in ordered if i.said.category != CLASSES]


def by_user(rows: Iterable[tuple[str, Item]]) -> dict[str, list[Item]]:
    """(user id, item) pairs -> each user's items, grouped as one mail."""
    mails: dict[str, list[Item]] = defaultdict(list)
    for user_id, item in rows:
        mails[user_id].append(item)
    return {user_id: grouped(items) for user_id, items in mails.items()}


@dataclass(frozen=True)
class Mail:
    subject: str
    text: str
    html: str


def compose(items: list[Item], mode: str, language: Language, site: str) -> Mail:
    """One mail of `items` in `language`; {unsubscribe} is left for PocketBase to fill."""
    with in_language(language):
        count = len(items)
        if mode == DAILY:
            subject = ngettext(*DAILY_SUBJECT, count).format(count=count)
        elif mode == WEEKLY:
            subject = ngettext(*WEEKLY_SUBJECT, count).format(count=count)
        elif count == 1:
            subject = items[0].said.headline
        else:
            subject = ngettext(*SUBJECT_MANY, count).format(count=count, site=SITE_NAME)
        link = lambda path: absolute(site, in_language_path(path, language))  # noqa: E731
        text_parts, html_parts = [], []
        groups = (
            [("", items)]
            if count == 1
            else [
                (gettext(CLASS_HEADING), [i for i in items if i.said.category == CLASSES]),
                (gettext(OTHER_HEADING), [i for i in items if i.said.category != CLASSES]),
            ]
        )
        for heading, mine in groups:
            if not mine:
                continue
            if heading:
                text_parts.append(heading)
                html_parts.append(f'<h2 style="font-size:1.1em">{html.escape(heading)}</h2>')
            for item in mine:
                href = link(item.said.href)
                text_parts.append("\n".join(p for p in (f"- {item.said.headline}", item.said.detail, href) if p))
                html_parts.append(
                    f'<p><a href="{html.escape(href)}"><strong>{html.escape(item.said.headline)}</strong></a>'
                    + (f"<br>{html.escape(item.said.detail)}" if item.said.detail else "")
                    + "</p>"
                )
        account = link(routes.ACCOUNT)
        choose = gettext(CHOOSE).format(link=account)
        stop = gettext(UNSUBSCRIBE).format(link="{unsubscribe}")
        text = "\n\n".join([*text_parts, choose, stop, SITE_NAME]) + "\n"
        body = (
            f'<!doctype html><html lang="{language.value}"><body style="font-family:sans-serif;line-height:1.5">'
            + "".join(html_parts)
            + f'<p style="color:#555">{html.escape(gettext(CHOOSE)).format(link=_a(account))}<br>'
            + f"{html.escape(gettext(UNSUBSCRIBE)).format(link=_a('{unsubscribe}'))}</p>"
            + f"<p>{html.escape(SITE_NAME)}</p></body></html>"
        )
        return Mail(subject=subject, text=text, html=body)


def _a(href: str) -> str:
    return f'<a href="{html.escape(href)}">{html.escape(href)}</a>'
