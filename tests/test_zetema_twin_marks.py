"""Zetema's spades are doubled. A discard's mark, restored (Undo, Continue, the view turned
between people), stays on the very card discarded, not on a twin discarded onto it later
(both seats' tags stood on the top A♠ and the card beneath had none, pt95); a hinted queen
"from the pile" is the pile's, not the hand's twin (pt96)."""

from __future__ import annotations

from game.rules import zetema as rules
from game.session import Session
from scenes.zetema_table import ZetemaTable
from tests.test_zetema_table import CONFIG, open_table, position  # noqa: F401


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


def test_a_hinted_queen_from_the_pile_is_the_piles_not_the_hands_twin(app, drive, open_table):  # noqa: F811
    """"declare a marriage of K♠ and Q♠ (from the Q pile)" outlined the Q♠ in the hand, whose
    twin lay on the pile (pt96): following the outline made the other marriage."""
    table = open_table(position(["KS", "QS", "4H", "5C", "6D", "7D", "8C"],
                                ["AS", "9H", "10H", "JC", "2D", "3D", "4C"],
                                piles={"Q": ["QS"]}))
    pile = table.piles[rules.RANK_INDEX["Q"]]
    hand = {c: e for c, e in table.hand}
    assert table.show_hint("meld marriage KS QS@pile") == [hand["KS"], pile[-1][1]]
    assert table.show_hint("meld marriage KS QS") == [hand["KS"], hand["QS"]]


def test_a_hinted_card_under_a_seats_mark_is_outlined_outside_the_mark(app, drive):
    """The hint's glow on Seat 2's K♠ lay under the mark's outline, a green hairline inside
    the seat's colour (pt96): the hint's outline stands outside the mark."""
    from scenes.game_table import HINT_COLOUR
    from scenes.marks import drawn_box

    state = position(["QS", "3H", "4H", "5C", "6D", "7D", "8C"],
                     ["KS", "9H", "10H", "JC", "2D", "3D", "4C"], to_move=1)
    session = Session(CONFIG, rules, state, state)
    session.play("discard KS")  # Seat 2's mark on the K pile's K♠
    table = ZetemaTable(app, CONFIG, session)
    app.scenes.push(table, transition=None)
    drive.settle()
    table.restore_marks()
    king = table.piles[rules.RANK_INDEX["K"]][-1][1]
    assert [m.entities for m in table.marks.marks[1]] == [(king,)]
    table._apply_hint("meld marriage KS@pile QS")
    drive.step(2)
    ring = drawn_box(king).inflate(18, 18)
    assert tuple(app.screen.get_at((ring.centerx, ring.top + 1)))[:3] == HINT_COLOUR
