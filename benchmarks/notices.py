"""Notices (issue 53): one class change fanned out to 10,000 followers, and the bell's cost.

    make bench BENCH_ARGS="--only notices"
    python -m benchmarks.notices [--followers 10000]     # on its own

A throw-away PocketBase with our migrations plus benchmarks/notices_seed.js (one teacher, one
class, N verified followers with mixed languages and mail choices: half the default "at once",
a fifth daily, a fifth weekly, a tenth none), sending to an SMTP server on loopback (aiosmtpd).
A superuser moves the class; then the site's notice mailer (student_portal/notices/sender.py)
runs as the site runs it: settle the notice into one delivery per follower who wants mail, then
mail those who chose "at once". Measured: the notices written for the change (one, by
PocketBase's hook, whatever the number of followers), the time and PocketBase writes of the
fan-out, the time and writes of the mails, the mails that arrived. Then the bell: the CPU per
page view of counting a student's unseen notices from the shared cache (the bell reads no
PocketBase record per page view: its follows and seen time are read once per session).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import subprocess
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx

from student_portal.accounts.outbox import Outbox
from student_portal.constants import Timing
from student_portal.notices.sender import NoticeMailer
from student_portal.pocketbase import Notice, PocketBaseClient
from student_portal.pocketbase.embedded import EmbeddedPocketBase
from tests.support.pocketbases import MIGRATIONS_DIR, SUPERUSER, start_pocketbase

SEED = Path(__file__).with_name("notices_seed.js")
FOLLOWERS = 10_000
BELL_NOTICES = (100, 1_000, 10_000)  # notices in the shared cache
BELL_FOLLOWS = 50  # what one student follows
FAN_OUT_MAX_S = 60.0  # 10,000 followers' deliveries written within a minute
BELL_MAX_US = 1_000.0  # a page view's bell under a millisecond of CPU


def build(data_dir: Path, followers: int) -> Path:
    migrations = data_dir.parent / "migrations"
    shutil.copytree(MIGRATIONS_DIR, migrations, dirs_exist_ok=True)
    shutil.copy(SEED, migrations / "1999999999_notices_bench_seed.js")
    server = EmbeddedPocketBase(data_dir, migrations_dir=migrations)
    data_dir.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        server._command("migrate", "up"),
        check=True,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        env={**os.environ, "NOTICE_BENCH_FOLLOWERS": str(followers), "PB_SKIP_DEMO_SEED": "1"},
        timeout=900,
    )
    return migrations


def bell_us(notice_count: int, rounds: int = 200) -> float:
    """CPU microseconds to count one student's unseen notices among `notice_count` cached ones."""
    from student_portal.state.notices import BellIndex, unseen_count

    now = datetime.now(UTC)
    notices = [
        Notice.model_validate(
            {
                "id": f"n{n}",
                "kind": "class_changed" if n % 2 else "new_item",
                "teacher": f"t{n % 400}" if n % 2 else "",
                "ol_folder": "" if n % 2 else f"f{n % 300}",
                "changed": (now - timedelta(minutes=n)).isoformat(),
            }
        )
        for n in range(notice_count)
    ]
    keys = frozenset({f"teacher:t{n}" for n in range(BELL_FOLLOWS // 2)} | {f"ol_folder:f{n}" for n in range(25)})
    seen = now - timedelta(days=2)
    index = BellIndex(notices)  # made once per version of the list, for every visitor
    assert index.unseen(keys, seen) == unseen_count(notices, keys, seen)
    started = time.process_time()
    for _ in range(rounds):
        index.unseen(keys, seen)
    return (time.process_time() - started) / rounds * 1e6


async def fan_out(url: str, outbox: Outbox, token: str) -> dict[str, Any]:
    async def superuser() -> str:
        return token

    with httpx.Client(base_url=url, headers={"Authorization": token}, timeout=30) as admin:
        admin.patch("/api/collections/Classes/records/benchclass00001", json={"date": "2030-12-15 04:30:00.000Z"})
    async with PocketBaseClient(url, timeout=30) as client:
        mailer = NoticeMailer(client, superuser, "http://site.test")
        later = datetime.now(UTC) + timedelta(seconds=Timing.NOTICE_SETTLE_S + 5)
        started = time.monotonic()
        await mailer.settle(later)
        settle_s = time.monotonic() - started
        settle_writes = mailer.counts.writes
        started = time.monotonic()
        await mailer.send_now(later)
        send_s = time.monotonic() - started
    deadline = time.monotonic() + 60
    while outbox.count() < mailer.counts.mails and time.monotonic() < deadline:
        await asyncio.sleep(0.2)
    return {
        "notices_written": mailer.counts.settled,
        "fan_out_s": round(settle_s, 2),
        "fan_out_writes": settle_writes,
        "deliveries": mailer.counts.deliveries,
        "send_s": round(send_s, 2),
        "send_writes": mailer.counts.writes - settle_writes,
        "mails": mailer.counts.mails,
        "mails_arrived": outbox.count(),
        "failures": mailer.counts.failures,
    }


def measure(followers: int = FOLLOWERS, log=print) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="notices-bench-") as tmp:
        data_dir = Path(tmp) / "pb_data"
        started = time.monotonic()
        migrations = build(data_dir, followers)
        log(f"notices: {followers} followers seeded in {time.monotonic() - started:.1f} s")
        with Outbox(None) as outbox:
            server = start_pocketbase(
                data_dir, migrations_dir=migrations, env={**outbox.smtp_environment()}, demo=False
            )
            try:
                token = httpx.post(
                    f"{server.url}/api/collections/_superusers/auth-with-password",
                    json={"identity": SUPERUSER[0], "password": SUPERUSER[1]},
                ).json()["token"]
                result = asyncio.run(fan_out(server.url, outbox, token))
            finally:
                server.stop()
    result["followers"] = followers
    result["bell_us"] = {str(n): round(bell_us(n), 1) for n in BELL_NOTICES}
    result["bell_pocketbase_reads_per_view"] = 0
    result["targets"] = {"fan_out_max_s": FAN_OUT_MAX_S, "bell_max_us": BELL_MAX_US}
    return result


def target_rows(result: dict[str, Any]) -> list[tuple[str, str, bool | None]]:
    bell = max((result.get("bell_us") or {"": None}).values(), default=None)
    fan_out = result.get("fan_out_s")
    return [
        (
            f"notices: one class change to {result.get('followers', 0):,} followers (fan-out)",
            f"{fan_out} s, {result.get('fan_out_writes')} writes" if fan_out is not None else "-",
            None if fan_out is None else fan_out <= FAN_OUT_MAX_S,
        ),
        (
            "notices: the bell's CPU per page view",
            f"{bell} us" if bell is not None else "-",
            None if bell is None else bell <= BELL_MAX_US,
        ),
    ]


def render(result: dict[str, Any]) -> str:
    ok = lambda good: "PASS" if good else "MISS"  # noqa: E731
    bell = result["bell_us"]
    lines = [
        f"Notices: one class change, {result['followers']:,} followers",
        f"  notices written for the change: {result['notices_written']} (one, whatever the followers)",
        f"  fan-out: {result['deliveries']:,} deliveries, {result['fan_out_writes']:,} writes, "
        f"{result['fan_out_s']} s  [{ok(result['fan_out_s'] <= FAN_OUT_MAX_S)} <= {FAN_OUT_MAX_S:.0f} s]",
        f"  mails at once: {result['mails']:,} sent ({result['mails_arrived']:,} arrived), "
        f"{result['send_writes']:,} writes, {result['send_s']} s, failures {result['failures']}",
        "  bell per page view: 0 PocketBase reads; CPU "
        + ", ".join(f"{us} us over {int(n):,} notices" for n, us in bell.items())
        + f"  [{ok(max(bell.values()) <= BELL_MAX_US)} <= {BELL_MAX_US:.0f} us]",
    ]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--followers", type=int, default=FOLLOWERS)
    args = parser.parse_args()
    print(render(measure(args.followers)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
