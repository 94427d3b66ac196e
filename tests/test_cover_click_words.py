"""Between people, a click on the cover that does not lift it (it came too soon after another
click: the last person may still be clicking) says how to lift it, once a cover: a burst of
clicks never lifted it and said nothing, which looked frozen (pt69)."""

from __future__ import annotations

import pygame

from game.catalog import GameConfig, Seat
from scenes.chan.table import ChanTable
from scenes.game_table import COVER_QUIET

H = Seat("human")
SAID = "Pause, then click once to lift the cover."


def test_clicks_too_quick_to_lift_the_cover_say_how_once(app, drive):
    table = ChanTable(app, GameConfig("chan", (H, H, H, H), 2, {}))
    app.scenes.push(table, transition=None)
    drive.step(2)  # the cover's first frames: the last person may still be clicking
    assert table.curtain
    cover = table.layout["hand"].rect.center
    app.toasts.clear()
    for _ in range(4):  # a burst, 0.2 s apart: none lifts it
        drive.click(cover)
        drive.wait(0.2)
    assert table.curtain
    assert [t.text for t in app.toasts] == [SAID]  # said once
    drive.wait(COVER_QUIET + 0.1)
    drive.click(cover)  # after a pause, one click lifts it, and the words go
    drive.settle()
    assert not table.curtain
    assert SAID not in [t.text for t in app.toasts]


def test_a_click_off_the_cover_says_nothing_of_it(app, drive):
    table = ChanTable(app, GameConfig("chan", (H, H, H, H), 2, {}))
    app.scenes.push(table, transition=None)
    drive.settle()
    app.toasts.clear()
    drive.click((640, 40))  # the felt at the top, far from the cover
    drive.step(2)
    assert table.curtain and SAID not in [t.text for t in app.toasts]
    pygame.event.clear()
