"""After the pause menu closes, what is raised under the pointer is what the pointer stands
on now: the card last under the pointer before Esc stayed raised, under a pointer that had
gone to Resume, until the pointer moved again (pt150, Chắn)."""

from __future__ import annotations

import esper
import pygame

from ecs.components import Hoverable, Transform
from game.catalog import GameConfig
from scenes.chan_table import ChanTable
from scenes.pause import PauseMenu
from tests.test_chan_tags_s19 import ONE_PERSON


def _raised(table) -> list[int]:
    return [ent for ent, (hover, tr) in esper.get_components(Hoverable, Transform)
            if hover.hovered or tr.dy < 0]


def test_a_card_raised_before_the_pause_goes_down_after_resume(app, drive):
    table = ChanTable(app, GameConfig("chan", ONE_PERSON, 5, {}))
    app.scenes.reset(table, transition=None)
    drive.settle(1200)
    ent, (_, spot) = next(iter(esper.get_components(Hoverable, Transform)))
    drive.move((spot.x, spot.y))
    drive.step(30)
    assert _raised(table) == [ent]
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    pause = app.scenes.top
    assert isinstance(pause, PauseMenu)
    resume = pause.widgets.widgets[0]
    drive.click(resume.rect.center)  # (the pointer leaves the card for Resume)
    drive.settle()
    assert app.scenes.top is table
    drive.step(30)
    assert _raised(table) == []
    assert spot.dy == 0


def test_a_menu_tile_raised_before_settings_goes_down_after_it_closes(app, drive):
    from scenes.menu import MainMenu
    from scenes.settings import SettingsScene

    menu = MainMenu(app)
    app.scenes.reset(menu, transition=None)
    drive.settle()
    tile = menu.tiles["zertz"]
    spot = esper.component_for_entity(tile, Transform)
    drive.move((spot.x, spot.y))
    drive.step(30)
    assert _raised(menu) == [tile]
    app.scenes.push(SettingsScene(app), transition=None)
    drive.settle()
    drive.move((5, 5))  # (over Settings, away from where the tile is)
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    assert app.scenes.top is menu
    drive.step(30)
    assert _raised(menu) == []
