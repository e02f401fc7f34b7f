"""The first-paint benchmark's pure parts (benchmarks/first_paint.py): the trace and network
readings, the snapshot, the deliberate regression and the baseline's verdict."""

from __future__ import annotations

from benchmarks import first_paint as fp


def _task(ts: int, dur: int, tid: int = 1, name: str = "RunTask", **data: str) -> dict:
    event = {"name": name, "ph": "X", "pid": 7, "tid": tid, "ts": ts, "dur": dur}
    if data:
        event["args"] = {"data": data}
    return event


TRACE = {
    "traceEvents": [
        {"name": "navigationStart", "ph": "R", "pid": 7, "tid": 1, "ts": 1_000_000},
        _task(900_000, 50_000),  # before navigation start: not counted
        _task(1_100_000, 200_000),
        _task(1_150_000, 30_000, name="EvaluateScript", url="http://x/head.js"),
        _task(1_400_000, 100_000, tid=2),  # another thread
        _task(1_450_000, 100_000),  # half before the paint
        {"name": "firstContentfulPaint", "ph": "R", "pid": 7, "tid": 1, "ts": 1_500_000},
        _task(1_600_000, 100_000),  # after it
    ]
}


def test_the_main_threads_tasks_before_the_first_paint_are_summed():
    main = fp.main_thread_before_paint(TRACE)
    assert main is not None
    assert main["fcp_trace_ms"] == 500.0
    assert main["main_thread_ms"] == 250.0
    assert main["script_ms"] == 30.0
    assert main["scripts"] == ["EvaluateScript /head.js"]
    assert fp.main_thread_before_paint({"traceEvents": []}) is None


def test_bytes_before_the_paint_count_finished_and_partial_responses():
    events = [
        ("Network.requestWillBeSent", {"requestId": "1", "request": {"url": "http://x/"}}),
        ("Network.requestWillBeSent", {"requestId": "2", "request": {"url": "http://x/a.css"}}),
        ("Network.requestWillBeSent", {"requestId": "3", "request": {"url": "http://x/b.js"}}),
        ("Network.dataReceived", {"requestId": "1", "timestamp": 1.0, "encodedDataLength": 5000}),
        ("Network.loadingFinished", {"requestId": "1", "timestamp": 1.1, "encodedDataLength": 5300}),
        ("Network.dataReceived", {"requestId": "2", "timestamp": 1.2, "encodedDataLength": 4000}),
        ("Network.dataReceived", {"requestId": "3", "timestamp": 1.3, "encodedDataLength": 1000}),
        ("Network.loadingFinished", {"requestId": "2", "timestamp": 1.6, "encodedDataLength": 9000}),
        ("Network.dataReceived", {"requestId": "3", "timestamp": 1.7, "encodedDataLength": 9000}),
    ]
    wire = fp.bytes_before(events, paint_at_s=1.5)
    assert wire == {"bytes": 5300 + 4000 + 1000, "finished": ["http://x/"]}


def test_the_snapshot_keeps_the_page_without_scripts_and_preloads():
    html = (
        '<head><link rel="modulepreload" href="/a.js"/><script src="/head.js"></script>'
        '<link href="/s.css" rel="stylesheet"/></head><body><h3 elementtiming="t">Title</h3>'
        '<script type="module">import "/a.js";</script></body>'
    )
    snapshot = fp.static_snapshot(html)
    assert "script" not in snapshot and "modulepreload" not in snapshot
    assert '<link href="/s.css" rel="stylesheet"/>' in snapshot and '<h3 elementtiming="t">Title</h3>' in snapshot


def test_the_deliberate_regression_adds_a_blocking_script_to_the_head():
    page = fp.with_blocking_script(b"<head><title>x</title></head>")
    assert page == f'<head><title>x</title><script src="{fp.BLOCKING_SCRIPT_PATH}"></script></head>'.encode()
    assert len(fp.blocking_script()) > 20_000


def _result(ratio: float, bytes_: int) -> dict:
    return {"pages": {"/": {"title_ratio": ratio, "site": {"bytes_before_fcp": bytes_}}}}


def test_the_baseline_says_regressed_past_its_tolerances():
    baseline = {"pages": {"/": {"title_ratio": 1.0, "bytes_before_fcp": 40_000}}}
    (ok,) = fp.compare_with_baseline(_result(1.09, 43_000), baseline)
    assert ok["verdict"] == "ok" and ok["ratio_limit"] == 1.1 and ok["bytes_limit"] == 44_000
    (slower,) = fp.compare_with_baseline(_result(1.11, 40_000), baseline)
    assert slower["verdict"] == "regressed" and "title ratio" in slower["problems"][0]
    (heavier,) = fp.compare_with_baseline(_result(1.0, 45_000), baseline)
    assert heavier["verdict"] == "regressed" and "bytes" in heavier["problems"][0]
    (unknown,) = fp.compare_with_baseline(_result(1.0, 1), {"pages": {}})
    assert unknown["verdict"] == "no baseline"


def test_a_baseline_is_written_from_a_run_and_read_back():
    run = {"pages": {"/si/": {"title_ratio": 0.95, "site": {"bytes_before_fcp": 36_000}}}}
    assert fp.baseline_of(run)["pages"] == {"/si/": {"title_ratio": 0.95, "bytes_before_fcp": 36_000}}
    committed = fp.load_baseline()
    assert set(committed["pages"]) == set(fp.PATHS)
