"""Chắn's gold edge marks the gate where the live card lies: never a gate without it (a
discard or stock card on its way left the gate it goes to edged in gold, no live card there
yet, for a second or so: pt147), and exactly the live card's gate while it lies there."""

from __future__ import annotations

import pygame

from scenes import theme
from tests.test_chan_tags_s19 import ONE_PERSON, open_at, play


def gold_gates(app, table) -> list[int]:
    """The seats whose gate's top edge is drawn gold."""
    canvas = pygame.Surface(app.size)
    table.draw(canvas)
    return [seat for seat in range(4)
            if tuple(canvas.get_at((table.zone("gate", seat).centerx,
                                    table.zone("gate", seat).top)))[:3] == theme.GOLD]


def test_only_the_gate_the_live_card_lies_in_is_gold(app, drive):
    lit = unlit = 0
    for i, session in enumerate(play(7, ONE_PERSON)):
        if i % 3 or session.result is not None or i > 60:
            continue
        table = open_at(app, drive, session)
        gold = gold_gates(app, table)
        if table.live_entity() is not None:
            assert gold == [table.state.live.gate], (i, session.moves[-1])
            lit += 1
        else:  # (a card taken, its taker to discard)
            assert gold == [], (i, session.moves[-1], table.state.phase)
            unlit += 1
    assert lit >= 3 and unlit >= 3


def test_no_gate_is_gold_before_the_live_card_lies_there(app, drive):
    """Frame by frame through a game between computers at normal speed: a gold gate holds
    the live card at rest (its discard or stock card has landed)."""
    import esper

    from ecs.tween import travelling
    from tests.test_chan_tag_memo import play_by_computers

    lit = []

    def check(i: int, table) -> None:
        gold = [seat for seat in range(4) if tuple(app.screen.get_at(
            (table.zone("gate", seat).centerx, table.zone("gate", seat).top)))[:3] == theme.GOLD]
        if not gold:
            return
        live = table.live_entity()
        assert live is not None and esper.entity_exists(live) and not travelling(live), i
        assert gold == [table.state.live.gate], i
        lit.append(i)

    table = play_by_computers(app, drive, 5, 1200, check)
    assert len(lit) >= 60 and len(table.session.moves) >= 10


def test_no_gate_is_gold_once_a_deal_is_drawn(app, drive):
    """A deal that ends with the stock empty (nobody won) left its last gate gold, with its
    label, behind the results (pt151)."""
    from game.session import Session
    from tests.test_chan_tags_s19 import play as played

    final = None
    for seed in range(1, 60):
        for session in played(seed, ONE_PERSON):
            final = session
        if final.result is not None and final.result.get("winner") is None:
            break
    else:
        raise AssertionError("no drawn deal in these seeds")
    assert isinstance(final, Session) and final.state.live is not None
    table = open_at(app, drive, final)
    assert gold_gates(app, table) == [] and table.lit_gate() is None
