"""What a notice says, in the reader's language and Colombo time (pure: a notice in, words out).

A notice holds the record before and after the change (pb_hooks/notices.js); the words are
made when it is read, so one notice serves every follower in their own language:
"Class moved: Physics revision", "Sat, 14 Dec 4:00 PM -> Sun, 15 Dec 10:00 AM".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from babel import dates as babel_dates

from student_portal import routes
from student_portal.i18n import gettext, language, locale
from student_portal.pocketbase import Notice
from student_portal.utils.dates import format_clock, format_minutes, to_local
from student_portal.utils.links import safe_url

CLASSES: Final = "classes"  # what a student's class-change mail choice covers
OTHER: Final = "other"

CLASS_KINDS: Final = frozenset({"class_added", "class_changed", "class_cancelled", "class_reminder"})
ARROW: Final = " \u2192 "


@dataclass(frozen=True)
class Described:
    headline: str  # "Class moved: Physics revision"
    detail: str  # "Sat, 14 Dec 4:00 PM -> Sun, 15 Dec 10:00 AM"
    href: str  # where the notice links (a path of the site, without a language prefix)
    category: str  # CLASSES or OTHER


def when(value: object) -> str:
    """ "Sat, 14 Dec 4:00 PM" on the Colombo clock, in the current language; "" without a time."""
    local = to_local(value)
    if local is None:
        return ""
    day = babel_dates.format_date(local, "EEE, d MMM", locale=locale(language()))
    return f"{day} {format_clock(local)}"


def _text(snapshot: dict[str, Any], field: str) -> str:
    value = snapshot.get(field)
    return " ".join(value.split()) if isinstance(value, str) else ""


def _minutes(snapshot: dict[str, Any]) -> object:
    return snapshot.get("duration")


def _class_changed(before: dict[str, Any], after: dict[str, Any]) -> tuple[str, str]:
    name = _text(after, "name") or _text(before, "name")
    time_moved = _text(before, "date") != _text(after, "date")
    length_changed = _minutes(before) != _minutes(after)
    zoom = safe_url(_text(after, "zoom")) or ""
    new_zoom = _text(before, "zoom") != _text(after, "zoom")
    if time_moved or length_changed:
        old, new = when(before.get("date")), when(after.get("date"))
        if length_changed:
            old = f"{old} ({format_minutes(_minutes(before))})".replace(" ()", "")
            new = f"{new} ({format_minutes(_minutes(after))})".replace(" ()", "")
        detail = old + ARROW + new
        if new_zoom:
            detail += ". " + (
                gettext("New Zoom link: {link}").format(link=zoom) if zoom else gettext("No Zoom link now.")
            )
        return gettext("Class moved: {name}").format(name=name), detail
    if zoom:
        return gettext("New Zoom link: {name}").format(name=name), zoom
    return gettext("Zoom link removed: {name}").format(name=name), when(after.get("date"))


def describe(notice: Notice, source: str = "") -> Described | None:
    """The notice's words; `source` names whose it is (the teacher's or folder's name, from the
    shared cache). None for a notice this site cannot describe (an unknown kind)."""
    before, after, kind = notice.before, notice.after, notice.kind
    if kind in CLASS_KINDS:
        href = routes.class_page(notice.teacher) if notice.teacher else routes.PROFILE
        name = _text(after, "name") or _text(before, "name")
        if kind == "class_added":
            detail = " · ".join(p for p in (when(after.get("date")), source) if p)
            return Described(gettext("New class: {name}").format(name=name), detail, href, CLASSES)
        if kind == "class_cancelled":
            detail = " · ".join(p for p in (when(before.get("date")), source) if p)
            return Described(gettext("Class cancelled: {name}").format(name=name), detail, href, CLASSES)
        if kind == "class_reminder":
            zoom = safe_url(_text(after, "zoom")) or ""
            headline = gettext("Class at {time}: {name}").format(time=when(after.get("date")), name=name)
            return Described(headline, gettext("Zoom: {link}").format(link=zoom) if zoom else source, href, CLASSES)
        headline, detail = _class_changed(before, after)
        return Described(headline, detail, href, CLASSES)
    if kind in ("new_class_note", "new_class_recording"):
        href = routes.class_page(notice.teacher) if notice.teacher else routes.PROFILE
        text = gettext("New class note: {name}") if kind == "new_class_note" else gettext("New class recording: {name}")
        return Described(text.format(name=_text(after, "name")), source, href, OTHER)
    if kind == "new_item":
        folder = notice.ol_folder or notice.al_folder
        href = routes.ol_folder(folder) if notice.ol_folder else routes.al_folder(folder)
        paper = _text(after, "type").lower() == "paper"
        text = gettext("New paper: {title}") if paper else gettext("New note: {title}")
        return Described(text.format(title=_text(after, "title")), source, href, OTHER)
    if kind == "new_job":
        detail = ", ".join(
            p for p in (_text(after, "company"), _text(after, "location"), _text(after, "contract")) if p
        )
        return Described(gettext("New job: {title}").format(title=_text(after, "title")), detail, routes.JOBS, OTHER)
    return None


def follow_key(notice: Notice) -> str:
    """The follow key a notice concerns ("teacher:<id>", ...), or "jobs" for a new job."""
    if notice.teacher:
        return f"teacher:{notice.teacher}"
    if notice.ol_folder:
        return f"ol_folder:{notice.ol_folder}"
    if notice.al_folder:
        return f"al_folder:{notice.al_folder}"
    return "jobs" if notice.kind == "new_job" else ""


def _contains(words: str, text: str) -> bool:
    return not words or words.casefold() in text.casefold()


def concerns(notice: Notice, keys: frozenset[str] | set[str]) -> bool:
    """Whether a student following `keys` (state/follows.py's keys) is told about `notice`."""
    key = follow_key(notice)
    if key != "jobs":
        return bool(key) and key in keys
    location, contract = _text(notice.after, "location"), _text(notice.after, "contract")
    for followed in keys:
        if followed.startswith("jobs:"):
            want_location, _, want_contract = followed[len("jobs:") :].partition("|")
            if _contains(want_location, location) and _contains(want_contract, contract):
                return True
    return False
