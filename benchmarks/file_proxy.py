"""What serving files from the site's own origin costs (issue 16: browsers never reach PocketBase).

    python -m benchmarks.file_proxy [--requests 200]

Starts a demo PocketBase and the site built as in production, then fetches the same public
thumbnail `--requests` times one after another, straight from PocketBase (`/api/files/...`,
what browsers did before) and through the site (`/files/...`, what they do now): median and
90th percentile latency, and the site's CPU seconds spent per 100 files streamed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

from benchmarks.servers import process_group_cpu_seconds
from tests.support.pocketbases import start_pocketbase
from tests.support.site import Site

SITE_PORT = int(os.environ.get("BENCH_SITE_PORT", os.environ.get("SITE_TEST_PORT", "3161")))


def timed(client: httpx.Client, url: str, count: int) -> list[float]:
    client.get(url).raise_for_status()  # warm: thumbnail made, connection open
    times = []
    for _ in range(count):
        started = time.perf_counter()
        client.get(url).raise_for_status()
        times.append(time.perf_counter() - started)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-files-") as tmp:
        pocketbase = start_pocketbase(Path(tmp) / "pb_data")
        site = Site(pocketbase.url, port=SITE_PORT, log_file=Path(tmp) / "site.log")
        try:
            site.start()
            news = httpx.get(f"{pocketbase.url}/api/collections/News/records", params={"perPage": 1}).json()
            item = news["items"][0]
            path = f"{item['collectionId']}/{item['id']}/{item['image']}?thumb=640x360"
            with httpx.Client(timeout=10) as client:
                direct = timed(client, f"{pocketbase.url}/api/files/{path}", args.requests)
                cpu_before = process_group_cpu_seconds(site.process.pid)  # type: ignore[union-attr]
                proxied = timed(client, f"{site.url}/files/{path}", args.requests)
                cpu = process_group_cpu_seconds(site.process.pid) - cpu_before  # type: ignore[union-attr]
                size = len(client.get(f"{site.url}/files/{path}").content)
        finally:
            site.stop()
            pocketbase.stop()
    for label, times in (("PocketBase /api/files (before)", direct), ("site /files (now)", proxied)):
        p90 = sorted(times)[int(len(times) * 0.9) - 1]
        print(f"{label:32} median {statistics.median(times) * 1000:6.2f} ms   p90 {p90 * 1000:6.2f} ms")
    print(f"one {size}-byte thumbnail x {args.requests}; site CPU {cpu / args.requests * 100:.2f} s per 100 files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
