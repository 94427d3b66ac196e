"""A game against the computer left unfinished (Restart, or Start over its saved game) counts
as lost in the statistics, and the question before it says so (pt98: a losing game
restarted kept a clean record, and nothing said so). Quitting keeps it saved: not counted."""

from __future__ import annotations

import pygame

from game.catalog import BY_KEY, GameConfig, Seat
from game.saves import deliver_saves, flush_saves
from game.stats import abandoned_counts, load_stats, record_abandoned, record_game
from scenes.menu import MainMenu
from scenes.pause import PauseMenu
from scenes.setup import SetupScene
from scenes.zertz_table import ZertzTable
from tests.test_comforts_ui import place

VS_AI = GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 21, {"first": 0})
PEOPLE = GameConfig("zertz", (Seat("human"), Seat("human")), 21, {"first": 0})
COUNTS = "It counts as a loss in your statistics."


def zertz_easy() -> dict:
    flush_saves()
    deliver_saves()
    return load_stats()[0].get("zertz", {}).get("easy", {})


def test_an_abandoned_game_counts_as_lost_and_ends_the_streak(data_dir):
    record_game(VS_AI, {"winner": 0, "points": [9, 3]})
    assert record_abandoned(VS_AI) is None
    record = load_stats()[0]["zertz"]["easy"]
    assert (record["played"], record["won"], record["lost"], record["streak"], record["best"],
            record["longest"]) == (2, 1, 1, 0, 9, 1)
    assert abandoned_counts(VS_AI, 1) and not abandoned_counts(VS_AI, 0)
    assert not abandoned_counts(PEOPLE, 5)  # between people nothing is counted


def open_zertz(app, drive, config) -> ZertzTable:
    """A Zertz table over the menu, in a window that saves (and so counts)."""
    app.persist = True
    app.scenes.reset(MainMenu(app), transition=None)
    table = ZertzTable(app, config)
    app.scenes.push(table, transition=None)
    drive.settle()
    return table


def restart(app, drive, table) -> list[str]:
    app.scenes.push(PauseMenu(app, table), transition=None)
    pause = drive.scene
    pause.restart()
    words = pause._warning()
    pause.restart_confirmed()
    drive.settle()
    return words


def test_restart_after_a_move_counts_the_game_as_lost(app, drive, data_dir):
    table = open_zertz(app, drive, VS_AI)
    assert COUNTS not in restart(app, drive, table)  # no move made: nothing to count
    assert zertz_easy() == {}
    table = drive.scene
    place(drive, table, "d4")
    assert table.session.moves
    assert COUNTS in restart(app, drive, table)
    record = zertz_easy()
    assert (record["played"], record["lost"]) == (1, 1)


def test_restart_between_people_counts_nothing(app, drive, data_dir):
    table = open_zertz(app, drive, PEOPLE)
    place(drive, table, "d4")
    assert COUNTS not in restart(app, drive, table)
    assert zertz_easy() == {}


def test_start_over_a_saved_game_counts_it_as_lost(app, drive, data_dir):
    table = open_zertz(app, drive, VS_AI)
    place(drive, table, "d4")
    table.autosave()
    flush_saves()
    app.scenes.reset(MainMenu(app), transition=None)  # quit: kept, not counted
    assert zertz_easy() == {}
    setup = SetupScene(app, BY_KEY["zertz"])
    app.scenes.push(setup, transition=None)
    drive.settle()
    drive.click(setup.start_button.rect.center)
    drive.settle()
    assert setup.replacing is not None and COUNTS in setup._ask_words()
    drive.step(40)
    drive.key(pygame.K_RETURN)  # Start new game
    drive.settle()
    record = zertz_easy()
    assert (record["played"], record["lost"]) == (1, 1)
