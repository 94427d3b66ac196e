"""Zetema's spades are doubled: a discard's mark, restored (Undo, Continue, the view turned
between people), stays on the very card discarded, not on a twin discarded onto it later
(both seats' tags stood on the top A♠ and the card beneath had none, pt95)."""

from __future__ import annotations

from game.rules import zetema as rules
from game.session import Session
from scenes.zetema_table import ZetemaTable
from tests.test_zetema_table import CONFIG, position


def test_a_restored_discard_mark_stays_on_its_own_twin(app, drive):
    state = position(["AS", "3H", "4H", "5C", "6D", "7D", "8C"],
                     ["AS", "9H", "10H", "JC", "2D", "3D", "4C"], piles={"A": ["AH", "AD"]})
    session = Session(CONFIG, rules, state, state)
    session.play("discard AS")  # You: the third card of the aces' pile
    assert rules.to_move(session.state) == 1
    session.play("discard AS")  # Seat 2: its twin, the fourth
    table = ZetemaTable(app, CONFIG, session)
    app.scenes.push(table, transition=None)
    drive.settle()
    table.restore_marks()
    pile = table.piles[rules.RANK_INDEX["A"]]
    assert [c for c, _ in pile] == ["AH", "AD", "AS", "AS"]
    assert [m.entities for m in table.marks.marks[0]] == [(pile[2][1],)]
    assert [m.entities for m in table.marks.marks[1]] == [(pile[3][1],)]
