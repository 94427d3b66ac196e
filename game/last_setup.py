"""The last setup of each game (seats, their levels, the number of players, the options),
offered again the next time that game's setup opens.

Stored as JSON in the data directory (``last_setup.json``), one entry per game key. Reading
never fails: a missing, damaged or outdated entry gives the game's defaults (what cannot be
used in an entry is dropped quietly: it is a convenience, not a record). A file that cannot
be read at all is reported once at start and set aside (``check_last_setup``), as the other
files are, rather than overwritten by the next setup kept. The seed is never kept (a new
game gets a new deal unless a seed is typed).
"""

from __future__ import annotations

from pathlib import Path

from game.catalog import LEVELS, GameInfo, Seat
from game.i18n import _
from game.paths import data_dir
from game.storage import StorageError, read_json, set_aside_note, write_json_atomic


def last_setup_path() -> Path:
    return data_dir() / "last_setup.json"


_kept: dict[tuple[str, str], dict] = {}
"""The setups kept while the program runs, by (file, game): offered again even where the
file cannot be written (a folder that refuses writes forgot six seats at once, pt146)."""


def check_last_setup() -> str | None:
    """If the file of remembered setups cannot be read (damaged, or not a table of games),
    set it aside and return a message saying so; else None."""
    path = last_setup_path()
    try:
        data = read_json(path)
    except FileNotFoundError:
        return None
    except StorageError as exc:
        problem = str(exc)
    else:
        if isinstance(data, dict):
            return None
        problem = _("it holds no setups")
    return _("The remembered setups could not be read: {problem}; {note}. Each game's "
             "setup starts from its defaults.").format(problem=problem,
                                                      note=set_aside_note(path))


def remembered(info: GameInfo) -> tuple[int, list[Seat], dict] | None:
    """(players, seats for every possible seat, options) last used for ``info``'s game, or
    None if nothing usable is stored."""
    try:
        path = last_setup_path()
        entry = _kept.get((str(path), info.key))
        if entry is None:
            entry = read_json(path).get(info.key)
        players = entry["players"]
        if not (isinstance(players, int) and info.min_players <= players <= info.max_players):
            return None
        seats = [Seat("human")] + [Seat("ai", "normal")] * (info.max_players - 1)
        for i, raw in enumerate(entry["seats"][: info.max_players]):
            kind, level = raw["kind"], raw["level"]
            if kind in ("human", "ai") and level in LEVELS:
                seats[i] = Seat(kind, level)
        allowed = {opt.key: opt for opt in info.options}
        options = {opt.key: opt.default for opt in info.options}
        for key, value in dict(entry.get("options", {})).items():
            if key in allowed and value in [v for v, _label in allowed[key].choices]:
                options[key] = value
        return players, seats, options
    except (FileNotFoundError, StorageError, AttributeError, KeyError, TypeError, ValueError):
        return None


def remember(info: GameInfo, players: int, seats: list[Seat], options: dict) -> None:
    """Store this setup for ``info``'s game (raises StorageError if it cannot be written;
    it is kept while the program runs all the same)."""
    path = last_setup_path()
    try:
        data = read_json(path)
        if not isinstance(data, dict):
            data = {}
    except (FileNotFoundError, StorageError):
        data = {}
    data[info.key] = _kept[(str(path), info.key)] = {
        "players": players, "seats": [{"kind": s.kind, "level": s.level} for s in seats],
        "options": {k: v for k, v in options.items()
                    if v is None or isinstance(v, (int, str, bool))}}
    write_json_atomic(path, data)
