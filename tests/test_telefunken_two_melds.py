"""Once you have melded, two new melds chosen together are put down at once (the engine plays
groups that would be legal one after another): 6♠6♠6♥6♣ with 8♠8♠8♥ was refused as "7 cards:
not a set or a run", while the contract's groups go down together (pt108)."""

from __future__ import annotations

from scenes.telefunken_table import _grip
from tests.test_telefunken_buys import open_state
from tests.test_telefunken_table import OTHERS, position

HAND = ["6S", "6S", "6H", "6C", "8S", "8S", "8H", "2D", "KD"]
MELDS = [{"owner": 0, "cards": ["7H", "7D", "7C"]}]


def click_cards(drive, table, codes):
    for code in codes:
        ent = next(e for c, e in table.sync.entities("hand") if c == code)
        drive.click(_grip(table, ent))
        drive.settle()


def meld_button(table):
    return next(w for w in table.widgets.widgets if getattr(w, "key", None) == "meld")


def test_two_new_melds_chosen_together_go_down_at_once(app, drive):
    table = open_state(app, drive, position([HAND] + OTHERS, melded=[True, False, False, False],
                                melds=MELDS))
    click_cards(drive, table, ["6S", "6S", "6H", "6C", "8S", "8S", "8H"])
    move, text = table.selection_move()
    assert move is not None and move.count("|") == 1
    assert "not a set or a run" not in text
    button = meld_button(table)
    assert button.enabled
    drive.click(button.rect.center)
    drive.settle()
    assert len(table.state.melds) == 3
    assert sorted(table.state.hands[0]) == ["2D", "KD"]


def test_before_your_contract_two_groups_are_still_the_contracts_question(app, drive):
    """Not melded yet: the selection must be the contract (deal 1: one pure trio)."""
    table = open_state(app, drive, position([HAND] + OTHERS))
    click_cards(drive, table, ["6S", "6H", "6C", "8S", "8S", "8H"])
    move, _text = table.selection_move()
    assert move is None
