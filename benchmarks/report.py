"""Targets (PASS/MISS, never a failed run), the printed tables and the JSON file."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from benchmarks import config
from benchmarks.config import Target
from student_portal.i18n.languages import Language, language_of_path, without_language

PASS, MISS, NA = "PASS", "MISS", "n/a"


def verdict(ok: bool | None) -> str:
    return NA if ok is None else (PASS if ok else MISS)


# Lighthouse targets per page: (figure, wording, rule).
LIGHTHOUSE_RULES = (
    ("performance", f">= {Target.PERFORMANCE_MIN}", lambda v: v >= Target.PERFORMANCE_MIN),
    ("accessibility", f"= {Target.ACCESSIBILITY_MIN}", lambda v: v >= Target.ACCESSIBILITY_MIN),
    ("best-practices", f">= {Target.BEST_PRACTICES_MIN}", lambda v: v >= Target.BEST_PRACTICES_MIN),
    ("seo", f"= {Target.SEO_MIN}", lambda v: v >= Target.SEO_MIN),
    ("cls", f"<= {Target.CLS_MAX}", lambda v: v <= Target.CLS_MAX),
)


# Issue 20's speed targets: (figure, wording, rule), on the pages in Target.SPEED_LANGUAGES.
SPEED_RULES = (
    ("performance", f">= {Target.SPEED_PERFORMANCE_MIN}", lambda v: v >= Target.SPEED_PERFORMANCE_MIN),
    ("fcp_ms", f"<= {Target.SPEED_FCP_MAX_MS} ms", lambda v: v <= Target.SPEED_FCP_MAX_MS),
    ("lcp_ms", f"<= {Target.SPEED_LCP_MAX_MS} ms", lambda v: v <= Target.SPEED_LCP_MAX_MS),
)


def _speed_pages(pages: dict[str, Any]) -> dict[str, Any]:
    return {path: page for path, page in pages.items() if language_of_path(path) in Target.SPEED_LANGUAGES}


def lighthouse_targets(page: dict[str, Any]) -> dict[str, str]:
    return {key: verdict(None if page.get(key) is None else rule(page[key])) for key, _, rule in LIGHTHOUSE_RULES}


def evaluate(results: dict[str, Any]) -> list[dict[str, str]]:
    """Every target with the measured figure and PASS / MISS / n/a (not measured)."""
    rows: list[dict[str, str]] = []

    def add(name: str, measured: str, ok: bool | None) -> None:
        rows.append({"target": name, "measured": measured, "verdict": verdict(ok)})

    lh = results.get("lighthouse")
    if lh:
        # One row per target over all pages; a page Lighthouse could not measure is not a pass.
        for key, wording, rule in LIGHTHOUSE_RULES:
            values = {path: page.get(key) for path, page in lh["pages"].items()}
            measured = ", ".join(f"{path} {'error' if v is None else v}" for path, v in values.items())
            ok = (
                None
                if all(v is None for v in values.values())
                else all(v is not None and rule(v) for v in values.values())
            )
            add(f"Lighthouse {key} {wording} on every page", measured, ok)
        languages = "/".join(language.value for language in Target.SPEED_LANGUAGES)
        served = (
            (_speed_pages(lh["pages"]), "served directly (HTTP/1.1)"),
            ((lh.get("deployed") or {}).get("pages") or {}, "as deployed (HTTPS, HTTP/2)"),
        )
        for speed, how in served:
            for key, wording, rule in SPEED_RULES if speed else ():
                values = {path: page.get(key) for path, page in speed.items()}
                measured = ", ".join(f"{path} {'error' if v is None else round(v)}" for path, v in values.items())
                ok = all(v is not None and rule(v) for v in values.values())
                add(f"Speed (issue 20): Lighthouse {key} {wording} on the {languages} pages, {how}", measured, ok)
        home, blank = lh["pages"].get("/"), lh.get("blank_template")
        name = "/ transfer < blank template's + its own images"
        if home and blank and None not in (home.get("bytes"), blank.get("bytes")):
            images = home.get("image_bytes") or 0
            add(
                name,
                f"{_kib(home['bytes'])} vs {_kib(blank['bytes'])} + {_kib(images)}",
                home["bytes"] < blank["bytes"] + images,
            )
        else:
            add(name, NA, None)
    slow = results.get("time_to_content_slow_4g")
    if slow:
        from benchmarks.time_to_content import target_row as slow_4g_target

        add(*slow_4g_target(slow, Target.SLOW_4G_CONTENT_RATIO_MAX))
    painted = results.get("first_paint")
    if painted:
        from benchmarks.first_paint import target_rows as first_paint_targets

        for row in first_paint_targets(painted, Target.FIRST_PAINT_RATIO_MAX):
            add(*row)
    bundle = results.get("bundle_report")
    if bundle:
        from benchmarks.bundle_report import target_row as bundle_target

        add(*bundle_target(bundle))
    pb = results.get("pocketbase_requests")
    if pb and "anonymous" in pb:
        anon, bound = pb["anonymous"], len(pb["home_collections"])
        add(
            f"PocketBase record reads, {anon['loads']} anonymous home loads <= {bound} collections",
            f"{anon['records']} (+{anon['files']} file requests from browsers)",
            anon["records"] <= bound,
        )
    conc = results.get("concurrency")
    if conc:
        for visitors, p95_max, issue in (
            (Target.VISITORS_LEVEL, Target.VISITORS_P95_MAX_S, ""),
            (Target.SPEED_VISITORS_LEVEL, Target.SPEED_VISITORS_P95_MAX_S, "Speed (issue 20): "),
        ):
            name = f"{issue}{visitors} visitors: 0 errors, p95 <= {p95_max:g} s"
            level = next((lv for lv in conc["levels"] if lv["visitors"] == visitors), None)
            if level is None:
                add(name, "not run at this level", None)
            else:
                p95 = level["seconds"]["p95"]
                ok = Target.visitors_met(level["errors"], p95, p95_max)
                add(name, f"{level['errors']} errors, p95 {_s(p95)}", ok)
        if "reflex_floor" in conc:
            from benchmarks.reflex_floor import target_rows as floor_rows

            for row in floor_rows(conc["reflex_floor"], Target.SPEED_VISITORS_LEVEL, Target.SPEED_VISITORS_P95_MAX_S):
                add(*row)
    live = results.get("live_updates")
    if live:
        slowest, error = live["ms"]["max"], live["error"]
        ok = False if error else None if slowest is None else slowest <= Target.LIVE_UPDATE_MAX_MS
        add(
            f"Content change on an open page within {Target.LIVE_UPDATE_MAX_MS} ms (every sample)",
            error or f"max {_ms(slowest)} of {live['ms']['n']} (median {_ms(live['ms']['p50'])})",
            ok,
        )
    search = results.get("search")
    if search:
        from benchmarks.search import target_rows

        for name, measured, ok in target_rows(
            search, Target.SEARCH_QUERY_P95_MAX_MS, Target.SEARCH_REBUILD_MAX_MS, Target.SEARCH_TYPING_P95_MAX_S
        ):
            add(name, measured, ok)
    papers = results.get("paper_search")
    if papers:
        from benchmarks.paper_search import target_rows as paper_targets

        for name, measured, ok in paper_targets(papers):
            add(name, measured, ok)
    notices = results.get("notices")
    if notices:
        from benchmarks.notices import target_rows as notices_targets

        for name, measured, ok in notices_targets(notices):
            add(name, measured, ok)
    practice = results.get("practice")
    if practice:
        from benchmarks.practice import target_rows as practice_targets

        for name, measured, ok in practice_targets(practice):
            add(name, measured, ok)
    study = results.get("my_study")
    if study:
        from benchmarks.my_study import target_rows as study_targets

        for name, measured, ok in study_targets(study):
            add(name, measured, ok)
    offline = results.get("offline_bytes")
    if offline:
        from benchmarks.offline_bytes import target_rows as offline_targets

        for name, measured, ok in offline_targets(offline):
            add(name, measured, ok)
    tabs = results.get("tab_memory")
    if tabs and "closed_tab_kb" in tabs:
        add(
            "tabs: a closed tab leaves",
            f"{tabs['closed_tab_kb']} KB",
            tabs["closed_tab_kb"] <= Target.CLOSED_TAB_MAX_KB,
        )
        add("tabs: an open tab costs", f"{tabs['open_tab_kb']} KB", tabs["open_tab_kb"] <= Target.OPEN_TAB_MAX_KB)
    capacity = results.get("capacity")
    if capacity and "layouts" in capacity:
        from benchmarks.capacity import target_rows as capacity_targets

        for name, measured, ok in capacity_targets(capacity):
            add(name, measured, ok)
    soak = results.get("soak")
    if soak and "errors" in soak:
        add("soak: errors", str(soak["errors"]), soak["errors"] == 0)
        grown = soak["rss_end_mb"] - soak["rss_start_mb"]
        # Flat after warm-up: within a tenth of the start (the allocator keeps some).
        add(
            "soak: memory start -> end",
            f"{soak['rss_start_mb']} -> {soak['rss_end_mb']} MB",
            grown <= 0.1 * soak["rss_start_mb"],
        )
    return rows


def _kib(value) -> str:
    return "-" if value is None else f"{value / 1024:.0f} KiB"


def _ms(value) -> str:
    return "-" if value is None else f"{value:.0f} ms"


def _s(value) -> str:
    return "-" if value is None else f"{value:.3f} s"


def _v(value) -> str:
    return "-" if value is None else str(value)


def _kib1(value) -> str:
    return "-" if value is None else f"{value / 1024:.1f} KiB"


def language_rows(pages: dict[str, dict[str, Any]]) -> list[list[str]]:
    """One row per page per UI language (issue 12): its scores, the scripts and styles it
    downloads (fonts apart) and how many more than the same page in English."""
    rows = []
    for path, p in pages.items():
        english = pages.get(without_language(path), {})
        ours, theirs = p.get("js_css_bytes"), english.get("js_css_bytes")
        if language_of_path(path) is Language.EN:
            growth = "-"
        else:
            growth = "-" if ours is None or theirs is None else f"{(ours - theirs) / 1024:+.1f} KiB"
        rows.append(
            [
                without_language(path),
                language_of_path(path).value,
                _v(p.get("performance")),
                _v(p.get("accessibility")),
                _v(p.get("seo")),
                _kib1(ours),
                growth,
                _kib1(p.get("font_bytes")),
            ]
        )
    return rows


def table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(str(x)) for x in column) for column in zip(headers, *rows, strict=True)]
    line = lambda cells: "  ".join(str(c).ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()  # noqa: E731
    return "\n".join([line(headers), line(["-" * w for w in widths]), *(line(r) for r in rows)])


LIGHTHOUSE_HEADERS = ["page", "perf", "a11y", "best-pr", "seo", "FCP", "LCP", "TBT", "CLS", "bytes", "images", "error"]


def _runs(scores: list[int | None] | None) -> str:
    """Every run's score beside the median one shown, when a page had several."""
    return f" ({'/'.join(_v(score) for score in scores)})" if scores and len(scores) > 1 else ""


def _lighthouse_row(path: str, p: dict[str, Any], *, marked: bool) -> list[str]:
    marks = lighthouse_targets(p) if marked else {}
    mark = lambda key: f" {marks[key]}" if key in marks and marks[key] != NA else ""  # noqa: E731
    return [
        path,
        _v(p.get("performance")) + mark("performance") + _runs(p.get("performance_runs")),
        _v(p.get("accessibility")) + mark("accessibility"),
        _v(p.get("best-practices")) + mark("best-practices"),
        _v(p.get("seo")) + mark("seo"),
        _ms(p.get("fcp_ms")),
        _ms(p.get("lcp_ms")),
        _ms(p.get("tbt_ms")),
        _v(p.get("cls")) + mark("cls"),
        _kib(p.get("bytes")),
        _kib(p.get("image_bytes")),
        (p.get("error") or "")[:60],
    ]


def render(results: dict[str, Any]) -> str:
    out: list[str] = []
    lh = results.get("lighthouse")
    if lh:
        pages = dict(lh["pages"])
        if lh.get("blank_template"):
            pages["blank template /"] = lh["blank_template"]
        rows = [_lighthouse_row(path, p, marked=path in lh["pages"]) for path, p in pages.items()]
        held_down = [
            f"{path} {category}: {', '.join(ids)}"
            for path, p in pages.items()
            for category, ids in (p.get("failing_audits") or {}).items()
            if ids
        ]
        out += [
            "Lighthouse 13, mobile",
            table(LIGHTHOUSE_HEADERS, rows),
        ]
        out += ["Audits holding scores down: " + ("; ".join(held_down) if held_down else "none"), ""]
        if deployed := (lh.get("deployed") or {}).get("pages"):
            protocols = sorted({proto for p in deployed.values() for proto in p.get("protocols") or []})
            over = f"; requests over {', '.join(protocols)}" if protocols else ""
            out += [
                f"Lighthouse 13, mobile, as deployed: {lh['deployed'].get('served', 'HTTPS')}{over}",
                table(LIGHTHOUSE_HEADERS, [_lighthouse_row(path, p, marked=True) for path, p in deployed.items()]),
                "",
            ]
        out += [
            "Per language (JS+CSS and fonts: bytes on the wire with their headers, Lighthouse's count)",
            table(
                ["page", "lang", "perf", "a11y", "seo", "JS+CSS", "vs en", "fonts"],
                language_rows(lh["pages"]),
            ),
            "",
        ]
    ttc = results.get("time_to_content")
    if ttc:
        rows = [
            [
                name,
                e["path"],
                _ms(e.get("cold_median_ms")),
                _ms(e.get("warm_median_ms")),
                str(len(e.get("cold_samples_ms", []))),
                (e.get("error") or "")[:70],
            ]
            for name, e in ttc.items()
        ]
        out += [
            "Time to content, headless Chromium (median)",
            table(["content", "page", "cold", "warm", "n", "note"], rows),
            "",
        ]
    slow = results.get("time_to_content_slow_4g")
    if slow:
        from benchmarks.time_to_content import SLOW_4G_HEADERS, render_table

        t = slow["throttle"]
        out += [
            f"Time to content at 390 px on {t['name']} ({t['latency_ms']:g} ms, {t['down_kbit_s']:g} kbit/s down, "
            f"{t['cpu_slowdown']:g}x CPU, no cache), page {slow['path']}; medians in ms since navigation start",
            table(SLOW_4G_HEADERS, render_table(slow)),
            "(phases end at: HTML loaded, websocket opening, first event sent, first delta, delta holding the "
            "content, content visible; websocket frames are not delayed by the emulated latency: each event "
            "sent is a round trip a real network adds)",
            *([f"error: {slow['error']}"] if slow.get("error") else []),
            "",
        ]
    painted = results.get("first_paint")
    if painted and "pages" in painted:
        from benchmarks import carousel_ticks, first_paint

        out += [first_paint.render(painted, painted.get("baseline_checks")), ""]
        ticks = painted.get("carousel_ticks") or {}
        out += [carousel_ticks.render(ticks) if "ratio_to_blank_template" in ticks else f"carousel ticks: {ticks}", ""]
    pb = results.get("pocketbase_requests")
    if pb:
        rows = []
        for phase in ("anonymous", "signed_in"):
            if phase in pb:
                p = pb[phase]
                rows.append(
                    [
                        phase.replace("_", "-"),
                        str(p["loads"]),
                        str(p["failed_loads"]),
                        f"{p['seconds']:.0f} s",
                        str(p["total"]),
                        str(p["records"]),
                        str(p["files"]),
                        str(p["auth"]),
                        str(p["realtime"]),
                        str(p["other"]),
                        str(max(p["records_by_collection"].values(), default=0)),
                    ]
                )
        out += [
            f"PocketBase requests (load done: {pb.get('load_done_when')}; sign-in: {pb.get('sign_in')})",
            table(
                [
                    "loads",
                    "n",
                    "failed",
                    "took",
                    "total",
                    "records",
                    "files",
                    "auth",
                    "realtime",
                    "other",
                    "max reads of one collection",
                ],
                rows,
            ),
            "",
        ]
    conc = results.get("concurrency")
    if conc:
        rows = [
            [
                str(lv["visitors"]),
                str(lv["ok"]),
                str(lv["errors"]),
                _s(lv["seconds"]["p50"]),
                _s(lv["seconds"]["p95"]),
                _s(lv["seconds"]["p99"]),
                _s(lv["connected_seconds"]["p50"]),
                _s(lv["first_delta_seconds"]["p50"]),
                f"{lv['rss_mib']['before']:.0f} / {lv['rss_mib']['peak']:.0f} / {lv['rss_mib']['after']:.0f}",
                f"{lv['cpu_seconds']['site']:.1f} / {lv['cpu_seconds']['clients']:.1f} in {lv['wall_seconds']:.1f}",
                f"{1000 * lv['cpu_seconds']['site'] / lv['visitors']:.1f} ms",
                ", ".join(f"{k}: {v}" for k, v in lv["error_kinds"].items())[:60],
            ]
            for lv in conc["levels"]
        ]
        out += [
            f"Concurrent visitors (websocket clients, page {conc['path']}; time to all data, p50 of handshake "
            "and of first delta; CPU s site / clients in wall s)",
            table(
                [
                    "visitors",
                    "ok",
                    "errors",
                    "p50",
                    "p95",
                    "p99",
                    "handshake",
                    "1st delta",
                    "site RSS MiB before/peak/after",
                    "CPU",
                    "site CPU/visitor",
                    "errors",
                ],
                rows,
            ),
            "",
        ]
        floor = conc.get("reflex_floor")
        if floor and "error" not in floor:
            from benchmarks.capacity_ab import render

            out += ["Side by side with Reflex's blank template (its floor; bursts alternating)", render(floor), ""]
    live = results.get("live_updates")
    if live:
        m = live["ms"]
        out += [
            f"Live updates ({live['change']}, page {live['page']} open; admin's request -> shown)",
            table(
                ["n", "min", "median", "p95", "max", "note"],
                [[str(m["n"]), _ms(m["min"]), _ms(m["p50"]), _ms(m["p95"]), _ms(m["max"]), (live["error"] or "")[:70]]],
            ),
            "",
        ]
    load = results.get("load_average")
    if load:
        out += [
            "Machine load (1-minute average) before -> after each measurement: "
            + ", ".join(
                f"{name} {v['before'][0]:.1f} -> {v.get('after', [float('nan')])[0]:.1f}" for name, v in load.items()
            )
        ]
        cpus = (results.get("versions") or {}).get("cpus") or 1
        if max(max(v["before"][0], v.get("after", [0])[0]) for v in load.values()) > cpus:
            out += [
                f"WARNING: other work kept the machine busy (load above its {cpus} CPUs): timings and "
                "Lighthouse performance are pessimistic; CPU seconds and request counts are not affected."
            ]
        out += [""]
    papers = results.get("paper_search")
    if papers:
        from benchmarks.paper_search import render as render_papers

        out += [render_papers(papers), ""]
    notices = results.get("notices")
    if notices:
        from benchmarks.notices import render as render_notices

        out += [render_notices(notices), ""]
    practice = results.get("practice")
    if practice:
        from benchmarks.practice import render as render_practice

        out += [render_practice(practice), ""]
    study = results.get("my_study")
    if study:
        from benchmarks.my_study import render as render_study

        out += [render_study(study), ""]
    offline = results.get("offline_bytes")
    if offline:
        from benchmarks.offline_bytes import render_table

        out += [
            "Bytes on the wire at 390 px, without and with the service worker (KiB)",
            table(
                ["page", "profile", "first JS/CSS", "first all", "repeat JS/CSS", "repeat all", "repeat requests"],
                render_table(offline),
            ),
            "(repeat requests: not answered by the worker, so by the browser's HTTP cache or the network;"
            " the HTTP cache holds this session's built files too, but nothing of it opens offline)",
            "",
        ]
    tabs = results.get("tab_memory")
    if tabs and "closed_tab_kb" in tabs:
        from benchmarks.tab_memory import render as render_tabs

        out += [render_tabs(tabs), ""]
    capacity = results.get("capacity")
    if capacity and "layouts" in capacity:
        from benchmarks.capacity import render as render_capacity

        out += [render_capacity(capacity), ""]
    soak = results.get("soak")
    if soak and "p95_s" in soak:
        from benchmarks.soak import render as render_soak

        out += [render_soak(soak), ""]
    targets = results.get("targets") or []
    if targets:
        out += [
            "Targets",
            table(["target", "measured", ""], [[t["target"], t["measured"], t["verdict"]] for t in targets]),
            "",
        ]
    return "\n".join(out)


def write_json(results: dict[str, Any], started: datetime) -> Path:
    config.RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    path = config.RESULTS_DIR / f"{started.strftime('%Y%m%dT%H%M%S')}.json"
    path.write_text(json.dumps(results, indent=2, default=str) + "\n")
    return path
