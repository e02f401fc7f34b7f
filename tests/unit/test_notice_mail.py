"""Notice mails (issue 53), the pure half: choices and their defaults, digest grouping, when a
digest is due, back-off, and a mail's words in the student's language."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from itertools import pairwise

from student_portal.constants import Timing
from student_portal.i18n.languages import Language
from student_portal.notices.describe import CLASSES, OTHER, Described
from student_portal.notices.mail import (
    DAILY,
    NOW,
    WEEKLY,
    Item,
    backoff,
    by_user,
    choice,
    compose,
    digest_due,
    grouped,
    user_language,
)
from student_portal.pocketbase import User

NOW_AT = datetime(2026, 12, 7, 3, 0, tzinfo=UTC)


def item(notice: str, category: str = CLASSES, hours: int = 0, delivery: str = "") -> Item:
    said = Described(f"Headline {notice}", f"Detail {notice}", f"/class/{notice}", category)
    return Item(delivery=delivery or f"d-{notice}", notice=notice, when=NOW_AT - timedelta(hours=hours), said=said)


def test_by_default_class_changes_go_at_once_and_the_rest_weekly():
    student = User.model_validate({"id": "u1"})
    assert (choice(student, CLASSES), choice(student, OTHER)) == (NOW, WEEKLY)
    chose = User.model_validate({"id": "u2", "mail_classes": "daily", "mail_other": "none"})
    assert (choice(chose, CLASSES), choice(chose, OTHER)) == (DAILY, "none")
    odd = User.model_validate({"id": "u3", "mail_classes": "hourly", "mail_other": 7})
    assert (choice(odd, CLASSES), choice(odd, OTHER)) == (NOW, WEEKLY)
    assert user_language(User.model_validate({"id": "u", "language": "ta"})) is Language.TA
    assert user_language(User.model_validate({"id": "u", "language": "fr"})) is Language.EN


def test_a_digest_has_each_notice_once_class_changes_first_newest_first():
    items = [
        item("paper", OTHER, hours=1),
        item("moved", CLASSES, hours=5),
        item("zoom", CLASSES, hours=2),
        item("moved", CLASSES, hours=5, delivery="again"),  # the same notice delivered twice
        item("job", OTHER, hours=9),
    ]
    assert [i.notice for i in grouped(items)] == ["zoom", "moved", "paper", "job"]
    mails = by_user([("u1", items[0]), ("u2", items[1]), ("u1", items[2])])
    assert {user: [i.notice for i in its] for user, its in mails.items()} == {"u1": ["zoom", "paper"], "u2": ["moved"]}


def test_a_digest_is_due_once_its_oldest_notice_waited_a_day_or_a_week():
    assert not digest_due(NOW_AT - timedelta(hours=23), DAILY, NOW_AT)
    assert digest_due(NOW_AT - timedelta(hours=24), DAILY, NOW_AT)
    assert not digest_due(NOW_AT - timedelta(days=6), WEEKLY, NOW_AT)
    assert digest_due(NOW_AT - timedelta(days=7), WEEKLY, NOW_AT)


def test_back_off_grows_then_gives_up():
    waits = [backoff(n) for n in range(1, len(Timing.NOTICE_MAIL_BACKOFF_S) + 2)]
    assert waits[:-1] == [timedelta(seconds=s) for s in Timing.NOTICE_MAIL_BACKOFF_S]
    assert waits[-1] is None and backoff(0) is None
    steps = [w for w in waits if w is not None]
    assert all(a < b for a, b in pairwise(steps))


def test_a_mail_in_sinhala_with_its_links_and_the_unsubscribe_placeholder():
    one = compose([item("moved")], NOW, Language.SI, "https://studentportal.lk")
    assert one.subject == "Headline moved"
    assert "https://studentportal.lk/si/class/moved" in one.text
    assert "https://studentportal.lk/si/account" in one.text and "{unsubscribe}" in one.text
    assert "මෙම තැපැල් නවත්වන්න" in one.text and 'lang="si"' in one.html
    digest = compose([item("a"), item("b", OTHER)], WEEKLY, Language.TA, "https://studentportal.lk")
    assert digest.subject == "உங்கள் வாராந்திர தொகுப்பு: 2 அறிவிப்புகள்"
    assert digest.text.index("உங்கள் வகுப்புகள்") < digest.text.index("Headline a") < digest.text.index("Headline b")
    english = compose([item("a"), item("b")], NOW, Language.EN, "https://studentportal.lk")
    assert english.subject == "2 new notices from Student Portal"


def test_a_hostile_headline_is_escaped_in_the_html():
    hostile = Item("d", "n", NOW_AT, Described('<img src=x onerror="alert(1)">', "", "/jobs", OTHER))
    mail = compose([hostile], NOW, Language.EN, "https://studentportal.lk")
    assert "<img" not in mail.html and "&lt;img" in mail.html
