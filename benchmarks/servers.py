"""The servers a benchmark run needs: PocketBase with the demo data, our site built and served
as in production, and the blank Reflex template beside it for comparison.

Started the way the tests start them (tests/support), on the benchmark's own ports.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from benchmarks import config
from tests.support.pocketbases import start_pocketbase
from tests.support.site import Site

T = TypeVar("T")

# What `reflex init --template blank` writes (Reflex 0.10.1), used when init is not possible.
BLANK_RXCONFIG = """import reflex as rx

config = rx.Config(
    app_name="blank_app",
    plugins=[
        rx.plugins.SitemapPlugin(),
        rx.plugins.TailwindV4Plugin(),
        rx.plugins.RadixThemesPlugin(),
    ]
)
"""
BLANK_APP = '''"""Welcome to Reflex! This file outlines the steps to create a basic app."""

import reflex as rx

from rxconfig import config


class State(rx.State):
    """The app state."""


def index() -> rx.Component:
    # Welcome Page (Index)
    return rx.container(
        rx.color_mode.button(position="top-right"),
        rx.vstack(
            rx.heading("Welcome to Reflex!", size="9"),
            rx.text(
                "Get started by editing ",
                rx.code(f"{config.app_name}/{config.app_name}.py"),
                size="5",
            ),
            rx.link(
                rx.button("Check out our docs!"),
                href="https://reflex.dev/docs/getting-started/introduction/",
                is_external=True,
            ),
            spacing="5",
            justify="center",
            min_height="85vh",
        ),
    )


app = rx.App()
app.add_page(index)
'''


def reflex_env() -> dict[str, str]:
    bin_dir = Path(sys.executable).parent
    return {**os.environ, "PATH": f"{bin_dir}:{os.environ.get('PATH', '')}", "REFLEX_USE_NPM": "1"}


def create_blank_app(parent: Path) -> tuple[Path, str]:
    """The blank Reflex template in parent/blank_app; how it was made ("reflex init" or "written")."""
    app_dir = parent / "blank_app"
    made = app_dir / ".made_by"  # a second measurement in the same run (Lighthouse, then the floor) reuses it
    if made.exists():
        return app_dir, made.read_text()
    app_dir.mkdir(parents=True, exist_ok=True)
    init = subprocess.run(
        [str(Path(sys.executable).parent / "reflex"), "init", "--template", "blank"],
        cwd=app_dir,
        env=reflex_env(),
        capture_output=True,
        text=True,
        timeout=300,
        stdin=subprocess.DEVNULL,
    )
    if init.returncode == 0 and (app_dir / "blank_app" / "blank_app.py").exists():
        origin = "reflex init --template blank"
    else:
        (app_dir / "blank_app").mkdir(exist_ok=True)
        (app_dir / "blank_app" / "__init__.py").write_text("")
        (app_dir / "blank_app" / "blank_app.py").write_text(BLANK_APP)
        (app_dir / "rxconfig.py").write_text(BLANK_RXCONFIG)
        origin = "written by the benchmark (reflex init failed)"
    made.write_text(origin)
    return app_dir, origin


class Servers:
    """PocketBase (demo data, fresh) and our site on it; the site can be restarted cold."""

    def __init__(self, workdir: Path, log=print) -> None:
        self.workdir = workdir
        self.log = log
        self.pocketbase = None
        self.site: Site | None = None
        self.site_starts = 0

    def start_pocketbase(self) -> None:
        self.pocketbase = start_pocketbase(self.workdir / "pb_data", port=config.POCKETBASE_PORT)
        self.log(f"pocketbase {self.pocketbase.url} (demo data)")

    @property
    def site_url(self) -> str:
        return f"http://localhost:{config.SITE_PORT}"

    def start_site(self, extra_env: dict[str, str] | None = None) -> float:
        """Start (build and serve) the site, built with `extra_env` (say the address it is
        served from); seconds until it answered."""
        if self.site is not None:
            return 0.0
        started = time.monotonic()
        env = {**config.ONE_ADDRESS_ENV, **(extra_env or {})}
        self.site = Site(self.pocketbase.url, port=config.SITE_PORT, log_file=self.workdir / "site.log", extra_env=env)
        self.site.start()
        self.site_starts += 1
        took = time.monotonic() - started
        self.log(f"site {self.site_url} up in {took:.1f} s")
        return took

    def stop_site(self) -> None:
        if self.site is not None:
            self.site.stop()
            self.site = None

    def restart_site(self, extra_env: dict[str, str] | None = None) -> float:
        self.stop_site()
        return self.start_site(extra_env)

    def site_rss(self) -> tuple[int, int]:
        """(bytes, processes) resident for the site's processes (its whole process group)."""
        if self.site is None or self.site.process is None:
            return 0, 0
        return process_group_rss(self.site.process.pid)

    def site_cpu_seconds(self) -> float:
        if self.site is None or self.site.process is None:
            return 0.0
        return process_group_cpu_seconds(self.site.process.pid)

    def pocketbase_rss(self) -> int:
        if self.pocketbase is None or self.pocketbase.process is None:
            return 0
        return process_group_rss(self.pocketbase.process.pid)[0]

    def stop(self) -> None:
        self.stop_site()
        if self.pocketbase is not None:
            self.pocketbase.stop()
            self.pocketbase = None


def run_alone(name: str, measure: Callable[[Servers, Callable[[str], None]], T]) -> T:
    """One measurement on its own (`python -m benchmarks.<name>`): PocketBase with the demo data
    in a throw-away folder, `measure(servers, log)` (it starts the site), everything stopped after."""
    import tempfile

    def log(message: str) -> None:
        print(f"[{name} {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)

    servers = Servers(Path(tempfile.mkdtemp(prefix=f"student-portal-{name}-")), log=log)
    try:
        servers.start_pocketbase()
        return measure(servers, log)
    finally:
        servers.stop_site()
        if servers.pocketbase is not None:
            servers.pocketbase.stop()


class BlankTemplate:
    """The blank Reflex template, created in a temp dir, built and served in prod mode."""

    def __init__(self, workdir: Path, log=print) -> None:
        self.workdir = workdir
        self.log = log
        self.site: Site | None = None
        self.origin = ""

    @property
    def url(self) -> str:
        return f"http://localhost:{config.BLANK_PORT}"

    def start(self) -> None:
        app_dir, self.origin = create_blank_app(self.workdir)
        self.log(f"blank template ({self.origin}) building in {app_dir}")
        self.site = Site("", port=config.BLANK_PORT, log_file=self.workdir / "blank.log", project_dir=app_dir)
        self.site.start()

    def stop(self) -> None:
        if self.site is not None:
            self.site.stop()
            self.site = None


def _group_members(pgid: int):
    """(/proc entry, stat fields after the command name) of each process in a process group."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            # Fields after the ")" closing the command name: state, ppid, pgrp, ...
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) == pgid:
                yield entry, fields
        except (OSError, ValueError, IndexError):
            continue


def process_group_rss(pgid: int) -> tuple[int, int]:
    """Sum of VmRSS over the processes of a process group (Linux /proc), and their count."""
    total = count = 0
    for entry, _ in _group_members(pgid):
        try:
            for line in (entry / "status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
                    count += 1
                    break
        except (OSError, ValueError):
            continue
    return total, count


def process_group_cpu_seconds(pgid: int) -> float:
    """User + system CPU seconds used so far by the live processes of a process group."""
    ticks = sum(int(fields[11]) + int(fields[12]) for _, fields in _group_members(pgid))
    return ticks / os.sysconf("SC_CLK_TCK")
