"""Start the real site (`reflex run --env prod`, frontend and backend on one port) for tests
and benchmarks, pointed at a PocketBase of the test's choosing. `project_dir` serves another
Reflex app the same way (the benchmarks' blank template)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

PROJECT_ROOT = Path(__file__).resolve().parents[2]
# The port is baked into the built frontend's websocket address, so every test site uses one.
# Under pytest-xdist each worker (gw0, gw1...) runs a site of its own on the next port up.
XDIST_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
SITE_PORT = int(os.environ.get("SITE_TEST_PORT", "3111")) + int(XDIST_WORKER.removeprefix("gw") or 0)


def worker_build_env() -> dict[str, str]:
    """An xdist worker's site builds in a folder of its own (Reflex's web and states folders): two
    builds in one `.web` would overwrite each other's files while they are served."""
    if not XDIST_WORKER:
        return {}
    return {"REFLEX_WEB_WORKDIR": f".web-{XDIST_WORKER}", "REFLEX_STATES_WORKDIR": f".states-{XDIST_WORKER}"}


def stop_process_group(process: subprocess.Popen[bytes] | None, timeout: float) -> None:
    """Stop a process started in its own group, children included (Reflex's workers, the venv's
    `node` launcher and the real Node): SIGTERM, then SIGKILL after `timeout` seconds."""
    if process is None or process.poll() is not None:
        return
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


class Site:
    def __init__(
        self,
        pocketbase_url: str,
        *,
        port: int = SITE_PORT,
        log_file: Path,
        extra_env: dict[str, str] | None = None,
        project_dir: Path = PROJECT_ROOT,
    ) -> None:
        self.pocketbase_url = pocketbase_url
        self.project_dir = project_dir
        self.port = port
        self.log_file = log_file
        self.extra_env = extra_env or {}
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://localhost:{self.port}"

    def start(self, timeout: float | None = None) -> Site:
        # A machine shared by several builds at once compiles slower: SITE_START_TIMEOUT_S.
        timeout = timeout or float(os.environ.get("SITE_START_TIMEOUT_S", "480"))
        bin_dir = Path(sys.executable).parent
        env = {
            **os.environ,
            "PATH": f"{bin_dir}:{os.environ.get('PATH', '')}",
            "REFLEX_USE_NPM": "1",
            "POCKETBASE_URL": self.pocketbase_url,
            "PORT": str(self.port),
            **self.extra_env,
        }
        log = open(self.log_file, "ab")  # noqa: SIM115 - closed with the process
        self.process = subprocess.Popen(
            [
                str(bin_dir / "reflex"),
                "run",
                "--env",
                "prod",
                "--frontend-port",
                str(self.port),
                "--backend-port",
                str(self.port),
            ],
            cwd=self.project_dir,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"site exited early; see {self.log_file}")
            try:
                if (
                    httpx.get(f"{self.url}/ping", timeout=1).status_code == 200
                    and httpx.get(self.url, timeout=2).status_code == 200
                ):
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        self.stop()
        raise RuntimeError(f"site not up after {timeout:.0f}s; see {self.log_file}")

    def stop(self) -> None:
        stop_process_group(self.process, timeout=20)
        self.process = None

    def __enter__(self) -> Site:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class SiteRunner:
    """The session's one site, restartable in another configuration on the same port.

    The built frontend bakes in its port, so two configurations cannot run side by side; a
    test that needs another one (several workers sharing state in Redis) asks for it, and the
    running site is stopped first. Tests needing the same configuration share the running site.
    """

    def __init__(self, pocketbase_url: str, log_dir: Path, base_env: dict[str, str] | None = None) -> None:
        self.pocketbase_url = pocketbase_url
        self.log_dir = log_dir
        self.base_env = base_env or {}
        self.site: Site | None = None
        self.env: dict[str, str] | None = None
        self.starts = 0

    def ensure(self, extra_env: dict[str, str] | None = None) -> Site:
        env = {**self.base_env, **(extra_env or {})}
        if (
            self.site is not None
            and self.env == env
            and self.site.process is not None
            and self.site.process.poll() is None
        ):
            return self.site
        self.stop()
        self.starts += 1
        site = Site(self.pocketbase_url, log_file=self.log_dir / f"site-{self.starts}.log", extra_env=env)
        self.site, self.env = site.start(), env
        return site

    def stop(self) -> None:
        if self.site is not None:
            self.site.stop()
        self.site, self.env = None, None
