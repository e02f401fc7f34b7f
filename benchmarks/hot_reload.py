"""How long a saved edit takes to show in an open browser under `make dev` (issue 50).

    python -m benchmarks.hot_reload                       # make dev as the docs say, /about edited
                                                          # (compiled when first opened)
    python -m benchmarks.hot_reload --make "LANGS=en PAGES=/about"
    python -m benchmarks.hot_reload --url http://localhost:3001   # a make dev you started yourself

Starts `make dev` on its own ports (3301, 8301, PocketBase 8391, data in pb_data_bench/) unless
--url names one already running, opens the page in Chromium, then for each sample saves a one-line
edit to a page module (a new word in a text the page shows) and times from the save to the word in
the open page, without reloading it (Reflex's backend recompiles, Vite sends the changed page).
With --state it edits a state module instead (a text the state sends, /jobs' count line by
default): the page is reloaded as soon as the backend answers again, as a developer would, and the
time runs to the word on screen. The edit is undone afterwards, whatever happens. Prints each
sample, the median and the machine's load average (other work on the machine slows every timing).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

PROJECT_ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium-headless-shell"

# A page module: the edit adds a word to a heading /about shows (a gettext msgid: the English page
# shows the new word; a translated page would fall back to English for it).
PAGE_EDIT = (
    "student_portal/pages/about.py",
    "/about",
    'gettext("What you will find here")',
    'gettext("What you will find here {word}")',
)
# A state module: a text the state writes (Text.X is shared; this one is the job list's own).
STATE_EDIT = (
    "student_portal/state/jobs.py",
    "/jobs",
    "LIST_ID: ClassVar[str] = ",
    None,
)


def _edit(path: Path, old: str, new: str) -> str:
    text = path.read_text()
    if old not in text:
        raise SystemExit(f"{path}: {old!r} not found (the benchmark's edit needs updating)")
    return text.replace(old, new, 1)


def _wait_http(url: str, timeout_s: float) -> float:
    started = time.monotonic()
    while time.monotonic() - started < timeout_s:
        try:
            if httpx.get(url, timeout=5).status_code < 500:
                return time.monotonic() - started
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise SystemExit(f"{url} did not answer within {timeout_s:.0f} s")


def _start_dev(make_args: list[str], port: int) -> subprocess.Popen[bytes]:
    args = [
        "make",
        "--no-print-directory",
        "dev",
        f"PORT={port}",
        f"BACKEND_PORT={port + 5000}",
        f"POCKETBASE_PORT={port + 5090}",
        "POCKETBASE_DATA_DIR=pb_data_bench",
        *make_args,
    ]
    print("$", " ".join(args), file=sys.stderr)
    log = (PROJECT_ROOT / ".web-hot-reload.log").open("wb")
    return subprocess.Popen(args, cwd=PROJECT_ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def _stop(process: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(process.pid, signal.SIGINT)
        process.wait(timeout=20)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)


def session_cpu_s(session: int | None) -> float:
    """CPU seconds used so far by every process of `make dev`'s session (children that ended
    included, through their parents' counts): what a reload costs the machine, which the load of
    other work on it changes far less than the wall time."""
    if session is None:
        return 0.0
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == session:  # field 6, the session id (after the name)
            ticks += sum(int(value) for value in fields[11:15])  # utime stime cutime cstime
    return ticks / os.sysconf("SC_CLK_TCK")


def measure(url: str, samples: int, state: bool, session: int | None = None) -> tuple[list[float], list[float]]:
    relative, route, old, new = STATE_EDIT if state else PAGE_EDIT
    path = PROJECT_ROOT / relative
    original = path.read_text()
    times: list[float] = []
    cpu: list[float] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        page.goto(url + route, timeout=600_000)
        # What the edit changes, as the page shows it before: under plain `make dev` a page is
        # compiled when first opened (the 404 page says so meanwhile, then the page takes its place).
        if state:
            listed = re.search(r'LIST_ID: ClassVar\[str\] = "([^"]*)"', original)
            assert listed is not None, f"{relative}: no LIST_ID (the benchmark's edit needs updating)"
            page.locator(f"#{listed.group(1)}").wait_for(state="attached", timeout=600_000)
        else:
            shown = old.removeprefix('gettext("').removesuffix('")')  # type: ignore[union-attr]
            page.get_by_role("heading", name=re.compile(re.escape(shown))).wait_for(timeout=600_000)
        try:
            for n in range(samples):
                word = f"Edit{n}x{int(time.time()) % 100000}"
                if state:
                    # The list's element id, which the page's markup reads from the state class.
                    changed = re.sub(
                        r'LIST_ID: ClassVar\[str\] = "([^"]*)"', f'LIST_ID: ClassVar[str] = "{word}"', original
                    )
                else:
                    changed = _edit(path, old, new.format(word=word))  # type: ignore[union-attr]
                used = session_cpu_s(session)
                saved = time.monotonic()
                path.write_text(changed)
                if state:
                    page.locator(f"#{word}").wait_for(state="attached", timeout=600_000)
                else:
                    page.get_by_role("heading", name=re.compile(word)).wait_for(timeout=600_000)
                times.append(time.monotonic() - saved)
                cpu.append(session_cpu_s(session) - used)
                print(f"sample {n + 1}: {times[-1]:.1f} s, {cpu[-1]:.1f} CPU s", file=sys.stderr, flush=True)
                path.write_text(original)
                # Let the undo's own reload finish before the next sample.
                if state:
                    page.locator(f"#{word}").wait_for(state="detached", timeout=600_000)
                else:
                    page.get_by_role("heading", name=re.compile(word)).wait_for(state="detached", timeout=600_000)
        finally:
            path.write_text(original)
            browser.close()
    return times, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--make", default="", help='more make variables for make dev, e.g. "LANGS=en PAGES=/about"')
    parser.add_argument("--url", help="a make dev already running (its frontend address)")
    parser.add_argument("--port", type=int, default=3301, help="frontend port of the make dev it starts")
    parser.add_argument("--samples", type=int, default=3)
    parser.add_argument("--state", action="store_true", help="edit a state module instead of a page module")
    args = parser.parse_args()
    process = None
    url = args.url
    try:
        if url is None:
            started = time.monotonic()
            process = _start_dev(args.make.split(), args.port)
            url = f"http://localhost:{args.port}"
            _wait_http(f"http://localhost:{args.port + 5000}/ping", 900)  # after the first compile
            _wait_http(url + "/", 300)
            print(f"make dev answered after {time.monotonic() - started:.0f} s", file=sys.stderr)
        times, cpu = measure(url, args.samples, args.state, process.pid if process else None)
    finally:
        if process is not None:
            _stop(process)
    load = os.getloadavg()
    kind = "state module" if args.state else "page module"
    print(
        f"{kind} edit to text on screen: median {statistics.median(times):.1f} s, "
        f"samples {', '.join(f'{t:.1f}' for t in times)} s"
        + (f"; CPU of make dev's processes: median {statistics.median(cpu):.1f} s " if process else " ")
        + f"(load average {load[0]:.1f} on {os.cpu_count()} cores; make dev {args.make or 'as documented'})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
