"""One worker claims a once-per-machine job (utils/private_files.py::worker_claim)."""

from __future__ import annotations

import stat
from pathlib import Path

from student_portal.search.pages import clear
from student_portal.utils.private_files import worker_claim


def test_one_worker_holds_the_claim_until_it_lets_go(tmp_path: Path) -> None:
    lock = tmp_path / "jobs" / ".job.lock"
    with worker_claim(lock) as first:
        assert first is True
        assert stat.S_IMODE(lock.stat().st_mode) == 0o600
        with worker_claim(lock) as second:  # another open file: another worker's view
            assert second is False
    with worker_claim(lock) as again:
        assert again is True


def test_rebuilding_the_index_keeps_every_worker_lock(tmp_path: Path) -> None:
    """The notice mailer's lock lives beside the index: deleting it while held would let a second
    worker create and claim another, and send every mail twice."""
    (tmp_path / "segment").mkdir()
    (tmp_path / "meta.json").write_text("{}")
    with worker_claim(tmp_path / ".indexer.lock"), worker_claim(tmp_path / ".notice-mailer.lock") as mailer:
        assert mailer is True
        clear(tmp_path)
        assert sorted(path.name for path in tmp_path.iterdir()) == [".indexer.lock", ".notice-mailer.lock"]
        with worker_claim(tmp_path / ".notice-mailer.lock") as second:
            assert second is False
