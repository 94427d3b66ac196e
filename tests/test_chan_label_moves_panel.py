"""The name label of a Chắn hand card: clear of the Moves panel (over the hand's last card it
crossed the panel's edge, pt150; it now stands above the card, slid along its top), and above
its card, never beside it over the other cards of the hand, where a player read it as naming
them: under the Draw button it went to the card's side (pt153). It may cover a button over
the hand (only while the pointer is on the card, away from the button)."""

from __future__ import annotations

import esper
import pygame
import pytest

from ecs.components import Transform
from game.catalog import GameConfig
from game.rules import chan as rules
from scenes import card_name_label as names
from scenes.chan_table import ChanTable
from tests.test_chan_tags_s19 import ONE_PERSON, open_at, play


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


@pytest.mark.parametrize("window", [(1280, 720), (960, 540)])
def test_a_hand_card_s_label_stands_above_it_under_the_draw_button_too(app, drive, window):
    assert app.set_window_size(window)
    turns = (s for s in play(5, ONE_PERSON) if s.result is None
             and rules.to_move(s.state) == 0 and "draw" in rules.legal_moves(s.state))
    next(turns), next(turns)
    table = open_at(app, drive, next(turns))
    draw = next(w for w in table.widgets.widgets if w.label == "Draw")
    hand = [ent for _, ent in table.sync.entities("hand")]
    under_draw = 0
    for ent in hand:
        t = esper.component_for_entity(ent, Transform)
        drive.move((t.x, t.y + 30))
        drive.step(4)
        box = table._draw_card_name(app.screen)
        assert box is not None
        card = table._card_rect(ent, 44)
        assert box.bottom <= card.top, (ent, box, card)  # above it ...
        assert box.right > card.left and box.left < card.right  # ... over part of it
        others = [table._card_rect(e, 44) for e in hand if e != ent]
        assert box.collidelist(others) < 0
        under_draw += draw.rect.left <= t.x <= draw.rect.right
    assert under_draw  # (some stood under the button)
