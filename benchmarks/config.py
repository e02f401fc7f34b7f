"""Everything the benchmarks measure against, in one place: ports, pages, selectors, targets.

Selectors are the page contract with the benchmark: when a page changes its markup, align here.
Each can be overridden by an environment variable (named beside it) without editing code.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from student_portal import routes
from student_portal.i18n.languages import LANGUAGES, Language, in_language_path
from student_portal.pocketbase.collections import Collection

PROJECT_ROOT: Final = Path(__file__).resolve().parents[1]
BENCH_DIR: Final = PROJECT_ROOT / "benchmarks"
RESULTS_DIR: Final = BENCH_DIR / "results"
LIGHTHOUSE_BIN: Final = BENCH_DIR / "node_modules" / ".bin" / "lighthouse"
CHROMIUM: Final = os.environ.get("CHROME_PATH", "/usr/bin/chromium")

# The site is built with its port baked into the frontend's websocket address: fixed ports.
SITE_PORT: Final = int(os.environ.get("BENCH_SITE_PORT", "3161"))
POCKETBASE_PORT: Final = int(os.environ.get("BENCH_POCKETBASE_PORT", "8162"))
BLANK_PORT: Final = int(os.environ.get("BENCH_BLANK_PORT", "3163"))
# Serves the static HTML snapshot of a rendered page (the slow-4G reference), other paths proxied.
SNAPSHOT_PORT: Final = int(os.environ.get("BENCH_SNAPSHOT_PORT", "3164"))
# The first-paint comparison (benchmarks/first_paint.py) passes the site's pages through a proxy
# of the same kind as the snapshot's, on this port: neither side pays a hop the other does not.
FIRST_PAINT_SITE_PORT: Final = int(os.environ.get("BENCH_FIRST_PAINT_SITE_PORT", "3166"))
# HTTPS with HTTP/2 in front of the site, as deployed (benchmarks/https_front.py).
HTTPS_PORT: Final = int(os.environ.get("BENCH_HTTPS_PORT", "3165"))

# A site under load runs with this: every simulated visitor comes from this machine's one address,
# which the per-address event limit (server/event_guard.py) would count as one visitor.
ONE_ADDRESS_ENV: Final = {"ADDRESS_EVENT_LIMIT": "0"}

# Lighthouse 13, mobile preset (its default), on these routes of our site, each in every UI
# language (/youtube, /si/youtube, /ta/youtube: issue 12), one run per page.
LIGHTHOUSE_PAGES: Final = ("/", "/youtube", "/shop", "/booking", "/jobs", "/ol-folder")
LIGHTHOUSE_CHROME_FLAGS: Final = "--headless=new --no-sandbox --disable-gpu --disable-background-networking"
# Behind the HTTPS front, whose certificate comes from a throwaway CA the browser does not know.
LIGHTHOUSE_FRONT_FLAGS: Final = LIGHTHOUSE_CHROME_FLAGS + " --ignore-certificate-errors"
LIGHTHOUSE_CATEGORIES: Final = ("performance", "accessibility", "best-practices", "seo")

# Playwright's Chromium: Debian's, never a downloaded one.
BROWSER_ARGS: Final = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@dataclass(frozen=True)
class ContentProbe:
    """A page and the element whose appearance means "the visitor sees content"."""

    name: str
    path: str
    selector: str


# Time to content: navigation start to the first of these elements visible. A selector list
# matches whichever comes first: the agreed data-testid, or today's markup until the page has it.
CONTENT_PROBES: Final = (
    ContentProbe(
        "home: first news title",
        "/",
        # The carousel's title, or the same title the server wrote into the loading face.
        os.environ.get(
            "BENCH_SELECTOR_NEWS_TITLE",
            '[data-testid="news-title"], #carousel-home-news h3, [data-preview="news-title"]',
        ),
    ),
    ContentProbe(
        "recordings: first recording card",
        "/youtube",
        os.environ.get("BENCH_SELECTOR_RECORDING_CARD", '[data-testid="recording-card"]'),
    ),
)
CONTENT_TIMEOUT_S: Final = 20.0


@dataclass(frozen=True)
class Throttle:
    """Network and CPU conditions set through the Chrome DevTools protocol."""

    name: str
    latency_ms: float
    down_kbit_s: float
    up_kbit_s: float
    cpu_slowdown: float

    def network_conditions(self) -> dict[str, float | bool]:
        """The DevTools protocol's Network.emulateNetworkConditions parameters."""
        return {
            "offline": False,
            "latency": self.latency_ms,
            "downloadThroughput": self.down_kbit_s * 1000 / 8,
            "uploadThroughput": self.up_kbit_s * 1000 / 8,
        }


# Issue 20's phone: Lighthouse's mobile "slow 4G" figures and its 4x CPU slowdown.
SLOW_4G: Final = Throttle("slow 4G", latency_ms=150, down_kbit_s=1638.4, up_kbit_s=750, cpu_slowdown=4)

# Sign-in through the site's own /login form (the session then lives in localStorage); the
# header's sign-in dialog has fields of the same names, hence the ids.
LOGIN_PATH: Final = routes.LOGIN
LOGIN_USERNAME_SELECTOR: Final = os.environ.get("BENCH_SELECTOR_LOGIN_USER", "#login-identity")
LOGIN_PASSWORD_SELECTOR: Final = os.environ.get("BENCH_SELECTOR_LOGIN_PASSWORD", "#login-password")
LOGIN_SUBMIT_SELECTOR: Final = os.environ.get(
    "BENCH_SELECTOR_LOGIN_SUBMIT", 'form:has(#login-identity) button[type="submit"]'
)
AUTH_STORAGE_KEY: Final = "pocketbase_auth"
NOTES_USER: Final = ("notes@demo.lk", "demo-pass-123")
SIGNED_IN_SESSIONS: Final = 5

# The collections the home page shows (spec "Home page"): the bound for PocketBase requests
# caused by anonymous home loads when the site shares fetched content between visitors.
HOME_COLLECTIONS: Final = (
    Collection.NEWS,
    Collection.MOBILE_SLIDES,
    Collection.DESKTOP_SLIDES,
    Collection.CLASSES,
    Collection.TEACHERS,
    Collection.RECORDINGS,
    Collection.SUBJECTS,
    Collection.PRODUCTS,
    Collection.CATEGORIES,
    Collection.SOCIAL_MEDIA,
    Collection.ARTICLES,
    Collection.TALENTS,
    Collection.TALENTS_CATEGORIES,
)

# Simulated visitors (Reflex websocket clients): when is "all data" there?
# A boolean state var whose name matches this pattern and is true means "still loading";
# once none is true and the page is hydrated, the client waits SETTLE_MS for stragglers.
LOADING_VAR_PATTERN: Final = os.environ.get("BENCH_LOADING_VAR_PATTERN", r"(^|_)(is_)?loading($|_)")
SETTLE_MS: Final = 300
VISITOR_TIMEOUT_S: Final = 30.0


@dataclass(frozen=True)
class CapacitySizes:
    """benchmarks/capacity.py: bursts of `visitors` at once, `rounds` per layout, `tabs` held open."""

    visitors: int = 500
    rounds: int = 3
    tabs: int = 1_000


@dataclass(frozen=True)
class Sizes:
    """How much each measurement does; --quick shrinks everything for a smoke run."""

    lighthouse_pages: tuple[str, ...]
    lighthouse_runs: int
    content_samples: int
    anonymous_loads: int
    signed_in_loads: int
    visitor_levels: tuple[int, ...]
    live_samples: int
    catalog_scale: float = 1.0  # the large catalog's size (benchmarks/large_catalog.py)

    search_records: int = 20_000  # generated public records (issue 13)
    search_visitors: int = 100  # simulated visitors typing a search at once
    search_rebuilds: int = 10  # index rebuilds timed after an edit
    # Lighthouse's pages in these UI languages too (the large-catalog run keeps English only).
    lighthouse_languages: tuple[Language, ...] = LANGUAGES
    # Reflex's floor (benchmarks/reflex_floor.py): bursts of this size, alternating with the blank
    # template, this many each.
    floor_visitors: int = 1000
    floor_rounds: int = 3
    # Lighthouse runs per page as deployed, where issue 20's speed targets are judged: the run with
    # the median performance score counts (lighthouse.best_of). One run's Total Blocking Time moves
    # a page by 3-5 points on this shared machine; Lighthouse's own guidance on variability is to
    # take the median of several runs.
    speed_lighthouse_runs: int = 3
    # Issue 55 (benchmarks/first_paint.py): rounds of the site and its static snapshot taking
    # turns on each of /, /si/, /ta/; then the open pages' CPU per carousel tick against the
    # blank template (benchmarks/carousel_ticks.py): tabs held open, ticks each, rounds.
    first_paint_rounds: int = 9
    tick_tabs: int = 200
    ticks_per_tab: int = 10
    tick_rounds: int = 3
    # The soak (benchmarks/soak.py): this long at SOAK_RATE_PER_S mixed visitors on one worker.
    soak_minutes: float = 60.0
    # Tabs and memory (benchmarks/tab_memory.py): this many tabs closed after their page, this
    # many held open, the memory read this long after they closed (longer than the 10 s a closed
    # tab's state is kept).
    tab_visits: int = 5_000
    open_tabs: int = 2_000
    tabs_wait_s: float = 60.0
    # The capacity model (benchmarks/capacity.py).
    capacity: CapacitySizes = CapacitySizes()

    # Search inside papers (issue 35, benchmarks/paper_search.py): papers of this many pages of
    # generated text in the index, and pages of generated PDFs extracted and indexed for the
    # per-1,000-pages time.
    paper_count: int = 10_000
    paper_pages: int = 12
    paper_pdf_pages: int = 1_000


def in_languages(paths: tuple[str, ...], languages: tuple[Language, ...]) -> tuple[str, ...]:
    """Each path in each language, a page's languages side by side: /, /si/, /ta/, /youtube, ..."""
    return tuple(in_language_path(path, language) for path in paths for language in languages)


FULL: Final = Sizes(LIGHTHOUSE_PAGES, 1, 10, 100, 100, (50, 100, 200, 400, 1000), 10)
QUICK: Final = Sizes(
    ("/",),
    1,
    2,
    10,
    10,
    (10, 20),
    2,
    0.1,
    2_000,
    20,
    3,
    floor_visitors=20,
    floor_rounds=1,
    speed_lighthouse_runs=1,
    soak_minutes=5.0,
    tab_visits=500,
    open_tabs=200,
    tabs_wait_s=40.0,
    capacity=CapacitySizes(visitors=50, rounds=1, tabs=100),
    paper_count=1_000,
    paper_pages=5,
    paper_pdf_pages=60,
    first_paint_rounds=3,
    tick_tabs=20,
    ticks_per_tab=3,
    tick_rounds=1,
)
# Mixed visitors a second in the soak: steady, well under one worker's capacity (it measures
# what stays behind over time, not the peak).
SOAK_RATE_PER_S: Final = 5.0


class Target:
    """Goals shown next to the figures (PASS/MISS); they never fail the run."""

    PERFORMANCE_MIN: Final = 90
    ACCESSIBILITY_MIN: Final = 100
    BEST_PRACTICES_MIN: Final = 96
    SEO_MIN: Final = 100
    CLS_MAX: Final = 0.05
    VISITORS_LEVEL: Final = 200
    VISITORS_P95_MAX_S: Final = 1.0
    VISITORS_ERRORS_MAX: Final = 0
    LIVE_UPDATE_MAX_MS: Final = 2000
    SEARCH_QUERY_P95_MAX_MS: Final = 30.0
    SEARCH_REBUILD_MAX_MS: Final = 200.0
    SEARCH_TYPING_P95_MAX_S: Final = 0.5
    # Search inside papers: a query's server time at 10,000 papers, and a worker's own (anonymous)
    # memory from a tenth of the catalog to all of it: flat, the pages stay on disk.
    PAPER_QUERY_P95_MAX_MS: Final = 50.0
    PAPER_WORKER_GROWTH_MAX_MIB: Final = 16.0
    # Tabs and memory (issue 38), one worker with its state in memory.
    CLOSED_TAB_MAX_KB: Final = 10.0
    OPEN_TAB_MAX_KB: Final = 50.0
    # Workers that add what they cost (issue 38, benchmarks/capacity.py): with Redis, CPU per
    # visitor against the in-memory worker's, and what Redis keeps per visitor.
    REDIS_CPU_RATIO_MAX: Final = 1.3
    REDIS_KEYS_MAX: Final = 5
    REDIS_KB_MAX: Final = 8.0
    SLOW_4G_CONTENT_RATIO_MAX: Final = 1.5  # time to content over the static snapshot's
    # Issue 55: the first news title's paint over the static snapshot's, in every language.
    FIRST_PAINT_RATIO_MAX: Final = 1.1
    # Issue 20 (closer to a static page), on the English and Sinhala pages.
    SPEED_PERFORMANCE_MIN: Final = 98
    SPEED_FCP_MAX_MS: Final = 1500
    SPEED_LCP_MAX_MS: Final = 2000
    SPEED_LANGUAGES: Final = (Language.EN, Language.SI)
    SPEED_VISITORS_LEVEL: Final = 1000  # arriving at once on one worker
    SPEED_VISITORS_P95_MAX_S: Final = 2.0

    @staticmethod
    def visitors_met(errors: int, p95_s: float | None, p95_max_s: float) -> bool:
        """A burst meets a visitors target: errors within the bound, everyone's data by p95_max_s."""
        return errors <= Target.VISITORS_ERRORS_MAX and p95_s is not None and p95_s <= p95_max_s
