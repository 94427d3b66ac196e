"""JSON files on disk: atomic writes and forgiving reads.

``write_json_atomic`` writes to a temporary file in the same directory and renames it over
the target, so a crash mid-write leaves the previous file intact. ``read_json`` returns the
data or raises ``StorageError`` with a sentence a player can read. ``set_aside`` renames a
damaged file instead of deleting it.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any


class StorageError(Exception):
    """A file could not be read or written; the message is meant for the player."""


def write_json_atomic(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` atomically (temporary file, fsync, rename).

    Raises StorageError if the directory cannot be created or the file cannot be written;
    the previous file, if any, is then left untouched.
    """
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    except (OSError, TypeError, ValueError) as exc:
        raise StorageError(f"could not write {path.name}: {exc}") from exc


def read_json(path: Path) -> Any:
    """Read JSON from ``path``.

    Raises FileNotFoundError if there is no file, StorageError if it cannot be read or parsed.
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise StorageError(f"{path.name} could not be read ({exc.strerror or exc})") from exc
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise StorageError(f"{path.name} is damaged ({exc.__class__.__name__})") from exc


def set_aside(path: Path) -> Path | None:
    """Rename a damaged file to ``<name>.bad-<timestamp>`` and return the new path."""
    path = Path(path)
    target = path.with_name(f"{path.name}.bad-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target
