"""Time to content in headless Chromium: navigation start until the first news title / first
recording card is visible.

`measure` (no throttling): median of N for a cold server (the first load after the site started,
restarted before every sample) and for a warm one (after a warm-up load). Every sample is a new
browser context, i.e. a first-time visitor with an empty browser cache, so the only difference
between the two columns is the server.

`measure_slow_4g` (issue 20, `make bench BENCH_ARGS="--only slow4g"`): a 390 px phone on slow 4G
with a 4x slower CPU, the home page against a static HTML snapshot of the same rendered page, with
where the time goes (HTML, scripts, websocket connect, hydrate, on_load, render).
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
import re
import threading
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx

from benchmarks import config
from benchmarks.browser import PHONE, chromium, content_ms, content_probe_script
from benchmarks.servers import Servers
from benchmarks.stats import median, summary


def _page_missing(url: str) -> str | None:
    status = httpx.get(url, timeout=10, follow_redirects=True).status_code
    return None if status == 200 else f"HTTP {status}"


async def _samples(browser, url: str, selector: str, count: int, before_each=None) -> tuple[list[float], str | None]:
    samples: list[float] = []
    for _ in range(count):
        if before_each is not None:
            await asyncio.to_thread(before_each)
        ms = await content_ms(browser, url, selector)
        if ms is None:
            # Not there once: the page does not show this element (yet); more tries only cost time.
            return samples, f"{selector} not visible within {config.CONTENT_TIMEOUT_S:.0f} s"
        samples.append(ms)
    return samples, None


async def _measure(servers: Servers, count: int, log) -> dict[str, Any]:
    results: dict[str, Any] = {}
    async with chromium() as browser:
        for probe in config.CONTENT_PROBES:
            servers.start_site()
            url = servers.site_url + probe.path
            entry: dict[str, Any] = {"path": probe.path, "selector": probe.selector}
            missing = _page_missing(url)
            if missing:
                entry["error"] = f"page {probe.path}: {missing}"
                results[probe.name] = entry
                log(f"time to content, {probe.name}: {entry['error']}")
                continue
            log(f"time to content, {probe.name}: warm")
            await content_ms(browser, url, probe.selector)  # warm-up, not counted
            warm, warm_error = await _samples(browser, url, probe.selector, count)
            cold, cold_error = [], warm_error
            if not warm_error:
                log(f"time to content, {probe.name}: cold (a site restart per sample)")
                cold, cold_error = await _samples(browser, url, probe.selector, count, servers.restart_site)
            entry.update(
                {
                    "warm_median_ms": median(warm),
                    "cold_median_ms": median(cold),
                    "warm": summary(warm),
                    "cold": summary(cold),
                    "warm_samples_ms": [round(ms, 1) for ms in warm],
                    "cold_samples_ms": [round(ms, 1) for ms in cold],
                    "error": warm_error or cold_error,
                }
            )
            results[probe.name] = entry
    return results


def measure(servers: Servers, count: int, log=print) -> dict[str, Any]:
    return asyncio.run(_measure(servers, count, log))


# --- Slow 4G (issue 20): the site against a static snapshot of the same rendered page ----------
#
# Every visit is a fresh context (no cache, no service worker yet) with the throttle set through
# the Chrome DevTools protocol before navigating. CDP delays HTTP requests and the websocket
# handshake by the latency, but not websocket frames: every client round trip after the socket
# opens would cost about one more latency on a real network, hence the round-trip count.

_CDP_EVENTS = (
    "Network.requestWillBeSent",
    "Network.loadingFinished",
    "Network.webSocketWillSendHandshakeRequest",
    "Network.webSocketHandshakeResponseReceived",
    "Network.webSocketFrameSent",
    "Network.webSocketFrameReceived",
)

# The phases of a visit, in order: (key, wording, the mark that ends it).
PHASES = (
    ("html", "HTML", "html_at"),
    ("scripts", "scripts (download + run until the socket opens)", "socket_at"),
    ("connect", "websocket + socket.io connect", "event_sent_at"),
    ("hydrate", "hydrate answer", "first_delta_at"),
    ("on_load", "on_load until the delta with the content", "content_delta_at"),
    ("render", "render", "content_at"),
)


def _frame_json(payload: str) -> Any:
    """The JSON of a socket.io frame (`42/_event,[...]`), or None for a control frame."""
    match = re.match(r"^\d+(/[^,\[{]*,)?", payload)
    body = payload[match.end() :] if match else payload
    try:
        return json.loads(body) if body else None
    except ValueError:
        return None


def frame_holds(payload: str, text: str) -> bool:
    """Whether a websocket frame carries `text` in one of its JSON strings (escapes decoded)."""
    data = _frame_json(payload)
    return data is not None and text in json.dumps(data, ensure_ascii=False)


def breakdown(events: list[tuple[str, dict]], *, content_at: float, content_text: str, offset_ms: float) -> dict:
    """Marks (ms since navigation start) and phase durations of one visit from its CDP events.

    `offset_ms` is how long after navigation start the document request left (CDP timestamps
    count from that request); `content_text` is the text of the content element, looked for in
    the websocket frames received."""
    start = None
    marks: dict[str, float | None] = dict.fromkeys(
        ("html_at", "scripts_loaded_at", "socket_at", "event_sent_at", "first_delta_at", "content_delta_at")
    )
    document_id = None
    scripts: set[str] = set()
    events_sent = 0

    def at(params: dict) -> float:
        return round((params["timestamp"] - start) * 1000 + offset_ms, 1)

    for method, params in events:
        if method == "Network.requestWillBeSent":
            if document_id is None and params.get("type") == "Document":
                document_id, start = params["requestId"], params["timestamp"]
            elif params.get("type") == "Script" and marks["socket_at"] is None:
                scripts.add(params["requestId"])
        if start is None:
            continue
        if method == "Network.loadingFinished":
            if params["requestId"] == document_id:
                marks["html_at"] = at(params)
            elif params["requestId"] in scripts and marks["socket_at"] is None:
                marks["scripts_loaded_at"] = at(params)
        elif method == "Network.webSocketWillSendHandshakeRequest" and marks["socket_at"] is None:
            marks["socket_at"] = at(params)
        elif method == "Network.webSocketFrameSent":
            payload = params["response"]["payloadData"]
            if '"event"' in payload and marks["content_delta_at"] is None:
                events_sent += 1
                if marks["event_sent_at"] is None:
                    marks["event_sent_at"] = at(params)
        elif method == "Network.webSocketFrameReceived":
            payload = params["response"]["payloadData"]
            if '"delta"' in payload and marks["first_delta_at"] is None:
                marks["first_delta_at"] = at(params)
            if marks["content_delta_at"] is None and content_text and frame_holds(payload, content_text):
                marks["content_delta_at"] = at(params)
    marks["content_at"] = round(content_at, 1)
    phases: dict[str, float | None] = {}
    previous: float | None = 0.0
    for key, _, mark in PHASES:
        end = marks.get(mark)
        phases[key] = None if end is None or previous is None else round(end - previous, 1)
        previous = end
    return {
        "marks": marks,
        "phases": phases,
        # Events the page sent before its content arrived: each is a round trip after the socket opened.
        "events_sent": events_sent if marks["socket_at"] is not None else None,
    }


def static_snapshot(html: str) -> str:
    """The rendered page without its scripts: what a static site would send (styles, pictures and
    the markup as the visitor saw it stay)."""
    html = re.sub(r"<script\b[^>]*>.*?</script>", "", html, flags=re.DOTALL | re.IGNORECASE)
    return re.sub(r"<link\b[^>]*\brel=\"?modulepreload\"?[^>]*>", "", html, flags=re.IGNORECASE)


class SnapshotServer:
    """Serves the snapshot at its page's path and proxies every other request (styles, pictures,
    fonts) to the site unchanged, so both sides fetch the same files from one origin."""

    def __init__(self, site_url: str, port: int) -> None:
        self.site_url, self.port = site_url, port
        self.pages: dict[str, bytes] = {}
        self._server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        return f"http://localhost:{self.port}"

    def __enter__(self) -> SnapshotServer:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as the site's server

            def do_GET(self) -> None:
                path = self.path.split("?", 1)[0]
                if path in owner.pages:
                    body, status = owner.pages[path], 200
                    headers = {"Content-Type": "text/html; charset=utf-8"}
                    if "gzip" in self.headers.get("Accept-Encoding", ""):  # as any static host would
                        body, headers["Content-Encoding"] = gzip.compress(body), "gzip"
                else:
                    request = urllib.request.Request(
                        owner.site_url + self.path, headers={"Accept-Encoding": self.headers.get("Accept-Encoding", "")}
                    )
                    try:
                        with urllib.request.urlopen(request, timeout=30) as response:
                            body, status = response.read(), response.status
                            headers = dict(response.headers)
                    except urllib.error.HTTPError as error:
                        body, status, headers = error.read(), error.code, dict(error.headers)
                self.send_response(status)
                for name in ("Content-Type", "Content-Encoding", "Cache-Control", "Vary"):
                    if headers.get(name):
                        self.send_header(name, headers[name])
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
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


async def throttled_visit(browser, url: str, selector: str, throttle: config.Throttle) -> dict[str, Any] | None:
    """One first visit under `throttle`: its breakdown, first contentful paint and the content's
    text; None when the content did not show within the timeout."""
    context = await browser.new_context(viewport=PHONE, service_workers="block")
    try:
        await context.add_init_script(content_probe_script(selector))
        page = await context.new_page()
        cdp = await context.new_cdp_session(page)
        events: list[tuple[str, dict]] = []
        for method in _CDP_EVENTS:
            cdp.on(method, lambda params, method=method: events.append((method, params)))
        await cdp.send("Network.enable")
        await cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        await cdp.send("Network.emulateNetworkConditions", throttle.network_conditions())
        await cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle.cpu_slowdown})
        await page.goto(url, wait_until="commit")
        try:
            await page.wait_for_function(
                "window.__benchContentAt !== null", timeout=config.CONTENT_TIMEOUT_S * 1000, polling=50
            )
        except Exception:
            return None
        # With the content in the HTML it can show in the very frame whose paint is then reported.
        with contextlib.suppress(Exception):
            await page.wait_for_function(
                "performance.getEntriesByName('first-contentful-paint').length > 0", timeout=5000, polling=50
            )
        seen = await page.evaluate(
            """(selector) => ({
              content_at: window.__benchContentAt,
              text: (document.querySelector(selector)?.textContent || "").trim(),
              fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
              time_origin: performance.timeOrigin,
            })""",
            selector,
        )
        document = next(
            (p for m, p in events if m == "Network.requestWillBeSent" and p.get("type") == "Document"), None
        )
        offset_ms = 0.0 if document is None else document["wallTime"] * 1000 - seen["time_origin"]
        visit = breakdown(events, content_at=seen["content_at"], content_text=seen["text"], offset_ms=offset_ms)
        visit["fcp_ms"] = seen["fcp"]
        return visit
    finally:
        await context.close()


async def _rendered_html(browser, url: str, selector: str) -> str:
    context = await browser.new_context(viewport=PHONE, service_workers="block")
    try:
        page = await context.new_page()
        await page.goto(url)
        await page.wait_for_selector(selector, state="visible", timeout=config.CONTENT_TIMEOUT_S * 1000)
        return await page.content()
    finally:
        await context.close()


def summarize_visits(visits: list[dict[str, Any]]) -> dict[str, Any]:
    """Medians of a side's visits: time to content, first paint, each phase, round trips."""
    medians = lambda values: median([v for v in values if v is not None])  # noqa: E731
    return {
        "n": len(visits),
        "content_ms": medians([v["marks"]["content_at"] for v in visits]),
        "fcp_ms": medians([v.get("fcp_ms") for v in visits]),
        "phases": {key: medians([v["phases"][key] for v in visits]) for key, _, _ in PHASES},
        "events_sent": medians([v["events_sent"] for v in visits]),
        "content_samples_ms": [v["marks"]["content_at"] for v in visits],
    }


def slow_4g_ratio(result: dict[str, Any]) -> float | None:
    site, snapshot = (result.get(side, {}).get("content_ms") for side in ("site", "snapshot"))
    return None if not site or not snapshot else round(site / snapshot, 2)


async def _measure_slow_4g(servers: Servers, count: int, log) -> dict[str, Any]:
    probe, throttle = config.CONTENT_PROBES[0], config.SLOW_4G
    servers.start_site()
    site_url = servers.site_url + probe.path
    result: dict[str, Any] = {"path": probe.path, "selector": probe.selector, "throttle": throttle.__dict__}
    missing = _page_missing(site_url)
    if missing:
        return {**result, "error": f"page {probe.path}: {missing}"}
    async with chromium() as browser:
        snapshot = SnapshotServer(servers.site_url, config.SNAPSHOT_PORT)
        snapshot.pages[probe.path] = static_snapshot(await _rendered_html(browser, site_url, probe.selector)).encode()
        with snapshot:
            for side, url in (("site", site_url), ("snapshot", snapshot.url + probe.path)):
                log(f"time to content on {throttle.name}, {side}: {count} visits")
                await throttled_visit(browser, url, probe.selector, throttle)  # warm-up, not counted
                visits = [
                    v
                    for v in [await throttled_visit(browser, url, probe.selector, throttle) for _ in range(count)]
                    if v
                ]
                result[side] = summarize_visits(visits) | {"failed": count - len(visits)}
    result["ratio"] = slow_4g_ratio(result)
    return result


def measure_slow_4g(servers: Servers, count: int, log=print) -> dict[str, Any]:
    return asyncio.run(_measure_slow_4g(servers, count, log))


def target_row(result: dict[str, Any], ratio_max: float) -> tuple[str, str, bool | None]:
    """The issue's target: the site's time to content within `ratio_max` x the static snapshot's."""
    name = (
        f"First news title on {result.get('throttle', {}).get('name', 'slow 4G')} <= {ratio_max:g}x a static snapshot"
    )
    ratio = slow_4g_ratio(result)
    if ratio is None:
        return name, result.get("error") or "not measured", None
    site, snapshot = result["site"]["content_ms"], result["snapshot"]["content_ms"]
    return name, f"{site:.0f} ms vs {snapshot:.0f} ms (x{ratio:.2f})", ratio <= ratio_max


def render_table(result: dict[str, Any]) -> list[list[str]]:
    """One row per side: time to content, first paint, each phase, websocket events sent."""
    ms = lambda v: "-" if v is None else f"{v:.0f}"  # noqa: E731
    rows = []
    for side, label in (("site", "site"), ("snapshot", "static snapshot")):
        figures = result.get(side)
        if not figures:
            continue
        rows.append(
            [
                label,
                ms(figures["content_ms"]),
                ms(figures["fcp_ms"]),
                *(ms(figures["phases"][key]) for key, _, _ in PHASES),
                "-" if figures["events_sent"] is None else f"{figures['events_sent']:g}",
                f"{figures['n']}" + (f" ({figures['failed']} failed)" if figures.get("failed") else ""),
            ]
        )
    return rows


SLOW_4G_HEADERS = ["page as", "content ms", "FCP", *(key for key, _, _ in PHASES), "events sent", "n"]
