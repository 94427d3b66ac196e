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
