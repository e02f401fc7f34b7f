"""Accounts as a student meets them, in the browser: sign up, verify by the mailed link, sign in;
forget the password and come back by the mailed link; ask for Uni Notes. PocketBase sends real
mail to an SMTP server on loopback (aiosmtpd) and the tests open the links it received."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from typing import TypeVar

import httpx
import pytest
from playwright.sync_api import Page, expect

from student_portal import routes
from student_portal.accounts.outbox import Outbox, mail_links
from student_portal.accounts.passwords import password_rules
from student_portal.accounts.texts import AccountText
from student_portal.i18n import in_language
from student_portal.i18n.languages import Language, in_language_path
from student_portal.i18n.texts import Text
from student_portal.pocketbase.collections import Collection
from tests.e2e.auth_support import at
from tests.support.pocketbases import start_pocketbase
from tests.support.site import SITE_PORT

T = TypeVar("T")
PASSWORD = "first-pass-123"
NEW_PASSWORD = "second-pass-456"
SITE = f"http://localhost:{SITE_PORT}"


def said(language: Language, text: Callable[[], T]) -> T:
    """A text as the site writes it in `language`."""
    with in_language(language):
        return text()


@pytest.fixture(scope="module")
def outbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Outbox]:
    with Outbox(tmp_path_factory.mktemp("outbox")) as box:
        yield box


@pytest.fixture(scope="module")
def mail_pocketbase(tmp_path_factory: pytest.TempPathFactory, outbox: Outbox):
    """The demo data set, sending its mails to `outbox` with links to the test site."""
    server = start_pocketbase(
        tmp_path_factory.mktemp("pb-mail") / "data", env={**outbox.smtp_environment(), "DEPLOY_URL": SITE}
    )
    yield server
    server.stop()


@pytest.fixture
def backend_home(mail_pocketbase):
    """Every test here runs on the PocketBase that mails (tests/e2e/conftest.py)."""
    return mail_pocketbase


def new_email(name: str) -> str:
    return f"{name}-{uuid.uuid4().hex[:10]}@students.test"


def mailed_link(outbox: Outbox, to: str, after: int, page_prefix: str) -> str:
    link = next(link for link in mail_links(outbox.wait_for(to, after=after)) if page_prefix in link)
    assert link.startswith(SITE)  # the site's own page, never PocketBase's
    return link


def sign_in(page: Page, language: Language, email: str, password: str) -> None:
    form = page.get_by_role("main")
    form.get_by_label(said(language, lambda: Text.IDENTITY_LABEL)).fill(email)
    form.get_by_label(said(language, lambda: Text.PASSWORD_LABEL), exact=True).fill(password)
    form.get_by_role("button", name=said(language, lambda: Text.SIGN_IN), exact=True).click()


def expect_signed_in(page: Page, language: Language) -> None:
    logout = said(language, lambda: Text.LOGOUT)
    expect(page.get_by_role("banner").get_by_role("button", name=logout)).to_be_visible()


def verified_student(mail_pocketbase, outbox: Outbox, client_ip: str) -> str:
    """An account made and verified through PocketBase's API (the mailed token)."""
    email, before = new_email("ready"), outbox.count()
    users = f"{mail_pocketbase.url}/api/collections/users"
    body = {"email": email, "password": PASSWORD, "passwordConfirm": PASSWORD}
    httpx.post(f"{users}/records", json=body, headers={"X-Forwarded-For": client_ip}).raise_for_status()
    token = mailed_link(outbox, email, before, "/verify/").rsplit("/", 1)[1]
    httpx.post(f"{users}/confirm-verification", json={"token": token}).raise_for_status()
    return email


@pytest.mark.parametrize("language", [Language.EN, Language.SI], ids=["en", "si"])
def test_sign_up_verify_by_the_mailed_link_and_sign_in(page: Page, base_url: str, outbox, language) -> None:
    page.goto(base_url + in_language_path(routes.LOGIN, language))
    page.get_by_test_id("create-account-link").click()
    expect(page).to_have_url(at(base_url, in_language_path(routes.SIGN_UP, language)))
    main = page.get_by_role("main")
    expect(main).to_contain_text(said(language, password_rules))  # the rules, before submitting

    email, before = new_email(f"new-{language.value}"), outbox.count()
    main.get_by_label(said(language, lambda: Text.EMAIL_LABEL), exact=True).fill(email)
    main.get_by_label(said(language, lambda: Text.PASSWORD_LABEL), exact=True).fill(PASSWORD)
    main.get_by_label(said(language, lambda: Text.CONFIRM_PASSWORD_LABEL)).fill(PASSWORD + "x")
    create = main.get_by_role("button", name=said(language, lambda: AccountText.SIGN_UP))
    create.click()
    expect(page.get_by_test_id("sign-up-error")).to_have_text(said(language, lambda: AccountText.PASSWORDS_DIFFER))
    main.get_by_label(said(language, lambda: Text.CONFIRM_PASSWORD_LABEL)).fill(PASSWORD)
    create.click()
    expect(page.get_by_test_id("sign-up-done")).to_have_text(
        said(language, lambda: AccountText.check_your_email(email))
    )

    # Before verifying: told so, and the mail can come again.
    page.goto(base_url + in_language_path(routes.LOGIN, language))
    sign_in(page, language, email, PASSWORD)
    expect(page.get_by_test_id("login-error")).to_have_text(said(language, lambda: AccountText.NOT_VERIFIED))
    resent_after = outbox.count()
    page.get_by_test_id("resend-verification").click()
    expect(page.get_by_test_id("login-notice")).to_have_text(said(language, lambda: AccountText.VERIFICATION_SENT))

    link = mailed_link(outbox, email, before, "/verify/")
    assert link.startswith(SITE + in_language_path("/verify/", language))  # in the sign-up's language
    assert outbox.count() >= resent_after
    page.goto(link)
    expect(page.get_by_test_id("verified")).to_have_text(said(language, lambda: AccountText.VERIFIED))
    page.get_by_test_id("verify-sign-in").click()
    expect(page).to_have_url(at(base_url, in_language_path(routes.LOGIN, language)))
    sign_in(page, language, email, PASSWORD)
    expect_signed_in(page, language)
    expect(page).to_have_url(at(base_url, in_language_path(routes.HOME, language)))


@pytest.mark.parametrize("language", [Language.EN, Language.TA], ids=["en", "ta"])
def test_forgot_password_by_the_mailed_link(
    page: Page, base_url: str, outbox, mail_pocketbase, client_ip: str, language
) -> None:
    email = verified_student(mail_pocketbase, outbox, client_ip)
    page.goto(base_url + in_language_path(routes.LOGIN, language))
    page.get_by_test_id("forgot-password-link").click()
    expect(page).to_have_url(at(base_url, in_language_path(routes.FORGOT_PASSWORD, language)))
    main = page.get_by_role("main")
    # The address changes before the page is drawn: until the heading shows, "Email" would find
    # the sign-in form's "User name or email" (CI filled that one, then sent an empty form).
    expect(main.get_by_role("heading", level=1)).to_have_text(said(language, lambda: AccountText.FORGOT_HEADING))
    before = outbox.count()
    main.get_by_label(said(language, lambda: Text.EMAIL_LABEL), exact=True).fill(email)
    main.get_by_role("button", name=said(language, lambda: AccountText.SEND_RESET_LINK)).click()
    expect(page.get_by_test_id("reset-sent")).to_have_text(said(language, lambda: AccountText.RESET_SENT))

    # The student signed up from an English page: the mail's link is English, and the page it
    # opens is shown in the language of its address.
    page.goto(mailed_link(outbox, email, before, "/reset-password/"))
    main = page.get_by_role("main")
    main.get_by_label(said(Language.EN, lambda: AccountText.NEW_PASSWORD_LABEL), exact=True).fill(NEW_PASSWORD)
    main.get_by_label(said(Language.EN, lambda: AccountText.CONFIRM_NEW_PASSWORD_LABEL)).fill(NEW_PASSWORD)
    main.get_by_role("button", name=said(Language.EN, lambda: AccountText.SAVE_PASSWORD)).click()
    expect(page.get_by_test_id("password-reset-done")).to_have_text(
        said(Language.EN, lambda: AccountText.PASSWORD_RESET_DONE)
    )

    page.goto(base_url + in_language_path(routes.LOGIN, language))
    sign_in(page, language, email, PASSWORD)  # the old password no longer works
    expect(page.get_by_test_id("login-error")).to_have_text(said(language, lambda: Text.LOGIN_FAILED))
    sign_in(page, language, email, NEW_PASSWORD)
    expect_signed_in(page, language)


def test_forgot_password_answers_the_same_for_an_unknown_address(page: Page, base_url: str, outbox) -> None:
    before, nobody = outbox.count(), new_email("nobody")
    page.goto(base_url + routes.FORGOT_PASSWORD)
    main = page.get_by_role("main")
    main.get_by_label(Text.EMAIL_LABEL).fill(nobody)
    main.get_by_role("button", name=AccountText.SEND_RESET_LINK).click()
    expect(page.get_by_test_id("reset-sent")).to_have_text(AccountText.RESET_SENT)
    # Nothing goes to that address, however late (PocketBase sends its mails after answering);
    # an earlier test's mail arriving meanwhile is no concern of this one.
    with pytest.raises(TimeoutError):
        outbox.wait_for(nobody, after=before, timeout=3)


def test_a_used_or_made_up_link_says_so(page: Page, base_url: str) -> None:
    page.goto(base_url + routes.verify_email("made-up-token"))
    expect(page.get_by_test_id("verify-error")).to_have_text(AccountText.LINK_INVALID)


def test_a_basic_student_asks_for_notes_access(
    page: Page, base_url: str, outbox, mail_pocketbase, client_ip: str
) -> None:
    email = verified_student(mail_pocketbase, outbox, client_ip)
    page.goto(base_url + routes.LOGIN)
    sign_in(page, Language.EN, email, PASSWORD)
    expect_signed_in(page, Language.EN)
    page.goto(base_url + routes.NOTES)
    expect(page.get_by_test_id("unauthorized")).to_contain_text(Text.UNAUTHORIZED)
    page.get_by_test_id("ask-for-access").click()
    expect(page.get_by_test_id("access-requested")).to_have_text(AccountText.ACCESS_REQUESTED)
    # Back on the page later, in another tab: the request is remembered, no second one is made.
    later = page.context.new_page()
    later.goto(base_url + routes.NOTES)
    expect(later.get_by_test_id("access-requested")).to_have_text(AccountText.ACCESS_ALREADY_REQUESTED)
    expect(later.get_by_test_id("ask-for-access")).to_have_count(0)


def test_header_dialog_sign_up_tab_makes_the_account(page: Page, base_url: str, outbox) -> None:
    page.goto(base_url + routes.JOBS)
    expect(page.locator("#auth-dialog")).to_be_hidden()  # nothing in the header opens it (spec)
    expect(page.get_by_test_id("job-card").first).to_be_visible()  # the page's script is running
    page.evaluate("document.getElementById('auth-dialog').showModal()")
    dialog = page.locator("#auth-dialog")
    dialog.get_by_text(Text.DIALOG_SIGN_UP_TAB, exact=True).click()
    expect(dialog).to_contain_text(password_rules())
    email, before = new_email("dialog"), outbox.count()
    dialog.get_by_label(Text.EMAIL_LABEL).fill(email)
    dialog.get_by_label(Text.PASSWORD_LABEL, exact=True).fill(PASSWORD)
    dialog.get_by_label(Text.CONFIRM_PASSWORD_LABEL).fill(PASSWORD)
    dialog.get_by_role("button", name=Text.SUBMIT).click()
    expect(page.get_by_test_id("auth-dialog-done")).to_have_text(AccountText.check_your_email(email))
    assert mailed_link(outbox, email, before, "/verify/")


def test_asking_while_the_earlier_request_is_still_being_looked_up(
    page: Page, base_url: str, backend, outbox, mail_pocketbase, client_ip: str
) -> None:
    """A click as soon as the button shows: the request it makes is not taken for an earlier one."""
    email = verified_student(mail_pocketbase, outbox, client_ip)
    page.goto(base_url + routes.LOGIN)
    sign_in(page, Language.EN, email, PASSWORD)
    expect_signed_in(page, Language.EN)
    backend.hold(2, f"GET /api/collections/{Collection.ACCESS_REQUESTS}/")
    page.goto(base_url + routes.NOTES)
    ask = page.get_by_test_id("ask-for-access")
    expect(ask).to_be_disabled()  # until the look-up answers
    ask.click()
    expect(page.get_by_test_id("access-requested")).to_have_text(AccountText.ACCESS_REQUESTED, timeout=10_000)
    page.wait_for_timeout(3_000)  # past the held look-up: nothing late overwrites it
    expect(page.get_by_test_id("access-requested")).to_have_text(AccountText.ACCESS_REQUESTED)


@pytest.mark.parametrize("language", [Language.EN, Language.TA], ids=["en", "ta"])
def test_sign_up_with_a_taken_address_says_what_a_new_one_does(
    page: Page, base_url: str, outbox, mail_pocketbase, language
) -> None:
    """Issue 49, finding 3: the form said "An account with this email already exists"; now the
    answer is a new account's, and the owner gets a mail instead (in capitals too: finding 4)."""
    taken = verified_student(mail_pocketbase, outbox, f"198.18.49.{10 + len(language.value)}")
    before = outbox.count()
    if language is Language.TA:
        page.set_viewport_size({"width": 360, "height": 780})  # a phone
    page.goto(base_url + in_language_path(routes.SIGN_UP, language))
    main = page.get_by_role("main")
    typed = taken.upper()
    main.get_by_label(said(language, lambda: Text.EMAIL_LABEL), exact=True).fill(typed)
    main.get_by_label(said(language, lambda: Text.PASSWORD_LABEL), exact=True).fill(NEW_PASSWORD)
    main.get_by_label(said(language, lambda: Text.CONFIRM_PASSWORD_LABEL)).fill(NEW_PASSWORD)
    main.get_by_role("button", name=said(language, lambda: AccountText.SIGN_UP)).click()
    expect(page.get_by_test_id("sign-up-done")).to_have_text(
        said(language, lambda: AccountText.check_your_email(typed))
    )
    page.screenshot(path=f"/tmp/ev49/sign-up-taken-{language.value}.png", full_page=True)
    assert mailed_link(outbox, taken, before, routes.FORGOT_PASSWORD)  # the owner is told, by mail
