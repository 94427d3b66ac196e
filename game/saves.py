"""The autosaves: one file per game, listing them, reading them safely, the old single save.

Each game keeps its own unfinished game in ``autosave-<game>.json`` in the data directory,
so starting a new game of one kind never discards an unfinished game of another. Earlier
versions kept a single ``autosave.json``; it is still read, and moved to its game's file
(``migrate_legacy``) so that nobody loses a game by updating.

Reading a save checks the file (readable, a Parlour save of this version, a known game, a
valid configuration that agrees with it, a list of moves); a file that fails is set aside
(renamed, never deleted) with a message in words. The full check, replaying the moves, is
``game.session.Session.from_save``.

Autosaves are written off the window's thread (``save_in_background``): one writer thread
holds the latest snapshot of each file (a newer snapshot replaces one not yet written, so a
burst of moves writes only the last), writes it atomically as ``write_json_atomic`` always
does (temporary file, fsync, rename) and keeps each outcome for the window's thread, which
collects them once a frame (``deliver_saves``) and says "Not saving" or "Saving works again"
exactly as before. ``flush_saves`` waits until everything handed over is on the disk: the
app calls it on quit and on every scene change (the pause menu too), and at program exit.
"""

from __future__ import annotations

import atexit
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.catalog import BY_KEY, GameConfig
from game.i18n import _, num
from game.paths import data_dir
from game.storage import (
    StorageError,
    read_json,
    set_aside,
    set_aside_note,
    with_detail,
    without_detail,
    write_json_atomic,
)

SAVE_VERSION = 1
LEGACY_NAME = "autosave.json"


def autosave_path(game: str | None = None) -> Path:
    """The save file of ``game``; without a game, the single save of earlier versions."""
    if game is None:
        return data_dir() / LEGACY_NAME
    return data_dir() / f"autosave-{game}.json"


@dataclass
class SaveEntry:
    """A save file found on disk, with what the menu says about it."""

    path: Path
    game: str | None  # None: the old single save, unreadable (Continue will say why)
    mtime: float
    moves: int | None = None
    deal: int | None = None
    deal_ended: bool = False  # ``deal`` has ended: the save was left over its summary
    sitting_games: int = 0  # games played before it with Play again (its running total)
    config: dict | None = None  # its configuration as saved (not checked: ``GameConfig``)
    unwritten: dict | None = None  # the game as last played, its file not written
    # (``keep_unwritten``): Continue resumes it

    @property
    def title(self) -> str:
        return BY_KEY[self.game].title if self.game in BY_KEY else "saved game"

    def details(self) -> str:
        """"deal 2, 40 moves" (what can be told without replaying the game)."""
        parts = []
        if self.deal is not None:
            parts.append(f"end of deal {self.deal}" if self.deal_ended else f"deal {self.deal}")
        if self.moves is not None:
            parts.append(f"{self.moves} move" + ("" if self.moves == 1 else "s"))
        return ", ".join(parts)

    def summary(self) -> str:
        """"Zetema, deal 2, 40 moves"."""
        details = self.details()
        return f"{self.title}, {details}" if details else self.title


def check_save(data: object, game: str | None = None) -> dict:
    """Return ``data`` if it looks like a save of ``game`` (any game if None).

    Raises ValueError with a reason in words otherwise. Cheap: nothing is replayed.
    """
    if not isinstance(data, dict) or "game" not in data:
        raise ValueError(_("it is not a Parlour save"))
    if data.get("version") != SAVE_VERSION:
        if "version" not in data:
            raise ValueError(_("it says nothing of the version that wrote it"))
        raise ValueError(_("it is from another version ({version})").format(
            version=repr(str(data.get("version"))[:12])))
    key = data["game"]
    if not isinstance(key, str) or key not in BY_KEY:
        raise ValueError(_("it is a save of an unknown game"))
    if game is not None and key != game:
        raise ValueError(_("it holds a game of {game}, not {expected}").format(
            game=BY_KEY[key].title, expected=BY_KEY[game].title))
    raw = data.get("config")
    other = raw.get("game") if isinstance(raw, dict) else None
    if isinstance(other, str) and other in BY_KEY and other != key:
        raise ValueError(_("it is a {game} save whose configuration is for {other}").format(
            game=BY_KEY[key].title, other=BY_KEY[other].title))
    if raw is None:
        raise ValueError(_("its seats and options are missing"))
    try:
        GameConfig.from_json(raw)
    except Exception as exc:  # noqa: BLE001 - the catalogue's English words: in brackets
        raise ValueError(with_detail(_("its seats and options are damaged"), exc)) from exc
    moves = data.get("moves")  # (every save has one: a file without it was offered to
    # resume on the menu, then refused when clicked)
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise ValueError(_("its list of moves is damaged"))
    return data


def migrate_legacy() -> None:
    """Move the old single ``autosave.json`` to its game's own file. Never raises.

    A sound old save goes to ``autosave-<game>.json`` unless that game already has a newer
    save, in which case the old one is set aside (kept). A damaged one stays where it is for
    Continue to report.
    """
    legacy = autosave_path()
    try:
        if not legacy.is_file():
            return
        data = check_save(read_json(legacy))
        target = autosave_path(data["game"])
        if target.exists() and target.stat().st_mtime >= legacy.stat().st_mtime:
            set_aside(legacy)
        else:
            os.replace(legacy, target)
    except (OSError, StorageError, ValueError, RecursionError, MemoryError):
        return


_unwritten: dict[str, tuple[float, dict]] = {}
"""Each game whose save could not be written (a full or read-only disk): the time and the
save as last played, kept while this program runs (``keep_unwritten``) so that Continue
resumes it, not the older file (pt109); dropped once a write of it succeeds."""


def keep_unwritten(data: dict) -> None:
    """The save ``data`` of a game could not be written: keep it for Continue."""
    _unwritten[data["game"]] = (time.time(), {"version": SAVE_VERSION, **data})


def forget_unwritten(game: str) -> None:
    """The save of ``game`` was written (or the game is over): nothing kept in memory."""
    _unwritten.pop(game, None)


def write_unwritten() -> None:
    """Try again to write each game kept in memory (``keep_unwritten``), as the program
    quits: from the menu no table was left to save it (Quit asked "Quit without saving?"
    with room made on the disk, pt118). Those written are dropped from memory; a failure
    leaves the game kept. Never raises."""
    for key, (_when, data) in list(_unwritten.items()):
        try:
            write_autosave(data)
        except (OSError, StorageError, ValueError, TypeError, RecursionError, MemoryError):
            continue
        _unwritten.pop(key, None)


def unwritten_games() -> list[str]:
    """The games whose save could not be written, kept in memory only (``keep_unwritten``):
    lost if the program quits now."""
    return list(_unwritten)


def read_entry(entry: SaveEntry, game: str | None = None) -> dict:
    """The save of ``entry``: kept in memory if its file could not be written, else read
    from its file (``read_save``)."""
    if entry.unwritten is not None:
        return check_save(entry.unwritten, game)
    return read_save(entry.path, game)


def list_saves() -> list[SaveEntry]:
    """Every save on disk (or kept in memory, its file not written: ``keep_unwritten``),
    the most recent first (see below for the old one). Never raises."""
    migrate_legacy()
    entries = []
    for game in [*BY_KEY, None]:
        path = autosave_path(game)
        try:
            if not os.path.lexists(path):
                continue
            mtime = path.lstat().st_mtime
        except OSError:
            continue
        entry = SaveEntry(path, game, mtime)
        try:
            data = read_json(path)
            if isinstance(data, dict):
                _describe(entry, data)
        except (OSError, StorageError, RecursionError, MemoryError):
            pass
        entries.append(entry)
    for key, (when, data) in _unwritten.items():  # a game whose file could not be written:
        # as last played (Continue offered the file's older moves, pt109)
        entries = [e for e in entries if e.game != key]
        entry = SaveEntry(autosave_path(key), key, when, unwritten=data)
        _describe(entry, data)
        entries.append(entry)
    # after migrate_legacy an old single save is left only if it is damaged: it comes first,
    # so Continue reports it (and sets it aside) instead of hiding it behind newer saves
    entries.sort(key=lambda e: (e.path.name == LEGACY_NAME, e.mtime), reverse=True)
    return entries


def _describe(entry: SaveEntry, data: dict) -> None:
    """Fill in what the menu says of a save (moves, deal, configuration) from its ``data``."""
    moves, position = data.get("moves"), data.get("position")
    if isinstance(moves, list):
        entry.moves = len(moves)
    deal = position.get("deal") if isinstance(position, dict) else None
    if isinstance(deal, int) and not isinstance(deal, bool) and 0 < deal < 1000:
        entry.deal = deal
    ended = data.get("deal_ended")  # (left over that deal's summary)
    if isinstance(ended, int) and not isinstance(ended, bool) and 0 < ended < 1000:
        entry.deal, entry.deal_ended = ended, True
    if entry.game is None and isinstance(data.get("game"), str) and data["game"] in BY_KEY:
        entry.game = data["game"]
    config = data.get("config")
    if isinstance(config, dict):
        entry.config = config
    sitting = config.get("sitting") if isinstance(config, dict) else None
    games = sitting.get("games") if isinstance(sitting, dict) else None
    if isinstance(games, int) and not isinstance(games, bool) and 0 < games < 10**6:
        entry.sitting_games = games


def has_autosave(game: str | None = None) -> bool:
    """Is there a save (of ``game``, or of any game)?"""
    return any(game is None or e.game == game for e in list_saves())


def write_autosave(data: dict) -> None:
    """Write the save of ``data["game"]`` atomically; raises StorageError with a message."""
    write_json_atomic(autosave_path(data["game"]), {"version": SAVE_VERSION, **data})


def read_save(path: Path, game: str | None = None) -> dict:
    """Return the save in ``path`` (of ``game`` if given) as a dict.

    Raises FileNotFoundError if there is none, StorageError if it is damaged, from another
    version or not a save at all; the file is then set aside (renamed, not deleted). The
    message completes "the saved game …": "could not be read: …; it was set aside as …".
    """
    try:
        data = read_json(path)
    except StorageError as exc:
        raise StorageError(_("could not be read: {reason}; {note}").format(
            reason=exc, note=set_aside_note(path))) from exc
    try:
        return check_save(data, game)
    except ValueError as exc:  # (its reasons are in words, in the player's language)
        raise StorageError(_("could not be resumed: {reason}; {note}").format(
            reason=exc, note=set_aside_note(path))) from exc
    except (TypeError, RecursionError) as exc:  # a last guard: Python's words in brackets
        raise StorageError(_("could not be resumed: {reason}; {note}").format(
            reason=without_detail(_("the save is damaged ({reason})").format(
                reason=type(exc).__name__), exc),
            note=set_aside_note(path))) from exc


def read_autosave(game: str | None = None) -> dict:
    """The most recent save (of ``game`` if given); see ``read_save``."""
    entries = [e for e in list_saves() if game is None or e.game == game]
    if not entries:
        raise FileNotFoundError("no saved game")
    return read_entry(entries[0], game)


def saved_game_words(entry: SaveEntry | None) -> str:
    """"the saved Zetema game" or "the saved game"."""
    if entry is not None and entry.game in BY_KEY:
        return _("the saved {game} game").format(game=BY_KEY[entry.game].title)
    return _("the saved game")


def resume_reason(exc: Exception) -> str:
    """Why a save did not resume, in the player's language. The check's reasons are words
    (``Session.from_save``) that may end with a rules engine's English detail in brackets
    ("the saved moves do not replay (unknown ring 'zz9')"): that detail is kept in English
    only, and logged. Any other failure is "the save is damaged" (its name, in English)."""
    if isinstance(exc, ValueError):
        return without_detail(str(exc), exc.__cause__ or exc.__context__)
    return without_detail(_("the save is damaged ({reason})").format(
        reason=type(exc).__name__), exc)


def check_saves_at_start() -> list[str]:
    """Read every save once at start, its moves replayed (a few milliseconds, a tenth of a
    second for the longest Telefunken game); set aside the damaged ones. Messages, one per
    file. (A save whose moves did not replay was offered by Continue, then refused.)"""
    from game.session import Session  # (the session module imports this one)

    messages = []
    for entry in list_saves():
        expected = None if entry.path == autosave_path() else entry.game
        try:
            data = read_save(entry.path, expected)
            try:
                Session.from_save(data)
            except ValueError as exc:
                kept = _resume_before(entry, data, exc)
                if kept:
                    messages.append(kept)
                    continue
                raise StorageError(_("could not be resumed: {reason}; {note}").format(
                    reason=resume_reason(exc), note=set_aside_note(entry.path))) from exc
        except FileNotFoundError:
            continue
        except StorageError as exc:
            # TRANSLATORS: "the saved Zetema game" + "could not be read: …; it was set aside …"
            text = _("{save} {reason}.").format(save=saved_game_words(entry), reason=exc)
            messages.append(text[:1].upper() + text[1:])
    return messages


def _resume_before(entry: SaveEntry, data: dict, exc: ValueError) -> str | None:
    """A save whose moves stop replaying at move n + 1 (n > 0) is kept up to move n: the
    file as it was is set aside and the first n moves are saved in its place (the whole
    game was set aside for one bad move at its end, pt134). The message, or None when
    nothing is kept (no move replayed, or the file could not be set aside)."""
    from game.session import Session  # (the session module imports this one)

    replayed = getattr(exc, "replayed", 0)
    if not isinstance(replayed, int) or replayed <= 0:
        return None
    try:
        trimmed = {key: value for key, value in data.items()
                   if key not in ("position", "deal_ended", "summary_read")}
        trimmed["moves"] = data["moves"][:replayed]
        saved = Session.from_save(trimmed).to_save()
    except Exception:  # noqa: BLE001 - then it is set aside whole, as before
        return None
    moved = set_aside(entry.path)
    if moved is None:
        return None  # (writing the moves kept would replace the only copy of the rest)
    try:
        write_json_atomic(entry.path, saved)
    except StorageError:
        return None
    text = _("{save} resumes after move {kept} of {total}: {reason}. The file as it was is "
             "kept as {file}.").format(save=saved_game_words(entry), kept=num(replayed),
                                        total=num(len(data["moves"])), reason=resume_reason(exc),
                                        file=moved.name)
    return text[:1].upper() + text[1:]


def delete_autosave(game: str | None = None) -> None:
    """Remove the save of ``game`` (and an old single save of the same game). Never raises."""
    paths = [autosave_path(game)] if game else []
    legacy = autosave_path()
    try:
        data = read_json(legacy) if legacy.is_file() else None
        if game is None or (isinstance(data, dict) and data.get("game") == game):
            paths.append(legacy)
    except (OSError, StorageError):
        pass
    for path in paths:
        try:
            path.unlink()
        except OSError:
            pass


# -- the writer thread -------------------------------------------------------------------------
class SaveWriter:
    """One background thread that runs file jobs, the latest per key, in the order given."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._pending: dict[str, tuple[Callable[[], None], Callable | None]] = {}
        self._busy = False  # a job is running
        self._done: list[tuple[Callable, BaseException | None]] = []  # for the window's thread
        self._thread: threading.Thread | None = None
        self.written = 0  # jobs run (for tests and benchmarks)

    def submit(self, key: str, job: Callable[[], None],
               on_done: Callable[[BaseException | None], None] | None = None) -> None:
        """Run ``job`` soon on the writer thread, instead of a job of ``key`` not yet started;
        ``on_done(error or None)`` is then called by ``deliver`` (on the caller's thread)."""
        with self._lock:
            self._pending.pop(key, None)  # the newer snapshot goes last, after other files
            self._pending[key] = (job, on_done)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="parlour-saves",
                                                daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._pending:
                    self._lock.wait()
                key = next(iter(self._pending))
                job, on_done = self._pending.pop(key)
                self._busy = True
            error: BaseException | None = None
            try:
                job()
            except Exception as exc:  # noqa: BLE001 - every outcome goes back to the window
                error = exc
            with self._lock:
                self._busy = False
                self.written += 1
                if on_done is not None:
                    self._done.append((on_done, error))
                self._lock.notify_all()

    def idle(self) -> bool:
        with self._lock:
            return not self._pending and not self._busy

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every job handed over has run (at most ``timeout`` seconds)."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._pending and not self._busy, timeout)

    def deliver(self) -> None:
        """Call the outcome callbacks of the jobs that ran (on the calling thread)."""
        if not self._done:
            return
        with self._lock:
            done, self._done = self._done, []
        for on_done, error in done:
            on_done(error)


_writer = SaveWriter()


def save_writer() -> SaveWriter:
    return _writer


def save_in_background(key: str, job: Callable[[], None],
                       on_done: Callable[[BaseException | None], None] | None = None) -> None:
    """Hand ``job`` (writing or deleting the file of ``key``) to the writer thread."""
    _writer.submit(key, job, on_done)


def flush_saves(timeout: float = 10.0) -> bool:
    """Wait until every save handed to the writer is on the disk."""
    return _writer.flush(timeout)


def deliver_saves() -> None:
    """Report the writer's outcomes (on the window's thread, once a frame)."""
    _writer.deliver()


atexit.register(flush_saves)
