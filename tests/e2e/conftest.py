"""Browser tests: the real site, built and served as in production, in Debian's Chromium
(its headless shell).

One site runs for the whole session. It reaches PocketBase through a proxy, so a test can
show it the demo backend (default), an empty backend, a dead or slow or garbled one.

Tests that need the production layout (several workers sharing state in Redis: the
`redis_site` fixture) run last: the site is restarted once in that configuration on the same
port (the built frontend bakes its port in), with its own Redis, serving the build it already
has. Under pytest-xdist each worker runs a site of its own on its own port; one worker builds
the site and the others serve a copy of that build (tests/support/site.py).
"""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect

from tests.e2e.page_checks import SiteLog
from tests.e2e.site_words import Content, demo_content
from tests.support.admin import superuser_client
from tests.support.backend_proxy import ERROR_RESPONSE, GARBAGE_RESPONSE, BackendProxy, Mode
from tests.support.pocketbases import SUPERUSER, start_pocketbase
from tests.support.redis_server import RedisServer
from tests.support.site import SITE_PORT, Site, SiteRunner, worker_build_env
from tests.support.timings import pytest_terminal_summary  # noqa: F401 - time by file, at the end

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

# How long an expect waits for the page to come right, 5 s by Playwright's default. What the app
# draws comes after its start, which is after the first paint (assets/head.js), and on a busy
# two-core machine that plus one backend timeout (Timing.BACKEND_TIMEOUT_S, 5 s) went past 5 s.
# Only a failing expect waits the whole time.
EXPECT_TIMEOUT_MS = 15_000
expect.set_options(timeout=EXPECT_TIMEOUT_MS)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    # Debian's Chromium; Playwright must never download its own browser here. Its headless shell
    # (Playwright's own choice for headless runs): the same engine without the full browser's
    # layers, in which 121 tests took a third less time (docs/history.md). The shell knows no
    # connection type, and Blink then fetches lazy pictures 2,500 px beyond the screen: the
    # full browser's 4G distance (1,250 px) keeps what test_images.py checks the same in both.
    return {
        **browser_type_launch_args,
        "executable_path": "/usr/bin/chromium-headless-shell",
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--blink-settings=lazyLoadingImageMarginPxUnknown=1250",
        ],
    }


@pytest.fixture(scope="session")
def demo_pocketbase(tmp_path_factory: pytest.TempPathFactory):
    server = start_pocketbase(tmp_path_factory.mktemp("pb") / "demo")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def content(demo_pocketbase) -> Content:
    """What the demo data set holds: the words a one-language check takes as content."""
    return demo_content(demo_pocketbase.url)


@pytest.fixture(scope="session")
def empty_pocketbase(tmp_path_factory: pytest.TempPathFactory):
    base = tmp_path_factory.mktemp("pb-empty")
    server = start_pocketbase(base / "data", demo=False)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def backend_proxy(demo_pocketbase) -> Iterator[BackendProxy]:
    proxy = BackendProxy(demo_pocketbase.port).start()
    yield proxy
    proxy.stop()


# Tests that restart the site in another configuration, in the order they run: after every other
# test, so the site restarts once for each.
SITE_RESTARTS = ("second_build", "redis_site")


def _site_restart(item: pytest.Item) -> str | None:
    """The restart a test asks for (the later one in SITE_RESTARTS if both), else None."""
    fixtures = getattr(item, "fixturenames", ())
    return next((name for name in reversed(SITE_RESTARTS) if name in fixtures), None)


@pytest.hookimpl(tryfirst=True)  # before xdist's own, which reads the groups set here
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests on the Redis layout last, so a run without xdist restarts the site once for them
    (stable sort keeps the rest); just before them, those that rebuild the site (`second_build`).

    With `-n 3 --dist loadgroup` (make test) the tests on the Redis layout run together in one
    worker, and those that rebuild the site together in one; xdist hands those groups out first
    (each worker's run ends with its two longest setups: the Redis layout's comes at 0 s), so a
    site restarts once for each kind. Every other test is handed out on its own, to whichever
    worker is free: the workers stay busy to the end (a module's fixtures, such as a seeded
    PocketBase, are then made in each worker that runs its tests)."""
    restarts = {item: _site_restart(item) for item in items}
    items.sort(key=lambda item: -1 if restarts[item] is None else SITE_RESTARTS.index(restarts[item]))
    for item in items:
        if restarts[item] is not None:
            item.add_marker(pytest.mark.xdist_group(f"site-{restarts[item]}"))


def pytest_collection_finish(session: pytest.Session) -> None:
    """Under `--dist loadgroup`, xdist names a grouped test's group in its id: a pytest or xdist
    that stops doing so would split a restart group over the workers without a word."""
    if getattr(session.config.option, "loadgroup", False):
        grouped = [item.nodeid for item in session.items if item.get_closest_marker("xdist_group")]
        lost = [nodeid for nodeid in grouped if "@" not in nodeid]
        if lost:
            raise pytest.UsageError(f"xdist ignored the site-restart groups (pytest-xdist#1386?): {lost[:3]}")


# The site's content cache life in tests; a failure is remembered no longer than this either.
SITE_CACHE_TTL_S = 0.3


@pytest.fixture(scope="session")
def site_runner(backend_proxy: BackendProxy, tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteRunner]:
    # A short cache life lets a test switch backends and see the change on the next load.
    # One trusted proxy hop: the site reads the visitor's address from X-Forwarded-For, as it
    # does behind a reverse proxy in production, so each test can be its own visitor (below).
    env = {
        "CONTENT_CACHE_TTL": str(SITE_CACHE_TTL_S),
        "REFLEX_TRUSTED_PROXY_HOPS": "1",
        # The paper indexer: its own index for this run, and the test PocketBase's superuser.
        "SEARCH_INDEX_DIR": str(tmp_path_factory.mktemp("search-index")),
        "SEARCH_INDEXER_EMAIL": SUPERUSER[0],
        "SEARCH_INDEXER_PASSWORD": SUPERUSER[1],
        **worker_build_env(),
    }
    runner = SiteRunner(backend_proxy.url, tmp_path_factory.mktemp("site"), env)
    yield runner
    runner.stop()


# `SITE_TEST_LAYOUT=redis` runs every browser test on the production layout (by hand, for a
# change to how state is kept: `make test` runs the default layout, and the Redis tests on theirs).
EVERY_TEST_ON_REDIS = os.environ.get("SITE_TEST_LAYOUT") == "redis"


@pytest.fixture(scope="session")
def site(site_runner: SiteRunner, request: pytest.FixtureRequest) -> Site:
    """The site as configured by default: one worker, state on disk (the Redis layout's under
    SITE_TEST_LAYOUT=redis, so a test reading the site's log reads the one that served it)."""
    if EVERY_TEST_ON_REDIS:
        return site_runner.ensure(_redis_layout(request.getfixturevalue("redis_server")))
    return site_runner.ensure()


@pytest.fixture(scope="session")
def redis_server(site_runner: SiteRunner, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path_factory.mktemp("redis") / "redis.log").start()
    yield server
    site_runner.stop()  # the site first: its workers talk to this Redis until they stop
    server.stop()


# As `make run-redis` on our 2-core machine: one worker per core (Reflex alone would start 5).
SCALE_OUT_WORKERS = "2"


@pytest.fixture
def redis_site(site_runner: SiteRunner, redis_server: RedisServer) -> Site:
    """The production layout: with REFLEX_REDIS_URL, `reflex run --env prod` runs several
    workers that share visitors' state in Redis."""
    return site_runner.ensure(_redis_layout(redis_server))


def _redis_layout(redis_server: RedisServer) -> dict[str, str]:
    return {"REFLEX_REDIS_URL": redis_server.url, "GRANIAN_WORKERS": SCALE_OUT_WORKERS}


@pytest.fixture
def second_build(site_runner: SiteRunner) -> Callable[[], Site]:
    """Rebuilds the site under another build name and serves it in place of the running one
    (as a deploy does: the earlier build's files are gone)."""
    return lambda: site_runner.ensure({"SITE_BUILD_ID": "second-build"})


@pytest.fixture(autouse=True)
def _running_site(request: pytest.FixtureRequest, site_runner: SiteRunner) -> Site:
    """Every browser test gets a running site: the Redis layout if it asks for it, else the default."""
    if "redis_site" in request.fixturenames or EVERY_TEST_ON_REDIS:
        site = request.getfixturevalue("redis_site")
    else:
        site = site_runner.ensure()
    request.node.stash[_SITE_LOG] = SiteLog(site)
    return site


# What the site logged during a test: a failing test's report shows it (a CI run keeps nothing
# else of the site's log).
_SITE_LOG = pytest.StashKey[SiteLog]()
SITE_LOG_REPORT_BYTES = 6_000


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed or _SITE_LOG not in item.stash:
        return
    site_log = item.stash[_SITE_LOG]
    try:
        logged = site_log.text(last_bytes=SITE_LOG_REPORT_BYTES)
    except OSError as error:
        logged = f"(could not read {site_log.path}: {error})"
    report.sections.append(("site log during the test", logged or "(nothing)"))


@pytest.fixture
def admin(demo_pocketbase) -> Iterator[httpx.Client]:
    """A superuser's client of the demo PocketBase, for a test that edits content as a content
    manager does (a module that needs more of it defines its own)."""
    with superuser_client(demo_pocketbase.url) as client:
        yield client


@pytest.fixture(scope="session")
def base_url() -> str:
    """The site's address: the same port in every configuration."""
    return f"http://localhost:{SITE_PORT}"


class Backend:
    """Lets a test choose what the site's PocketBase looks like; the next test starts on its own
    (`backend_home`).

    Each switch returns once the site's content cache can no longer answer from before it:
    content (or a failure) fetched a moment earlier is legitimately served for the cache's
    life, so the next page load after a switch must come after that window. Asking for what the
    site already has changes nothing: a switch cuts the site's connections, so its realtime
    subscription reconnects and it reloads every list it holds, and signs in again.
    """

    def __init__(self, proxy: BackendProxy, demo, empty_factory) -> None:
        self._proxy, self._demo, self._empty_factory = proxy, demo, empty_factory

    def settle(self) -> None:
        """Wait out the site's cache life (after changing PocketBase other than through here)."""
        time.sleep(SITE_CACHE_TTL_S)

    def demo(self) -> None:
        switch_backend(self._proxy, Mode(self._demo.port))

    def empty(self) -> None:
        switch_backend(self._proxy, Mode(self._empty_factory().port))

    def down(self) -> None:
        switch_backend(self._proxy, Mode(upstream_port=None))

    def slow(self, seconds: float, *, only: tuple[str, ...] = ()) -> None:
        """Every new connection waits `seconds`; with `only` (collection names), instead every
        request for those collections waits and the rest answer at once."""
        if only:
            self.hold(seconds, *(f"/api/collections/{name}/" for name in only))
            return
        switch_backend(self._proxy, Mode(self._demo.port, delay_s=seconds))

    def hold(self, seconds: float, *requests: str) -> None:
        """Requests containing one of `requests` (e.g. "GET /api/collections/X/") wait `seconds`;
        the rest answer at once, from the server the site is on now (the demo's if it is down)."""
        upstream = self._proxy.mode.upstream_port or self._demo.port
        markers = tuple(request.encode() for request in requests)
        switch_backend(self._proxy, Mode(upstream, delay_s=seconds, delay_only=markers))

    def garbage(self) -> None:
        switch_backend(self._proxy, Mode(self._demo.port, canned=GARBAGE_RESPONSE))

    def server_error(self) -> None:
        switch_backend(self._proxy, Mode(self._demo.port, canned=ERROR_RESPONSE))

    def use(self, server) -> None:
        """Forward the site to any running PocketBase (a test's own data set)."""
        switch_backend(self._proxy, Mode(server.port))


def switch_backend(proxy: BackendProxy, mode: Mode) -> None:
    """The site's PocketBase as `mode` says, once its cache can no longer answer from before; nothing
    done when it already is."""
    if proxy.mode != mode:
        proxy.set_mode(mode)
        time.sleep(SITE_CACHE_TTL_S)


@pytest.fixture
def backend_home(demo_pocketbase):
    """The PocketBase every test's site starts on: the demo data set, unless a module whose every
    test reads one data set of its own (the hostile or odd records, a large catalog, a mailing
    PocketBase) names it by overriding this fixture. The site then stays on it from one of those
    tests to the next, instead of going back to the demo and over again after each."""
    return demo_pocketbase


@pytest.fixture(autouse=True)
def _site_on_backend_home(backend_proxy: BackendProxy, backend_home) -> None:
    """Each test starts with the site on its `backend_home`, however the test before it left it."""
    switch_backend(backend_proxy, Mode(backend_home.port))


@pytest.fixture
def backend(backend_proxy: BackendProxy, demo_pocketbase, request: pytest.FixtureRequest) -> Backend:
    return Backend(backend_proxy, demo_pocketbase, lambda: request.getfixturevalue("empty_pocketbase"))


_visitor_addresses = itertools.count(1)


def next_client_ip() -> str:
    """A visitor address no other test uses (see `client_ip`)."""
    n = next(_visitor_addresses)
    return f"198.51.{100 + n // 250}.{n % 250 + 1}"


@pytest.fixture
def client_ip() -> str:
    """This test's own visitor address (TEST-NET-2, 198.51.100.0/24 and onwards).

    PocketBase limits sign-ins to 10 a minute per visitor address, and the whole suite runs
    from one machine: every test's browser sends its own address (X-Forwarded-For, trusted
    by the test site), so tests never share a rate-limit bucket and the rate-limit test
    still sees its own 429.
    """
    return next_client_ip()


@pytest.fixture
def browser_context_args(browser_context_args: dict, client_ip: str) -> dict:
    headers = {**browser_context_args.get("extra_http_headers", {}), "X-Forwarded-For": client_ip}
    return {**browser_context_args, "extra_http_headers": headers}


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def viewport(request: pytest.FixtureRequest) -> dict:
    return request.param


@pytest.fixture
def sized_page(page, viewport: dict):
    """A page at phone (390 px) or desktop (1280 px) width: tests using it run at both."""
    page.set_viewport_size(viewport)
    return page


def project_root() -> Path:
    return Path(__file__).resolve().parents[2]
