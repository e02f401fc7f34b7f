"""One tab cannot grow the server's memory or its own deltas (issue 16, finding 3), and an old
tab's event for a handler that no longer exists leaves no secret in the server log (finding 4).
Issue 36: one socket's flood is cut short, oversize browser storage values are not kept, a
closed tab's token alone gets nothing protected.

The attack is replayed over the websocket, with Reflex's own event protocol: 40 events naming
unique 500 kB carousels used to grow one tab's deltas to 20 MB and the worker by 60 MB.
"""

from __future__ import annotations

import json
import os
import time
import uuid
from pathlib import Path

import httpx

from student_portal.constants import Limit
from student_portal.state.auth import AuthState, dump_stored_auth
from student_portal.state.carousel import CarouselState
from student_portal.state.login import LoginState
from tests.e2e.auth_support import DEMO_USERS, pocketbase_auth
from tests.e2e.conftest import next_client_ip
from tests.support.site import Site
from tests.support.tab_socket import BOOT_EVENT, NAMESPACE, TabSocket

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


# --- issue 36: what one connection may send and leave behind ------------------------------------

AUTH_VAR = f"{AuthState.get_full_name()}.stored_auth_rx_state_"


def _answers(tab: TabSocket) -> int:
    return len(tab.deltas)


def test_a_flood_of_page_views_from_one_socket_is_cut_short(site: Site, base_url: str) -> None:
    # The attack: `hydrate_and_load` sent as fast as possible without reading grew the worker
    # from 211 to 1,535 MB (52,000 events in 20 s) and slowed every other visitor.
    tab = TabSocket(base_url, "/", headers={"X-Forwarded-For": next_client_ip()})
    before_rss = _group_rss_bytes(site)
    boot = {"name": BOOT_EVENT, "payload": {}, "router_data": {"pathname": "/", "asPath": "/"}}
    try:
        for _ in range(3000):
            tab.ws.send(f"42{NAMESPACE},{json.dumps(['event', boot])}")
        tab.drain(quiet_s=3.0, timeout_s=60)
    except OSError:  # closed by the server
        pass
    finally:
        tab.close()
    grown = _group_rss_bytes(site) - before_rss
    # At most the connection's burst and a few seconds of its rate were worked on, not 3,000.
    assert _answers(tab) <= 2 * (Limit.CONNECTION_EVENTS_BURST + 10 * Limit.CONNECTION_EVENTS_PER_S)
    assert grown < 100 * 1024 * 1024, f"site grew by {grown / 2**20:.1f} MB"
    other = TabSocket(base_url, "/", headers={"X-Forwarded-For": next_client_ip()})
    try:
        other.drain()
        assert other.deltas, "another visitor's page still answers"
    finally:
        other.close()


def test_an_oversize_browser_storage_value_is_not_kept(base_url: str) -> None:
    # The attack: 300 tabs sending ~900 KB each as their sign-in item took the worker from 532
    # to 1,149 MB for an hour. The hydrate echoes each value it kept: nothing this big comes back.
    huge = json.dumps({"token": "x" * 900_000, "record": {}})
    tab = TabSocket(base_url, "/", headers={"X-Forwarded-For": next_client_ip()}, storage={AUTH_VAR: huge})
    try:
        tab.drain()
    finally:
        tab.close()
    assert tab.deltas, "the page was answered"
    assert tab.received_bytes < 200_000, f"{tab.received_bytes} bytes came back"


def test_a_closed_tabs_token_alone_gets_nothing_protected(demo_pocketbase, base_url: str) -> None:
    # The attack: a `notes` student opens /notes and closes the tab without logging out; a
    # connection presenting only that tab's token then received every note title.
    address = next_client_ip()
    auth = pocketbase_auth(demo_pocketbase.url, DEMO_USERS["notes"][1], address)
    titles = [
        note["name"]
        for note in httpx.get(
            f"{demo_pocketbase.url}/api/collections/Notes/records",
            params={"perPage": 50},
            headers={"Authorization": auth["token"]},
            timeout=10,
        ).json()["items"]
        if note["name"].strip()
    ]
    assert titles
    stored = dump_stored_auth(auth["token"], auth["record"])
    token = str(uuid.uuid4())
    tab = TabSocket(base_url, "/notes", token=token, headers={"X-Forwarded-For": address}, storage={AUTH_VAR: stored})
    try:
        tab.drain(quiet_s=2.0)
    finally:
        tab.close()
    assert any(title in str(tab.deltas) for title in titles), "the signed-in tab saw its notes"
    time.sleep(2)
    replay = TabSocket(base_url, "/notes", token=token, headers={"X-Forwarded-For": next_client_ip()})
    try:
        replay.drain(quiet_s=2.0)
    finally:
        replay.close()
    assert replay.deltas
    seen = str(replay.deltas)
    assert not [title for title in titles if title in seen]
    assert "token=" not in seen
