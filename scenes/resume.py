"""Continue and autosave: saved games back into running tables, tables into saved games.

``resume_saved_game`` turns the most recent save (or one game's save) into its table after
checking the whole record (``Session.from_save``); anything wrong is said in one message
and the file is set aside. ``autosave_game`` is what a table calls after every move: it
writes that game's save, or at the end deletes it and counts the game in the statistics,
and reports a data directory that cannot be written once, through the app. The file is
written by the saves' writer thread (``game.saves.save_in_background``), so no frame waits
for the disk; the outcome comes back on the window's thread. Under the scripted driver's
clock (``app.wait_for_disk``) the call waits for the disk, as the computer's moves do.
"""

from __future__ import annotations

import itertools

from game.catalog import BY_KEY, table_module
from game.i18n import _
from game.saves import (
    SaveEntry,
    delete_autosave,
    deliver_saves,
    flush_saves,
    forget_unwritten,
    keep_unwritten,
    list_saves,
    read_entry,
    resume_reason,
    save_in_background,
    write_autosave,
)
from game.session import Session
from game.stats import NotSaved, abandoned_counts, record_abandoned, record_game
from game.storage import StorageError, set_aside_note


def resume_saved_game(app, game: str | None = None) -> bool:
    """Push the table of the most recent save (of ``game`` if given).

    On any problem show one message, set the file aside and return False.
    """
    entries = [e for e in list_saves() if game is None or e.game == game]
    if not entries:
        app.toast(_("There is no saved game."))
        return False
    entry = entries[0]
    words = _saved_game_words(entry)
    expected = entry.game if game is not None or entry.path.name != "autosave.json" else None
    try:
        data = read_entry(entry, expected)
    except FileNotFoundError:
        app.toast(_("There is no saved game."))
        return False
    except StorageError as exc:
        app.toast(_("Sorry: {save} {reason}.").format(save=words, reason=exc), error=True,
                  seconds=7)
        return False
    try:
        scene = resume_scene(app, data)
    except Exception as exc:  # noqa: BLE001 - a save is input: report, never crash
        app.toast(_("Sorry: {save} could not be resumed: {reason}; {note}.").format(
                      save=words, reason=resume_reason(exc), note=set_aside_note(entry.path)),
                  error=True, seconds=7)
        return False
    app.scenes.push(scene, transition="slide")
    return True


def _saved_game_words(entry: SaveEntry) -> str:
    """"the saved Zetema game" or "the saved game", in the current language."""
    if entry.game in BY_KEY:
        return _("the saved {game} game").format(game=BY_KEY[entry.game].title)
    return _("the saved game")


def resume_scene(app, data: dict):
    """The table scene of a save, after the whole record has been checked (ValueError)."""
    session = Session.from_save(data, app.settings.undo_between_people)
    info = BY_KEY[session.key]
    if not info.available:
        raise ValueError(_("{game} is not available in this version").format(game=info.title))
    return table_module(session.key).resume_scene(app, session.config, data)


_counted = itertools.count()
"""Numbers the statistics jobs: each finished game is counted (never replaced by a later one)."""


def _count_in_background(app, session: Session, lower_is_better: bool) -> None:
    """Count the finished game in the statistics on the writer thread (reading and writing
    the file took up to 20 ms of a frame); a problem comes back as a message."""
    config, result = session.config, session.result
    _in_background(app, lambda: record_game(config, result, lower_is_better))


def count_abandoned(app, config, moves: int) -> None:
    """A game left unfinished (Restart, or Start over its save) counts as lost where
    ``game.stats.abandoned_counts`` says so, on the writer thread."""
    if app.persist and abandoned_counts(config, moves):
        _in_background(app, lambda: record_abandoned(config))


def _in_background(app, record) -> None:
    said: list[str | None] = []

    def count() -> None:
        said.append(record())

    def counted(error: BaseException | None) -> None:
        message = said[0] if said else _("This game could not be counted in the statistics "
                                         "({problem}).").format(problem=type(error).__name__)
        if isinstance(message, NotSaved):  # (said once, then the "Not saving" mark)
            app.storage_failed(_("Statistics are not being saved"), message.error)
        elif message:
            app.toast(message, error=True, lasting=True)

    save_in_background(f"stats-{next(_counted)}", count, counted)


def autosave_game(app, session: Session, recorded: bool, lower_is_better: bool = False) -> bool:
    """Save ``session`` (or, once it is over, delete its save and count it); returns whether
    the result has been counted in the statistics. Never raises."""
    key = session.key
    wait = getattr(app, "wait_for_disk", True)
    if session.result is not None:
        forget_unwritten(key)
        save_in_background(key, lambda: delete_autosave(key))  # after this game's last write
        if not recorded:
            _count_in_background(app, session, lower_is_better)
        if wait:
            flush_saves()
        return True
    what = _("Your {game} game is not being saved").format(game=BY_KEY[key].title)
    try:
        data = session.to_save()
    except Exception as exc:  # noqa: BLE001 - a state that cannot be saved: say so
        app.storage_failed(what, StorageError(type(exc).__name__))
        return recorded

    def outcome(error: BaseException | None) -> None:
        if error is None:
            forget_unwritten(key)
            app.storage_ok()
            return
        keep_unwritten(data)  # (Continue resumes the game as played, not the older file)
        if isinstance(error, StorageError):
            app.storage_failed(what, error)
        else:  # e.g. a state that cannot be written as JSON
            app.storage_failed(what, StorageError(type(error).__name__))

    save_in_background(key, lambda: write_autosave(data), outcome)
    if wait:
        flush_saves()
        deliver_saves()
    return recorded


def latest_save() -> SaveEntry | None:
    """The save Continue would resume, or None."""
    saves = list_saves()
    return saves[0] if saves else None
