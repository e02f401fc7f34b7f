"""Accounts students run themselves, against a real PocketBase (our migrations and hooks) that
sends its mails to a real SMTP server on loopback (aiosmtpd, the development outbox's class),
through the site's own client calls, reading the links from the mails received."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator
from email.message import EmailMessage
from pathlib import Path
from urllib.parse import unquote, urlsplit

import httpx
import pytest

from student_portal import routes
from student_portal.accounts.answers import NOT_VERIFIED_STATUS, account_error_text
from student_portal.accounts.outbox import Outbox, mail_links, mail_text
from student_portal.accounts.texts import MAIL_TEXTS, AccountText
from student_portal.constants import SITE_NAME
from student_portal.i18n import gettext, in_language
from student_portal.i18n.languages import Language, in_language_path
from student_portal.i18n.texts import Text
from student_portal.pocketbase import ClientResponseError, PocketBaseClient
from student_portal.pocketbase.collections import Collection
from student_portal.state.access_request import NOTES_ACCESS, _already_asked
from student_portal.state.login import login_error_text
from tests.integration.conftest import next_client_ip
from tests.support.admin import superuser_token
from tests.support.pocketbases import start_pocketbase

SITE = "http://site.test"
PASSWORD = "first-pass-123"
NEW_PASSWORD = "second-pass-456"


@pytest.fixture(scope="module")
def outbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Outbox]:
    with Outbox(tmp_path_factory.mktemp("outbox")) as box:
        yield box


@pytest.fixture(scope="module")
def mail_pocketbase(tmp_path_factory: pytest.TempPathFactory, outbox: Outbox) -> Iterator[str]:
    root: Path = tmp_path_factory.mktemp("mail-pocketbase")
    server = start_pocketbase(root / "pb_data", env={**outbox.smtp_environment(), "DEPLOY_URL": SITE})
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture
async def client(mail_pocketbase: str) -> AsyncIterator[PocketBaseClient]:
    async with PocketBaseClient(mail_pocketbase) as pocketbase:
        yield pocketbase


@pytest.fixture(scope="module")
def admin(mail_pocketbase: str) -> Iterator[httpx.Client]:
    token = superuser_token(mail_pocketbase)
    with httpx.Client(base_url=mail_pocketbase, headers={"Authorization": token}, timeout=10) as http:
        yield http


def new_email(name: str) -> str:
    return f"{name}-{uuid.uuid4().hex[:10]}@students.test"


def link_token(message: EmailMessage, prefix: str) -> str:
    """The token of the mail's link to one of the site's pages (the first link that goes there)."""
    for link in mail_links(message):
        path = urlsplit(link).path
        if prefix in path:
            return unquote(path.rsplit("/", 1)[1])
    raise AssertionError(f"no {prefix} link in: {mail_text(message)}")


def expected_subject(kind: str, language: Language) -> str:
    with in_language(language):
        return gettext(MAIL_TEXTS[kind]["subject"]).replace("{site}", SITE_NAME)


async def signed_up(client: PocketBaseClient, outbox: Outbox, name: str, language: str = "en") -> tuple[str, str]:
    """A new account and its verification token (from the mail)."""
    email, before = new_email(name), outbox.count()
    await client.sign_up(email, PASSWORD, PASSWORD, language=language, client_ip=next_client_ip())
    token = link_token(outbox.wait_for(email, after=before), routes.MAIL_LINK_PREFIXES["verification"])
    return email, token


async def verified_account(client: PocketBaseClient, outbox: Outbox, name: str) -> str:
    email, token = await signed_up(client, outbox, name)
    await client.confirm_verification(token, client_ip=next_client_ip())
    return email


# --------------------------------------------------------------------- sign up, verify, sign in


async def test_sign_up_verify_by_the_mailed_link_then_sign_in(client, outbox, admin):
    email, before = new_email("ravi"), outbox.count()
    record = await client.sign_up(email, PASSWORD, PASSWORD, language="en", client_ip=next_client_ip())
    assert (record["role"], record["verified"], record["language"]) == ("basic", False, "en")

    with pytest.raises(ClientResponseError) as refused:
        await client.auth_with_password(email, PASSWORD, client_ip=next_client_ip())
    assert refused.value.status == NOT_VERIFIED_STATUS
    assert login_error_text(refused.value) == AccountText.NOT_VERIFIED
    with pytest.raises(ClientResponseError) as wrong:  # a wrong password says nothing of verification
        await client.auth_with_password(email, "not-the-password", client_ip=next_client_ip())
    assert login_error_text(wrong.value) == Text.LOGIN_FAILED

    mail = outbox.wait_for(email, after=before)
    assert mail["subject"] == expected_subject("verification", Language.EN)
    link = next(link for link in mail_links(mail) if "/verify/" in link)
    assert link.startswith(f"{SITE}/verify/")  # the site's own page, not PocketBase's
    await client.confirm_verification(link_token(mail, "/verify/"), client_ip=next_client_ip())

    signed_in = await client.auth_with_password(email, PASSWORD, client_ip=next_client_ip())
    assert signed_in.record["verified"] is True and signed_in.record["role"] == "basic"


async def test_resend_mails_the_verification_link_again(client, outbox):
    email, _first_token = await signed_up(client, outbox, "resend")
    before = outbox.count()
    await client.request_verification(email, client_ip=next_client_ip())
    again = outbox.wait_for(email, after=before)
    await client.confirm_verification(link_token(again, "/verify/"), client_ip=next_client_ip())
    assert (await client.auth_with_password(email, PASSWORD, client_ip=next_client_ip())).token


async def test_a_verification_link_works_once(client, outbox):
    _email, token = await signed_up(client, outbox, "twice")
    await client.confirm_verification(token, client_ip=next_client_ip())
    with pytest.raises(ClientResponseError) as used:
        await client.confirm_verification("not-a-token", client_ip=next_client_ip())
    assert account_error_text(used.value, "") == AccountText.LINK_INVALID


@pytest.mark.parametrize("language", [Language.EN, Language.SI, Language.TA])
async def test_mails_come_in_the_language_signed_up_in(client, outbox, language):
    email, before = new_email(f"lang-{language.value}"), outbox.count()
    await client.sign_up(email, PASSWORD, PASSWORD, language=language.value, client_ip=next_client_ip())
    mail = outbox.wait_for(email, after=before)
    assert mail["subject"] == expected_subject("verification", language)
    if language is not Language.EN:
        assert mail["subject"] != expected_subject("verification", Language.EN)  # really translated
    with in_language(language):
        assert gettext(MAIL_TEXTS["verification"]["action"]) in mail_text(mail) or gettext(
            MAIL_TEXTS["verification"]["intro"]
        ).replace("{site}", SITE_NAME).replace("{email}", email) in mail_text(mail)
    assert any(link.startswith(SITE + in_language_path("/verify/", language)) for link in mail_links(mail))

    await client.confirm_verification(link_token(mail, "/verify/"), client_ip=next_client_ip())
    before = outbox.count()
    await client.request_password_reset(email, client_ip=next_client_ip())
    reset = outbox.wait_for(email, after=before)
    assert reset["subject"] == expected_subject("password_reset", language)
    assert any(link.startswith(SITE + in_language_path("/reset-password/", language)) for link in mail_links(reset))


async def test_bad_passwords_and_addresses_get_the_sites_words(client, outbox):
    email = await verified_account(client, outbox, "taken")
    for address in (email, new_email("short")):  # a taken address answers as a new one
        with pytest.raises(ClientResponseError) as short:
            await client.sign_up(address, "short", "short", language="en", client_ip=next_client_ip())
        assert account_error_text(short.value, "") == AccountText.password_length(8, 71)
        with pytest.raises(ClientResponseError) as differ:
            await client.sign_up(address, PASSWORD, PASSWORD + "x", language="en", client_ip=next_client_ip())
        assert account_error_text(differ.value, "") == AccountText.PASSWORDS_DIFFER
    with pytest.raises(ClientResponseError) as short:
        await client.sign_up(new_email("short"), "short", "short", language="en", client_ip=next_client_ip())
    assert account_error_text(short.value, "") == AccountText.password_length(8, 71)
    with pytest.raises(ClientResponseError) as bad:
        await client.sign_up("not an address", PASSWORD, PASSWORD, language="en", client_ip=next_client_ip())
    assert account_error_text(bad.value, "") == AccountText.EMAIL_INVALID


# ------------------------------------------ issue 49: sign-up says nothing of who has an account


def _users_with(admin: httpx.Client, email: str) -> list[dict]:
    found = admin.get("/api/collections/users/records", params={"filter": f"email ~ '{email.split('@')[0]}'"})
    assert found.status_code == 200, found.text
    return found.json()["items"]


async def test_sign_up_with_a_taken_address_answers_as_a_new_one_and_mails_the_owner(client, outbox, admin):
    """Finding 3: sign-up said "An account with this email already exists"; now the answer is a
    new account's, and the owner (not the visitor) learns of it by mail, in the owner's language."""
    fresh = await client.sign_up(new_email("fresh"), PASSWORD, PASSWORD, language="en", client_ip=next_client_ip())
    email, token = await signed_up(client, outbox, "owner", language="ta")
    await client.confirm_verification(token, client_ip=next_client_ip())
    before = outbox.count()
    again = await client.sign_up(email, "other-pass-789", "other-pass-789", language="en", client_ip=next_client_ip())
    assert sorted(again) == sorted(fresh) and again["id"] != (_users_with(admin, email)[0]["id"])
    assert (again["role"], again["verified"]) == ("basic", False)
    mail = outbox.wait_for(email, after=before)
    assert mail["subject"] == expected_subject("already_registered", Language.TA)
    assert f"{SITE}/ta{routes.FORGOT_PASSWORD}" in mail_links(mail)
    assert len(_users_with(admin, email)) == 1  # nothing made, nothing changed
    owner = await client.auth_with_password(email, PASSWORD, client_ip=next_client_ip())
    assert owner.record["email"] == email


async def test_the_sign_up_form_says_the_same_whether_or_not_the_address_has_an_account(client, outbox, monkeypatch):
    from student_portal.state import sign_up

    monkeypatch.setattr(sign_up, "configured_client", lambda: client)
    taken = await verified_account(client, outbox, "formowner")
    answers = []
    for email in (new_email("formnew"), taken, taken.upper()):
        form = {"email": email, "password": PASSWORD, "confirm": PASSWORD}
        answer = await sign_up.create_account(form, next_client_ip())
        answers.append((answer.done, answer.text == AccountText.check_your_email(email)))
    assert answers == [(True, True)] * 3


async def test_already_registered_mails_per_account_are_capped(client, outbox):
    email = await verified_account(client, outbox, "capowner")
    before = outbox.count()
    for _ in range(4):
        await client.sign_up(email, PASSWORD, PASSWORD, language="en", client_ip=next_client_ip())
    outbox.wait_for(email, after=before)
    mine = [m for m in outbox.messages[before:] if email in str(m["to"])]
    assert len(mine) == 3


# ------------------------------------------ issue 49: one account per address, whatever its case


async def test_an_address_in_capitals_is_the_account_of_that_address(client, outbox, admin):
    """Finding 4: "FULL@Demo.lk" became a second account beside "full@demo.lk", sign-in with
    capitals failed and an email change to the owner's address in capitals was accepted."""
    email = await verified_account(client, outbox, "caseowner")
    shouted = email.upper()
    await client.sign_up(shouted, PASSWORD, PASSWORD, language="en", client_ip=next_client_ip())
    assert [user["email"] for user in _users_with(admin, email)] == [email]
    session = await client.auth_with_password(shouted, PASSWORD, client_ip=next_client_ip())
    assert session.record["email"] == email

    other = await verified_account(client, outbox, "casemover")
    other_session = await client.auth_with_password(other, PASSWORD, client_ip=next_client_ip())
    with pytest.raises(ClientResponseError) as refused:
        await client.request_email_change(shouted, token=other_session.token, client_ip=next_client_ip())
    assert refused.value.status == 400


async def test_addresses_are_kept_lower_case(client, outbox, admin):
    mixed, before = f"Mixed-{uuid.uuid4().hex[:8]}@Students.Test", outbox.count()
    record = await client.sign_up(mixed, PASSWORD, PASSWORD, language="en", client_ip=next_client_ip())
    stored = admin.get(f"/api/collections/users/records/{record['id']}").json()
    assert stored["email"] == mixed.lower()
    token = link_token(outbox.wait_for(mixed.lower(), after=before), "/verify/")
    await client.confirm_verification(token, client_ip=next_client_ip())
    session = await client.auth_with_password(mixed, PASSWORD, client_ip=next_client_ip())
    moved, before = f"Moved-{uuid.uuid4().hex[:8]}@Students.Test", outbox.count()
    await client.request_email_change(moved, token=session.token, client_ip=next_client_ip())
    await client.confirm_email_change(
        link_token(outbox.wait_for(moved, after=before), "/confirm-email/"), PASSWORD, client_ip=next_client_ip()
    )
    assert admin.get(f"/api/collections/users/records/{record['id']}").json()["email"] == moved.lower()
    made = admin.post(
        "/api/collections/users/records",
        json={"email": "Staff-" + uuid.uuid4().hex[:8] + "@Test.LK", "password": PASSWORD, "passwordConfirm": PASSWORD},
    )
    assert made.json()["email"] == made.json()["email"].lower()


# ------------------------------------------ issue 49: what held in round four, kept


async def test_a_mailed_token_works_only_for_its_own_kind(client, outbox):
    """A verification token does not reset a password or change an address, and the other way
    round (PocketBase checks the token's type; the review found it held)."""
    email, verify_token = await signed_up(client, outbox, "kinds")
    before = outbox.count()
    with pytest.raises(ClientResponseError):
        await client.confirm_password_reset(verify_token, NEW_PASSWORD, NEW_PASSWORD, client_ip=next_client_ip())
    with pytest.raises(ClientResponseError):
        await client.confirm_email_change(verify_token, PASSWORD, client_ip=next_client_ip())
    await client.confirm_verification(verify_token, client_ip=next_client_ip())
    await client.request_password_reset(email, client_ip=next_client_ip())
    reset_token = link_token(outbox.wait_for(email, after=before), "/reset-password/")
    with pytest.raises(ClientResponseError):
        await client.confirm_verification(reset_token, client_ip=next_client_ip())
    with pytest.raises(ClientResponseError):
        await client.confirm_email_change(reset_token, PASSWORD, client_ip=next_client_ip())
    with pytest.raises(ClientResponseError):  # the password is unchanged by all of it
        await client.auth_with_password(email, NEW_PASSWORD, client_ip=next_client_ip())


async def test_no_mail_header_can_be_injected_through_an_address(client, outbox):
    before = outbox.count()
    for hostile in ("victim@students.test\r\nBcc: spy@evil.test", "victim@students.test\nBcc: spy@evil.test"):
        with pytest.raises(ClientResponseError) as refused:
            await client.sign_up(hostile, PASSWORD, PASSWORD, language="en", client_ip=next_client_ip())
        assert refused.value.status == 400
        with pytest.raises(ClientResponseError) as not_an_address:
            await client.request_password_reset(hostile, client_ip=next_client_ip())
        assert not_an_address.value.status == 400
    email = await verified_account(client, outbox, "headers")
    session = await client.auth_with_password(email, PASSWORD, client_ip=next_client_ip())
    with pytest.raises(ClientResponseError):
        await client.request_email_change("new@students.test\r\nBcc: spy@evil.test", token=session.token)
    assert not any("spy@evil.test" in str(m["to"]) + str(m["bcc"]) for m in outbox.messages[before:])


def test_mailed_links_never_come_from_the_requests_host(mail_pocketbase, outbox):
    email, before = new_email("host"), outbox.count()
    response = httpx.post(
        f"{mail_pocketbase}/api/collections/users/records",
        json={"email": email, "password": PASSWORD, "passwordConfirm": PASSWORD},
        headers={"Host": "evil.test", "X-Forwarded-Host": "evil.test", "X-Forwarded-For": next_client_ip()},
    )
    assert response.status_code == 200, response.text
    links = mail_links(outbox.wait_for(email, after=before))
    assert links and all(link.startswith(f"{SITE}/") for link in links)


# --------------------------------------------------------------------- nobody chooses their role


@pytest.mark.parametrize(
    "kind, extra",
    [
        ("json", {"role": "full"}),
        ("json", {"role": "basic"}),  # not even the role they would get
        ("json", {"role+": "notes"}),
        ("json", {"verified": True}),
        ("form", {"role": "full"}),
        ("multipart", {"verified": "true"}),
        ("multipart", {"@jsonPayload": '{"role": "full"}'}),
    ],
)
def test_role_and_verified_cannot_be_set_at_sign_up(kind, extra, mail_pocketbase, admin):
    email = new_email("sneaky")
    body = {"email": email, "password": PASSWORD, "passwordConfirm": PASSWORD, **extra}
    url = f"{mail_pocketbase}/api/collections/users/records"
    headers = {"X-Forwarded-For": next_client_ip()}
    if kind == "json":
        response = httpx.post(url, json=body, headers=headers)
    elif kind == "form":
        response = httpx.post(url, data=body, headers=headers)
    else:
        response = httpx.post(url, files={k: (None, str(v)) for k, v in body.items()}, headers=headers)
    assert response.status_code == 400, response.text
    found = admin.get("/api/collections/users/records", params={"filter": f'email = "{email}"'}).json()
    assert found["items"] == []


def test_a_sign_up_gets_basic_unverified_and_a_known_language(mail_pocketbase, admin):
    email = new_email("plain")
    response = httpx.post(
        f"{mail_pocketbase}/api/collections/users/records",
        json={"email": email, "password": PASSWORD, "passwordConfirm": PASSWORD, "language": "xx"},
        headers={"X-Forwarded-For": next_client_ip()},
    )
    assert response.status_code == 200, response.text  # an unknown language becomes English
    stored = admin.get(f"/api/collections/users/records/{response.json()['id']}").json()
    assert (stored["role"], stored["verified"], stored["language"]) == ("basic", False, "en")


async def test_a_verified_student_cannot_raise_their_role_or_unverify(client, outbox, mail_pocketbase, admin):
    email = await verified_account(client, outbox, "raise")
    session = await client.auth_with_password(email, PASSWORD, client_ip=next_client_ip())
    path = f"{mail_pocketbase}/api/collections/users/records/{session.record['id']}"
    for body in ({"role": "full"}, {"verified": False}):
        response = httpx.patch(path, json=body, headers={"Authorization": session.token})
        assert response.status_code in (400, 404), response.text
    stored = admin.get(f"/api/collections/users/records/{session.record['id']}").json()
    assert (stored["role"], stored["verified"]) == ("basic", True)


# --------------------------------------------------------------------- notes and asking for access


async def test_basic_student_gets_no_notes_and_asks_for_access_once(client, outbox, admin):
    email = await verified_account(client, outbox, "asker")
    session = await client.auth_with_password(email, PASSWORD, client_ip=next_client_ip())
    assert (await client.list(Collection.NOTES, token=session.token)).items == []  # rules: notes or full

    request = await client.request_access(session.record["id"], NOTES_ACCESS, token=session.token)
    assert request["user"] == session.record["id"]
    with pytest.raises(ClientResponseError) as again:
        await client.request_access(session.record["id"], NOTES_ACCESS, token=session.token)
    assert _already_asked(again.value)
    # The content managers see it in the admin UI (superusers).
    seen = admin.get(
        f"/api/collections/{Collection.ACCESS_REQUESTS}/records", params={"filter": f'user = "{session.record["id"]}"'}
    ).json()
    assert [item["access"] for item in seen["items"]] == [NOTES_ACCESS]


async def test_access_requests_are_the_owners_only(client, outbox):
    first = await client.auth_with_password(
        await verified_account(client, outbox, "owner"), PASSWORD, client_ip=next_client_ip()
    )
    other = await client.auth_with_password(
        await verified_account(client, outbox, "other"), PASSWORD, client_ip=next_client_ip()
    )
    await client.request_access(first.record["id"], NOTES_ACCESS, token=first.token)
    with pytest.raises(ClientResponseError) as forged:  # in another student's name
        await client.request_access(first.record["id"], NOTES_ACCESS, token=other.token)
    assert forged.value.status in (400, 403)
    assert (await client.list(Collection.ACCESS_REQUESTS, token=other.token)).items == []
    assert len((await client.list(Collection.ACCESS_REQUESTS, token=first.token)).items) == 1
    with pytest.raises(ClientResponseError):  # no guest
        await client.request_access(first.record["id"], NOTES_ACCESS, token="")


# --------------------------------------------------------------------- forgotten password


async def test_reset_by_the_mailed_link_ends_the_old_password_and_sessions(client, outbox):
    email = await verified_account(client, outbox, "forgot")
    old_session = await client.auth_with_password(email, PASSWORD, client_ip=next_client_ip())
    before = outbox.count()
    await client.request_password_reset(email, client_ip=next_client_ip())
    token = link_token(outbox.wait_for(email, after=before), "/reset-password/")
    await client.confirm_password_reset(token, NEW_PASSWORD, NEW_PASSWORD, client_ip=next_client_ip())

    with pytest.raises(ClientResponseError) as old:
        await client.auth_with_password(email, PASSWORD, client_ip=next_client_ip())
    assert login_error_text(old.value) == Text.LOGIN_FAILED
    with pytest.raises(ClientResponseError) as stale:
        await client.auth_refresh(old_session.token)
    assert stale.value.status == 401
    assert (await client.auth_with_password(email, NEW_PASSWORD, client_ip=next_client_ip())).token
    with pytest.raises(ClientResponseError) as used:  # the link worked once
        await client.confirm_password_reset(token, PASSWORD, PASSWORD, client_ip=next_client_ip())
    assert account_error_text(used.value, "") == AccountText.LINK_INVALID


async def test_unknown_address_gets_the_same_answer_and_no_mail(client, outbox):
    before = outbox.count()
    nobody = new_email("nobody")
    assert await client.request_password_reset(nobody, client_ip=next_client_ip()) is None
    assert await client.request_verification(nobody, client_ip=next_client_ip()) is None
    with pytest.raises(TimeoutError):
        outbox.wait_for(nobody, after=before, timeout=2)


# --------------------------------------------------------------------- the account page's calls


async def test_change_password_and_sign_out_everywhere(client, outbox):
    email = await verified_account(client, outbox, "changer")
    session = await client.auth_with_password(email, PASSWORD, client_ip=next_client_ip())
    with pytest.raises(ClientResponseError) as wrong:
        await client.change_password(
            session.record["id"], "not-it-123", NEW_PASSWORD, NEW_PASSWORD, token=session.token
        )
    assert account_error_text(wrong.value, "") == AccountText.WRONG_PASSWORD
    await client.change_password(session.record["id"], PASSWORD, NEW_PASSWORD, NEW_PASSWORD, token=session.token)
    with pytest.raises(ClientResponseError):
        await client.auth_refresh(session.token)  # every earlier token ends with the old password

    fresh = await client.auth_with_password(email, NEW_PASSWORD, client_ip=next_client_ip())
    second = await client.auth_with_password(email, NEW_PASSWORD, client_ip=next_client_ip())
    await client.sign_out_everywhere(token=fresh.token)
    for token in (fresh.token, second.token):
        with pytest.raises(ClientResponseError) as ended:
            await client.auth_refresh(token)
        assert ended.value.status == 401
    with pytest.raises(ClientResponseError) as guest:
        await client.sign_out_everywhere(token="")
    assert guest.value.status == 401


async def test_change_email_by_the_mailed_link(client, outbox):
    email = await verified_account(client, outbox, "mover")
    session = await client.auth_with_password(email, PASSWORD, client_ip=next_client_ip())
    moved, before = new_email("moved"), outbox.count()
    await client.request_email_change(moved, token=session.token, client_ip=next_client_ip())
    mail = outbox.wait_for(moved, after=before)
    assert mail["subject"] == expected_subject("email_change", Language.EN)
    token = link_token(mail, "/confirm-email/")
    with pytest.raises(ClientResponseError) as wrong:
        await client.confirm_email_change(token, "not-the-password", client_ip=next_client_ip())
    assert account_error_text(wrong.value, "") == AccountText.WRONG_PASSWORD
    await client.confirm_email_change(token, PASSWORD, client_ip=next_client_ip())
    assert (await client.auth_with_password(moved, PASSWORD, client_ip=next_client_ip())).record["email"] == moved


async def test_wrong_passwords_confirming_an_email_change_count_toward_the_lockout(client, outbox):
    """Issue 49, finding 1: with a session and a mailed link, the password was guessable without
    limit on /confirm-email; now it counts with sign-in's, and a locked account refuses it."""
    email = await verified_account(client, outbox, "confirmguess")
    session = await client.auth_with_password(email, PASSWORD, client_ip=next_client_ip())
    moved, before = new_email("confirmmoved"), outbox.count()
    await client.request_email_change(moved, token=session.token, client_ip=next_client_ip())
    token = link_token(outbox.wait_for(moved, after=before), "/confirm-email/")
    for n in range(10):
        with pytest.raises(ClientResponseError) as wrong:
            await client.confirm_email_change(token, f"guess-{n}-pass", client_ip=next_client_ip())
        assert wrong.value.status == 400
    with pytest.raises(ClientResponseError) as locked:
        await client.confirm_email_change(token, PASSWORD, client_ip=next_client_ip())
    assert locked.value.status == 429
    assert account_error_text(locked.value, "") == Text.account_locked(15)
    with pytest.raises(ClientResponseError) as sign_in_locked:
        await client.auth_with_password(email, PASSWORD, client_ip=next_client_ip())
    assert sign_in_locked.value.status == 429


async def test_the_account_page_says_locked_after_wrong_current_passwords(client, outbox):
    email = await verified_account(client, outbox, "pwguess")
    session = await client.auth_with_password(email, PASSWORD, client_ip=next_client_ip())
    for n in range(10):
        with pytest.raises(ClientResponseError):
            await client.change_password(
                session.record["id"], f"guess-{n}-pass", NEW_PASSWORD, NEW_PASSWORD, token=session.token
            )
    with pytest.raises(ClientResponseError) as locked:
        await client.change_password(session.record["id"], PASSWORD, NEW_PASSWORD, NEW_PASSWORD, token=session.token)
    assert account_error_text(locked.value, "") == Text.account_locked(15)


# --------------------------------------------------------------------- limits


async def test_sign_ups_from_one_address_are_limited_with_a_clear_message(client):
    address = next_client_ip()
    answers = []
    for n in range(7):
        try:
            await client.sign_up(new_email(f"flood{n}"), PASSWORD, PASSWORD, language="en", client_ip=address)
            answers.append(200)
        except ClientResponseError as error:
            answers.append(error.status)
            last = error
    assert answers[:5] == [200] * 5 and answers[5:] == [429, 429]
    assert account_error_text(last, "") == AccountText.TOO_MANY_REQUESTS


async def test_sign_ups_and_resets_from_one_ipv6_64_share_its_limit(client, outbox):
    """Issue 49, finding 5: twelve addresses of one /64 each got a fresh allowance."""
    line = f"2001:db8:{next_client_ip().split('.', 2)[2].replace('.', ':')}"
    answers = []
    for n in range(7):
        try:
            await client.sign_up(
                new_email(f"six{n}"), PASSWORD, PASSWORD, language="en", client_ip=f"{line}::{n + 1:x}"
            )
            answers.append(200)
        except ClientResponseError as error:
            answers.append(error.status)
    assert answers == [200] * 5 + [429, 429]
    statuses = []
    for n in range(6):
        try:
            await client.request_password_reset(new_email(f"sixreset{n}"), client_ip=f"{line}:{n + 1:x}::1")
            statuses.append(204)
        except ClientResponseError as error:
            statuses.append(error.status)
    assert statuses == [204] * 5 + [429]


async def test_reset_mails_from_one_address_are_limited(client, outbox):
    address, before = next_client_ip(), outbox.count()
    statuses = []
    for n in range(6):
        try:
            await client.request_password_reset(new_email(f"reset{n}"), client_ip=address)
            statuses.append(204)
        except ClientResponseError as error:
            statuses.append(error.status)
    assert statuses == [204] * 5 + [429]
    assert outbox.count() == before  # none of them had an account


async def test_email_change_mails_per_account_are_capped(client, outbox):
    email = await verified_account(client, outbox, "capped")
    session = await client.auth_with_password(email, PASSWORD, client_ip=next_client_ip())
    answers = []
    for n in range(4):
        try:
            await client.request_email_change(new_email(f"cap{n}"), token=session.token, client_ip=next_client_ip())
            answers.append(204)
        except ClientResponseError as error:
            answers.append(error.status)
            last = error
    assert answers == [204, 204, 204, 429], last.response
    assert account_error_text(last, "") == AccountText.TOO_MANY_REQUESTS
