"""Every environment variable the site reads, in one typed object (pydantic-settings).

`settings()` reads the environment on each call, so a test or a worker
that changes a variable sees it at once. The table of docs/configuration.md is generated from
this class (`python -m student_portal.settings --write-docs`); a unit test fails when they differ.
Some variables are read by others (the Makefile, Reflex, PocketBase's hooks): they are declared
here too, so the one table documents everything and a bad value fails with the variable's name.
"""

from __future__ import annotations

import functools
import logging
import os
import re
import sys
from pathlib import Path
from typing import Any

from pydantic import AliasGenerator, Field, field_validator
from pydantic.json_schema import JsonDict
from pydantic_settings import BaseSettings, SettingsConfigDict

from student_portal.constants import Limit, Timing

log = logging.getLogger(__name__)

CONFIGURATION_DOC = Path(__file__).resolve().parent.parent / "docs" / "configuration.md"
DEFAULT_CONTENT_CACHE_TTL_S = 30.0


def _var(default: Any, meaning: str, *, shown: str | None = None, **constraints: Any) -> Any:
    """A field whose table row says `meaning`, with `shown` as its default when str() will not do."""
    extra: JsonDict | None = {"shown_default": shown} if shown is not None else None
    return Field(default, description=meaning, json_schema_extra=extra, **constraints)


class Settings(BaseSettings):
    """Field `name` is the variable `NAME`; an empty value counts as unset."""

    # Exactly the upper-case names (as the code before this module read them).
    model_config = SettingsConfigDict(
        case_sensitive=True,
        alias_generator=AliasGenerator(validation_alias=str.upper),
        env_ignore_empty=True,
        extra="ignore",
        frozen=True,
    )

    port: int = _var(3000, "where `make run` serves the site (frontend and backend on one port)", ge=1, le=65535)
    deploy_url: str | None = _var(
        None,
        "the site's public address, used in link previews, canonical links, the sitemap and calendars",
        shown="`http://localhost:$PORT`",
    )
    pocketbase_url: str | None = _var(None, "use this PocketBase and start none; unset: start the bundled one")
    pocketbase_port: int = _var(8090, "port of the bundled PocketBase (loopback only)", ge=1, le=65535)
    pocketbase_data_dir: Path = _var(
        Path("pb_data"),
        "data folder of the bundled PocketBase (`make reset-demo` deletes the default one)",
        shown="`pb_data/`",
    )
    search_index_dir: Path = _var(
        Path("search_index"),
        "where the index of the text inside papers lives (`python -m student_portal.search.pages rebuild` remakes it)",
        shown="`search_index/`",
    )
    search_indexer_email: str | None = _var(
        None, "a PocketBase superuser the paper indexer signs in as; unset: one the bundled PocketBase is given"
    )
    search_indexer_password: str | None = _var(None, "that superuser's password", shown="unset")
    pocketbase_public_url: str | None = _var(
        None,
        "a CDN in front of PocketBase's `/api/files/` for public files; unset: the site's own `/files/`",
    )
    pb_trusted_proxies: str = _var(
        "127.0.0.1,::1",
        "(read by PocketBase's hook) peers whose `X-Forwarded-For` PocketBase believes: the site's servers",
        shown="`127.0.0.1,::1`",
    )
    pb_backup_cron: str = _var(
        "30 21 * * *",
        "(read by PocketBase's hook) when PocketBase backs up its data, cron syntax in UTC; `off` for never",
        shown="`30 21 * * *` (03:00 in Colombo)",
    )
    pb_backup_keep: int = _var(7, "(read by PocketBase's hook) how many scheduled backups are kept", ge=1)
    pb_backup_s3_bucket: str | None = _var(
        None, "(read by PocketBase's hook) keep backups in this S3-compatible bucket instead of `pb_data/backups`"
    )
    pb_backup_s3_region: str | None = _var(None, "(read by PocketBase's hook) the bucket's region")
    pb_backup_s3_endpoint: str | None = _var(None, "(read by PocketBase's hook) the S3-compatible service's address")
    pb_backup_s3_access_key: str | None = _var(None, "(read by PocketBase's hook) the bucket's access key")
    pb_backup_s3_secret: str | None = _var(None, "(read by PocketBase's hook) the bucket's secret key")
    pb_backup_s3_force_path_style: bool = _var(
        False, "(read by PocketBase's hook) path-style bucket addresses (MinIO and some others need it)"
    )
    content_cache_ttl: float = _var(
        DEFAULT_CONTENT_CACHE_TTL_S,
        "seconds the shared content cache trusts its copy while realtime is down (10 min while it is up)",
        shown="30",
    )
    reflex_redis_url: str | None = _var(
        None, "share state in Redis and run several workers (see [Production layout](operations.md#production-layout))"
    )
    granian_workers: int | None = _var(
        None,
        "worker count with Redis (`make run-redis`: one per core, at least 2)",
        shown="2 x cores + 1",
        ge=1,
    )
    reflex_redis_max_connections: int = _var(
        Limit.REDIS_CONNECTIONS,
        "(Reflex's; ours by default, Reflex's is unbounded) Redis connections each of a worker's two Redis"
        " clients may open; at the cap an event waits for a free one"
        " (see [Connection limits](operations.md#connection-limits))",
        ge=3,
    )
    reflex_redis_pool_timeout: str = _var(
        f"{Timing.REDIS_POOL_WAIT_S}s",
        "(Reflex's; ours by default, Reflex's is 2s) how long an event waits for a free Redis connection before it"
        " fails, as Reflex reads it (`8`, `8s`, `500ms`); less than the 10 s state lock",
    )
    redis_port: int = _var(
        6379, "where `make run-redis` starts its own Redis when `REFLEX_REDIS_URL` is unset", ge=1, le=65535
    )
    reflex_trusted_proxy_hops: int = _var(
        0,
        "reverse proxies in front of the site that append to `X-Forwarded-For` (set 1 behind one nginx)",
        ge=0,
    )
    smtp_host: str | None = _var(
        None,
        "(read by PocketBase's hook) the mail server for account mails; unset: the bundled PocketBase's mails "
        "go to the development outbox `pb_data/outbox/` (see docs/accounts.md)",
    )
    dev_outbox_links: bool = _var(
        False,
        "development only: print the links of the outbox's mails on the console in production mode too "
        "(`make run` on your own machine without `SMTP_HOST`); `make dev` prints them anyway",
    )
    pb_sign_in_tracked_max: int = _var(
        100_000,
        "(read by PocketBase's hook) accounts the per-account password lockout counts at once; when that "
        "many hold failures, an account it does not hold is refused, not tried uncounted",
        ge=1,
    )
    smtp_port: int = _var(587, "(read by PocketBase's hook) the mail server's port", ge=1, le=65535)
    smtp_username: str | None = _var(None, "(read by PocketBase's hook) the mail server's user name")
    smtp_password: str | None = _var(None, "(read by PocketBase's hook) the mail server's password")
    smtp_tls: bool = _var(
        False, "(read by PocketBase's hook) `true`: TLS from the start (port 465); otherwise STARTTLS when offered"
    )
    mail_sender: str | None = _var(
        None, "(read by PocketBase's hook) the From address of account mails", shown="PocketBase's sender"
    )
    address_event_limit: bool = _var(
        True,
        "limit the websocket events of one visitor address (off only for load tests whose visitors share one address)",
    )
    dev_langs: str = _var(
        "",
        "only these languages' pages are compiled, space- or comma-separated (`en si ta`): `make dev` sets"
        " it (`LANGS=en` by default); never on a server (`make run` clears it)",
        shown="all three",
    )
    dev_pages: str = _var(
        "",
        "only these pages are compiled (English routes as declared, space- or comma-separated), every other"
        " address showing the 404 page: `make dev PAGES=/jobs` and `make check-page` set it; `opened` (plain"
        " `make dev`): the pages opened in the browser, each compiled when first opened; never on a server",
        shown="every page",
    )
    site_build_id: str | None = _var(
        None,
        'the build\'s name in every page (`<meta name="build">`), to see a deploy took over',
        shown="the git commit",
    )

    @field_validator("content_cache_ttl", mode="before")
    @classmethod
    def _lenient_ttl(cls, raw: Any) -> Any:
        # A typo here must not stop the site: warn and keep the default (as before settings existed).
        try:
            value = float(raw)
        except (TypeError, ValueError):
            log.warning("CONTENT_CACHE_TTL=%r is not a number: using %ss", raw, DEFAULT_CONTENT_CACHE_TTL_S)
            return DEFAULT_CONTENT_CACHE_TTL_S
        return value if value >= 0 else DEFAULT_CONTENT_CACHE_TTL_S

    @property
    def site_address(self) -> str:
        return self.deploy_url or f"http://localhost:{self.port}"


_VARIABLE = {field: field.upper() for field in Settings.model_fields}
_NAMES = tuple(_VARIABLE.values())


def settings() -> Settings:
    """The environment as it is now (parsed once per distinct set of values: parsing costs ~3 ms)."""
    return _parsed(tuple(map(os.environ.get, _NAMES)))


def variables(*fields: str) -> tuple[str | None, ...]:
    """The raw values behind some settings' `fields`, as they are now: a cheap key for something
    made from a few settings, which a hot path checks (settings() reads every variable: ~9 us)."""
    return tuple(os.environ.get(_VARIABLE[field]) for field in fields)  # KeyError: no such setting


def bound_reflex_redis_pool() -> None:
    """Reflex's own Redis pool variables, set to ours unless the operator set them (before Reflex
    makes its Redis clients; Limit.REDIS_CONNECTIONS says why)."""
    values = settings()
    os.environ.setdefault("REFLEX_REDIS_MAX_CONNECTIONS", str(values.reflex_redis_max_connections))
    os.environ.setdefault("REFLEX_REDIS_POOL_TIMEOUT", values.reflex_redis_pool_timeout)


def environment_with(extra: dict[str, str]) -> dict[str, str]:
    """This process's environment plus `extra`: for a child process (the bundled PocketBase,
    whose hooks read SMTP_* and DEPLOY_URL)."""
    return {**os.environ, **extra}


@functools.lru_cache(maxsize=8)
def _parsed(_values: tuple[str | None, ...]) -> Settings:
    return Settings()


def configuration_table() -> str:
    """docs/configuration.md's table: one row per field of `Settings`."""
    rows = ["| variable | default | meaning |", "|---|---|---|"]
    for name, field in Settings.model_fields.items():
        extra = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
        shown = extra.get("shown_default")
        if shown is None:
            shown = "unset" if field.default is None else str(field.default)
        rows.append(f"| `{name.upper()}` | {shown} | {field.description} |")
    return "\n".join(rows) + "\n"


# The table in docs/configuration.md: from its header row to the first line that is not a table row.
_TABLE = re.compile(r"^\| variable \| default \| meaning \|\n(?:\|.*\n)*", re.MULTILINE)


def with_configuration_table(doc: str) -> str:
    if not _TABLE.search(doc):
        raise ValueError("docs/configuration.md has no '| variable | default | meaning |' table")
    return _TABLE.sub(lambda _: configuration_table(), doc, count=1)


def main(argv: list[str]) -> int:
    """`python -m student_portal.settings` prints the table; `--write-docs` puts it in docs/configuration.md."""
    if argv == ["--write-docs"]:
        CONFIGURATION_DOC.write_text(with_configuration_table(CONFIGURATION_DOC.read_text()))
        return 0
    print(configuration_table(), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
