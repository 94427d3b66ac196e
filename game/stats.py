"""Per-game statistics of the person playing against the computer, stored as JSON.

For each game and each AI level (the strongest computer opponent of that game): played,
won, lost, drawn, best score, current and longest win streak. Only games with exactly one
person at the table count. ``stats.json`` lives beside the settings; a damaged file is set
aside and counting starts afresh.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.catalog import LEVELS, GameConfig
from game.paths import data_dir
from game.storage import StorageError, read_json, set_aside, write_json_atomic

FIELDS = ("played", "won", "lost", "drawn", "best", "streak", "longest")


def stats_path() -> Path:
    return data_dir() / "stats.json"


def empty_record() -> dict:
    return {"played": 0, "won": 0, "lost": 0, "drawn": 0, "best": None, "streak": 0,
            "longest": 0}


def load_stats(path: Path | None = None) -> tuple[dict, str | None]:
    """Return ({game: {level: record}}, message for the player or None). Never raises."""
    path = path or stats_path()
    try:
        data = read_json(path)
    except FileNotFoundError:
        return {}, None
    except StorageError as exc:
        set_aside(path)
        return {}, f"Statistics were reset: {exc}."
    if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
        set_aside(path)
        return {}, "Statistics were reset: the file was not a statistics file."
    games: dict = {}
    for game, levels in data["games"].items():
        if not isinstance(levels, dict):
            continue
        for level, record in levels.items():
            if level in LEVELS and isinstance(record, dict):
                clean = empty_record()
                for key in FIELDS:
                    value = record.get(key, clean[key])
                    if isinstance(value, (int, float)) and not isinstance(value, bool):
                        clean[key] = value
                games.setdefault(game, {})[level] = clean
    return games, None


def save_stats(games: dict, path: Path | None = None) -> None:
    write_json_atomic(path or stats_path(), {"version": 1, "games": games})


def opponent_level(config: GameConfig) -> str | None:
    """The level a game counts under: the strongest AI seat; None unless one person plays."""
    humans = [s for s in config.seats if s.is_human]
    ais = [s.level for s in config.seats if not s.is_human]
    if len(humans) != 1 or not ais:
        return None
    return max(ais, key=LEVELS.index)


def outcome(result: dict, seat: int) -> tuple[str, Any]:
    """("won" | "lost" | "drawn", the seat's score or None) from a contract ``result``."""
    winner = result.get("winner")
    if isinstance(winner, list):  # games where several seats can share a win
        kind = "won" if seat in winner else ("drawn" if not winner else "lost")
    elif winner is None:
        kind = "drawn"
    else:
        kind = "won" if winner == seat else "lost"
    score = None
    for key in ("points", "scores", "totals", "settlement"):
        values = result.get(key)
        if isinstance(values, list) and seat < len(values):
            score = values[seat]
            break
    return kind, score


def record_game(config: GameConfig, result: dict, lower_is_better: bool = False) -> str | None:
    """Count a finished game; returns a message for the player if the file had a problem."""
    level = opponent_level(config)
    if level is None:
        return None
    seat = next(i for i, s in enumerate(config.seats) if s.is_human)
    games, message = load_stats()
    record = games.setdefault(config.game, {}).setdefault(level, empty_record())
    kind, score = outcome(result, seat)
    record["played"] += 1
    record[kind] += 1
    if kind == "won":
        record["streak"] += 1
        record["longest"] = max(record["longest"], record["streak"])
    else:
        record["streak"] = 0
    if isinstance(score, (int, float)):
        best = record["best"]
        better = best is None or (score < best if lower_is_better else score > best)
        if better:
            record["best"] = score
    try:
        save_stats(games)
    except StorageError as exc:
        return f"Statistics could not be saved: {exc}."
    return message


def reset_stats() -> None:
    save_stats({})
