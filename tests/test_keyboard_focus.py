"""Menus by the keyboard alone: Tab (and in menus the arrow keys) move a ringed focus over
the buttons and choices, in reading order; Enter or Space presses the one it is on; Left and
Right step a choice. A play-tester found none of it: Tab and the arrows did nothing, so How
to play, Statistics, Settings, every setup option and the pause menu's Quit to menu could
not be reached without the mouse (pt124)."""

from __future__ import annotations

import pygame

from game import i18n
from scenes.menu import MainMenu
from scenes.pause import PauseMenu
from scenes.settings import SettingsScene
from scenes.setup import SetupScene
from scenes.widgets import FOCUS_RING, Button, Choice, Hotspot


def menu(app, drive) -> MainMenu:
    app.scenes.reset(MainMenu(app), transition=None)
    drive.settle()
    drive.step(40)
    return app.scenes.top


def test_tab_and_the_arrows_go_round_the_main_menu_and_enter_opens_a_game(app, drive):
    scene = menu(app, drive)
    assert scene.widgets.focused is None
    drive.key(pygame.K_TAB)
    first = scene.widgets.focused
    assert isinstance(first, Hotspot)  # the first game's tile, at the reading side
    frame = app.screen.copy()
    ring = first.focus_rect()
    assert frame.get_at((ring.centerx, ring.y + 1))[:3] == FOCUS_RING
    drive.key(pygame.K_RIGHT)
    second = scene.widgets.focused
    assert isinstance(second, Hotspot) and second.rect.x > first.rect.x
    drive.key(pygame.K_DOWN)  # down to the row of buttons: the one below, nearest across
    below = scene.widgets.focused
    assert isinstance(below, Button) and below.rect.y > second.rect.bottom
    drive.key(pygame.K_UP)
    assert isinstance(scene.widgets.focused, Hotspot)
    drive.key(pygame.K_LEFT)
    assert scene.widgets.focused is first
    drive.key(pygame.K_RETURN)
    drive.settle()
    assert isinstance(app.scenes.top, SetupScene) and app.scenes.top.info.key == "zetema"


def test_the_menus_buttons_are_reached_and_pressed_by_keys(app, drive):
    scene = menu(app, drive)
    for _ in range(3):
        drive.key(pygame.K_DOWN)
    focused = scene.widgets.focused
    assert isinstance(focused, Button) and focused.label == "How to play"  # (Continue is off)
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RIGHT)
    assert scene.widgets.focused.label == "Settings"
    drive.key(pygame.K_SPACE)
    drive.settle()
    assert isinstance(app.scenes.top, SettingsScene)


def test_a_setup_choice_steps_by_arrow_keys_and_the_focus_stays_on_it(app, drive):
    scene = menu(app, drive)
    drive.key(pygame.K_TAB)
    drive.key(pygame.K_RETURN)
    drive.settle()
    setup = app.scenes.top
    drive.key(pygame.K_TAB)
    players = setup.widgets.focused
    assert isinstance(players, Choice) and players.label == "Players"
    before = setup.players
    drive.key(pygame.K_RIGHT)
    assert setup.players == before + 1
    focused = setup.widgets.focused  # (the screen was rebuilt for the new seat count)
    assert isinstance(focused, Choice) and focused.label == "Players"
    drive.key(pygame.K_DOWN)
    assert setup.widgets.focused.label == "Seat 1"
    drive.key(pygame.K_RIGHT)
    assert setup.seats[0].kind != "human"
    assert scene is not None


def test_a_click_puts_the_focus_away_and_enter_does_what_it_did(app, drive):
    scene = menu(app, drive)
    drive.key(pygame.K_TAB)
    assert scene.widgets.focused is not None
    drive.click((5, 5))
    assert scene.widgets.focused is None
    drive.key(pygame.K_RETURN)  # no saved game: Continue does nothing, no tile opens
    drive.settle()
    assert app.scenes.top is scene


def paused(app, drive) -> PauseMenu:
    """A Zertz table over the menu, its pause menu opened by Esc."""
    from game.catalog import GameConfig, Seat
    from scenes.zertz_table import ZertzTable

    config = GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 3, {})
    app.scenes.reset(MainMenu(app), transition=None)
    app.scenes.push(ZertzTable(app, config), transition=None)
    drive.settle()
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    pause = app.scenes.top
    assert isinstance(pause, PauseMenu)
    return pause


def test_quit_to_menu_from_the_pause_menu_by_keys(app, drive):
    pause = paused(app, drive)
    drive.key(pygame.K_UP)  # (from nothing, Up starts at the last: Quit to menu)
    assert pause.widgets.focused.label == "Quit to menu"
    drive.key(pygame.K_RETURN)
    drive.settle()
    assert isinstance(app.scenes.top, MainMenu)


def test_in_persian_the_focus_goes_from_the_right(app, drive):
    scene = menu(app, drive)
    i18n.set_language("fa")
    scene.language_changed()
    drive.step(2)
    drive.key(pygame.K_TAB)
    first = scene.widgets.focused
    hotspots = [w for w in scene.widgets.widgets if isinstance(w, Hotspot)]
    assert first is max(hotspots, key=lambda w: w.rect.x)
    drive.key(pygame.K_LEFT)  # reading on: to the left
    assert scene.widgets.focused.rect.x < first.rect.x


def test_a_question_opened_by_keys_starts_on_its_safe_answer(app, drive):
    """Statistics: Tab, Enter, Enter wiped every statistic, the ring coming to "Yes, reset
    all" as the question opened (pt125). It comes to "Keep them", and back on "Reset…"."""
    from scenes.stats import StatsScene

    menu(app, drive)
    app.scenes.push(StatsScene(app), transition=None)
    drive.settle()
    stats = app.scenes.top
    drive.key(pygame.K_TAB)
    assert stats.widgets.focused.label == "Reset…"
    drive.key(pygame.K_RETURN)
    assert stats.confirming and stats.widgets.focused.label == "Keep them"
    drive.key(pygame.K_RETURN)
    assert not stats.confirming and stats.widgets.focused.label == "Reset…"


def test_the_pause_menus_restart_question_starts_on_cancel_and_returns_to_restart(app, drive):
    pause = paused(app, drive)
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_DOWN)
    assert pause.widgets.focused.label == "Restart"
    drive.key(pygame.K_RETURN)
    assert pause.confirming and pause.widgets.focused.label == "Cancel"
    drive.key(pygame.K_RETURN)
    assert not pause.confirming and pause.widgets.focused.label == "Restart"  # (it went to
    # Quit to menu, one Enter from leaving the game: pt125)


def test_the_focus_stays_on_its_button_in_another_language(app, drive):
    """The language changed in Settings: back on the menu (its row mirrored) the ring stood
    on another button (pt125)."""
    scene = menu(app, drive)
    for _ in range(4):
        drive.key(pygame.K_DOWN)
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RIGHT)
    settings = scene.widgets.focused
    assert settings.label == "Settings"
    index = scene.widgets.widgets.index(settings)
    i18n.set_language("fa")
    scene.language_changed()
    assert scene.widgets.widgets.index(scene.widgets.focused) == index
    assert scene.widgets.focused.label == i18n._("Settings")


def test_a_switch_steps_by_arrows_and_the_seed_field_takes_digits_at_once(app, drive):
    scene = menu(app, drive)
    drive.key(pygame.K_TAB)
    drive.key(pygame.K_RETURN)
    drive.settle()
    setup = app.scenes.top
    while setup.widgets.focused is not setup.seed_field:
        drive.key(pygame.K_TAB)
    drive.key(pygame.K_4, unicode="4")  # (it needed an Enter first, pt125)
    drive.key(pygame.K_2, unicode="2")
    assert setup.seed_field.text == "42"
    app.scenes.pop(transition=None)
    drive.settle()
    app.scenes.push(SettingsScene(app), transition=None)
    drive.settle()
    settings = app.scenes.top
    from scenes.widgets import Toggle

    while not isinstance(settings.widgets.focused, Toggle):
        drive.key(pygame.K_TAB)
    assert settings.widgets.focused.label == "Sound"
    was = app.settings.sound
    drive.key(pygame.K_LEFT if was else pygame.K_RIGHT)  # (Right: on, Left: off)
    assert app.settings.sound is (not was)
    drive.key(pygame.K_LEFT if was else pygame.K_RIGHT)  # (already so: it stays)
    assert app.settings.sound is (not was)
    assert scene is not None


def test_space_still_scrolls_the_rules_with_the_focus_on_back(app, drive):
    """In How to play, Space scrolled a page, and after one Tab it closed the rules (pt125):
    there Space scrolls, Enter presses."""
    from scenes.rules_viewer import RulesViewer

    menu(app, drive)
    app.scenes.push(RulesViewer(app), transition=None)
    drive.settle()
    rules = app.scenes.top
    drive.key(pygame.K_TAB)
    assert rules.widgets.focused is not None
    drive.key(pygame.K_SPACE)
    drive.settle()
    assert app.scenes.top is rules


def test_the_setups_replace_question_takes_the_keyboard_focus(app, drive):
    """"Replace the saved game?" ignored Tab and the arrows, while the setup's ring stood
    dimmed behind it (pt125). Asked by the keyboard, its ring is on Cancel; Down and Enter
    answer it; cancelled, the ring is back on Start."""
    from tests.test_saves import saved_session

    saved_session("zetema", 5)
    menu(app, drive)
    drive.key(pygame.K_1)
    drive.settle()
    setup = app.scenes.top
    drive.key(pygame.K_UP)  # (from nothing, Up: the last row, Start on the reading side)
    while setup.widgets.focused is not setup.start_button:
        drive.key(pygame.K_TAB)
    drive.key(pygame.K_RETURN)
    assert setup.replacing is not None
    assert setup.widgets.focused is None and setup.ask.focused.label == "Cancel"
    drive.wait(1.0)  # (keys typed ahead of reading the question do nothing)
    drive.key(pygame.K_UP)
    assert setup.ask.focused.label == "Resume saved game"
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_RETURN)  # Cancel
    assert setup.replacing is None and setup.widgets.focused is setup.start_button


def footer(app, scene, monkeypatch) -> str:
    """The menu's footer line as drawn now."""
    import scenes.menu as menu_module
    from tests.test_marks import record_calls

    drawn = record_calls(monkeypatch, menu_module.theme, "blit_text",
                         keep=lambda text, _rect: text)
    scene.draw(app.screen)
    return next(text for text in drawn if "F11" in text)


def test_the_menus_footer_says_what_enter_does_with_the_ring_on_a_tile(app, drive, monkeypatch):
    scene = menu(app, drive)
    scene.latest = "zertz"  # (a saved game to continue)
    assert footer(app, scene, monkeypatch).startswith("Enter continues")
    drive.key(pygame.K_TAB)  # the ring on the first tile: Enter opens that game, not Continue
    line = footer(app, scene, monkeypatch)
    assert line.startswith("Enter picks what the ring is on") and "continues" not in line
    drive.click((5, 5))
    assert footer(app, scene, monkeypatch).startswith("Enter continues")
