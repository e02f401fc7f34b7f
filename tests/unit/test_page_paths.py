"""Built pages at their own address, no trailing-slash redirect (student_portal/server/page_paths.py)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from student_portal import reflex_internals
from student_portal.server.page_paths import with_page_paths


@pytest.fixture
def build(tmp_path: Path) -> Path:
    for page in ("booking", "si/booking", "ta", "ol-folder"):
        (tmp_path / page).mkdir(parents=True)
        (tmp_path / page / "index.html").write_text("<html></html>")
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "app.js").write_text("")
    return tmp_path


def reaching(build: Path, path: str, method: str = "GET", accept_encoding: bytes = b"gzip, deflate, br, zstd"):
    seen: list[dict] = []

    async def app(scope, receive, send) -> None:
        seen.append(scope)

    scope = {
        "type": "http",
        "method": method,
        "path": path,
        "raw_path": path.encode(),
        "headers": [(b"host", b"site.test"), (b"accept-encoding", accept_encoding)],
    }
    asyncio.run(with_page_paths(app, lambda: build)(scope, None, None))
    return seen[0]


@pytest.mark.parametrize("path", ["/booking", "/si/booking", "/ta", "/ol-folder"])
def test_a_built_page_without_the_slash_reaches_the_file_server_as_its_folder(build: Path, path: str) -> None:
    scope = reaching(build, path)
    assert scope["path"] == path + "/" and scope["raw_path"] == path.encode() + b"/"


@pytest.mark.parametrize(
    "path", ["/booking/", "/", "/news/abc123", "/assets/app.js", "/_event", "/Booking", "/x/../booking"]
)
def test_other_addresses_are_left_as_they_are(build: Path, path: str) -> None:
    assert reaching(build, path)["path"] == path


def test_only_reads_are_rewritten(build: Path) -> None:
    assert reaching(build, "/booking", method="POST")["path"] == "/booking"


def test_pages_are_offered_gzip_only_files_keep_brotli(build: Path) -> None:
    page = dict(reaching(build, "/booking")["headers"])
    asset = dict(reaching(build, "/assets/app.js")["headers"])
    assert page[b"accept-encoding"] == b"gzip" and asset[b"accept-encoding"] == b"gzip, deflate, br, zstd"
    assert b"accept-encoding" not in dict(reaching(build, "/booking", accept_encoding=b"br")["headers"])
    assert (
        dict(reaching(build, "/jobs/", accept_encoding=b"br;q=1, GZIP;q=0.5")["headers"])[b"accept-encoding"] == b"gzip"
    )
    # The service worker precaches built pages by their file names (/saved.html): pages too.
    assert dict(reaching(build, "/saved.html")["headers"])[b"accept-encoding"] == b"gzip"


def test_the_build_folder_is_where_reflex_writes_and_serves_pages(tmp_path: Path, monkeypatch) -> None:
    from reflex.utils.exec import get_frontend_mount

    # A fresh clone has no build yet when the unit tests run (the browser tests make it), and
    # Reflex's file server refuses a missing folder: point Reflex's web dir at an empty one.
    monkeypatch.setenv("REFLEX_WEB_WORKDIR", str(tmp_path))
    built = reflex_internals.built_pages_dir()
    assert built.is_relative_to(tmp_path.resolve())
    built.mkdir(parents=True)
    assert Path(get_frontend_mount().app.directory).resolve() == built


@pytest.mark.parametrize("path", ["/paper.pdf", "/si/old-page.html", "/ta/assets/x.js", "/assets/gone.js"])
def test_a_file_name_the_build_lacks_gets_the_page_shell_gzip_only(build: Path, path: str) -> None:
    # Reflex answers it with its HTML shell (the 404), whose scripts the policy hashes from gzip only.
    assert dict(reaching(build, path)["headers"])[b"accept-encoding"] == b"gzip"
