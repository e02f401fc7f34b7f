"""One tab cannot grow the server's memory or its own deltas (issue 16, finding 3), and an old
tab's event for a handler that no longer exists leaves no secret in the server log (finding 4).

The attack is replayed over the websocket, with Reflex's own event protocol: 40 events naming
unique 500 kB carousels used to grow one tab's deltas to 20 MB and the worker by 60 MB.
"""

from __future__ import annotations

import os
import time
import uuid
from pathlib import Path

from student_portal.state.carousel import CarouselState
from student_portal.state.login import LoginState
from tests.support.site import Site
from tests.support.tab_socket import TabSocket

OVERSIZED_EVENTS = 40
NAME_BYTES = 500_000


def _group_rss_bytes(site: Site) -> int:
    """Resident memory of the site's whole process group (the reflex CLI and its workers)."""
    assert site.process is not None
    total = 0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if os.getpgid(int(pid)) != site.process.pid:
                continue
            status = Path(f"/proc/{pid}/status").read_text()
        except (OSError, ProcessLookupError):
            continue
        rss = next((line for line in status.splitlines() if line.startswith("VmRSS:")), None)
        total += int(rss.split()[1]) * 1024 if rss else 0
    return total


def test_oversized_carousel_events_leave_memory_and_deltas_flat(site: Site, base_url: str) -> None:
    tab = TabSocket(base_url, "/")
    try:
        tab.drain()
        advance = f"{CarouselState.get_full_name()}.advance"
        go_to = f"{CarouselState.get_full_name()}.go_to"
        set_paused = f"{CarouselState.get_full_name()}.set_paused"
        # A real event first: it must still work (and shows what a normal delta looks like).
        tab.emit(advance, {"carousel": "home-news", "step": 1, "count": 3})
        tab.drain()
        assert any("home-news" in str(delta) for delta in tab.deltas)
        before_rss, before_bytes = _group_rss_bytes(site), tab.received_bytes
        for n in range(OVERSIZED_EVENTS):
            name = f"{n:04d}" + "x" * NAME_BYTES
            tab.emit(advance, {"carousel": name, "step": 1, "count": 3})
            tab.emit(go_to, {"carousel": name, "index": 10**9, "count": 10**12})
            tab.emit(set_paused, {"carousel": "home-news", "paused": "y" * NAME_BYTES})
        tab.drain(quiet_s=2.0, timeout_s=120)
        time.sleep(1)
        grown_rss, sent_back = _group_rss_bytes(site) - before_rss, tab.received_bytes - before_bytes
    finally:
        tab.close()
    # Before the fix: ~20 MB of deltas and ~60 MB more memory. The events themselves (60 MB
    # sent) pass through; what stays must not be theirs.
    assert sent_back < 100_000, f"{sent_back} bytes of deltas"
    assert grown_rss < 20 * 1024 * 1024, f"site grew by {grown_rss / 2**20:.1f} MB"


def test_an_old_tabs_event_leaves_no_secret_in_the_log(site: Site, base_url: str) -> None:
    password, bearer, cookie = f"pw-{uuid.uuid4().hex}", f"eyJ{uuid.uuid4().hex}", f"ck-{uuid.uuid4().hex}"
    token = str(uuid.uuid4())
    log_start = site.log_file.stat().st_size
    tab = TabSocket(
        base_url,
        "/login",
        token=token,
        headers={"Authorization": f"Bearer {bearer}", "Cookie": f"pb_auth={cookie}; theme=dark"},
    )
    try:
        tab.drain()
        # A handler renamed by a deploy: the old tab still sends the old name, with the form.
        old_name = f"{LoginState.get_full_name()}.submit_renamed_{uuid.uuid4().hex[:6]}"
        tab.emit(old_name, {"form": {"identity": "notes", "password": password}})
        tab.drain(quiet_s=2.0)
    finally:
        tab.close()
    time.sleep(1)
    with site.log_file.open("rb") as log:
        log.seek(log_start)
        # The console handler wraps long lines, even inside a word: look at the text unwrapped.
        written = log.read().decode(errors="replace").replace("\n", "")
    assert old_name in written  # the event was logged (the test would see a leak)
    for secret in (password, bearer, cookie, token):
        assert secret not in written
