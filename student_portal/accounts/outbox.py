"""An SMTP server on loopback that keeps every mail it is given (aiosmtpd): the development
outbox of `make run` without SMTP_HOST, and the mail server of the tests.

PocketBase sends to it like to any SMTP server. Each mail is kept in memory (tests read them)
and, with a `folder`, as a Maildir message (`folder/new/`, one plain RFC 822 file per mail, as
any mail reader opens it); `announce` is told each mail's recipient, subject and links, so a
developer can click the verification link straight from the console.
"""

from __future__ import annotations

import email
import email.policy
import mailbox
import re
import socket
import threading
import time
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller

LOOPBACK = "127.0.0.1"
_LINK = re.compile(r"https?://\S+")


def free_port(host: str = LOOPBACK) -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def mail_text(message: EmailMessage) -> str:
    """The plain-text body (the HTML one when there is no text part)."""
    part = message.get_body(preferencelist=("plain", "html"))
    return part.get_content() if part is not None else ""


def mail_links(message: EmailMessage) -> list[str]:
    """The web addresses in a mail's text, in order."""
    return _LINK.findall(mail_text(message))


def _maildir(folder: Path) -> mailbox.Maildir:
    # mailbox makes the Maildir's folders only when `folder` does not exist yet: make them here
    # (owner only: the mails hold sign-in links).
    for part in ("tmp", "new", "cur"):
        (folder / part).mkdir(mode=0o700, parents=True, exist_ok=True)
    return mailbox.Maildir(folder, create=False)


class Outbox:
    def __init__(
        self,
        folder: Path | None = None,
        *,
        host: str = LOOPBACK,
        port: int | None = None,
        announce: Callable[[str], None] | None = None,
    ) -> None:
        self.folder = folder
        self.host = host
        self.port = port or free_port(host)
        self.announce = announce
        self.messages: list[EmailMessage] = []
        self._arrived = threading.Condition()
        self._maildir = _maildir(folder) if folder is not None else None
        self._controller = Controller(self, hostname=host, port=self.port)

    # aiosmtpd calls this for each mail (in its own thread).
    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        raw = envelope.original_content or envelope.content
        data = raw if isinstance(raw, bytes) else str(raw).encode()
        message = email.message_from_bytes(data, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        if self._maildir is not None:
            self._maildir.add(data)
        with self._arrived:
            self.messages.append(message)
            self._arrived.notify_all()
        if self.announce is not None:
            links = " ".join(mail_links(message))
            self.announce(f"Mail to {', '.join(envelope.rcpt_tos)}: {message['subject']} {links}".rstrip())
        return "250 Message accepted for delivery"

    def start(self) -> Outbox:
        self._controller.start()
        return self

    def stop(self) -> None:
        self._controller.stop()

    def __enter__(self) -> Outbox:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def smtp_environment(self) -> dict[str, str]:
        """The variables that point PocketBase's mail at this outbox (pb_hooks/mail_settings.pb.js)."""
        return {"SMTP_HOST": self.host, "SMTP_PORT": str(self.port), "SMTP_TLS": "false"}

    def wait_for(self, to: str, *, after: int = 0, timeout: float = 15.0) -> EmailMessage:
        """The first mail to `to` among those that arrived after the first `after` mails."""
        deadline = time.monotonic() + timeout
        with self._arrived:
            while True:
                for message in self.messages[after:]:
                    if to.lower() in str(message["to"]).lower():
                        return message
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"no mail to {to} within {timeout:.0f}s")
                self._arrived.wait(left)

    def count(self) -> int:
        with self._arrived:
            return len(self.messages)
