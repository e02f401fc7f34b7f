"""The pure parts of the benchmarks (benchmarks/): percentiles, Lighthouse report extraction,
targets, PocketBase request-log classification and the simulated visitor's "data loaded" rule.
Timings themselves are measured by `make bench`, never asserted in tests."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from benchmarks import config, report
from benchmarks.lighthouse import extract
from benchmarks.pocketbase_log import classify, pocketbase_time
from benchmarks.reflex_client import CompiledFrontend, boot_event, is_hydrated, is_loading
from benchmarks.stats import median, percentile, summary

FIXTURE = Path(__file__).parent / "data" / "lighthouse-blank-template.json"


@pytest.mark.parametrize(("p", "expected"), [(0, 1.0), (50, 2.5), (95, 3.85), (99, 3.97), (100, 4.0)])
def test_percentile_interpolates_linearly_between_closest_ranks(p, expected):
    assert percentile([4, 1, 3, 2], p) == pytest.approx(expected)


def test_percentile_of_one_value_is_that_value_and_of_none_is_none():
    assert percentile([0.7], 99) == 0.7
    assert percentile([], 50) is None
    assert median([3, 1, 2]) == 2


def test_percentile_outside_0_to_100_is_refused():
    with pytest.raises(ValueError):
        percentile([1, 2], 101)


def test_summary_reports_count_extremes_and_tail_percentiles():
    values = [float(v) for v in range(1, 101)]
    assert summary(values) == {
        "n": 100,
        "min": 1.0,
        "p50": pytest.approx(50.5),
        "p95": pytest.approx(95.05),
        "p99": pytest.approx(99.01),
        "max": 100.0,
    }
    assert summary([])["p95"] is None


def test_lighthouse_extraction_reads_scores_metrics_bytes_and_failing_audits():
    figures = extract(json.loads(FIXTURE.read_text()))
    assert figures["lighthouse"].startswith("13.")
    assert figures["form_factor"] == "mobile"
    assert (figures["performance"], figures["accessibility"], figures["best-practices"], figures["seo"]) == (
        90,
        85,
        100,
        90,
    )
    assert (figures["fcp_ms"], figures["lcp_ms"], figures["tbt_ms"], figures["cls"]) == (2853.8, 2853.8, 22.5, 0)
    assert figures["bytes"] == 336577
    assert figures["image_bytes"] == 12345
    assert figures["js_css_bytes"] == 244423 + 83822  # scripts + stylesheets
    assert figures["font_bytes"] is None  # the report lists no font
    assert figures["error"] is None
    # Only weighted audits that did not pass; informative ones (weight 0) and n/a ones are left out.
    assert figures["failing_audits"] == {
        "accessibility": ["button-name", "color-contrast", "landmark-one-main"],
        "best-practices": [],
        "seo": ["meta-description"],
    }


def test_lighthouse_extraction_names_the_protocols_the_pages_requests_used():
    report = json.loads(FIXTURE.read_text())
    assert extract(report)["protocols"] == []  # the fixture keeps no request list
    report["audits"]["network-requests"] = {
        "details": {
            "items": [
                {"url": "https://127.0.0.1:3165/", "protocol": "h2"},
                {"url": "https://127.0.0.1:3165/assets/entry.js", "protocol": "h2"},
                {"url": "wss://127.0.0.1:3165/_event", "protocol": "http/1.1"},  # not a page request
                {"url": "data:image/png;base64,x", "protocol": "data"},
                {"url": "http://localhost:3161/", "protocol": "http/1.1"},
            ]
        }
    }
    assert extract(report)["protocols"] == ["h2", "http/1.1"]


def test_lighthouse_extraction_names_the_largest_paints_element():
    report = json.loads(FIXTURE.read_text())
    assert extract(report)["lcp_element"] is None  # this trimmed report has no such audit
    # Lighthouse 13: a table of subparts, then the element itself.
    report["audits"]["lcp-breakdown-insight"] = {
        "details": {
            "type": "list",
            "items": [
                {"type": "table", "items": [{"subpart": "timeToFirstByte", "duration": 9.9}]},
                {"type": "node", "selector": "div#rooms-list > article > img.aspect-[8/5]", "snippet": "<img>"},
            ],
        }
    }
    assert extract(report)["lcp_element"] == "div#rooms-list > article > img.aspect-[8/5]"
    # Older reports: the element audit's table of nodes.
    del report["audits"]["lcp-breakdown-insight"]
    report["audits"]["largest-contentful-paint-element"] = {
        "details": {
            "type": "list",
            "items": [{"type": "table", "items": [{"node": {"type": "node", "selector": "h1"}}]}],
        }
    }
    assert extract(report)["lcp_element"] == "h1"


def test_lighthouse_extraction_of_a_page_that_did_not_load_gives_no_figures_and_the_error():
    figures = extract(
        {
            "requestedUrl": "http://localhost:3161/jobs",
            "categories": {"performance": {"score": None}},
            "audits": {},
            "runtimeError": {"code": "ERRORED_DOCUMENT_REQUEST", "message": "Status code: 404"},
        }
    )
    assert figures["performance"] is None and figures["bytes"] is None and figures["image_bytes"] is None
    assert figures["js_css_bytes"] is None
    assert figures["error"] == "Status code: 404"


def _page(**figures):
    base = {
        "performance": 95,
        "accessibility": 100,
        "best-practices": 100,
        "seo": 100,
        "cls": 0.01,
        "bytes": 200_000,
        "image_bytes": 30_000,
    }
    return {**base, **figures}


def _verdicts(results):
    return {row["target"]: row["verdict"] for row in report.evaluate(results)}


def test_each_lighthouse_figure_is_marked_pass_or_miss_beside_it():
    marks = report.lighthouse_targets(_page(performance=89, seo=92, cls=0.06, accessibility=None))
    assert marks == {
        "performance": "MISS",
        "accessibility": "n/a",
        "best-practices": "PASS",
        "seo": "MISS",
        "cls": "MISS",
    }
    assert set(report.lighthouse_targets(_page()).values()) == {"PASS"}


def test_a_lighthouse_target_passes_only_when_every_page_meets_it():
    verdicts = _verdicts(
        {"lighthouse": {"pages": {"/": _page(performance=89), "/jobs": _page(seo=None), "/shop": _page()}}}
    )
    assert verdicts["Lighthouse performance >= 90 on every page"] == "MISS"
    assert verdicts["Lighthouse accessibility = 100 on every page"] == "PASS"
    assert verdicts["Lighthouse seo = 100 on every page"] == "MISS"  # /jobs was not measured
    assert verdicts["Lighthouse cls <= 0.05 on every page"] == "PASS"


def test_issue_20s_speed_targets_cover_the_english_and_sinhala_pages_only():
    fast = {"performance": 99, "fcp_ms": 950.0, "lcp_ms": 1990.0}
    pages = {"/": _page(**fast), "/si/": _page(**fast), "/ta/": _page(performance=90, fcp_ms=3000, lcp_ms=4000)}
    verdicts = _verdicts({"lighthouse": {"pages": pages}})
    speed = {name: verdict for name, verdict in verdicts.items() if name.startswith("Speed (issue 20)")}
    assert speed == {
        "Speed (issue 20): Lighthouse performance >= 98 on the en/si pages, served directly (HTTP/1.1)": "PASS",
        "Speed (issue 20): Lighthouse fcp_ms <= 1500 ms on the en/si pages, served directly (HTTP/1.1)": "PASS",
        "Speed (issue 20): Lighthouse lcp_ms <= 2000 ms on the en/si pages, served directly (HTTP/1.1)": "PASS",
    }
    pages["/si/"] = _page(**{**fast, "lcp_ms": 2600.0})
    verdicts = _verdicts({"lighthouse": {"pages": pages}})
    direct = "on the en/si pages, served directly (HTTP/1.1)"
    assert verdicts[f"Speed (issue 20): Lighthouse lcp_ms <= 2000 ms {direct}"] == "MISS"
    assert verdicts[f"Speed (issue 20): Lighthouse performance >= 98 {direct}"] == "PASS"
    pages["/"] = _page(**{**fast, "fcp_ms": None})  # not measured is not a pass
    direct_fcp = "Speed (issue 20): Lighthouse fcp_ms <= 1500 ms on the en/si pages, served directly (HTTP/1.1)"
    assert _verdicts({"lighthouse": {"pages": pages}})[direct_fcp] == "MISS"


def test_issue_20s_speed_targets_are_judged_as_deployed_too_beside_the_direct_figures():
    fast = {"performance": 100, "fcp_ms": 950.0, "lcp_ms": 1800.0}
    direct = {"/": _page(performance=98, lcp_ms=2300.0), "/si/": _page(performance=98, lcp_ms=2200.0)}
    deployed = {"/": _page(**fast, protocols=["h2"]), "/si/": _page(**{**fast, "lcp_ms": 2050.0})}
    results = {"lighthouse": {"pages": direct, "deployed": {"pages": deployed, "served": "HTTPS + HTTP/2"}}}
    verdicts = _verdicts(results)
    lcp = "Speed (issue 20): Lighthouse lcp_ms <= 2000 ms on the en/si pages"
    assert verdicts[f"{lcp}, served directly (HTTP/1.1)"] == "MISS"
    assert verdicts[f"{lcp}, as deployed (HTTPS, HTTP/2)"] == "MISS"  # /si/ 2050
    deployed["/si/"] = _page(**fast)
    assert _verdicts(results)[f"{lcp}, as deployed (HTTPS, HTTP/2)"] == "PASS"
    performance = "Speed (issue 20): Lighthouse performance >= 98 on the en/si pages"
    assert _verdicts(results)[f"{performance}, as deployed (HTTPS, HTTP/2)"] == "PASS"
    # No deployed run (say --only catalogs' own Lighthouse): no rows claim it.
    assert not any("as deployed" in name for name in _verdicts({"lighthouse": {"pages": direct}}))
    text = report.render(results)
    assert "Lighthouse 13, mobile, as deployed: HTTPS + HTTP/2; requests over h2" in text
    table = text.split("as deployed: HTTPS + HTTP/2", 1)[1]
    assert "1800 ms" in table.split("\n\n", 1)[0]


def test_a_page_measured_several_times_counts_its_median_run_and_shows_every_score(monkeypatch):
    from benchmarks import lighthouse

    runs = iter([_page(performance=95, tbt_ms=240.0), _page(performance=99, tbt_ms=30.0), _page(performance=98)])
    monkeypatch.setattr(lighthouse, "run_lighthouse", lambda url, chrome_flags=None: next(runs))
    chosen = lighthouse.best_of("https://front/shop", 3)
    assert (chosen["performance"], chosen["performance_runs"]) == (98, [95, 99, 98])
    text = report.render({"lighthouse": {"pages": {}, "deployed": {"pages": {"/shop": chosen}, "served": "HTTPS"}}})
    assert "98 PASS (95/99/98)" in text
    # One run: the score alone.
    assert "(" not in report._lighthouse_row("/", _page(performance=98), marked=False)[1]


def test_issue_20s_speed_pages_are_measured_three_times_as_deployed_in_the_full_run_only():
    assert (config.FULL.speed_lighthouse_runs, config.QUICK.speed_lighthouse_runs) == (3, 1)


def test_lighthouse_measures_each_page_in_each_ui_language_side_by_side():
    pages = config.in_languages(("/", "/youtube"), config.FULL.lighthouse_languages)
    assert pages == ("/", "/si/", "/ta/", "/youtube", "/si/youtube", "/ta/youtube")
    assert config.in_languages(config.LIGHTHOUSE_PAGES, config.FULL.lighthouse_languages)[-1] == "/ta/ol-folder"


def test_the_language_table_has_a_row_per_page_per_language_with_its_growth_over_english():
    rows = report.language_rows(
        {
            "/": _page(js_css_bytes=200 * 1024, font_bytes=0),
            "/si/": _page(performance=91, js_css_bytes=201 * 1024, font_bytes=70 * 1024),
            "/ta/": _page(js_css_bytes=None, font_bytes=None),
            "/si/jobs": _page(js_css_bytes=150 * 1024),  # English /jobs not measured
        }
    )
    assert rows == [
        ["/", "en", "95", "100", "100", "200.0 KiB", "-", "0.0 KiB"],
        ["/", "si", "91", "100", "100", "201.0 KiB", "+1.0 KiB", "70.0 KiB"],
        ["/", "ta", "95", "100", "100", "-", "-", "-"],
        ["/jobs", "si", "95", "100", "100", "150.0 KiB", "-", "-"],
    ]


def test_the_report_prints_the_language_table_under_lighthouse():
    results = {"lighthouse": {"pages": {"/": _page(js_css_bytes=1024), "/ta/": _page(js_css_bytes=2048)}}}
    printed = report.render(results)
    assert "Per language" in printed
    assert re.search(r"^/\s+ta\s+95\s+100\s+100\s+2\.0 KiB\s+\+1\.0 KiB", printed, re.MULTILINE)


def test_home_transfer_may_exceed_the_blank_template_only_by_its_own_images():
    blank = _page(bytes=300_000)
    lean = {"lighthouse": {"pages": {"/": _page(bytes=320_000, image_bytes=40_000)}, "blank_template": blank}}
    heavy = {"lighthouse": {"pages": {"/": _page(bytes=320_000, image_bytes=10_000)}, "blank_template": blank}}
    name = "/ transfer < blank template's + its own images"
    assert _verdicts(lean)[name] == "PASS"
    assert _verdicts(heavy)[name] == "MISS"


def test_pocketbase_target_compares_record_reads_with_the_collections_the_home_page_shows():
    collections = list(config.HOME_COLLECTIONS)
    name = f"PocketBase record reads, 100 anonymous home loads <= {len(collections)} collections"

    def verdict(records):
        anonymous = {"loads": 100, "records": records, "files": 400}
        return _verdicts({"pocketbase_requests": {"home_collections": collections, "anonymous": anonymous}})[name]

    assert verdict(len(collections)) == "PASS"
    assert verdict(len(collections) + 1) == "MISS"


def test_visitors_target_needs_zero_errors_and_p95_within_a_second_at_200():
    def level(errors, p95):
        return {"concurrency": {"levels": [{"visitors": 200, "errors": errors, "seconds": {"p95": p95}}]}}

    name = "200 visitors: 0 errors, p95 <= 1 s"
    assert _verdicts(level(0, 0.9))[name] == "PASS"
    assert _verdicts(level(1, 0.2))[name] == "MISS"
    assert _verdicts(level(0, 1.2))[name] == "MISS"
    assert (
        _verdicts({"concurrency": {"levels": [{"visitors": 10, "errors": 0, "seconds": {"p95": 0.1}}]}})[name] == "n/a"
    )


def test_issue_20_visitors_target_is_1000_at_once_within_two_seconds():
    def level(visitors, errors, p95):
        return {"concurrency": {"levels": [{"visitors": visitors, "errors": errors, "seconds": {"p95": p95}}]}}

    name = "Speed (issue 20): 1000 visitors: 0 errors, p95 <= 2 s"
    assert _verdicts(level(1000, 0, 1.9))[name] == "PASS"
    assert _verdicts(level(1000, 0, 3.4))[name] == "MISS"
    assert _verdicts(level(1000, 2, 1.0))[name] == "MISS"
    assert _verdicts(level(400, 0, 0.5))[name] == "n/a"


def test_live_update_target_needs_every_sample_within_two_seconds_and_no_error():
    def live(samples, error=None):
        return {"live_updates": {"ms": summary(samples), "error": error}}

    name = "Content change on an open page within 2000 ms (every sample)"
    assert _verdicts(live([300.0, 450.0, 1999.0]))[name] == "PASS"
    assert _verdicts(live([300.0, 2100.0]))[name] == "MISS"
    assert _verdicts(live([300.0], error="the switched-on item did not show within 20 s"))[name] == "MISS"
    assert _verdicts(live([]))[name] == "n/a"


def _log(url, agent="python-httpx/0.28.1", status=200):
    return {"data": {"type": "request", "url": url, "userAgent": agent, "status": status, "method": "GET"}}


def test_pocketbase_log_classification_separates_record_reads_files_and_the_benchmarks_own_calls():
    browser = "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/156"
    counts = classify(
        [
            _log("/api/collections/News/records?sort=created&perPage=500"),
            _log("/api/collections/News/records?sort=created&perPage=500"),
            _log("/api/collections/Notes/records/abc123", agent=browser),
            _log("/api/files/pbc_1/rec1/photo_x1.png?thumb=400x300", agent=browser),
            _log("/api/collections/users/auth-with-password"),
            _log("/api/realtime"),
            _log("/api/settings"),
            _log("/api/logs?filter=x"),
            _log("/api/health"),
            _log("/api/collections/_superusers/auth-with-password"),
            {"data": {"type": "something else", "url": "/api/collections/News/records"}},
        ]
    )
    assert (
        counts["total"],
        counts["records"],
        counts["files"],
        counts["auth"],
        counts["realtime"],
        counts["other"],
    ) == (7, 3, 1, 1, 1, 1)
    assert counts["records_by_collection"] == {"News": 2, "Notes": 1}
    assert counts["records_by_client"] == {"site server": 2, "browser": 1}


def test_pocketbase_time_is_utc_with_milliseconds():
    from datetime import datetime, timedelta, timezone

    colombo = timezone(timedelta(hours=5, minutes=30))
    assert pocketbase_time(datetime(2026, 1, 2, 5, 30, 0, 123456, tzinfo=colombo)) == "2026-01-02 00:00:00.123Z"


def test_visitor_waits_while_any_loading_flag_is_true_and_until_hydrated():
    pattern = re.compile(config.LOADING_VAR_PATTERN)
    state = {
        "reflex___state____state": {"is_hydrated_rx_state_": True},
        "reflex___state____state.home_state": {
            "loading_rx_state_": False,
            "news_loading_rx_state_": True,
            "uploading_rx_state_": True,
            "news_rx_state_": [],
        },
    }
    assert is_hydrated(state)
    assert is_loading(state, pattern)
    state["reflex___state____state.home_state"]["news_loading_rx_state_"] = False
    assert not is_loading(state, pattern)  # "uploading" is not a loading flag
    assert not is_hydrated({"reflex___state____state": {"is_hydrated_rx_state_": False}})


def test_boot_event_carries_the_page_and_the_compiled_state_hashes(tmp_path):
    (tmp_path / "utils").mkdir()
    (tmp_path / "utils" / "context.jsx").write_text(
        'export const initialStateHashes = ["aa", "bb"]\nexport const stateSchema = "e53b"\n'
    )
    frontend = CompiledFrontend.read(tmp_path)
    assert frontend == CompiledFrontend("e53b", ("aa", "bb"))
    assert boot_event("/", frontend) == {
        "name": "reflex___state____state.hydrate_and_load",
        "payload": {"hashes": ["aa", "bb"]},
        "router_data": {"pathname": "/", "asPath": "/"},
    }
    assert CompiledFrontend.read(tmp_path / "missing") == CompiledFrontend()


def test_the_catalogs_table_puts_demo_and_large_side_by_side() -> None:
    from benchmarks import catalogs

    def catalog(ws_kb: float, p95: float) -> dict:
        return {
            "pages": {"/youtube": {"ws_kb": ws_kb, "dom_nodes": 900, "show_more_ms": 120, "search_kb": 9.5}},
            "burst /": {"p95_s": p95, "p95_runs_s": [0.4, p95, 0.9], "errors": 0},
            "burst /youtube": {"p95_s": p95, "p95_runs_s": [p95], "errors": 0},
            "lighthouse": {"/": {"performance": 95, "lcp_ms": 2100.0, "kib": 180}},
            "site_rss_mib": 80.0,
        }

    table = catalogs.render({"scale": 1.0, "large_counts": {}, "demo": catalog(5.0, 0.5), "large": catalog(12.0, 0.55)})
    assert "/youtube" in table and "5.0" in table and "12.0" in table
    assert "(x1.1, target <= 1.2; median of bursts [0.4, 0.5, 0.9] / [0.4, 0.55, 0.9])" in table
    assert "search on the large catalog: 9.5 KB" in table
    assert "performance 95 / 95" in table


def _cdp(method: str, at_ms: float, **params) -> tuple[str, dict]:
    return method, {"timestamp": 1000 + at_ms / 1000, **params}


def _frame(method: str, at_ms: float, payload: str) -> tuple[str, dict]:
    return _cdp(method, at_ms, requestId="ws", response={"payloadData": payload})


def _slow_visit_events(title: str) -> list[tuple[str, dict]]:
    delta = json.dumps(["event", {"delta": {"news_state": {"items": [{"title": title}]}}}])
    return [
        _cdp("Network.requestWillBeSent", 0, requestId="doc", type="Document"),
        _cdp("Network.requestWillBeSent", 150, requestId="js1", type="Script"),
        _cdp("Network.loadingFinished", 200, requestId="doc"),
        _cdp("Network.loadingFinished", 1400, requestId="js1"),
        _cdp("Network.webSocketWillSendHandshakeRequest", 1600, requestId="ws"),
        _frame("Network.webSocketFrameReceived", 1800, '0{"sid":"x"}'),
        _frame("Network.webSocketFrameSent", 1900, '40/_event,{"event":{"name":"state.hydrate_and_load"}}'),
        _frame("Network.webSocketFrameReceived", 2000, '42/_event,["event",{"delta":{"state":{"a":1}}}]'),
        _frame("Network.webSocketFrameReceived", 2150, "42/_event," + delta),
        _frame("Network.webSocketFrameSent", 2500, '42/_event,["event",{"event":{"name":"later"}}]'),
    ]


def test_slow_4g_breakdown_splits_the_visit_at_each_mark_and_counts_events_before_the_content():
    from benchmarks.time_to_content import breakdown

    title = "ශිෂ්‍ය දින 2026"  # Sinhala: in the frame as JSON \\u escapes, on the page as text
    visit = breakdown(_slow_visit_events(title), content_at=2400.0, content_text=title, offset_ms=5.0)
    assert visit["marks"] == {
        "html_at": 205.0,
        "scripts_loaded_at": 1405.0,
        "socket_at": 1605.0,
        "event_sent_at": 1905.0,
        "first_delta_at": 2005.0,
        "content_delta_at": 2155.0,
        "content_at": 2400.0,
    }
    assert visit["phases"] == {
        "html": 205.0,
        "scripts": 1400.0,
        "connect": 300.0,
        "hydrate": 100.0,
        "on_load": 150.0,
        "render": 245.0,
    }
    assert visit["events_sent"] == 1  # the event sent after the content is not counted


def test_slow_4g_breakdown_of_a_page_without_websocket_has_only_its_html_phase():
    from benchmarks.time_to_content import breakdown

    events = [
        _cdp("Network.requestWillBeSent", 0, requestId="doc", type="Document"),
        _cdp("Network.loadingFinished", 250, requestId="doc"),
    ]
    visit = breakdown(events, content_at=600.0, content_text="Title", offset_ms=0.0)
    assert visit["phases"]["html"] == 250.0
    assert [visit["phases"][key] for key in ("scripts", "connect", "hydrate", "on_load", "render")] == [None] * 5
    assert visit["events_sent"] is None


def test_a_frame_holds_text_only_inside_its_json_not_in_control_frames():
    from benchmarks.time_to_content import frame_holds

    assert frame_holds('42/_event,["event",{"delta":{"s":{"t":"Exam \\u0dc1 day"}}}]', "Exam ශ day")
    assert not frame_holds('42/_event,["event",{"delta":{}}]', "Exam")
    assert not frame_holds("3", "3")
    assert not frame_holds("2probe", "probe")


def test_the_static_snapshot_drops_scripts_and_module_preloads_but_keeps_styles_and_markup():
    from benchmarks.time_to_content import static_snapshot

    html = (
        '<html><head><link rel="stylesheet" href="/a.css"><link rel="modulepreload" href="/b.js">'
        '<script type="module">import "/c.js";\nrun()</script><script src="/theme.js"></script></head>'
        '<body><h3 data-testid="news-title">News</h3></body></html>'
    )
    assert static_snapshot(html) == (
        '<html><head><link rel="stylesheet" href="/a.css"></head>'
        '<body><h3 data-testid="news-title">News</h3></body></html>'
    )


def _slow_result(site_ms: float | None, snapshot_ms: float | None) -> dict:
    def side(ms):
        phases = dict.fromkeys(("html", "scripts", "connect", "hydrate", "on_load", "render"), 100.0)
        return {"n": 3, "content_ms": ms, "fcp_ms": 500.0, "phases": phases, "events_sent": 1, "failed": 0}

    result = {"path": "/", "throttle": config.SLOW_4G.__dict__}
    if site_ms is not None:
        result["site"] = side(site_ms)
    if snapshot_ms is not None:
        result["snapshot"] = side(snapshot_ms)
    return result


def test_slow_4g_target_is_the_site_within_one_and_a_half_times_the_static_snapshot():
    name = "First news title on slow 4G <= 1.5x a static snapshot"
    assert _verdicts({"time_to_content_slow_4g": _slow_result(1200.0, 800.0)})[name] == "PASS"
    assert _verdicts({"time_to_content_slow_4g": _slow_result(1210.0, 800.0)})[name] == "MISS"
    assert _verdicts({"time_to_content_slow_4g": _slow_result(1200.0, None)})[name] == "n/a"
    rows = {r["target"]: r["measured"] for r in report.evaluate({"time_to_content_slow_4g": _slow_result(2100, 800)})}
    assert rows[name] == "2100 ms vs 800 ms (x2.62)"


def test_slow_4g_table_has_a_row_per_side_with_every_phase():
    text = report.render({"time_to_content_slow_4g": _slow_result(2100.0, 800.0)})
    assert "slow 4G (150 ms, 1638.4 kbit/s down, 4x CPU, no cache)" in text
    site_row = next(line for line in text.splitlines() if line.startswith("site "))
    assert site_row.split() == ["site", "2100", "500", "100", "100", "100", "100", "100", "100", "1", "3"]
    assert any(line.startswith("static snapshot  800") for line in text.splitlines())


@pytest.mark.parametrize(
    ("module_id", "owner"),
    [
        ("/w/.web/node_modules/react-dom/cjs/react-dom-client.production.js", "react-dom"),
        ("/w/.web/node_modules/@mux/mux-player/dist/base.mjs", "@mux/mux-player"),
        ("/w/.web/node_modules/a/node_modules/hls.js/dist/hls.mjs", "hls.js"),
        ("/tmp/copy/utils/state.js", "utils/state.js"),
        ("/tmp/copy/app_components/student_portal/pages/home.jsx", "app_components/student_portal/pages/home.jsx"),
        ("\0vite/preload-helper.js", "preload-helper.js"),
    ],
)
def test_a_module_belongs_to_its_npm_package_or_to_our_own_path(module_id, owner):
    from benchmarks.bundle_report import module_owner

    assert module_owner(module_id) == owner


def _bundle_chunks() -> list[dict]:
    nm = "/w/.web/node_modules/"

    def chunk(file, modules, imports=(), dynamic=()):
        return {"file": f"assets/{file}", "modules": modules, "imports": list(imports), "dynamicImports": list(dynamic)}

    return [
        chunk("entry.client-a.js", {nm + "react-dom/a.js": 900, nm + "scheduler/b.js": 100}, ["shared-b.js"]),
        chunk("_index-c.js", {"/w/.web/app/routes/_index.jsx": 10}, ["shared-b.js", "video-d.js"]),
        chunk("shared-b.js", {nm + "react/x.js": 10}),
        chunk("video-d.js", {nm + "react-player/p.js": 10}, dynamic=["assets/mux-e.js", "assets/dash-g.js"]),
        chunk("mux-e.js", {nm + "@mux/mux-player/a.mjs": 60, nm + "media-chrome/m.js": 40}, ["assets/hls-f.js"]),
        chunk("hls-f.js", {nm + "hls.js/dist/hls.mjs": 10}),
        chunk("dash-g.js", {nm + "dashjs/d.js": 10}, ["assets/hls-f.js"]),
    ]


def test_the_bundle_report_tells_chunks_the_pages_load_from_those_behind_an_import():
    from benchmarks.bundle_report import chunk_rows, lazy_roots, page_totals

    assert lazy_roots(_bundle_chunks()) == {
        "mux-e.js": ["mux-e.js"],
        "dash-g.js": ["dash-g.js"],
        "hls-f.js": ["dash-g.js", "mux-e.js"],
    }
    kib = 1024
    sizes = {"entry.client-a.js": 60 * kib, "_index-c.js": 2 * kib, "shared-b.js": 1 * kib, "video-d.js": 3 * kib}
    sizes |= {"mux-e.js": 130 * kib, "hls-f.js": 170 * kib, "dash-g.js": 9 * kib}
    first_view = {"/": ["entry.client-a.js", "_index-c.js", "video-d.js"], "/jobs": ["entry.client-a.js"]}
    rows = {row["file"]: row for row in chunk_rows(_bundle_chunks(), sizes, first_view)}
    # Listed: 10 KB and more, or fetched at first view; the small lazy dash chunk is left out.
    assert list(rows) == ["hls-f.js", "mux-e.js", "entry.client-a.js", "video-d.js", "_index-c.js"]
    assert rows["entry.client-a.js"]["holds"] == [("react-dom", 0.9), ("scheduler", 0.1)]
    assert rows["entry.client-a.js"]["first_view"] == ["/", "/jobs"] and rows["entry.client-a.js"]["lazy_from"] == []
    assert rows["mux-e.js"]["holds"] == [("@mux/mux-player", 0.6), ("media-chrome", 0.4)]
    assert rows["hls-f.js"]["first_view"] == []
    assert page_totals(first_view, sizes) == {"/": 65 * kib, "/jobs": 60 * kib}


def test_the_bundle_target_misses_when_a_large_lazy_chunk_loads_before_a_tap():
    from benchmarks.bundle_report import render, target_row

    def result(hls_pages):
        rows = [
            {"file": "hls-f.js", "gz": 170 * 1024, "holds": [("hls.js", 1.0)], "lazy_from": ["mux-e.js"]},
            {"file": "entry-a.js", "gz": 60 * 1024, "holds": [("react-dom", 0.97)], "lazy_from": []},
            {"file": "tiny-h.js", "gz": 3 * 1024, "holds": [("sonner", 1.0)], "lazy_from": ["tiny-h.js"]},
        ]
        rows[0]["first_view"], rows[1]["first_view"], rows[2]["first_view"] = hls_pages, ["/", "/jobs"], ["/"]
        return {"chunks": rows, "pages": {"/": 61440, "/jobs": 61440}, "total_gz": 240 * 1024, "unmatched": []}

    name = "No import()-only chunk >= 20 KB gzipped fetched at first view"
    assert target_row(result([])) == (name, "none on 2 pages", True)
    assert target_row(result(["/youtube"])) == (name, "hls-f.js on /youtube", False)
    assert target_row({"error": "analysis build failed"}) == (name, "analysis build failed", None)
    text = render(result([]))
    assert "hls.js 100%" in text and "import() of mux-e.js" in text and "page load" in text
    assert "Scripts fetched at first view (KiB gzipped): / 60.0, /jobs 60.0" in text


def test_a_throttle_gives_the_devtools_protocol_bytes_per_second():
    conditions = config.SLOW_4G.network_conditions()
    assert conditions == {
        "offline": False,
        "latency": 150,
        "downloadThroughput": 1638.4 * 1000 / 8,
        "uploadThroughput": 750 * 1000 / 8,
    }


def test_the_https_front_builds_the_site_for_an_address_whose_websocket_port_reflex_keeps(tmp_path):
    """For "localhost" Reflex's frontend drops the websocket's port (it assumes a proxy on 443):
    the front must be named otherwise, and the site built with it as Reflex's api_url."""
    import reflex_base
    from reflex_base.config import Config

    from benchmarks.https_front import HttpsFront

    front = HttpsFront(tmp_path, site_port=3161, port=3165)
    state_js = Path(reflex_base.__file__).parent / ".templates" / "web" / "utils" / "state.js"
    same_domain = re.search(r"SAME_DOMAIN_HOSTNAMES = (\[.*?\]);", state_js.read_text()).group(1)
    assert urlsplit(front.url).hostname not in json.loads(same_domain)
    assert urlsplit(front.url).scheme == "https" and urlsplit(front.url).port == 3165
    env = front.site_env()
    assert env["DEPLOY_URL"] == front.url
    (variable,) = [name for name in env if name != "DEPLOY_URL"]
    assert variable == Config._prefixes[0] + "API_URL"


def _burst(p95: float | None, site_cpu: float, visitors: int = 1000, errors: int = 0) -> dict:
    return {"visitors": visitors, "seconds": {"p95": p95}, "cpu_seconds": {"site": site_cpu}, "errors": errors}


def _ab_result(base: list[dict], ours: list[dict], **more) -> dict:
    """capacity_ab.compare's result for these bursts of 1,000 on `/`."""
    from benchmarks.capacity_ab import medians

    return {
        **more,
        "visitors": 1000,
        "path": "/",
        "rounds": len(ours),
        "builds": {"base": base, "ours": ours},
        "medians": {"base": medians(base), "ours": medians(ours)},
    }


def test_side_by_side_capacity_reports_each_burst_and_the_medians_per_build():
    from benchmarks.capacity_ab import figures, medians, render

    ours = [figures(_burst(2.9, 2.8)), figures(_burst(3.1, 3.05, errors=2)), figures(_burst(2.95, 2.7))]
    in_memory = {"redis_cpu_ms_per_visitor": 0.0, "cpu_ms_per_visitor": 2.8}
    assert ours[0] == {"p95_s": 2.9, "site_cpu_ms_per_visitor": 2.8, **in_memory, "errors": 0}
    assert medians(ours) == {"p95_s": 2.95, "site_cpu_ms_per_visitor": 2.8, **in_memory, "errors": 2}
    # A burst where nobody got their data has no p95: left out of the median, its errors counted.
    nobody = figures(_burst(None, 1.0, errors=1000))
    assert medians([nobody])["p95_s"] is None and medians([nobody])["errors"] == 1000
    text = render(_ab_result([figures(_burst(3.2, 3.7))], ours[:1]))
    assert "base: p95 3.2 s, site CPU 3.7 ms per visitor, 0 errors" in text
    assert "ours: p95 2.9 s, site CPU 2.8 ms per visitor" in text
    assert "(bursts: 3.20 s / 3.7 ms)" in text
    nobody_text = render(_ab_result([nobody], [nobody]))
    assert "(bursts: - / 1.0 ms)" in nobody_text


def test_side_by_side_capacity_with_redis_adds_redis_cpu_to_each_visitors():
    from benchmarks.capacity_ab import figures, medians, render

    ours = [figures(_burst(3.0, 5.0), redis_cpu_s=0.5), figures(_burst(3.2, 5.4), redis_cpu_s=0.7)]
    assert ours[0]["redis_cpu_ms_per_visitor"] == 0.5 and ours[0]["cpu_ms_per_visitor"] == 5.5
    assert medians(ours)["cpu_ms_per_visitor"] == 5.8
    text = render(_ab_result([figures(_burst(3.4, 6.0), redis_cpu_s=1.0)], ours[:1], redis=True))
    assert "base: p95 3.4 s, site CPU 6.0 ms + Redis 1.0 ms per visitor, 0 errors  (bursts: 3.40 s / 7.0 ms)" in text


def _floor(ours: list[dict], blank: list[dict], visitors: int = 1000) -> dict:
    from benchmarks.capacity_ab import medians
    from benchmarks.reflex_floor import BLANK, OURS, our_share

    builds = {OURS: ours, BLANK: blank}
    meds = {name: medians(bursts) for name, bursts in builds.items()}
    return {
        "visitors": visitors,
        "path": "/",
        "rounds": len(ours),
        "builds": builds,
        "medians": meds,
        "share": our_share(meds),
    }


def test_reflex_floor_reports_our_share_over_the_blank_template():
    from benchmarks.capacity_ab import figures
    from benchmarks.reflex_floor import our_share

    floor = _floor(
        [figures(_burst(4.0, 3.8)), figures(_burst(4.4, 4.1))], [figures(_burst(2.2, 1.9)), figures(_burst(2.6, 2.3))]
    )
    assert floor["share"] == {"p95_s": 1.8, "site_cpu_ms_per_visitor": 1.85}
    # A build without any p95 (nobody got their data) leaves that share unknown.
    assert our_share({"ours": {"p95_s": None, "site_cpu_ms_per_visitor": 3.0}, "blank template": {}}) == {
        "p95_s": None,
        "site_cpu_ms_per_visitor": None,
    }


def test_reflex_floor_rows_judge_each_build_against_issue_20s_target():
    from benchmarks.capacity_ab import figures
    from benchmarks.reflex_floor import target_rows

    floor = _floor([figures(_burst(4.0, 3.8))], [figures(_burst(1.9, 1.7))])
    rows = {name: (measured, ok) for name, measured, ok in target_rows(floor, 1000, 2.0)}
    blank = rows["Speed (issue 20), side by side: Reflex's blank template, 1000 visitors at once: 0 errors, p95 <= 2 s"]
    ours = rows["Speed (issue 20), side by side: our site, 1000 visitors at once: 0 errors, p95 <= 2 s"]
    assert blank == ("0 errors, median p95 1.90 s (bursts 1.90 s), 1.7 ms site CPU per visitor", True)
    assert ours[1] is False
    assert "(+2.10 ms over the blank template's)" in ours[0]
    # Errors fail a build whatever its p95; bursts of another size (a quick run) are not judged.
    errors = _floor([figures(_burst(1.0, 1.0, errors=3))], [figures(_burst(1.0, 1.0))])
    assert [ok for _, _, ok in target_rows(errors, 1000, 2.0)] == [False, True]
    quick = _floor([figures(_burst(0.1, 1.0, visitors=20))], [figures(_burst(0.1, 1.0, visitors=20))], visitors=20)
    assert [ok for _, _, ok in target_rows(quick, 1000, 2.0)] == [None, None]
    failed = target_rows({"error": "RuntimeError: blank template did not build"}, 1000, 2.0)
    assert failed == [
        (
            "Speed (issue 20), side by side: Reflex's blank template and ours",
            "not measured: RuntimeError: blank template did not build",
            None,
        )
    ]


def test_reflex_floor_is_in_the_report_beside_the_concurrency_levels():
    from benchmarks.capacity_ab import figures

    level = {"visitors": 1000, "errors": 0, "seconds": {"p95": 4.1}}
    floor = _floor([figures(_burst(4.0, 3.8))], [figures(_burst(2.4, 2.0))])
    verdicts = _verdicts({"concurrency": {"levels": [level], "reflex_floor": floor}})
    assert verdicts["Speed (issue 20): 1000 visitors: 0 errors, p95 <= 2 s"] == "MISS"
    assert (
        verdicts["Speed (issue 20), side by side: Reflex's blank template, 1000 visitors at once: 0 errors, p95 <= 2 s"]
        == "MISS"
    )


def test_blank_template_is_made_once_per_work_dir(tmp_path, monkeypatch):
    from benchmarks import servers

    calls = []

    def fake_run(*args, **kwargs):  # `reflex init` unavailable: the benchmark writes the template
        calls.append(args)

        class Done:
            returncode = 1

        return Done()

    monkeypatch.setattr(servers.subprocess, "run", fake_run)
    app_dir, origin = servers.create_blank_app(tmp_path)
    assert origin == "written by the benchmark (reflex init failed)"
    assert (app_dir / "blank_app" / "blank_app.py").read_text() == servers.BLANK_APP
    assert servers.create_blank_app(tmp_path) == (app_dir, origin)
    assert len(calls) == 1


def test_the_concurrency_table_is_followed_by_the_side_by_side_with_the_blank_template():
    from benchmarks.capacity_ab import figures

    level = {
        "visitors": 1000,
        "ok": 1000,
        "errors": 0,
        "error_kinds": {},
        "seconds": summary([3.9, 4.1]),
        "connected_seconds": summary([2.0]),
        "first_delta_seconds": summary([3.8]),
        "rss_mib": {"before": 300.0, "peak": 420.0, "after": 410.0},
        "cpu_seconds": {"site": 3.8, "clients": 1.6},
        "wall_seconds": 4.4,
    }
    floor = _floor([figures(_burst(4.0, 3.8))], [figures(_burst(2.4, 2.0))])
    text = report.render({"concurrency": {"path": "/", "levels": [level], "reflex_floor": floor}})
    block = text.split("Side by side with Reflex's blank template", 1)[1]
    assert "1000 visitors at once on /, 1 rounds (ours, blank template)" in block
    assert "blank template: p95 2.4 s, site CPU 2.0 ms per visitor, 0 errors" in block
    # A failed floor run prints no block (its row in the targets says why).
    failed = report.render({"concurrency": {"path": "/", "levels": [level], "reflex_floor": {"error": "x"}}})
    assert "Side by side with Reflex's blank template" not in failed


def _soak(errors: int, start: float, end: float) -> dict:
    return {
        "minutes": 5,
        "rate_per_s": 5.0,
        "visits": 1500,
        "errors": errors,
        "error_samples": {"save": ["TimeoutError: no such state"]} if errors else {},
        "rss_start_mb": start,
        "rss_end_mb": end,
        "p95_s": {"browse": 0.2, "search": 0.3, "sign_in": 0.4, "save": 0.5, "open": None},
        "count": {"browse": 300, "search": 300, "sign_in": 300, "save": 300, "open": 0},
    }


def test_the_soak_reports_errors_memory_and_p95_per_action() -> None:
    from benchmarks.soak import render

    verdicts = _verdicts({"soak": _soak(0, 400.0, 420.0)})
    assert verdicts["soak: errors"] == report.verdict(True)
    assert verdicts["soak: memory start -> end"] == report.verdict(True)
    worse = _verdicts({"soak": _soak(3, 400.0, 600.0)})
    assert worse["soak: errors"] == worse["soak: memory start -> end"] == report.verdict(False)
    text = render(_soak(3, 400.0, 600.0))
    assert "3 errors" in text and "400.0 -> 600.0 MB" in text and "p95 0.5 s" in text and "errors in save" in text


def _tabs(closed_kb: float, open_kb: float) -> dict:
    return {
        "visits": 5000,
        "visits_s": 120.0,
        "closed_errors": {},
        "wait_s": 60.0,
        "rss_baseline_mb": 300.0,
        "rss_right_after_closed_mb": 420.0,
        "rss_after_closed_mb": 320.0,
        "closed_tab_kb": closed_kb,
        "open_tabs": 2000,
        "opened": 2000,
        "open_errors": {},
        "rss_open_mb": 380.0,
        "open_tab_kb": open_kb,
        "rss_after_open_closed_mb": 330.0,
    }


def test_tabs_and_memory_are_judged_per_closed_and_per_open_tab() -> None:
    from benchmarks.tab_memory import render

    verdicts = _verdicts({"tab_memory": _tabs(4.1, 30.7)})
    assert verdicts["tabs: a closed tab leaves"] == verdicts["tabs: an open tab costs"] == report.verdict(True)
    worse = _verdicts({"tab_memory": _tabs(98.0, 265.0)})
    assert worse["tabs: a closed tab leaves"] == worse["tabs: an open tab costs"] == report.verdict(False)
    text = render(_tabs(4.1, 30.7))
    assert "4.1 KB a closed tab" in text and "30.7 KB an open tab" in text and "2000 of 2000 tabs open" in text


def test_a_page_view_can_carry_browser_storage_and_a_query() -> None:
    event = boot_event("/search?q=maths", CompiledFrontend(), {"k": "v"})
    assert event["payload"]["vars"] == {"k": "v"}
    assert event["router_data"] == {"pathname": "/search", "asPath": "/search?q=maths"}


def test_paper_search_targets_judge_cpu_time_and_a_flat_worker():
    from benchmarks.paper_search import render, target_rows

    times = {"n": 10, "min": 1.0, "p50": 2.0, "p95": 3.0, "p99": 3.0, "max": 4.0}
    slow = {**times, "p95": 400.0}
    result = {
        "papers": 10_000,
        "pages_per_paper": 12,
        "pdfs": {
            "pages": 60,
            "extract_s_per_1000_pages": 30.0,
            "index_s_per_1000_pages": 2.0,
            "legacy_runs_converted": 6,
        },
        "index_mib": 300.0,
        "index_bytes_per_page": 2600.0,
        "index_s_per_1000_pages": 3.0,
        "query_ms": {"guest": slow, "guest_cpu": times, "notes_role": slow, "notes_role_cpu": times},
        "worker_mib": {
            "tenth": {"opened_mib": 22.0, "after_queries_mib": 24.0},
            "all": {"opened_mib": 22.0, "after_queries_mib": 60.0},
        },
    }
    (query, memory) = target_rows(result)
    assert query[2] is True  # the wall time of a loaded machine is shown, not judged
    assert memory[2] is False  # 24 -> 60 MiB is not flat
    assert "MISS" in render(result) and "300.0 MiB on disk" in render(result)


def test_lighthouse_ab_counts_the_requests_lantern_saw_start_before_the_observed_largest_paint():
    from benchmarks.lighthouse_ab import diagnose

    report_json = json.loads(FIXTURE.read_text())
    audits = report_json["audits"]
    audits["metrics"] = {
        "details": {"items": [{"observedFirstContentfulPaint": 300, "observedLargestContentfulPaint": 900}]}
    }
    audits["network-requests"] = {
        "details": {
            "items": [
                {"url": "http://site/", "networkRequestTime": 0, "transferSize": 10240, "resourceType": "Document"},
                {"url": "http://site/a.js", "networkRequestTime": 400, "transferSize": 20480, "resourceType": "Script"},
                {"url": "http://site/b.js", "networkRequestTime": 950, "transferSize": 40960, "resourceType": "Script"},
            ]
        }
    }
    audits["bootup-time"] = {"numericValue": 123.45}
    figures = diagnose(report_json)
    assert (figures["observed_fcp_ms"], figures["observed_lcp_ms"]) == (300, 900)
    assert (figures["requests_before_lcp"], figures["kb_before_lcp"], figures["script_kb_before_lcp"]) == (
        2,
        30.0,
        20.0,
    )
    assert figures["script_ms"] == 123.5
    assert figures["lcp_ms"] == extract(report_json)["lcp_ms"]
    del audits["metrics"]
    assert diagnose(report_json)["requests_before_lcp"] is None
