"""One window per data directory: a lock file that the first Parlour window holds for as
long as it runs, so that a second window started on the same saves knows and does not write
them (two windows' autosaves, settings and statistics would overwrite each other).

The lock is the operating system's (``fcntl.flock`` on Linux and macOS, ``msvcrt.locking``
on Windows) on ``.parlour.lock`` in the data directory: it goes with the process, also when
the process is killed, so a window that crashed never leaves the next one locked out.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO

LOCK_NAME = ".parlour.lock"
_held: dict[Path, IO] = {}  # the locks this process holds (an App made again keeps its own)


def take_lock(directory: Path) -> IO | None:
    """Take the data directory's lock: the open lock file (kept for the process's life),
    or None if another process holds it. A directory that cannot hold the file (read-only,
    missing) gives an unlocked pass: the writes will report their own problems."""
    key = Path(directory).resolve()
    if key in _held:
        return _held[key]
    try:
        directory.mkdir(parents=True, exist_ok=True)
        handle = open(directory / LOCK_NAME, "a+b")  # noqa: SIM115 - held while we run
    except OSError:
        return _Unlocked()
    try:
        if os.name == "nt":
            import msvcrt

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return None
    _held[key] = handle
    return handle


class _Unlocked:
    """The pass given where no lock file can be made (nothing to hold, nothing to close)."""

    def close(self) -> None:
        pass
