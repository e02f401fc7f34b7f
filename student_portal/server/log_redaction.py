"""No password, credential header or tab token reaches a log line (issue 16, finding 4).

Reflex logs a whole event when it cannot process it (an old tab after a deploy names a handler
that no longer exists): its payload (a sign-in form's password), every request header
(`Authorization`, `Cookie`) and the tab's token. Every log record of the process, ours and
Reflex's and any library's, is made by the record factory installed here, which rewrites the
finished message (and the exception text) with those values replaced by `***`. Pure text
rules, so they also hold for messages built with f-strings, reprs and JSON.
"""

from __future__ import annotations

import logging
import re
import traceback
from collections.abc import Callable

REDACTED = "***"

# Keys whose values are secrets wherever they appear: a dict repr or JSON (`'password': 'x'`),
# a dataclass repr or a query string (`token='x'`, `token=x`).
SECRET_KEYS = (
    "password",
    "passwordConfirm",
    "oldPassword",
    "token",
    "client_token",
    "authorization",
    "proxy-authorization",
    "cookie",
    "set-cookie",
    "x-api-key",
    "pb_auth",
    "pocketbase_auth",
)
_KEYS = "|".join(re.escape(k) for k in SECRET_KEYS)
# 'key': 'value' / "key": "value" (quotes may differ; escaped quotes inside the value kept).
_QUOTED = re.compile(
    rf"""(?P<k>(['"])(?:{_KEYS})\2\s*:\s*)(?P<q>['"])(?:\\.|(?!(?P=q)).)*(?P=q)""", re.IGNORECASE | re.DOTALL
)
# key='value' (a dataclass or keyword repr)
_KEYWORD = re.compile(rf"""(?P<k>\b(?:{_KEYS})=)(?P<q>['"])(?:\\.|(?!(?P=q)).)*(?P=q)""", re.IGNORECASE | re.DOTALL)
# key=value in a query string or a cookie: up to the next separator.
_BARE = re.compile(rf"""(?P<k>(?:[?&;\s]|^)(?:{_KEYS})=)(?!['"*])[^\s&'",;}}]+""", re.IGNORECASE)
# A raw header line ("Authorization: Bearer x", "Cookie: a=b; c=d"): the rest of the line.
_HEADER_LINE = re.compile(
    r"(?P<k>\b(?:authorization|proxy-authorization|cookie|set-cookie|x-api-key):[ \t]*)(?!['\"*])[^\r\n]+",
    re.IGNORECASE,
)
# Values recognisable on their own: JSON web tokens (PocketBase auth and file tokens) and UUIDs
# (Reflex's tab tokens, also logged bare: "for token 3f2a...").
_JWT = re.compile(r"\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}")
_UUID = re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b", re.IGNORECASE)
_BEARER = re.compile(r"\b(Bearer|Basic)\s+[\w\-.~+/=]+", re.IGNORECASE)


def redact(text: str) -> str:
    """`text` with every secret value replaced by `***` (keys and layout kept, for debugging)."""
    text = _QUOTED.sub(lambda m: f"{m['k']}{m['q']}{REDACTED}{m['q']}", text)
    text = _KEYWORD.sub(lambda m: f"{m['k']}{m['q']}{REDACTED}{m['q']}", text)
    text = _BARE.sub(lambda m: f"{m['k']}{REDACTED}", text)
    text = _HEADER_LINE.sub(lambda m: f"{m['k']}{REDACTED}", text)
    text = _JWT.sub(REDACTED, text)
    text = _BEARER.sub(lambda m: f"{m[1]} {REDACTED}", text)
    return _UUID.sub(REDACTED, text)


def _redacted_record(record: logging.LogRecord) -> logging.LogRecord:
    try:
        message = record.getMessage()
    except Exception:  # a broken format string: leave it to the handler's own error report
        return record
    record.msg, record.args = redact(message), None
    if record.exc_info and record.exc_info[1] is not None and not record.exc_text:
        # Formatters print `exc_text` when set: the traceback, its messages redacted.
        record.exc_text = redact("".join(traceback.format_exception(*record.exc_info)).rstrip("\n"))
    if record.stack_info:
        record.stack_info = redact(record.stack_info)
    return record


_previous_factory: Callable[..., logging.LogRecord] | None = None


def install() -> None:
    """Make every log record of this process redacted (idempotent; once per worker)."""
    global _previous_factory
    if _previous_factory is not None:
        return
    make_record = _previous_factory = logging.getLogRecordFactory()

    def factory(*args, **kwargs) -> logging.LogRecord:
        return _redacted_record(make_record(*args, **kwargs))

    logging.setLogRecordFactory(factory)


def uninstall() -> None:
    """Back to the factory before `install` (tests that must see what code logs unredacted)."""
    global _previous_factory
    if _previous_factory is not None:
        logging.setLogRecordFactory(_previous_factory)
        _previous_factory = None
