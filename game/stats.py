"""Per-game statistics of the person playing against the computer, stored as JSON.

For each game and each AI level (the strongest computer opponent of that game): played,
won, lost, drawn, best score, current and longest win streak. Only games with exactly one
person at the table count. ``stats.json`` lives beside the settings; a damaged file is set
aside (renamed, never deleted) and counting goes on with whatever records were sound.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from game.catalog import BY_KEY, LEVELS, GameConfig
from game.i18n import N_, _
from game.paths import data_dir
from game.storage import StorageError, read_json, set_aside_note, write_json_atomic

FIELDS = ("played", "won", "lost", "drawn", "best", "streak", "longest")
# the words the Statistics screen shows for the levels and the fields (its column heads),
# also in the messages about a damaged file ("Zetema (Hard): Played not valid, reset")
LEVEL_WORDS = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
FIELD_WORDS = {"played": N_("Played"), "won": N_("Won"), "lost": N_("Lost"),
               "drawn": N_("Drawn"), "best": N_("Best"), "streak": N_("Streak"),
               "longest": N_("Longest")}


def stats_path() -> Path:
    return data_dir() / "stats.json"


def empty_record() -> dict:
    return {"played": 0, "won": 0, "lost": 0, "drawn": 0, "best": None, "streak": 0,
            "longest": 0}


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**12


def _score(value: object) -> bool:
    if value is None:
        return True
    if isinstance(value, bool):
        return False
    return (isinstance(value, int) and abs(value) < 10**12) or (
        isinstance(value, float) and math.isfinite(value))


def parse_stats(data: object) -> tuple[dict, list[str]]:
    """({game: {level: record}} with every valid record kept, problems found)."""
    if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
        return {}, [_("the file was not a statistics file")]
    problems: list[str] = []
    games: dict = {}
    for game, levels in data["games"].items():
        if game not in BY_KEY or not isinstance(levels, dict):
            problems.append(_("unknown entry {name}").format(name=repr(game[:20])))
            continue
        for level, record in levels.items():
            if level not in LEVELS:
                problems.append(_("unknown level {level} in {game}").format(level=repr(level[:20]),
                                                                            game=BY_KEY[game].title))
                continue
            if not isinstance(record, dict):  # (a real level whose record is a number: it
                problems.append(_("{game} ({level}): not a record, reset").format(  # was called
                    game=BY_KEY[game].title, level=_(LEVEL_WORDS[level])))  # unknown, pt134)
                continue
            clean = empty_record()
            bad = [key for key in FIELDS if key in record
                   and not (_score(record[key]) if key == "best" else _count(record[key]))]
            for key in FIELDS:
                if key in record and key not in bad:
                    clean[key] = record[key]
            fields = _(", ").join(_(FIELD_WORDS[key]) for key in bad)
            if any(key in bad for key in ("won", "lost", "drawn")):
                # which games were won is lost with it: the level's counts start again (kept,
                # they showed 4 played, none won, lost or drawn, and a streak of 1: pt134)
                clean.update({key: 0 for key in FIELDS if key != "best"})
                problems.append(_("{game} ({level}): {fields} not valid, the counts reset").format(
                    fields=fields, game=BY_KEY[game].title, level=_(LEVEL_WORDS[level])))
            elif bad:
                problems.append(_("{game} ({level}): {fields} not valid, reset").format(
                    fields=fields, game=BY_KEY[game].title, level=_(LEVEL_WORDS[level])))
            counted = clean["won"] + clean["lost"] + clean["drawn"]
            longest = min(max(clean["longest"], clean["streak"]), clean["won"])
            if (counted != clean["played"] or clean["longest"] != longest
                    or clean["streak"] > longest):
                # numbers that contradict each other (a hand-edited file, a field reset): the
                # games counted are the games played; no streak longer than the games won
                clean["played"] = counted
                clean["longest"] = longest
                clean["streak"] = min(clean["streak"], longest)
                if bad != ["played"]:  # (a Played reset is said above: it is recounted)
                    problems.append(_("{game} ({level}): the counts did not agree, corrected")
                                    .format(game=BY_KEY[game].title, level=_(LEVEL_WORDS[level])))
            games.setdefault(game, {})[level] = clean
    return games, problems


def load_stats(path: Path | None = None) -> tuple[dict, str | None]:
    """Return ({game: {level: record}}, message for the player or None). Never raises.

    A file that cannot be read or is not a statistics file gives empty statistics; one with
    some bad records keeps the good ones. Either way the file is set aside (renamed) so the
    message comes once, and the records kept are written back when possible.
    """
    path = path or stats_path()
    try:
        data = read_json(path)
    except FileNotFoundError:
        return {}, None
    except StorageError as exc:
        return {}, _("Statistics were reset: {problem}; {note}.").format(
            problem=exc, note=set_aside_note(path))
    try:
        games, problems = parse_stats(data)
    except Exception as exc:  # noqa: BLE001 - a last guard: bad input never crashes
        games, problems = {}, [_("the file could not be understood ({problem})").format(
            problem=type(exc).__name__)]
    if not problems:
        return games, None
    note = set_aside_note(path)
    if games and not path.exists():
        try:
            save_stats(games, path)
        except StorageError:
            pass
    joined = "; ".join(problems[:3])
    if games:
        return games, _("Some statistics were reset: {problems}; {note}.").format(
            problems=joined, note=note)
    return games, _("Statistics were reset: {problem}; {note}.").format(problem=joined, note=note)


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
    winner = result.get("winner", result.get("winners"))  # (Telefunken: "winners")
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
    """Count a finished game; returns a message for the player if something went wrong.

    Never raises: whatever is in the statistics file or the result, the game that just
    ended goes on to its results screen.
    """
    seat = next((i for i, s in enumerate(config.seats) if s.is_human), 0)
    try:
        kind, score = outcome(result, seat)
    except Exception as exc:  # noqa: BLE001 - never let statistics end a game badly
        return _("This game could not be counted in the statistics ({problem}).").format(
            problem=type(exc).__name__)
    return _record(config, kind, score, lower_is_better)


class NotSaved(str):
    """The message of a statistics file that could not be written, with its ``error``: the
    window says it as any file it cannot write, once, then keeps its "Not saving" mark (it
    said it again at every game counted, pt146)."""

    error: StorageError

    def __new__(cls, message: str, error: StorageError) -> NotSaved:
        text = super().__new__(cls, message)
        text.error = error
        return text


def abandoned_counts(config: GameConfig, moves: int) -> bool:
    """Does leaving this game unfinished, by Restart or by Start over its save, count as a
    loss: one person against the computer, once a move has been made (a deal dealt again
    and again until it pleased kept a clean record, pt98). Quitting keeps the game saved:
    it is not over, and counts once it is."""
    return moves > 0 and opponent_level(config) is not None


def record_abandoned(config: GameConfig) -> str | None:
    """Count a game left unfinished (``abandoned_counts``) as lost; its score is no best."""
    return _record(config, "lost", None, False)


def _record(config: GameConfig, kind: str, score: Any, lower_is_better: bool) -> str | None:
    try:
        level = opponent_level(config)
        if level is None:
            return None
        games, message = load_stats()
        record = games.setdefault(config.game, {}).setdefault(level, empty_record())
        record["played"] += 1
        record[kind] += 1
        if kind == "won":
            record["streak"] += 1
            record["longest"] = max(record["longest"], record["streak"])
        else:
            record["streak"] = 0
        if _score(score) and score is not None:
            best = record["best"]
            better = best is None or (score < best if lower_is_better else score > best)
            if better:
                record["best"] = score
        save_stats(games)
    except StorageError as exc:
        return NotSaved(_("Statistics could not be saved: {problem}.").format(problem=exc), exc)
    except Exception as exc:  # noqa: BLE001 - never let statistics end a game badly
        return _("This game could not be counted in the statistics ({problem}).").format(
            problem=type(exc).__name__)
    return message


def reset_stats() -> None:
    save_stats({})
