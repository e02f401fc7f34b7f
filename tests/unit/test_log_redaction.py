"""Secrets never reach a log line (issue 16, finding 4): the redaction rules, and the record
factory every logger of the process goes through."""

from __future__ import annotations

import logging

import pytest

from student_portal.server import log_redaction
from student_portal.server.log_redaction import redact

TAB = "0b8a3c2e-1f2a-4b3c-9d8e-123456789abc"
JWT = "eyJhbGciOiJIUzI1NiJ9.eyJpZCI6Im5vdGVzIn0.c2lnbmF0dXJlMTIz"

# What Reflex 0.10.1 logs for an event whose handler does not exist (an old tab's).
OLD_TAB_EVENT = (
    f"Error processing event queue entry for Event(token='{TAB}', name='state.login_state.submit_old', "
    "payload={'form': {'identity': 'notes', 'password': \"it's-secret\"}}, router_data={'headers': "
    f"{{'authorization': 'Bearer {JWT}', 'cookie': 'pb_auth=cookie-secret; theme=dark', 'host': 'site'}}, "
    f"'token': '{TAB}'}})"
)


@pytest.mark.parametrize(
    "text, secrets",
    [
        (OLD_TAB_EVENT, ["it's-secret", JWT, "cookie-secret", TAB]),
        ('{"identity": "me", "password": "p\\"w"}', ['p\\"w']),
        (f"GET /api/files/c/r/n.pdf?thumb=1&token={JWT} 200", [JWT]),
        ("Authorization: Basic dXNlcjpwYXNz\nCookie: pb_auth=s3cret", ["dXNlcjpwYXNz", "s3cret"]),
        (f"Dropping stale event for token {TAB}", [TAB]),
    ],
)
def test_secrets_are_replaced_and_the_rest_is_kept(text: str, secrets: list[str]) -> None:
    redacted = redact(text)
    for secret in secrets:
        assert secret not in redacted
    assert "***" in redacted


def test_ordinary_messages_are_left_alone() -> None:
    for text in ("file token: status 404 (not found)", "News: 12 records", "sign-in refused: status 400"):
        assert redact(text) == text


@pytest.fixture
def redacting():
    log_redaction.install()
    log_redaction.install()  # idempotent
    yield
    log_redaction.uninstall()  # other tests check what code itself logs


def test_every_logger_writes_redacted_records_and_tracebacks(redacting, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO):
        logging.getLogger("reflex_base.event.processor").info("%s", OLD_TAB_EVENT)
        try:
            raise ValueError(f"Failed to deserialize event data: {{'password': 'in-the-exception', 'token': '{TAB}'}}")
        except ValueError:
            logging.getLogger("anything").exception("event failed")
    text = caplog.text
    for secret in ("it's-secret", JWT, "cookie-secret", TAB, "in-the-exception"):
        assert secret not in text
    assert "submit_old" in text and "event failed" in text
