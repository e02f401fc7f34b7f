"""`reflex run` in dev mode, stopped as a terminal's close stops it, leaves no PocketBase behind.

Dev mode's reloading worker used to exit without stopping the embedded PocketBase, which kept
serving with parent 1. The backend alone (`--backend-only`) is the part that starts PocketBase;
the Vite dev server has nothing to do with it and would add half a minute.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from student_portal.pocketbase.embedded import PROJECT_ROOT
from tests.integration.conftest import free_port


def _processes_using(marker: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if marker in cmdline:
            found.append(int(entry.name))
    return found


def _healthy(url: str) -> bool:
    try:
        return httpx.get(f"{url}/api/health", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


def test_stopping_dev_mode_stops_its_pocketbase(tmp_path: Path) -> None:
    data_dir = tmp_path / "pb_data"  # unique: names this run's PocketBase in /proc
    pocketbase_url = f"http://127.0.0.1:{free_port()}"
    bin_dir = Path(sys.executable).parent
    env = {key: value for key, value in os.environ.items() if key not in ("POCKETBASE_URL", "REFLEX_REDIS_URL")}
    env.update(
        PATH=f"{bin_dir}:{env.get('PATH', '')}",
        REFLEX_USE_NPM="1",
        POCKETBASE_PORT=pocketbase_url.rsplit(":", 1)[1],
        POCKETBASE_DATA_DIR=str(data_dir),
    )
    command = [str(bin_dir / "reflex"), "run", "--env", "dev", "--backend-only", "--backend-port", str(free_port())]
    with open(tmp_path / "site.log", "wb") as log:
        site = subprocess.Popen(
            command, cwd=PROJECT_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        deadline = time.monotonic() + 180
        while not _healthy(pocketbase_url):
            assert site.poll() is None, (tmp_path / "site.log").read_text()
            assert time.monotonic() < deadline, "dev mode never started PocketBase"
            time.sleep(0.5)
        assert _processes_using(str(data_dir)), "PocketBase should run while the site does"
    finally:
        os.killpg(site.pid, signal.SIGTERM)  # what closing the terminal sends
        site.wait(timeout=60)
    deadline = time.monotonic() + 15
    while (_processes_using(str(data_dir)) or _healthy(pocketbase_url)) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = _processes_using(str(data_dir))
    for pid in left:  # do not leave an orphan on the machine when this fails
        os.kill(pid, signal.SIGKILL)
    assert left == []
    assert not _healthy(pocketbase_url)
