"""Undo back to the start of a game (the first move taken back): the table built again shows
the hand face up, its cards where they are or gliding there from where they stood (the
cards taken back); it dealt the hand out of the stock again (face-down cards flying from
the stock, as if a new deal came). Zetema and Chắn."""

from __future__ import annotations

import esper
import pygame

from ecs.components import CardFace, Transform, Tweens
from game.catalog import GameConfig, Seat
from game.session import Session
from scenes.chan.table import ChanTable
from tests.test_undo_glide import marriage_taken_back
from tests.test_zetema_s20 import HAND


def face_up_and_not_dealt(table, ents) -> bool:
    """Every card face up, and none on its way from the stock (a card taken back glides
    from where it stood, a card that stayed is still)."""
    table.world.activate()
    stock = table.layout["stock"].rect
    for ent in ents:
        if not esper.component_for_entity(ent, CardFace).face_up:
            return False
        t = esper.component_for_entity(ent, Transform)
        tweens = esper.try_component(ent, Tweens)
        if tweens is not None and tweens.items and stock.collidepoint(t.x, t.y):
            return False
    return True


def test_zetema_undo_of_the_first_move_does_not_deal_the_hand_again(app):
    again, _drive = marriage_taken_back(app)  # (the first move: a marriage)
    assert sorted(c for c, _ in again.hand) == sorted(HAND)
    assert face_up_and_not_dealt(again, [e for _, e in again.hand])
    stock = again.layout["stock"].rect
    assert not any(stock.collidepoint(esper.component_for_entity(e, Transform).x,
                                      esper.component_for_entity(e, Transform).y)
                   for _, e in again.hand)


def test_chan_undo_of_the_dealers_first_discard_does_not_deal_the_hand_again(app, drive):
    config = GameConfig("chan", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 4, {})
    session = Session.new(config)
    assert session.state.phase == "open" and session.state.seat == 0  # you deal
    table = ChanTable(app, config, session)
    app.scenes.push(table, transition=None)
    drive.settle()
    card = next(m.split()[1] for m in table.legal() if m.startswith("discard "))
    table.rules.submit(f"discard {card}")
    drive.step(2)
    assert table.session.moves == [f"discard {card}"]
    drive.key(pygame.K_z, pygame.KMOD_CTRL)
    drive.step(1)
    again = app.scenes.top
    assert again is not table and again.session.moves == []
    assert face_up_and_not_dealt(again, [e for _, e in again.sync.entities("hand")])
