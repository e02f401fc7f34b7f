"""Where a command's CPU goes, by kind of process (issue 50: `make test` is CPU-bound on 2 cores).

    .venv/bin/python tools/cpu_by_process.py [--interval 2] -- .venv/bin/python -m pytest tests/e2e/...

Runs the command and, every `--interval` seconds, reads /proc for every process descended from it:
each process's CPU time (user + system) is kept by pid, and at the end added up by kind (Chromium's
renderers, GPU, network and browser processes, Playwright's driver, the site's backend, a Node build,
PocketBase, Redis, pytest). A process that ends between two samples loses at most one interval of its
time; the machine's whole busy time over the run is printed beside, for scale (other users included).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")


def kind(cmdline: str, name: str) -> str:
    """A process's kind, from its command line (with its executable first: a process may rename
    its threads and its title, e.g. Granian's workers are "MainThread")."""
    if "chrom" in name or "chromium" in cmdline:
        for part in ("renderer", "gpu-process", "utility", "zygote"):
            if f"--type={part}" in cmdline:
                return f"chromium {part}"
        return "chromium browser"
    if "playwright" in cmdline and "node" in cmdline:
        return "playwright driver (node)"
    # Node names its main thread "MainThread" (the build's compress-static.js was counted apart).
    if "node" in name or cmdline.split(" ")[0].endswith("/node") or "vite" in cmdline or "npm" in cmdline:
        return "node (build)"
    if "pocketbase" in name or "pocketbase" in cmdline.split(" ")[0]:
        return "pocketbase"
    if "redis" in name:
        return "redis"
    if any(word in cmdline for word in ("reflex", "granian", "serve_built", "uvicorn")):
        return "site backend (reflex)"
    if "pytest" in cmdline or "execnet" in cmdline or "exec(eval(sys.stdin" in cmdline:
        return "pytest"
    if "python" in name:
        return "python (other)"
    return name or "?"


def children_map() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = defaultdict(list)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(")") + 2 :].split()[1])
        tree[ppid].append(int(entry.name))
    return tree


def descendants(root: int) -> list[int]:
    tree, found, todo = children_map(), [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += tree.get(pid, [])
    return found


def cpu_seconds(pid: int) -> tuple[float, str] | None:
    """(user + system seconds, kind) of a live process."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return None
    name = stat[stat.index("(") + 1 : stat.rindex(")")]
    with contextlib.suppress(OSError):
        cmdline = os.readlink(f"/proc/{pid}/exe") + " " + cmdline
    fields = stat[stat.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / TICKS, kind(cmdline, name)


def machine_busy() -> float:
    """Seconds of CPU the whole machine has spent busy (all cores), from /proc/stat."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]
    return (sum(values[:8]) - idle) / TICKS


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--interval", type=float, default=2.0)
    parser.add_argument("command", nargs="+")
    args = parser.parse_args()
    start, busy0 = time.monotonic(), machine_busy()
    process = subprocess.Popen(args.command)
    seen: dict[int, tuple[float, str]] = {}  # pid -> (latest CPU seconds, kind)
    processes: dict[str, set[int]] = defaultdict(set)
    while process.poll() is None:
        for pid in descendants(process.pid):
            sample = cpu_seconds(pid)
            if sample is not None:
                seen[pid] = sample
                processes[sample[1]].add(pid)
        time.sleep(args.interval)
    wall, busy = time.monotonic() - start, machine_busy() - busy0
    by_kind: dict[str, float] = defaultdict(float)
    for seconds, what in seen.values():
        by_kind[what] += seconds
    total = sum(by_kind.values())
    print(f"\nCPU by process kind over {wall:.0f} s wall (sampled every {args.interval:g} s):", file=sys.stderr)
    for what, seconds in sorted(by_kind.items(), key=lambda item: -item[1]):
        share = 100 * seconds / total if total else 0
        print(f"{seconds:9.1f} s {share:5.1f} %  {len(processes[what]):5d} processes  {what}", file=sys.stderr)
    capacity = (os.cpu_count() or 1) * wall
    print(f"{total:9.1f} s in all; the machine was busy {busy:.0f} s of {capacity:.0f} s", file=sys.stderr)
    return process.returncode


if __name__ == "__main__":
    sys.exit(main())
