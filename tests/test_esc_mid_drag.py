"""Esc while a card is held puts back that card only: in Zetema it emptied the whole meld
zone as well (a marriage built there went back to its pile and the hand, pt112)."""

from __future__ import annotations

import esper
import pygame

from ecs.components import Transform
from game.catalog import GameConfig, Seat
from scenes.zetema.table import ZetemaTable


def test_esc_mid_drag_keeps_the_meld_zone(app, drive):
    app.wait_for_ai = True
    config = GameConfig("zetema", (Seat("human"), Seat("ai", "easy"), Seat("ai", "easy")), 3,
                        {"double": "S"})
    table = ZetemaTable(app, config)
    app.scenes.push(table, transition=None)
    for _ in range(3000):
        drive.step()
        if table.mine and table.state.phase == "meld" and not table.animating:
            break
    drive.settle()
    first, second = table.hand[0], table.hand[-1]
    spot = esper.component_for_entity(first[1], Transform)
    drive.click((spot.x, spot.y))  # into the meld zone
    drive.settle()
    assert [c for c, _ in table.selection] == [first[0]]
    held = esper.component_for_entity(second[1], Transform)
    home = (held.x, held.y)
    drive.press(home)
    drive.move((home[0], home[1] - 80), steps=4)
    assert table.drag.held == second[1]
    drive.key(pygame.K_ESCAPE)
    drive.release()
    drive.settle()
    assert table.drag.held is None
    assert [c for c, _ in table.selection] == [first[0]]  # the zone as it was
    assert second[0] in [c for c, _ in table.hand]
    assert app.scenes.top is table  # (no pause menu either)
