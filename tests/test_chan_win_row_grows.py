"""A winning hand's cards keep their size until they set off for the row across the middle,
and grow on their way: made larger at once, the winner's shown pairs waited a third of a
second in their box, under its caption "Pairs shown" (pt147)."""

from __future__ import annotations

import esper
import pygame

from ecs.components import Sprite, Transform, ZOrder
from ecs.input import entity_rect
from ecs.tween import FLIGHT_Z
from game.catalog import GameConfig
from scenes.chan.table import WIN_W
from scenes.chan_table import ChanTable
from tests.test_chan_tag_memo import COMPUTERS


def test_the_winner_s_shown_pairs_grow_on_their_way_not_under_the_caption(app, drive):
    app.wait_for_ai = True
    table = ChanTable(app, GameConfig("chan", COMPUTERS, 4, {}))
    app.scenes.reset(table, transition=None)
    assert drive.step_until(lambda: table.session.result is not None, 20000)
    assert table.session.result["winner"] is not None
    from_boxes = 0
    for _ in range(90):
        drive.step()
        captions = table.captions()
        for _code, ent in table.sync.entities("win"):
            t = esper.component_for_entity(ent, Transform)
            box = pygame.Rect(*entity_rect(t, esper.component_for_entity(ent, Sprite)))
            if esper.component_for_entity(ent, ZOrder).z < FLIGHT_Z:  # (drawn under the
                assert box.collidelist(captions) < 0, box  # words of the boxes)
            from_boxes += t.scale < 0.99
    assert from_boxes  # (some came small, from a box: the shown pairs)
    assert all(esper.component_for_entity(e, Transform).scale == 1.0
               for _, e in table.sync.entities("win"))
    assert table.sync.widths[table.sync.entities("win")[0][1]] == WIN_W
