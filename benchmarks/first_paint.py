"""The first paint on a slow phone (issue 55): the site against a static snapshot of the same page.

A 390 px phone on slow 4G (150 ms, 1.6 Mbit/s) with a 4x slower CPU, no cache, set through the
Chrome DevTools protocol, opens the home page in English, Sinhala and Tamil, and the static
snapshot of each: the page as the site sends it, with its scripts and module preloads removed
(same HTML otherwise, same stylesheet and pictures, the same first screen). Not the page as
hydrated, which benchmarks/time_to_content.py snapshots: there the sections drawn above push the
news title below a 390 x 844 phone's first screen, where it is never painted. Both sides go
through the same small local proxy (`PageProxy`), the site's pages passed through as the site
sends them, so neither side pays a hop the other does not. Rounds take turns (which side goes
first alternates), so a busy shared machine weighs on both alike, and the figures that count are
ratios of medians.

Per visit:
- the first news title's paint: the Element Timing API's renderTime of the title the server wrote
  into the page (`elementtiming` on it, components/news.py), read after the visit through a
  buffered PerformanceObserver: nothing of ours runs in the page while it loads (a polling probe or
  Playwright's injected script, 330 KB evaluated on the main thread, would compete with the page);
- the first contentful paint;
- the bytes received before the first paint (every response, finished or not, from the DevTools
  protocol's `Network.dataReceived`), and the requests that finished before it;
- the main thread's time before the first paint: its tasks in a performance trace (`RunTask` on
  the page's renderer main thread between navigation start and `firstContentfulPaint`).

`python -m benchmarks.first_paint --rounds 9` against a running site (`--site http://localhost:3611`)
prints the table; `make bench` runs it as `firstpaint` and compares with the committed baseline
(`benchmarks/first_paint_baseline.json`, `compare_with_baseline`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from benchmarks import config
from benchmarks.browser import PHONE, chromium
from benchmarks.stats import median
from student_portal.sharing import first_view

PATHS = ("/", "/si/", "/ta/")
SITE, SNAPSHOT = "site", "snapshot"
# The `elementtiming` name of the first news title the server writes into the home page.
TITLE_TIMING = first_view.TITLE_TIMING
TRACE_CATEGORIES = [
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "v8.execute",
    "loading",
    "blink.user_timing",
]
# Script work on the main thread, as the trace names it (outermost counted once).
SCRIPT_EVENTS = frozenset(
    {
        "EvaluateScript",
        "v8.compileModule",
        "v8.evaluateModule",
        "FunctionCall",
        "v8.compile",
        "TimerFire",
        "EventDispatch",
        "FireAnimationFrame",
    }
)

BASELINE = config.BENCH_DIR / "first_paint_baseline.json"
# `make bench` says "regressed" when the title's ratio to the snapshot grows by more than this
# (absolute: 1.05 -> 1.16), or the bytes before the first paint by more than this share.
RATIO_TOLERANCE = 0.10
BYTES_TOLERANCE = 0.10
# A deliberate regression, to see the guard work: BENCH_FIRST_PAINT_REGRESS=blocking-script makes
# the proxy add a 30 KB blocking script to the head of the site's pages (never the snapshot's).
REGRESS_ENV = "BENCH_FIRST_PAINT_REGRESS"
BLOCKING_SCRIPT_PATH = "/__bench_blocking.js"


def static_snapshot(html: str) -> str:
    """The rendered page without its scripts and module preloads: what a static site would send."""
    html = re.sub(r"<script\b[^>]*>.*?</script>", "", html, flags=re.DOTALL | re.IGNORECASE)
    return re.sub(r"<link\b[^>]*\brel=\"?modulepreload\"?[^>]*>", "", html, flags=re.IGNORECASE)


def with_blocking_script(html: bytes) -> bytes:
    """`html` with a blocking script of its own in the head (the deliberate regression)."""
    return html.replace(b"</title>", f'</title><script src="{BLOCKING_SCRIPT_PATH}"></script>'.encode(), 1)


def blocking_script() -> bytes:
    # Not compressible away: 30 KB of distinct numbers, as a real library would weigh.
    return ("window.__benchBlocking=[" + ",".join(str(i * 7919 % 1000003) for i in range(4000)) + "];").encode()


class PageProxy:
    """One local origin in front of the site: `pages` (path -> HTML) are served from memory, the
    site's other pages (transformed by `transform`, if given) and every other file come from the
    site with the browser's Accept and Accept-Encoding, so the pictures are the same WebP."""

    def __init__(self, site_url: str, port: int, transform: Callable[[bytes], bytes] | None = None) -> None:
        self.site_url, self.port, self.transform = site_url, port, transform
        self.pages: dict[str, bytes] = {}
        self._server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        return f"http://localhost:{self.port}"

    def __enter__(self) -> PageProxy:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as the site's server

            def do_GET(self) -> None:
                import gzip

                path = self.path.split("?", 1)[0]
                accepts_gzip = "gzip" in self.headers.get("Accept-Encoding", "")
                headers: dict[str, str]
                if path in owner.pages or (owner.transform and path == BLOCKING_SCRIPT_PATH):
                    if path == BLOCKING_SCRIPT_PATH:
                        body, headers = blocking_script(), {"Content-Type": "text/javascript"}
                    else:
                        body, headers = owner.pages[path], {"Content-Type": "text/html; charset=utf-8"}
                    status = 200
                    if accepts_gzip:  # as any static host would
                        body, headers["Content-Encoding"] = gzip.compress(body), "gzip"
                else:
                    forwarded = {
                        name: self.headers[name] for name in ("Accept", "Accept-Encoding") if self.headers[name]
                    }
                    request = urllib.request.Request(owner.site_url + self.path, headers=forwarded)
                    try:
                        with urllib.request.urlopen(request, timeout=30) as response:
                            body, status = response.read(), response.status
                            headers = {k.title(): v for k, v in response.headers.items()}
                    except urllib.error.HTTPError as error:
                        body, status = error.read(), error.code
                        headers = {k.title(): v for k, v in error.headers.items()}
                    if owner.transform and headers.get("Content-Type", "").startswith("text/html"):
                        gzipped = headers.get("Content-Encoding") == "gzip"
                        html = gzip.decompress(body) if gzipped else body
                        body = owner.transform(html)
                        body = gzip.compress(body) if gzipped else body
                self.send_response(status)
                for name in ("Content-Type", "Content-Encoding", "Cache-Control", "Vary", "Location"):
                    if headers.get(name):
                        self.send_header(name, headers[name])
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                # A visit closed once its paint was read: what was still coming is not needed.
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()


# After the visit: the title's paint from the Element Timing API (buffered), and the first paint.
READ_PAINTS = """(name) => new Promise((resolve) => {
  const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
  let title = null;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.identifier === name && title === null) title = entry.renderTime || entry.loadTime;
    }
  });
  observer.observe({type: "element", buffered: true});
  setTimeout(() => { observer.disconnect(); resolve({fcp, title}); }, 50);
})"""


def main_thread_before_paint(trace: dict | list) -> dict[str, float] | None:
    """From a performance trace: ms from navigation start to the first contentful paint, and the
    page's main-thread task time in between (pure)."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    paints = [e for e in events if e.get("name") == "firstContentfulPaint"]
    if not paints:
        return None
    paint = paints[-1]
    pid, tid = paint["pid"], paint["tid"]
    starts = [
        e["ts"] for e in events if e.get("name") == "navigationStart" and e.get("pid") == pid and e["ts"] <= paint["ts"]
    ]
    if not starts:
        return None
    start = max(starts)
    busy = sum(
        min(e["ts"] + e.get("dur", 0), paint["ts"]) - max(e["ts"], start)
        for e in events
        if e.get("name") == "RunTask"
        and e.get("ph") == "X"
        and e.get("pid") == pid
        and e.get("tid") == tid
        and e["ts"] + e.get("dur", 0) > start
        and e["ts"] < paint["ts"]
    )
    # Script work: the union of the script events' spans in the same window, and what ran.
    spans, scripts = [], set()
    for e in events:
        if (
            e.get("name") in SCRIPT_EVENTS
            and e.get("ph") == "X"
            and e.get("pid") == pid
            and e.get("tid") == tid
            and start <= e["ts"] < paint["ts"]
        ):
            spans.append((e["ts"], min(e["ts"] + e.get("dur", 0), paint["ts"])))
            data = (e.get("args") or {}).get("data") or {}
            url = data.get("url") or data.get("fileName") or ""
            if url and e.get("dur", 0) >= 1000:
                scripts.add(f"{e['name']} {re.sub(r'^https?://[^/]+', '', url).split('?')[0]}")
    script_us, last = 0.0, 0.0
    for begin, end in sorted(spans):
        begin = max(begin, last)
        if end > begin:
            script_us, last = script_us + end - begin, end
    return {
        "fcp_trace_ms": round((paint["ts"] - start) / 1000, 1),
        "main_thread_ms": round(busy / 1000, 1),
        "script_ms": round(script_us / 1000, 1),
        "scripts": sorted(scripts),
    }


def bytes_before(events: list[tuple[str, dict]], paint_at_s: float) -> dict[str, Any]:
    """Bytes on the wire before `paint_at_s` (a DevTools protocol timestamp), and the requests
    that had finished by then (pure)."""
    requests: dict[str, dict[str, Any]] = {}
    for method, params in events:
        rid = params.get("requestId")
        if method == "Network.requestWillBeSent":
            requests[rid] = {"url": params["request"]["url"], "received": 0, "done": False}
        elif rid not in requests:
            continue
        elif method == "Network.dataReceived" and params["timestamp"] <= paint_at_s:
            requests[rid]["received"] += params.get("encodedDataLength", 0)
        elif method == "Network.loadingFinished" and params["timestamp"] <= paint_at_s:
            requests[rid]["received"] = max(requests[rid]["received"], params.get("encodedDataLength", 0))
            requests[rid]["done"] = True
    finished = [r["url"] for r in requests.values() if r["done"]]
    return {"bytes": sum(r["received"] for r in requests.values()), "finished": finished}


async def visit(browser, url: str, throttle: config.Throttle = config.SLOW_4G) -> dict[str, Any] | None:
    """One first visit of `url` under `throttle`: the title's paint, the first paint, bytes and
    main-thread time before it; None when the title was not painted."""
    context = await browser.new_context(viewport=PHONE, service_workers="block")
    try:
        page = await context.new_page()
        cdp = await context.new_cdp_session(page)
        events: list[tuple[str, dict]] = []
        for method in ("Network.requestWillBeSent", "Network.dataReceived", "Network.loadingFinished"):
            cdp.on(method, lambda params, method=method: events.append((method, params)))
        await cdp.send("Network.enable")
        await cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        await cdp.send("Network.emulateNetworkConditions", throttle.network_conditions())
        await cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle.cpu_slowdown})
        await browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
        try:
            paints = await _painted(page, cdp, url)
        finally:
            trace = json.loads(await browser.stop_tracing())
        if paints is None:
            return None
        main = main_thread_before_paint(trace) or {}
        origin = await page.evaluate("performance.timeOrigin")
        document = next(
            (p for m, p in events if m == "Network.requestWillBeSent" and p.get("type") == "Document"), None
        )
        wire: dict[str, Any] = {"bytes": None, "finished": []}
        if document is not None:
            # Protocol timestamps are monotonic seconds; the document request left at wallTime.
            paint_at_s = document["timestamp"] + (origin + paints["fcp"]) / 1000 - document["wallTime"]
            wire = bytes_before(events, paint_at_s)
        return {
            "title_ms": round(paints["title"], 1),
            "fcp_ms": round(paints["fcp"], 1),
            "main_thread_ms": main.get("main_thread_ms"),
            "script_ms": main.get("script_ms"),
            "scripts_before_fcp": main.get("scripts", []),
            "bytes_before_fcp": wire["bytes"],
            "requests_before_fcp": len(wire["finished"]),
            "finished_before_fcp": sorted({re.sub(r"^https?://[^/]+", "", u).split("?")[0] for u in wire["finished"]}),
        }
    finally:
        await context.close()


async def _painted(page, cdp, url: str) -> dict[str, float] | None:
    """The first paint and the title's (ms since navigation start), read through the DevTools
    protocol only (Playwright's injected script would run in the page while it paints); None when
    either did not come within the timeout."""
    await page.goto(url, wait_until="commit", timeout=config.CONTENT_TIMEOUT_S * 1000)
    expression = f"({READ_PAINTS})({json.dumps(TITLE_TIMING)})"
    deadline = time.monotonic() + config.CONTENT_TIMEOUT_S
    while time.monotonic() < deadline:
        await asyncio.sleep(0.25)
        painted = await cdp.send(
            "Runtime.evaluate",
            {"expression": "performance.getEntriesByName('first-contentful-paint').length", "returnByValue": True},
        )
        if not painted["result"].get("value"):
            continue
        answer = await cdp.send(
            "Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True}
        )
        paints = answer["result"].get("value") or {}
        if paints.get("title") is not None and paints.get("fcp") is not None:
            await asyncio.sleep(0.5)  # the protocol's network events up to the paint delivered
            return paints
    return None


def page_html(url: str) -> str:
    """The page as the site sends it (the server's first news title in it)."""
    with urllib.request.urlopen(urllib.request.Request(url, headers={"Accept-Encoding": "identity"}), timeout=30) as r:
        return r.read().decode()


def summarize(visits: list[dict[str, Any]]) -> dict[str, Any]:
    def med(key: str) -> float | None:
        values = [v[key] for v in visits if v.get(key) is not None]
        return round(median(values), 1) if values else None

    return {
        "n": len(visits),
        **{
            key: med(key)
            for key in ("title_ms", "fcp_ms", "main_thread_ms", "script_ms", "bytes_before_fcp", "requests_before_fcp")
        },
        "title_samples_ms": [v["title_ms"] for v in visits],
        "finished_before_fcp": visits[len(visits) // 2]["finished_before_fcp"] if visits else [],
    }


async def _compare(
    site_url: str, paths: tuple[str, ...], rounds: int, log, *, regress: str | None = None
) -> dict[str, Any]:
    transform = with_blocking_script if regress == "blocking-script" else None
    site_proxy = PageProxy(site_url, config.FIRST_PAINT_SITE_PORT, transform)
    snapshot_proxy = PageProxy(site_url, config.SNAPSHOT_PORT)
    result: dict[str, Any] = {
        "throttle": config.SLOW_4G.__dict__,
        "rounds": rounds,
        "regress": regress,
        "load_before": os.getloadavg(),
        "pages": {},
    }
    started = time.monotonic()
    async with chromium() as browser:
        for path in paths:
            snapshot_proxy.pages[path] = static_snapshot(page_html(site_url + path)).encode()
        with site_proxy, snapshot_proxy:
            urls = {SITE: site_proxy.url, SNAPSHOT: snapshot_proxy.url}
            visits: dict[str, dict[str, list]] = {path: {SITE: [], SNAPSHOT: []} for path in paths}
            for round_ in range(rounds + 1):  # the first round warms the servers up, not counted
                for path in paths:
                    sides = (SITE, SNAPSHOT) if round_ % 2 == 0 else (SNAPSHOT, SITE)
                    for side in sides:
                        try:
                            seen = await visit(browser, urls[side] + path)
                        except Exception as exc:  # one failed visit is one sample less
                            log(f"first paint: {side} {path} failed: {exc!r}"[:300])
                            seen = None
                        if round_ and seen is not None:
                            visits[path][side].append(seen)
                log(f"first paint: round {round_}/{rounds} done (load {os.getloadavg()[0]:.1f})")
    for path in paths:
        page = {side: summarize(visits[path][side]) for side in (SITE, SNAPSHOT)}
        site, snapshot = page[SITE], page[SNAPSHOT]
        page["title_ratio"] = (
            round(site["title_ms"] / snapshot["title_ms"], 3) if site["title_ms"] and snapshot["title_ms"] else None
        )
        page["fcp_ratio"] = (
            round(site["fcp_ms"] / snapshot["fcp_ms"], 3) if site["fcp_ms"] and snapshot["fcp_ms"] else None
        )
        result["pages"][path] = page
    result["load_after"] = os.getloadavg()
    result["seconds"] = round(time.monotonic() - started)
    return result


def compare(site_url: str, paths: tuple[str, ...] = PATHS, rounds: int = 9, log=print) -> dict[str, Any]:
    return asyncio.run(_compare(site_url, paths, rounds, log, regress=os.environ.get(REGRESS_ENV) or None))


def compare_with_baseline(result: dict[str, Any], baseline: dict[str, Any]) -> list[dict[str, Any]]:
    """Per page: the title's ratio and the bytes before the first paint against the baseline's,
    "regressed" past the tolerances, else "ok" (pure)."""
    rows = []
    for path, page in result.get("pages", {}).items():
        base = baseline.get("pages", {}).get(path)
        if not base:
            rows.append({"path": path, "verdict": "no baseline"})
            continue
        ratio, bytes_ = page.get("title_ratio"), page[SITE].get("bytes_before_fcp")
        ratio_limit = round(base["title_ratio"] + RATIO_TOLERANCE, 3)
        bytes_limit = round(base["bytes_before_fcp"] * (1 + BYTES_TOLERANCE))
        problems = []
        if ratio is None or ratio > ratio_limit:
            problems.append(f"title ratio {ratio} > {ratio_limit}")
        if bytes_ is None or bytes_ > bytes_limit:
            problems.append(f"bytes before first paint {bytes_} > {bytes_limit}")
        rows.append(
            {
                "path": path,
                "title_ratio": ratio,
                "ratio_limit": ratio_limit,
                "bytes_before_fcp": bytes_,
                "bytes_limit": bytes_limit,
                "verdict": "regressed" if problems else "ok",
                "problems": problems,
            }
        )
    return rows


def target_rows(result: dict[str, Any], ratio_max: float) -> list[tuple[str, str, bool | None]]:
    """Per page: the title within `ratio_max` x the snapshot's; and the baseline's verdict (pure)."""
    rows: list[tuple[str, str, bool | None]] = []
    for path, page in result.get("pages", {}).items():
        ratio, site, snapshot = page.get("title_ratio"), page[SITE]["title_ms"], page[SNAPSHOT]["title_ms"]
        measured = "not measured" if ratio is None else f"{site:.0f} ms vs {snapshot:.0f} ms (x{ratio:.2f})"
        name = f"First news title on {path}, slow 4G + 4x CPU, <= {ratio_max:g}x a static snapshot"
        rows.append((name, measured, None if ratio is None else ratio <= ratio_max))
    for check in result.get("baseline_checks", []):
        if check["verdict"] == "no baseline":
            rows.append((f"First paint on {check['path']} against the baseline", "no baseline", None))
            continue
        measured = (
            f"{check['verdict']}: title x{check['title_ratio']} (limit x{check['ratio_limit']}),"
            f" {check['bytes_before_fcp']} B before the first paint (limit {check['bytes_limit']})"
        )
        rows.append((f"First paint on {check['path']} not regressed", measured, check["verdict"] == "ok"))
    return rows


def load_baseline(path: Path = BASELINE) -> dict[str, Any]:
    with contextlib.suppress(OSError, ValueError):
        return json.loads(path.read_text())
    return {}


def baseline_of(result: dict[str, Any]) -> dict[str, Any]:
    """What the committed baseline keeps of a run: per page, the ratio and the bytes."""
    return {
        "note": "benchmarks/first_paint.py: `python -m benchmarks.first_paint --write-baseline` writes it",
        "pages": {
            path: {"title_ratio": page["title_ratio"], "bytes_before_fcp": page[SITE]["bytes_before_fcp"]}
            for path, page in result["pages"].items()
        },
    }


HEADERS = ["page", "side", "title ms", "FCP ms", "main thread ms", "KB before FCP", "requests", "title ratio"]


def render(result: dict[str, Any], checks: list[dict[str, Any]] | None = None) -> str:
    lines = [
        f"First news title on slow 4G + 4x CPU, median of {result['rounds']} rounds, side by side"
        f" (load {result['load_before'][0]:.1f} -> {result['load_after'][0]:.1f})"
        + (f", deliberate regression: {result['regress']}" if result.get("regress") else ""),
        " | ".join(HEADERS),
    ]
    for path, page in result["pages"].items():
        for side in (SITE, SNAPSHOT):
            figures = page[side]
            kb = figures["bytes_before_fcp"]
            lines.append(
                " | ".join(
                    [
                        path,
                        side,
                        f"{figures['title_ms']}",
                        f"{figures['fcp_ms']}",
                        f"{figures['main_thread_ms']}",
                        "-" if kb is None else f"{kb / 1000:.1f}",
                        f"{figures['requests_before_fcp']}",
                        f"x{page['title_ratio']}" if side == SITE else "",
                    ]
                )
            )
    for check in checks or []:
        if check["verdict"] == "no baseline":
            lines.append(f"{check['path']}: no baseline")
        else:
            lines.append(
                f"{check['path']}: {check['verdict'].upper()} (title x{check['title_ratio']},"
                f" limit x{check['ratio_limit']};"
                f" {check['bytes_before_fcp']} B before first paint, limit {check['bytes_limit']})"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.first_paint", description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=f"http://localhost:{os.environ.get('SITE_TEST_PORT', '3611')}")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--paths", nargs="*", default=list(PATHS))
    parser.add_argument("--json", type=Path, help="write the result here")
    parser.add_argument("--write-baseline", action="store_true", help=f"write {BASELINE.name} from this run")
    args = parser.parse_args(argv)
    result = compare(args.site, tuple(args.paths), args.rounds)
    checks = compare_with_baseline(result, load_baseline())
    result["baseline_checks"] = checks
    print(render(result, checks))
    if args.json:
        args.json.write_text(json.dumps(result, indent=1))
    if args.write_baseline:
        BASELINE.write_text(json.dumps(baseline_of(result), indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
