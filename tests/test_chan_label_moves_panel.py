"""The name label of a Chắn card keeps clear of the Moves panel: over the hand's last card
it crossed the panel's edge (pt150); it now stands above the card, slid along its top."""

from __future__ import annotations

import esper
import pygame

from ecs.components import Transform
from game.catalog import GameConfig
from scenes import card_name_label as names
from scenes.chan_table import ChanTable
from tests.test_chan_tags_s19 import ONE_PERSON


def test_a_label_above_is_slid_along_the_card_clear_of_a_panel():
    pygame.init()
    card = pygame.Rect(940, 580, 40, 120)
    panel = pygame.Rect(1000, 466, 270, 180)
    box = names.place(card, (140, 32), [panel], pygame.Rect(0, 0, 1280, 720))
    assert not box.colliderect(panel) and not box.colliderect(card)
    assert box.bottom <= card.top  # still above the card ...
    assert box.right > card.left  # ... over part of it (not beside it)


def test_the_hand_s_last_card_is_named_clear_of_the_moves_panel(app, drive):
    checked = 0
    for seed in (2, 3):
        table = ChanTable(app, GameConfig("chan", ONE_PERSON, seed, {}))
        app.scenes.reset(table, transition=None)
        drive.settle(1200)
        log = table.layout["log"].rect
        hand = [ent for _, ent in table.sync.entities("hand")]
        last = max(hand, key=lambda e: esper.component_for_entity(e, Transform).x)
        t = esper.component_for_entity(last, Transform)
        drive.move((t.x, t.y + 20))
        drive.step(3)
        box = table._draw_card_name(app.screen)
        assert box is not None
        assert not box.colliderect(log), (seed, box, log)
        assert box.bottom < t.y  # (above the card)
        checked += 1
    assert checked == 2
