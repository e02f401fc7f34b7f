"""Files that may hold secrets (PocketBase's data, the search index, their logs) made readable by
their owner only, and the lock files by which one worker of the site on this machine claims a job
that must run once (the embedded PocketBase, the paper indexer, the notice mailer)."""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

# pb_data holds password hashes, token signing keys and, in its log, a superuser-installer link:
# readable by its owner only. PocketBase creates its files under our umask.
PRIVATE_UMASK = 0o077
PRIVATE_DIR_MODE = 0o700
PRIVATE_FILE_MODE = 0o600


def make_private_dir(path: Path) -> Path:
    """Create `path` (0700) or take back what an older run left readable: dirs 0700, files 0600."""
    path.mkdir(mode=PRIVATE_DIR_MODE, parents=True, exist_ok=True)
    path.chmod(PRIVATE_DIR_MODE)
    for root, dirs, files in os.walk(path):
        for name in dirs:
            os.chmod(os.path.join(root, name), PRIVATE_DIR_MODE, follow_symlinks=False)
        for name in files:
            file = os.path.join(root, name)
            if not os.path.islink(file):
                os.chmod(file, PRIVATE_FILE_MODE)
    return path


def open_private(path: Path, mode: str = "ab"):
    """Open (create 0600) a file that may hold secrets, such as PocketBase's log."""
    flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if "a" in mode else os.O_TRUNC)
    fd = os.open(path, flags, PRIVATE_FILE_MODE)
    os.fchmod(fd, PRIVATE_FILE_MODE)
    return os.fdopen(fd, mode)


@contextlib.contextmanager
def worker_claim(lock_file: Path) -> Iterator[bool]:
    """Whether this worker holds `lock_file` (created 0600) for the block: True for the one worker
    that got it, False for the others, who must not run the job. The kernel releases the lock if
    the worker dies, so a restarted worker can claim it again."""
    lock_file.parent.mkdir(parents=True, exist_ok=True)
    with open_private(lock_file, "wb") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
