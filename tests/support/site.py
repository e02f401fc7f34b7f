"""Start the real site (`reflex run --env prod`, frontend and backend on one port) for tests
and benchmarks, pointed at a PocketBase of the test's choosing. `project_dir` serves another
Reflex app the same way (the benchmarks' blank template).

A site whose build is already in its web folder is served without building it again
(student_portal/reflex_internals/serve_built.py): the Redis layout serves the default build, and
under pytest-xdist one worker builds while the others wait, then serve a copy of that build."""

from __future__ import annotations

import contextlib
import fcntl
import gzip
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import brotli
import httpx

PROJECT_ROOT = Path(__file__).resolve().parents[2]
# The port is baked into the built frontend's websocket address, so every test site uses one.
# Under pytest-xdist each worker (gw0, gw1...) runs a site of its own on the next port up.
XDIST_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
SITE_PORT = int(os.environ.get("SITE_TEST_PORT", "3111")) + int(XDIST_WORKER.removeprefix("gw") or 0)


# What a site's workers read at run time only, and where a build lives: two sites whose
# environments differ in these alone serve the same build.
RUN_TIME_ONLY = frozenset(
    {"REFLEX_REDIS_URL", "GRANIAN_WORKERS", "SEARCH_INDEX_DIR", "REFLEX_WEB_WORKDIR", "REFLEX_STATES_WORKDIR"}
)


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
        prebuilt: bool = False,
    ) -> None:
        self.pocketbase_url = pocketbase_url
        self.project_dir = project_dir
        self.port = port
        self.log_file = log_file
        self.extra_env = extra_env or {}
        self.prebuilt = prebuilt  # serve the build in the web folder as it is
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
        serve_built = [sys.executable, "-m", "student_portal.reflex_internals.serve_built", str(self.port)]
        build_and_serve = [
            *(str(bin_dir / "reflex"), "run", "--env", "prod"),
            *("--frontend-port", str(self.port), "--backend-port", str(self.port)),
        ]
        self.process = subprocess.Popen(
            serve_built if self.prebuilt else build_and_serve,
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


def build_key(env: dict[str, str]) -> str:
    """What decides a build: the site's environment but for what its workers read at run time."""
    return json.dumps({key: value for key, value in sorted(env.items()) if key not in RUN_TIME_ONLY})


# Under pytest-xdist: the workers' lock, and a note of the build in each worker's web folder
# (for which run and environment, served on which port). Matched by .gitignore's `.web-gw*/`.
SHARED = PROJECT_ROOT / ".web-gw-shared"
RUN_ID = os.environ.get("PYTEST_XDIST_TESTRUNUID", "")


@contextlib.contextmanager
def shared_build_lock() -> Iterator[None]:
    """Held by a worker while it builds or copies a build: the other workers wait for a build to
    be whole before copying it, and one build at a time is faster than two side by side."""
    if not RUN_ID:
        yield
        return
    SHARED.mkdir(exist_ok=True)
    with open(SHARED / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        yield


def _builds() -> dict[str, dict]:
    """This run's note: web folder -> {"key", "port"} (hold the lock)."""
    try:
        note = json.loads((SHARED / "builds.json").read_text())
    except (OSError, ValueError):
        return {}
    return note["builds"] if note.get("run") == RUN_ID else {}


def published_build(key: str, web_dir: Path) -> tuple[Path, int] | None:
    """Another worker's web folder holding a build made with `key` in this run, and its port."""
    if not RUN_ID:
        return None
    for folder, build in _builds().items():
        if build["key"] == key and Path(folder) != web_dir:
            return Path(folder), int(build["port"])
    return None


def note_build(web_dir: Path, key: str | None, port: int) -> None:
    """What `web_dir` holds now: a build made with `key`, or (None) a build under way."""
    if not RUN_ID:
        return
    builds = _builds()
    builds.pop(str(web_dir), None)
    if key is not None:
        builds[str(web_dir)] = {"key": key, "port": port}
    (SHARED / "builds.json").write_text(json.dumps({"run": RUN_ID, "builds": builds}))


def copy_build(source: Path, source_port: int, target: Path, port: int) -> None:
    """`source`'s build in `target`, served on `port`: the port is baked into the frontend's
    addresses of the backend (Reflex's env.json and the reflex-env chunk, with its .gz and .br)."""
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(source, target, symlinks=True, ignore=shutil.ignore_patterns("node_modules"))
    if (source / "node_modules").is_dir():  # for a later build only, which writes none of its files
        shutil.copytree(source / "node_modules", target / "node_modules", symlinks=True, copy_function=os.link)
    old, new = f":{source_port}/", f":{port}/"
    chunks = sorted(target.glob("build/client/assets/reflex-env-*.js"))
    if len(chunks) != 1:
        raise RuntimeError(f"expected one reflex-env chunk in {target}, found {chunks}")
    for path in [target / "env.json", *chunks, *target.glob("build/server/assets/reflex-env-*.js")]:
        text = path.read_text()
        if old not in text:
            raise RuntimeError(f"{path} does not name port {source_port}")
        data = text.replace(old, new).encode()
        path.write_bytes(data)
        if path.with_name(path.name + ".gz").exists():
            path.with_name(path.name + ".gz").write_bytes(gzip.compress(data, 9))
        if path.with_name(path.name + ".br").exists():
            path.with_name(path.name + ".br").write_bytes(brotli.compress(data))


class SiteRunner:
    """The session's one site, restartable in another configuration on the same port.

    The built frontend bakes in its port, so two configurations cannot run side by side; a
    test that needs another one (several workers sharing state in Redis) asks for it, and the
    running site is stopped first. Tests needing the same configuration share the running site.
    A configuration that needs no other build (`RUN_TIME_ONLY`) is served without building again.
    """

    def __init__(self, pocketbase_url: str, log_dir: Path, base_env: dict[str, str] | None = None) -> None:
        self.pocketbase_url = pocketbase_url
        self.log_dir = log_dir
        self.base_env = base_env or {}
        self.site: Site | None = None
        self.env: dict[str, str] | None = None
        self.starts = 0
        self.built_key: str | None = None  # the build in this runner's web folder, once it served
        self.web_dir = PROJECT_ROOT / self.base_env.get("REFLEX_WEB_WORKDIR", ".web")

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
        key = build_key(env)
        if key == self.built_key:
            self.site, self.env = self._site(env, prebuilt=True).start(), env
            return self.site
        with shared_build_lock():
            self.built_key = None
            note_build(self.web_dir, None, SITE_PORT)  # no copies from a folder being rewritten
            source = published_build(key, self.web_dir)
            if source is not None:
                copy_build(*source, self.web_dir, SITE_PORT)
            site = self._site(env, prebuilt=source is not None).start()
            self.site, self.env, self.built_key = site, env, key
            note_build(self.web_dir, key, SITE_PORT)
        return site

    def _site(self, env: dict[str, str], *, prebuilt: bool) -> Site:
        log_file = self.log_dir / f"site-{self.starts}.log"
        return Site(self.pocketbase_url, log_file=log_file, extra_env=env, prebuilt=prebuilt)

    def stop(self) -> None:
        if self.site is not None:
            self.site.stop()
        self.site, self.env = None, None
