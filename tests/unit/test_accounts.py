"""Accounts' pure parts: the mails' texts file, password rules, PocketBase's answers in our words."""

from __future__ import annotations

import pytest

from student_portal import routes
from student_portal.accounts.answers import account_error_text, form_text, looks_like_email
from student_portal.accounts.mail_texts import MAIL_TEXTS_JSON, mail_texts, mail_texts_json
from student_portal.accounts.passwords import PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS, new_password_problem
from student_portal.accounts.texts import MAIL_TEXTS, AccountText
from student_portal.i18n import in_language
from student_portal.i18n.languages import Language
from student_portal.i18n.texts import Text
from student_portal.pocketbase.errors import ClientResponseError
from student_portal.state.login import login_error_text


def test_mail_texts_json_is_written_from_the_catalogs():
    assert MAIL_TEXTS_JSON.read_text(encoding="utf-8") == mail_texts_json(), (
        "run: python -m student_portal.accounts.mail_texts"
    )


def test_every_mail_is_translated_and_links_to_the_sites_pages():
    texts = mail_texts()
    assert texts["paths"] == routes.MAIL_LINK_PREFIXES
    english = texts["languages"]["en"]
    for language in ("si", "ta"):
        words = texts["languages"][language]
        assert words["prefix"] == f"/{language}"
        for kind, parts in MAIL_TEXTS.items():
            for part in parts:
                assert words[kind][part] != english[kind][part], (language, kind, part)
                # The hook fills the same placeholders in every language.
                for placeholder in ("{site}", "{email}"):
                    assert (placeholder in words[kind][part]) == (placeholder in english[kind][part])


def test_mail_link_builders_match_the_page_routes():
    assert routes.verify_email("a.b-c_d") == "/verify/a.b-c_d"
    assert routes.reset_password("t/x") == "/reset-password/t%2Fx"
    assert routes.confirm_email("t") == "/confirm-email/t"
    for kind, prefix in routes.MAIL_LINK_PREFIXES.items():
        route = {"verification": routes.VERIFY_EMAIL, "password_reset": routes.RESET_PASSWORD}.get(
            kind, routes.CONFIRM_EMAIL
        )
        assert route == f"{prefix}[{routes.TOKEN}]"


@pytest.mark.parametrize(
    "password, confirm, problem",
    [
        ("a" * PASSWORD_MIN_CHARS, "a" * PASSWORD_MIN_CHARS, ""),
        ("a" * PASSWORD_MAX_CHARS, "a" * PASSWORD_MAX_CHARS, ""),
        ("a" * (PASSWORD_MIN_CHARS - 1), "a" * (PASSWORD_MIN_CHARS - 1), "length"),
        ("a" * (PASSWORD_MAX_CHARS + 1), "a" * (PASSWORD_MAX_CHARS + 1), "length"),
        ("", "", "length"),
        ("long-enough-1", "long-enough-2", "differ"),
    ],
)
def test_new_password_rules(password, confirm, problem):
    expected = {
        "": "",
        "length": AccountText.password_length(PASSWORD_MIN_CHARS, PASSWORD_MAX_CHARS),
        "differ": AccountText.PASSWORDS_DIFFER,
    }[problem]
    assert new_password_problem(password, confirm) == expected


@pytest.mark.parametrize(
    "text, ok",
    [
        ("student@uni.lk", True),
        ("a.b+c@mail.example.com", True),
        ("no-at-sign", False),
        ("two@@ats.lk", False),
        ("spaces in@mail.lk", False),
        ("nodot@localhost", False),
        ("x@" + "a" * 300 + ".lk", False),
        ("", False),
    ],
)
def test_looks_like_email(text, ok):
    assert looks_like_email(text) is ok


def test_form_text_takes_only_bounded_text():
    assert form_text({"email": "a@b.lk"}, "email") == "a@b.lk"
    assert form_text({"email": ["a@b.lk"]}, "email") == ""
    assert form_text({"email": "x" * 10_000}, "email") == ""
    assert form_text(None, "email") == ""


def _refused(status: int, data: dict | None = None, message: str = "PocketBase's own words") -> ClientResponseError:
    return ClientResponseError(status=status, response={"status": status, "message": message, "data": data or {}})


@pytest.mark.parametrize(
    "error, expected",
    [
        (_refused(429), AccountText.TOO_MANY_REQUESTS),
        (_refused(0), Text.BACKEND_UNAVAILABLE),
        (_refused(502), Text.BACKEND_UNAVAILABLE),
        (_refused(400, {"token": {"code": "validation_invalid_token"}}), AccountText.LINK_INVALID),
        (_refused(400, {"oldPassword": {"code": "validation_invalid_old_password"}}), AccountText.WRONG_PASSWORD),
        (_refused(400, {"email": {"code": "validation_not_unique"}}), AccountText.EMAIL_TAKEN),
        (_refused(400, {"email": {"code": "validation_is_email"}}), AccountText.EMAIL_INVALID),
        (_refused(400, {"newEmail": {"code": "validation_not_unique"}}), AccountText.EMAIL_TAKEN),
        (_refused(400, {"password": {"code": "validation_invalid_password"}}), AccountText.WRONG_PASSWORD),
        (
            _refused(400, {"password": {"code": "validation_length_out_of_range"}}),
            AccountText.password_length(PASSWORD_MIN_CHARS, PASSWORD_MAX_CHARS),
        ),
        (_refused(400, {"passwordConfirm": {"code": "validation_values_mismatch"}}), AccountText.PASSWORDS_DIFFER),
        (_refused(400, {"weird": "not a dict"}), "fallback"),
        (_refused(403), "fallback"),
    ],
)
def test_account_errors_are_said_in_the_sites_words(error, expected):
    assert account_error_text(error, "fallback") == expected


@pytest.mark.parametrize("language", [Language.SI, Language.TA])
def test_account_errors_come_in_the_visitors_language(language):
    with in_language(language):
        said = account_error_text(_refused(429), "")
        assert said == AccountText.TOO_MANY_REQUESTS
    assert said != AccountText.TOO_MANY_REQUESTS  # read in English outside


def test_signing_in_unverified_says_so():
    assert login_error_text(_refused(403)) == AccountText.NOT_VERIFIED
    assert login_error_text(_refused(400)) == Text.LOGIN_FAILED


@pytest.mark.parametrize(
    "path", ["/account", "/forgot-password", "/verify/abc", "/si/reset-password/abc", "/ta/confirm-email/abc"]
)
def test_account_pages_and_mailed_links_are_kept_from_crawlers(path):
    from student_portal.routes.links import ROBOTS_PATHS, is_private

    assert is_private(path)
    assert any(path.startswith(prefix) for prefix in ROBOTS_PATHS)
