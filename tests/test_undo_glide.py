"""Undo at the card tables: a card taken back glides from where it stood to its place.

Undo builds the table again from the position gone back to, and the card taken back (a
discard, a marriage, a meld) jumped into the hand in one frame (play-testers, several
sessions). ``GameTable.glide_back`` moves each face-up card that stood elsewhere from there;
a card that did not move stays still. At instant speed nothing glides.
"""

from __future__ import annotations

import esper
import pygame

from ecs.components import Transform, Tweens
from game.catalog import GameConfig, Seat
from game.session import Session
from scenes.chan.table import ChanTable
from tests.test_zetema_marriages import AI, H, start
from tests.test_zetema_s20 import HAND, OTHER


def _where(table, ent) -> tuple[float, float, bool]:
    table.world.activate()
    t = esper.component_for_entity(ent, Transform)
    tweens = esper.try_component(ent, Tweens)
    return t.x, t.y, bool(tweens and tweens.items)


def marriage_taken_back(app):
    """A Zetema table, you against the computer, after your first move (a marriage of
    hearts) and Ctrl+Z: (the table built again, one frame after, and its driver)."""
    table, drive = start(app, (H, AI), [HAND, OTHER])
    for code in ("KH", "QH"):
        drive.click(drive.center_of(next(e for c, e in table.hand if c == code)))
        drive.settle()
    table.confirm_meld()
    drive.settle()
    assert table.session.moves == ["meld marriage KH QH"]
    drive.key(pygame.K_z, pygame.KMOD_CTRL)
    drive.step(1)
    again = app.scenes.top
    assert again is not table and again.session.moves == []
    return again, drive


def test_zetema_amarriage_taken_back_glides_from_its_pile_into_the_hand(app):
    again, drive = marriage_taken_back(app)
    king = next(e for c, e in again.hand if c == "KH")
    x, y, moving = _where(again, king)
    assert moving
    drive.settle()
    rest_x, rest_y, moving = _where(again, king)
    assert not moving
    hand = again.layout["hand"].rect
    assert hand.collidepoint(rest_x, rest_y)
    assert not hand.collidepoint(x, y)  # it set out from outside the hand: the marriages


def test_zetema_at_instant_speed_nothing_glides(app):
    app.settings.animation = "instant"
    again, _drive = marriage_taken_back(app)
    assert all(not _where(again, e)[2] for _, e in again.hand)


def test_chan_a_discard_taken_back_glides_from_the_gate_into_the_hand(app, drive):
    config = GameConfig("chan", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 4, {})
    session = Session.new(config)
    table = ChanTable(app, config, session)
    app.scenes.push(table, transition=None)
    drive.settle()
    card = next(m.split()[1] for m in table.legal() if m.startswith("discard "))
    table.rules.submit(f"discard {card}")
    drive.settle()
    gate = table.zone("gate", 0)
    drive.key(pygame.K_z, pygame.KMOD_CTRL)
    drive.step(1)
    again = app.scenes.top
    assert again is not table and again.session.moves == []
    ents = [e for c, e in again.sync.entities("hand") if c == card]
    starts = [_where(again, e) for e in ents]
    assert any(moving and gate.inflate(60, 60).collidepoint(x, y) for x, y, moving in starts)
    drive.settle()
    hand = again.layout["hand"].rect
    assert all(hand.collidepoint(*_where(again, e)[:2]) and not _where(again, e)[2]
               for e in ents)


def test_zertz_a_piece_taken_back_glides_from_its_ring_to_the_supply(app, drive):
    from scenes.zertz_table import ZertzTable

    config = GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 3, {})
    app.wait_for_ai = True
    table = ZertzTable(app, config)
    app.scenes.push(table, transition=None)
    for _ in range(600):  # (the computer, Red, moves first)
        drive.step()
        if table.rules.human_to_move() and not table.animating:
            break
    table.rules.ai_delay = 60  # its answer is not due during this test
    assert table.rules.submit("place d4")
    drive.settle()
    ring = table.ring_center("d4")
    drive.key(pygame.K_z, pygame.KMOD_CTRL)
    drive.step(1)
    again = app.scenes.top
    assert again is not table and len(again.session.moves) == 1
    starts = [_where(again, e) for e in again.supply_ents[0]]
    moving = [(e, x, y) for e, (x, y, m) in zip(again.supply_ents[0], starts, strict=True)
              if m]
    assert len(moving) == 1
    ent, x, y = moving[0]
    drive.settle()
    assert all(not _where(again, e)[2] for e in again.supply_ents[0])
    home = _where(again, ent)[:2]
    # a frame into its way from the ring back to the supply, it is nearer the ring
    assert (x - ring[0]) ** 2 + (y - ring[1]) ** 2 < (x - home[0]) ** 2 + (y - home[1]) ** 2


def _way(table, ent) -> float | None:
    """How far a gliding entity goes (from where its tweens started to where they end)."""
    table.world.activate()
    tweens = esper.try_component(ent, Tweens)
    ends = {t.attr: (t.start, t.end) for t in (tweens.items if tweens else [])}
    if "x" not in ends or "y" not in ends or ends["x"][0] is None:
        return None
    (x0, x1), (y0, y1) = ends["x"], ends["y"]
    return ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5


def test_chan_the_farther_an_undone_card_goes_the_higher_it_passes(app, drive):
    """A card crossing the hand to its pair passed under the cards making room for it, and
    was not seen on its way (pt68): each card that glides after Undo passes above every
    card with a shorter way."""
    from ecs.components import ZOrder

    config = GameConfig("chan", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 4, {})
    table = ChanTable(app, config, Session.new(config))
    app.scenes.push(table, transition=None)
    drive.settle()
    table.rules.submit("discard 2M")  # (2C, its Cạ, goes to the singles: it comes back)
    drive.settle()
    drive.key(pygame.K_z, pygame.KMOD_CTRL)
    drive.step(1)
    again = app.scenes.top
    ways = [(_way(again, e), esper.component_for_entity(e, ZOrder).z)
            for _, e in again.sync.entities("hand")]
    ways = [(w, z) for w, z in ways if w]
    assert len(ways) > 5
    for w1, z1 in ways:
        for w2, z2 in ways:
            if w1 > w2 + 1:
                assert z1 > z2, (w1, z1, w2, z2)
