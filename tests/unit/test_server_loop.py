"""The backend's event loop: Granian, Reflex's server, runs its workers on its "auto" loop:
rloop if installed, else uvloop if installed, else asyncio's. uvloop is a dependency for that
reason (~20 % less server CPU per page view, see README). Asked of a real Granian worker,
started as Reflex starts it (ASGI, no loop chosen)."""

from __future__ import annotations

import subprocess
import sys
import time

import httpx

from tests.support.backend_proxy import free_port
from tests.support.site import PROJECT_ROOT


def test_granian_serves_on_uvloop() -> None:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "granian", "--interface", "asgi", "--port", str(port), "tests.support.loop_probe:app"],
        cwd=PROJECT_ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                answer = httpx.get(f"http://127.0.0.1:{port}/", timeout=1).text
                break
            except httpx.HTTPError:
                assert server.poll() is None and time.monotonic() < deadline, "granian did not start"
                time.sleep(0.1)
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert answer.startswith("uvloop."), answer
