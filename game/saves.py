"""The autosave file: where it lives, whether one exists, reading it safely.

The full save/continue feature (every move, Continue mid-turn) builds on this; what is
here already guarantees that a damaged or foreign save is reported and set aside, never a
crash.
"""

from __future__ import annotations

from pathlib import Path

from game.paths import data_dir
from game.storage import StorageError, read_json, set_aside, write_json_atomic

SAVE_VERSION = 1


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def has_autosave() -> bool:
    return autosave_path().is_file()


def write_autosave(data: dict) -> None:
    """Write the save atomically; raises StorageError with a readable message."""
    write_json_atomic(autosave_path(), {"version": SAVE_VERSION, **data})


def read_autosave() -> dict:
    """Return the saved game as a dict.

    Raises FileNotFoundError if there is none, StorageError if it is damaged, from another
    version or not a save at all (the file is then set aside, renamed, not deleted).
    """
    path = autosave_path()
    try:
        data = read_json(path)
    except StorageError as exc:
        set_aside(path)
        raise StorageError(f"the saved game could not be read: {exc}; it was set aside") from exc
    if not isinstance(data, dict) or "game" not in data:
        set_aside(path)
        raise StorageError("the saved game is not a Parlour save; it was set aside")
    if data.get("version") != SAVE_VERSION:
        set_aside(path)
        raise StorageError(
            f"the saved game is from another version ({data.get('version')!r}); it was set aside"
        )
    return data


def delete_autosave() -> None:
    try:
        autosave_path().unlink()
    except OSError:
        pass
