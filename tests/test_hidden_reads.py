"""The card tables never read another seat's concealed hand to draw (only its size).

The other seats' hands are swapped for a sequence that tells its length but raises on any
other use; the table is then re-synced, drawn, hovered and its hand sorted through the real
event loop. Any code path that looks inside a hidden hand fails the test.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.catalog import GameConfig, Seat
from game.session import Session, rules_module
from scenes.chan_table import ChanTable
from scenes.telefunken_table import TelefunkenTable
from scenes.zetema_table import ZetemaTable


class Concealed(tuple):
    """A hand whose size is public and whose cards are not."""

    def _refuse(self, *args, **kwargs):
        raise AssertionError("a concealed hand was read")

    __iter__ = __getitem__ = __contains__ = __reversed__ = _refuse
    count = index = __eq__ = __hash__ = _refuse


AI = Seat("ai", "easy")
TABLES = [
    (ChanTable, GameConfig("chan", (Seat("human"), AI, AI, AI), 6, {})),
    (TelefunkenTable, GameConfig("telefunken", (Seat("human"), AI, AI), 6, {})),
    (ZetemaTable, GameConfig("zetema", (Seat("human"), AI, AI), 6, {})),
]


@pytest.mark.parametrize("cls,config", TABLES, ids=lambda v: getattr(v, "game", ""))
def test_drawing_the_table_reads_no_hidden_hand(app, drive, cls, config):
    rules = rules_module(config.game)
    session = Session.new(config)
    rng = random.Random(4)
    while len(session.moves) < 6 or session.to_move != 0 or not session.state.hands[0]:
        session.play(rng.choice(rules.legal_moves(session.state)))
    table = cls(app, config, session)
    app.scenes.push(table, transition=None)
    drive.settle()
    assert table.mine
    state = table.rules.state
    sizes = [len(h) for h in state.hands]
    hidden = tuple(h if s == 0 else Concealed(h) for s, h in enumerate(state.hands))
    table.rules.state = dataclasses.replace(state, hands=hidden)
    table.pick_viewer()
    (table.show if hasattr(table, "show") else table.reconcile)()
    for w in table.widgets.widgets:
        if getattr(w, "label", "") in ("By suit", "Group: pairs"):
            drive.click(w.rect.center)  # re-sorts and re-lays out the viewer's hand
    hand = table.layout["hand"].rect
    drive.move((hand.centerx, hand.centery), steps=3)
    drive.settle()
    drive.step(5)
    assert [len(h) for h in table.rules.state.hands] == sizes
    with pytest.raises(AssertionError, match="concealed hand was read"):
        list(table.rules.state.hands[1])  # the trap is armed
