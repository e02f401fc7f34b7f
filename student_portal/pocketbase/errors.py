"""The one error the PocketBase client raises (spec section 8, "Backend client errors").

Every failure of a call - an error status, a body that is not what PocketBase sends, a time-out,
a refused connection, a request aborted because the client was closed - becomes a
`ClientResponseError`, so callers catch one thing. Messages, reprs and logs never carry a
token or a password: `url` is stored with any `token` query parameter redacted, and the
request body is never kept.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import httpx

from student_portal.i18n.texts import Text

RATE_LIMITED_STATUS = 429

# Query parameters that may carry a credential (file tokens travel as `?token=`).
_SECRET_PARAMS = frozenset({"token", "password"})


def redact_url(url: str) -> str:
    """`url` with the values of credential-carrying query parameters replaced by `***`."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "<invalid url>"
    if not parts.query:
        return url
    pairs = [
        (key, "***" if key.lower() in _SECRET_PARAMS else value)
        for key, value in parse_qsl(parts.query, keep_blank_values=True)
    ]
    return urlunsplit(parts._replace(query=urlencode(pairs)))


def _response_url(response: httpx.Response) -> str:
    try:
        return str(response.request.url)
    except RuntimeError:  # a Response built without a request
        return ""


class ClientResponseError(Exception):
    """A PocketBase call that did not give the expected answer.

    Attributes (the spec's names, snake_cased):
      url            the request address (credentials redacted)
      status         the HTTP status, or 0 when no response arrived
      response       the parsed JSON error body, or {} (PocketBase: {status, message, data})
      is_abort       True when the request was aborted before an answer (client closed, cancelled)
      original_error the underlying exception, if any
      message        what went wrong, safe to log; the UI shows its own spec texts instead
    """

    def __init__(
        self,
        *,
        url: str = "",
        status: int = 0,
        response: dict[str, Any] | None = None,
        is_abort: bool = False,
        original_error: BaseException | None = None,
        message: str | None = None,
    ) -> None:
        self.url = redact_url(url)
        self.status = int(status)
        self.response: dict[str, Any] = response if isinstance(response, dict) else {}
        self.is_abort = bool(is_abort)
        self.original_error = original_error
        body_message = self.response.get("message")
        if message:
            self.message = message
        elif isinstance(body_message, str) and body_message.strip():
            self.message = body_message
        else:
            self.message = Text.CLIENT_DEFAULT_ERROR
        super().__init__(self.message)

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(status={self.status}, url={self.url!r}, "
            f"is_abort={self.is_abort}, message={self.message!r})"
        )

    def __str__(self) -> str:
        return f"{self.message} (status {self.status}, {self.url})" if self.url else self.message

    def copy(self) -> ClientResponseError:
        """The same error as a new object (to raise again without sharing a traceback)."""
        return type(self)(
            url=self.url,
            status=self.status,
            response=self.response,
            is_abort=self.is_abort,
            original_error=self.original_error,
            message=self.message,
        )

    # --- what kind of failure ------------------------------------------------------------
    @property
    def is_rate_limited(self) -> bool:
        """PocketBase refused because this client IP sent too many requests (429)."""
        return self.status == RATE_LIMITED_STATUS

    @property
    def locked_for_s(self) -> int | None:
        """Seconds until a locked account may sign in again: our per-account limit's 429 says so
        (`data.retryAfter.message`, pb_hooks/sign_in_limit.pb.js); None for any other answer."""
        if self.status != RATE_LIMITED_STATUS:
            return None
        data = self.response.get("data")
        retry = data.get("retryAfter") if isinstance(data, dict) else None
        text = retry.get("message") if isinstance(retry, dict) else None
        digits = text.strip().rstrip(".") if isinstance(text, str) else ""
        return int(digits) if digits.isdecimal() and len(digits) < 9 else None

    @property
    def is_timeout(self) -> bool:
        return self.status == 0 and isinstance(self.original_error, httpx.TimeoutException)

    @property
    def is_unreachable(self) -> bool:
        """No answer at all: the backend is down, refused, timed out or cut the connection."""
        return self.status == 0 and not self.is_abort

    @property
    def is_not_found(self) -> bool:
        return self.status == 404

    # --- constructors ----------------------------------------------------------------------
    @classmethod
    def from_response(
        cls, response: httpx.Response, *, original_error: BaseException | None = None
    ) -> ClientResponseError:
        """An error answer: keeps PocketBase's JSON body (and its message) when there is one."""
        try:
            body = response.json()
        except ValueError:
            body = {}
        return cls(
            url=_response_url(response),
            status=response.status_code,
            response=body if isinstance(body, dict) else {},
            original_error=original_error,
        )

    @classmethod
    def bad_body(cls, response: httpx.Response, reason: str) -> ClientResponseError:
        """A 2xx answer whose body is not the JSON shape PocketBase sends."""
        return cls(
            url=_response_url(response),
            status=response.status_code,
            original_error=ValueError(f"unexpected response body: {reason}"),
        )

    @classmethod
    def from_transport_error(cls, url: str, error: httpx.TransportError) -> ClientResponseError:
        """No answer: a time-out or a connection that failed (status 0)."""
        message = Text.CLIENT_TIMEOUT if isinstance(error, httpx.TimeoutException) else Text.CLIENT_UNREACHABLE
        return cls(url=url, status=0, original_error=error, message=message)

    @classmethod
    def aborted(cls, url: str, error: BaseException | None = None) -> ClientResponseError:
        return cls(url=url, status=0, is_abort=True, original_error=error, message=Text.CLIENT_ABORTED)

    @classmethod
    def missing_id(cls, url: str) -> ClientResponseError:
        return cls(url=url, status=404, message=Text.CLIENT_MISSING_ID)

    @classmethod
    def not_found(cls, url: str) -> ClientResponseError:
        return cls(url=url, status=404, message=Text.CLIENT_NOT_FOUND)


def is_rate_limited(error: BaseException) -> bool:
    """True for a PocketBase 429 (e.g. too many sign-ins from one address)."""
    return isinstance(error, ClientResponseError) and error.is_rate_limited
