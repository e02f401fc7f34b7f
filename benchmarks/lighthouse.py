"""Lighthouse 13 (mobile preset, its default) on our pages and on the blank Reflex template.

`extract` turns a Lighthouse JSON report into the figures we track (pure, tested);
`run_lighthouse` runs the CLI installed in benchmarks/node_modules.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from benchmarks import config
from benchmarks.stats import median

METRIC_AUDITS = {
    "fcp_ms": "first-contentful-paint",
    "lcp_ms": "largest-contentful-paint",
    "tbt_ms": "total-blocking-time",
    "cls": "cumulative-layout-shift",
    "bytes": "total-byte-weight",
}


def _score(report: dict[str, Any], category: str) -> int | None:
    score = report.get("categories", {}).get(category, {}).get("score")
    return None if score is None else round(score * 100)


def _resource_bytes(report: dict[str, Any], resource_type: str) -> int | None:
    details = report.get("audits", {}).get("resource-summary", {}).get("details") or {}
    for item in details.get("items", []):
        if item.get("resourceType") == resource_type:
            return int(item.get("transferSize", 0))
    return None


def _failing_audits(report: dict[str, Any], category: str) -> list[str]:
    """Ids of the scored audits of a category that did not fully pass (what to fix)."""
    audits = report.get("audits", {})
    refs = report.get("categories", {}).get(category, {}).get("auditRefs", [])
    failing = []
    for ref in refs:
        audit = audits.get(ref.get("id"), {})
        if ref.get("weight", 0) > 0 and audit.get("score") is not None and audit["score"] < 1:
            failing.append(ref["id"])
    return failing


def extract(report: dict[str, Any]) -> dict[str, Any]:
    """The four category scores (0-100), FCP/LCP/TBT in ms, CLS, bytes transferred, image, script +
    stylesheet and font bytes, and the audits that held the non-performance scores down. A page
    Lighthouse could not load gives None figures and its error message."""
    audits = report.get("audits", {})
    result: dict[str, Any] = {
        "url": report.get("requestedUrl"),
        "lighthouse": report.get("lighthouseVersion"),
        "form_factor": report.get("configSettings", {}).get("formFactor"),
        "error": (report.get("runtimeError") or {}).get("message"),
    }
    for category in config.LIGHTHOUSE_CATEGORIES:
        result[category] = _score(report, category)
    for key, audit_id in METRIC_AUDITS.items():
        value = audits.get(audit_id, {}).get("numericValue")
        result[key] = (
            None
            if value is None
            else (round(value, 4) if key == "cls" else int(value) if key == "bytes" else round(value, 1))
        )
    result["image_bytes"] = _resource_bytes(report, "image")
    # What issue 12's byte budget counts: scripts and styles (fonts apart), on the wire.
    scripts, styles = _resource_bytes(report, "script"), _resource_bytes(report, "stylesheet")
    result["js_css_bytes"] = None if scripts is None or styles is None else scripts + styles
    result["font_bytes"] = _resource_bytes(report, "font")
    result["lcp_element"] = _lcp_element(audits)
    result["protocols"] = _protocols(audits)
    result["failing_audits"] = {
        category: _failing_audits(report, category)
        for category in config.LIGHTHOUSE_CATEGORIES
        if category != "performance"
    }
    return result


def _protocols(audits: dict[str, Any]) -> list[str]:
    """The protocols the page's own requests went over ("http/1.1", "h2"): what Lighthouse's
    network model simulated (six connections per host, or one shared)."""
    items = (audits.get("network-requests", {}).get("details") or {}).get("items") or []
    return sorted({i["protocol"] for i in items if i.get("protocol") and i.get("url", "").startswith("http")})


def _lcp_element(audits: dict[str, Any]) -> str | None:
    """What the largest contentful paint drew (its CSS selector), to tell a picture from text:
    Lighthouse 13 names it in its LCP breakdown insight (a "node" item)."""
    for audit_id in ("lcp-breakdown-insight", "largest-contentful-paint-element"):
        for item in (audits.get(audit_id, {}).get("details") or {}).get("items") or []:
            rows = item.get("items") if isinstance(item.get("items"), list) else []
            for candidate in (item, *rows):
                node = candidate.get("node", candidate)
                if node.get("type") == "node" and node.get("selector"):
                    return str(node["selector"])
    return None


def run_report(
    url: str, timeout_s: float = 180.0, chrome_flags: str = config.LIGHTHOUSE_CHROME_FLAGS
) -> tuple[dict[str, Any], str]:
    """One raw Lighthouse report (mobile preset) on `url`, or {} and what Lighthouse said when it
    wrote none."""
    if not config.LIGHTHOUSE_BIN.exists():
        raise RuntimeError(f"{config.LIGHTHOUSE_BIN} missing: run `make bench` (npm install lighthouse@13)")
    with tempfile.TemporaryDirectory(prefix="lighthouse-") as tmp:
        out = Path(tmp) / "report.json"
        command = [
            str(config.LIGHTHOUSE_BIN),
            url,
            "--output=json",
            f"--output-path={out}",
            "--quiet",
            f"--chrome-flags={chrome_flags}",
        ]
        env = {**os.environ, "CHROME_PATH": config.CHROMIUM}
        completed = subprocess.run(
            command, env=env, capture_output=True, text=True, timeout=timeout_s, stdin=subprocess.DEVNULL
        )
        if out.exists():  # Lighthouse writes a report even for a page it could not load
            return json.loads(out.read_text()), ""
        tail = (completed.stderr or completed.stdout).strip().splitlines()[-3:]
        return {}, " ".join(tail) or f"lighthouse exited {completed.returncode}"


def run_lighthouse(
    url: str, timeout_s: float = 180.0, chrome_flags: str = config.LIGHTHOUSE_CHROME_FLAGS
) -> dict[str, Any]:
    """One Lighthouse run on `url`; the extracted figures (with `error` set when it failed)."""
    report, error = run_report(url, timeout_s, chrome_flags)
    return extract(report) if report else {"url": url, "error": error}


def best_of(url: str, runs: int, chrome_flags: str = config.LIGHTHOUSE_CHROME_FLAGS) -> dict[str, Any]:
    """Several runs on one page: the run with the median performance score, plus all scores."""
    results = [run_lighthouse(url, chrome_flags=chrome_flags) for _ in range(max(1, runs))]
    if len(results) == 1:
        return results[0]
    scored = [r for r in results if r.get("performance") is not None]
    if not scored:
        return results[0]
    middle = median([r["performance"] for r in scored])
    chosen = min(scored, key=lambda r: abs(r["performance"] - middle))
    return {**chosen, "performance_runs": [r.get("performance") for r in results]}


def measure(site_url: str, blank_url: str | None, pages: tuple[str, ...], runs: int, log=print) -> dict[str, Any]:
    """Lighthouse on every page of the site, and on the blank template's / for comparison."""
    measured: dict[str, Any] = {}
    for path in pages:
        log(f"lighthouse {path}")
        measured[path] = best_of(site_url + path, runs)
    blank = None
    if blank_url:
        log("lighthouse blank template /")
        blank = best_of(blank_url + "/", runs)
    return {"pages": measured, "blank_template": blank}


def measure_deployed(front_url: str, pages: tuple[str, ...], runs: int, log=print) -> dict[str, Any]:
    """Lighthouse on `pages` through the HTTPS front (HTTP/2), the site built for its address."""
    measured: dict[str, Any] = {}
    for path in pages:
        log(f"lighthouse {path} (HTTPS, HTTP/2)")
        measured[path] = best_of(front_url + path, runs, config.LIGHTHOUSE_FRONT_FLAGS)
    return {"pages": measured, "served": "HTTPS + HTTP/2 front (benchmarks/https_front.js)"}
