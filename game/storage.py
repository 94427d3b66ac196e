"""JSON files on disk: atomic writes, forgiving reads, damaged files set aside.

``write_json_atomic`` writes to a temporary file in the same directory and renames it over
the target, so a crash mid-write leaves the previous file intact (``clean_stale_temps``
removes the temporary files such a crash leaves behind). ``read_json`` returns the data or
raises ``StorageError`` with a sentence a player can read, whatever is in the file: bad
encodings, binary junk, documents nested too deeply for the parser, files too large, a
directory in the file's place. ``set_aside`` renames a damaged file instead of deleting it,
under a name that never overwrites an earlier one, and ``set_aside_note`` says truthfully
in words whether that worked.

A reason given to the player is in their language: the technical detail behind it (the
English words of a rules engine or of Python: "unknown ring 'zz9'") is added in brackets
only in English, and always written to the program's log (``with_detail``,
``without_detail``).
"""

from __future__ import annotations

import errno
import json
import logging
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Any

from game.i18n import _, language

MAX_BYTES = 8 * 1024 * 1024
"""No settings, statistics or save file is anywhere near this; a larger one is damaged."""

STALE_SECONDS = 60.0
"""A temporary file older than this at start belongs to a save that was interrupted."""


class StorageError(Exception):
    """A file could not be read or written; the message is meant for the player. ``reason``
    (when known): why, without the file's name ("permission was refused"), for words about
    other files that fail alike (Settings' footer while a game's autosave cannot be written)."""

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason


def os_reason(exc: BaseException) -> str:
    """An operating-system failure in words, without file paths."""
    if isinstance(exc, PermissionError):
        return _("permission was refused")
    if isinstance(exc, IsADirectoryError):
        return _("a folder is in its place")
    if isinstance(exc, OSError):
        if exc.errno == errno.ENOSPC:
            return _("the disk is full")
        if exc.errno == errno.EROFS:
            return _("the disk is read-only")
        if exc.errno == errno.EDQUOT:
            return _("the disk quota is used up")
        if exc.errno in (errno.ENOTDIR, errno.EEXIST):
            return _("a file is in the place of its folder")
        return (exc.strerror or _("the system refused")).lower()
    return _("its data cannot be written as JSON")


def with_detail(reason: str, detail: object) -> str:
    """``reason`` (words in the current language) for the player, with the technical
    ``detail`` in brackets in English only; the detail is logged in any language."""
    detail = str(detail).strip()
    if not detail:
        return reason
    logging.getLogger(__name__).warning("%s: %s", reason, detail)
    return f"{reason} ({detail})" if language() == "en" else reason


def without_detail(text: str, cause: BaseException | None) -> str:
    """``text`` (words in the current language that may name, in brackets, the error that
    caused it, ``cause``: its English words or its name, as in "the saved moves do not
    replay (unknown ring 'zz9')") as a player reads it: in English whole, in another
    language without that bracketed detail. With a cause, the whole text is logged."""
    text = str(text)
    if cause is None:
        return text
    logging.getLogger(__name__).warning("%s [%s: %s]", text, type(cause).__name__, cause)
    if language() == "en":
        return text
    for detail in {str(cause).strip(), type(cause).__name__} - {""}:
        text = re.sub(r"\s*[(（]\s*" + re.escape(detail) + r"\s*[)）]", "", text)
    return text


def write_json_atomic(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` atomically (temporary file, fsync, rename).

    Raises StorageError (a message in words, no temporary path) if the directory cannot be
    created or the file cannot be written; the previous file, if any, is then left untouched.
    """
    path = Path(path)
    try:
        text = json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError, RecursionError) as exc:
        reason = os_reason(exc)
        raise StorageError(_("{file} could not be written ({reason})").format(
            file=path.name, reason=reason), reason) from exc
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
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
    except OSError as exc:
        reason = os_reason(exc)
        raise StorageError(_("{file} could not be written ({reason})").format(
            file=path.name, reason=reason), reason) from exc


def read_json(path: Path) -> Any:
    """Read JSON from ``path``.

    Raises FileNotFoundError if there is no file, StorageError if it cannot be read or
    parsed, for any reason (never anything else).
    """
    path = Path(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise
    except NotADirectoryError as exc:  # the data directory is a file: there is no such file
        raise FileNotFoundError(str(path)) from exc
    except OSError as exc:
        raise StorageError(_("{file} cannot be opened ({reason})").format(
            file=path.name, reason=os_reason(exc))) from exc
    if len(raw) > MAX_BYTES:
        raise StorageError(_("{file} is damaged (far too large)").format(file=path.name))
    if not raw.strip():
        raise StorageError(_("{file} is damaged (it is empty)").format(file=path.name))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise StorageError(_("{file} is damaged (not UTF-8 text)").format(file=path.name)) from exc
    try:
        return json.loads(text)
    except RecursionError as exc:
        raise StorageError(_("{file} is damaged (nested too deeply)").format(file=path.name)) from exc
    except MemoryError as exc:
        raise StorageError(_("{file} is damaged (too large to read)").format(file=path.name)) from exc
    except ValueError as exc:  # JSONDecodeError and friends
        raise StorageError(_("{file} is damaged (not valid JSON)").format(file=path.name)) from exc


def set_aside(path: Path) -> Path | None:
    """Rename a damaged file to ``<name>.bad-<timestamp>[-n]``; return the new path.

    The new name never replaces an earlier set-aside file (two in the same second get
    ``-2``, ``-3``…). Returns None if the file could not be renamed (then it is untouched).
    """
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        target = path.with_name(f"{path.name}.bad-{stamp}" + (f"-{n}" if n > 1 else ""))
        if os.path.lexists(target):
            continue
        try:
            if path.is_dir() and not path.is_symlink():
                os.rename(path, target)
            else:
                # link + unlink never replaces a file another process created meanwhile
                try:
                    os.link(path, target, follow_symlinks=False)
                except FileExistsError:
                    continue
                except OSError:
                    os.rename(path, target)
                    return target
                os.unlink(path)
        except OSError:
            return None
        return target
    return None


def set_aside_note(path: Path) -> str:
    """Set the file aside and say truthfully in words what became of it."""
    moved = set_aside(path)
    if moved is None:
        return _("it could not be renamed, so it stays as {file}").format(file=Path(path).name)
    return _("it was set aside as {file}").format(file=moved.name)


def clean_stale_temps(directory: Path, older_than: float = STALE_SECONDS) -> int:
    """Remove ``*.json.*.tmp`` files left by interrupted saves; return how many went.

    Only files older than ``older_than`` seconds are removed, so a save being written at this
    moment by another copy of the program is not disturbed. Never raises.
    """
    removed = 0
    now = time.time()
    try:
        candidates = list(Path(directory).glob("*.json.*.tmp"))
    except OSError:
        return 0
    for tmp in candidates:
        try:
            if tmp.is_file() and now - tmp.stat().st_mtime >= older_than:
                tmp.unlink()
                removed += 1
        except OSError:
            continue
    return removed
