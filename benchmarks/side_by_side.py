"""Two builds of the site at once, for the side-by-side benchmarks (video_budget, capacity_ab):
this checkout and another one (say main's, `git archive main | tar -x -C /tmp/main-copy`), each
on its own port, both on one demo PocketBase, so a busy shared machine weighs on both alike."""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.support.pocketbases import start_pocketbase
from tests.support.site import Site


@dataclass(frozen=True)
class Pair:
    pocketbase: Any
    base: Site
    ours: Site


@contextlib.contextmanager
def base_and_ours(
    base_dir: Path,
    *,
    base_port: int,
    ours_port: int,
    log: Callable[[str], None],
    prefix: str,
    extra_env: dict[str, str] | None = None,
) -> Iterator[Pair]:
    """Start a demo PocketBase and both sites (built if need be, each with `extra_env`); stop them
    all afterwards."""
    work = Path(tempfile.mkdtemp(prefix=prefix))
    pocketbase = start_pocketbase(work / "pb_data")
    base_dir = base_dir.resolve()
    pair = Pair(
        pocketbase,
        # The base's own Python package, not this checkout's (installed in the venv as editable).
        base=Site(
            pocketbase.url,
            port=base_port,
            log_file=work / "base.log",
            project_dir=base_dir,
            extra_env={**(extra_env or {}), "PYTHONPATH": str(base_dir)},
        ),
        ours=Site(pocketbase.url, port=ours_port, log_file=work / "ours.log", extra_env=extra_env),
    )
    try:
        for name, site in (("base", pair.base), ("ours", pair.ours)):
            log(f"starting {name} ({site.project_dir}) on {site.url}")
            site.start(timeout=600)
        yield pair
    finally:
        pair.base.stop()
        pair.ours.stop()
        pocketbase.stop()
