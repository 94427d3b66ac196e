"""Refused Chắn moves say what actually stands in the way: which of the two reasons bars a
card from being taken back (you discarded it, or used it in a Cạ), and that a hand card of
another rank cannot pair with the live card at all (not a ban on the live card)."""

from __future__ import annotations

import random

import pytest

from game.catalog import GameConfig, Seat
from game.rules import IllegalMove
from game.rules import chan as rules
from game.session import Session
from game.words import chan as words
from scenes.chan import prompts
from scenes.chan.table import ChanTable

SEATS = (Seat("human"),) + (Seat("ai", "easy"),) * 3


def banned_live(kind: str) -> Session:
    """A deal played at random until the person (seat 0) is offered a live card it may not
    take back: ``kind`` "discard" (it discarded that face) or "ca" (used it in a Cạ)."""
    for seed in range(60):
        rng = random.Random(seed)
        session = Session.new(GameConfig("chan", SEATS, seed, {}))
        while session.result is None:
            state = session.state
            live = state.live
            if (rules.to_move(state) == 0 and live is not None
                    and state.phase in ("respond", "revealed")
                    and live.card in state.bans[0].no_take
                    and (live.card in state.discarded[0]) == (kind == "discard")):
                return session
            session.play(rng.choice(rules.legal_moves(state)))
    raise AssertionError("the position never came")


def test_a_card_you_discarded_says_you_discarded_it():
    state = banned_live("discard").state
    card = state.live.card
    assert prompts.why(state, f"chan {card}") == (
        f"You discarded {words.card(card)} earlier: you may not take it back.")
    with pytest.raises(IllegalMove, match=f"you discarded {card} earlier: you may not take it"):
        rules.play(state, f"chan {card}")


def test_a_card_you_used_in_a_ca_says_which_ca():
    state = banned_live("ca").state
    card = state.live.card
    ca = next(g for g in state.exposed[0] if len(g) == 2 and g[0] != g[1] and g[1] == card)
    assert prompts.why(state, f"chan {card}") == (
        f"You used your {words.card(card)} in a Cạ with {words.card(ca[0])} earlier: you may "
        "not take it back.")
    with pytest.raises(IllegalMove, match=f"you played {card} into a Cạ earlier"):
        rules.play(state, f"chan {card}")


def test_the_live_card_dropped_on_a_card_that_cannot_pair_says_so(app, drive):
    """The prompt said "Nothing in your hand pairs with it" while the drop gave the ban."""
    session = banned_live("discard")
    table = ChanTable(app, session.config, session)
    app.scenes.reset(table, transition=None)
    drive.settle(1200)
    assert table.mine
    live = table.state.live.card
    other, ent = next((c, e) for c, e in table.sync.entities("hand")
                      if c[0] != live[0] and "CC" not in (c, live))
    before = list(table.session.moves)
    drive.drag(drive.center_of(table.live_entity()), table.grip(ent), steps=6)
    drive.settle()
    assert table.session.moves == before
    assert app.toasts[-1].text == (
        f"{words.card(live)} and {words.card(other)} make no Cạ: a Cạ is two cards of the "
        "same rank in different suits.")
