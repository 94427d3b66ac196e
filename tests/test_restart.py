"""Restart and Play again deal anew, unless the player chose the seed at setup."""

from __future__ import annotations

from game.catalog import GameConfig, Seat
from scenes.menu import MainMenu
from scenes.pause import PauseMenu
from scenes.zertz_table import ZertzTable

SEATS = (Seat("human"), Seat("ai", "easy"))


def restart_through_the_pause_menu(app, drive, config):
    app.scenes.reset(MainMenu(app), transition=None)
    table = ZertzTable(app, config)
    app.scenes.push(table, transition=None)
    drive.settle()
    app.scenes.push(PauseMenu(app, table), transition=None)
    pause = drive.scene
    pause.restart()
    pause.restart_confirmed()
    drive.settle()
    new = drive.scene
    assert isinstance(new, ZertzTable) and new is not table
    return new.config


def test_restart_deals_a_new_game(app, drive):
    config = GameConfig("zertz", SEATS, 1234, {"first": 0})
    new = restart_through_the_pause_menu(app, drive, config)
    assert new.seed != 1234 and new.seats == SEATS and new.options == {"first": 0}


def test_restart_keeps_a_seed_the_player_chose(app, drive):
    config = GameConfig("zertz", SEATS, 1234, {"first": 0}, fixed_seed=True)
    new = restart_through_the_pause_menu(app, drive, config)
    assert new == config


def test_a_chosen_seed_survives_the_save_file():
    config = GameConfig("zertz", SEATS, 77, {"first": 1}, fixed_seed=True)
    assert GameConfig.from_json(config.to_json()) == config
    plain = GameConfig("zertz", SEATS, 77, {"first": 1})
    assert "fixed_seed" not in plain.to_json()
    assert GameConfig.from_json(plain.to_json()) == plain


def test_a_config_with_a_game_name_of_the_wrong_type_is_a_clear_error():
    import pytest

    for game in (["zertz"], {"a": 1}, 7, None):
        with pytest.raises(ValueError):
            GameConfig.from_json({"game": game, "seats": [], "seed": 1})


def test_a_sitting_survives_the_save_file_and_a_restart_but_not_corruption(app, drive):
    """The running totals of games played with "Play again" are saved with the game; a
    restart keeps them (the abandoned game adds nothing); a damaged sitting is dropped and
    the game itself still loads."""
    config = GameConfig("zertz", SEATS, 77, {"first": 1}).after_game([1, 0]).after_game([1, 0])
    assert (config.sitting_games, config.sitting) == (2, (2, 0))
    data = config.to_json()
    assert data["sitting"] == {"games": 2, "totals": [2, 0]}
    assert GameConfig.from_json(data) == config
    assert "sitting" not in GameConfig("zertz", SEATS, 77, {"first": 1}).to_json()
    for bad in ({"games": 2, "totals": [2]}, {"games": "2", "totals": [2, 0]},
                {"games": 0, "totals": [0, 0]}, [2, 0], {"games": 2, "totals": [True, 0]}):
        loaded = GameConfig.from_json({**data, "sitting": bad})
        assert (loaded.sitting_games, loaded.sitting, loaded.seed) == (0, (), 77)
    new = restart_through_the_pause_menu(app, drive, config)
    assert (new.sitting_games, new.sitting) == (2, (2, 0)) and new.seed != 77
