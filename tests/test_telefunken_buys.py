"""A buy brings two cards into the buyer's hand, the discard and the top card of the stock:
both are seen to go there, and the last-move marks say so (without showing a hidden card)."""

from __future__ import annotations

from dataclasses import replace

import esper
import pytest

from ecs.components import CardFace, Sprite, Transform
from game.catalog import GameConfig, Seat
from game.rules import telefunken as rules
from game.session import Session
from scenes.leaks import hidden_card_leaks
from scenes.telefunken_table import TelefunkenTable, perform
from tests.test_telefunken_table import OTHERS, position

HAND = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H"]
CONFIG = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 4, {})


def open_state(app, drive, state):
    table = TelefunkenTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    return table


def sprites() -> set[int]:
    return {e for e, _s in esper.get_component(Sprite)}


def test_a_computers_buy_sends_a_card_back_from_the_stock_to_its_panel(app, drive):
    """The buyer's hand grew by two with one card unexplained: only the bought discard
    flew to its panel. The stock's card follows it, face down, and the panel says +1."""
    state = position([HAND] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=1,
                     discard=("5S", "9S"), discarder=0, offer=[2, 3])
    table = open_state(app, drive, state)
    before = sprites()
    table.rules._apply("buy")  # the computer's decision, through the normal move path
    backs = [e for e in sprites() - before if not esper.has_component(e, CardFace)]
    assert len(backs) == 1  # a plain card back: no face to leak
    back = backs[0]
    stock = table.layout["stock"].rect
    panel = table.opponent_zone(1)
    t = esper.component_for_entity(back, Transform)
    assert stock.collidepoint(t.x, t.y)
    assert esper.component_for_entity(back, Sprite).image.get_size() == \
        esper.component_for_entity(table.stock_ent, Sprite).image.get_size()
    seen = []
    while esper.entity_exists(back) and len(seen) < 200:
        seen.append((t.x, t.y, t.alpha))
        assert hidden_card_leaks(table) == []
        drive.step()
    assert not esper.entity_exists(back)  # gone into the panel
    assert panel.collidepoint(seen[-1][0], seen[-1][1]) and seen[-1][2] < 255
    assert table._bought_words(1)[0] == "bought 9♠ +1 card"


@pytest.mark.parametrize("top", ["AS", "QS"])  # QS: the stock's card is a twin of the bought one
def test_your_buy_marks_the_card_from_the_stock_too(app, drive, top):
    """Only the bought card was outlined in your hand: the one from the stock is tagged."""
    state = position([HAND] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=0,
                     discard=("5S", "QS"), discarder=3, offer=[1, 2])
    rest = list(state.stock)
    rest.remove(top)
    state = replace(state, stock=(top, *rest))
    table = open_state(app, drive, state)
    old = {e for _c, e in table.sync.entities("hand")}
    home = table.layout["stock"].rect.center
    perform(drive, table, "buy")
    arrived = {e: start for zone, e, start in table.sync.arrived if zone == "hand"}
    drive.settle()
    assert sorted(table.state.hands[0]) == sorted(HAND + ["QS", top])
    marks = {m.label: m.entities for m in table.marks.marks[0]}
    assert set(marks) == {"You bought", "+1 from the stock"}
    (bought,), (drawn,) = marks["You bought"], marks["+1 from the stock"]
    assert bought != drawn and {bought, drawn}.isdisjoint(old)
    assert table.sync.code_of(bought) == "QS" and table.sync.code_of(drawn) == top
    assert arrived == {drawn: home}  # it flew in from the stock (the QS from the pile)
    assert len(table.marks.boxes(0)) == 2



PEOPLE = GameConfig("telefunken", (Seat("human"), Seat("human")) + (Seat("ai", "easy"),) * 2, 4,
                    {})


def people_table(app, drive, state) -> TelefunkenTable:
    """Two people (seats 1 and 2) and two computers at ``state``."""
    table = TelefunkenTable(app, PEOPLE, Session(PEOPLE, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    return table


def play_as_person(drive, table, move: str) -> None:
    """``move`` played by the person at the screen (the cover lifted first)."""
    if table.curtain:
        drive.lift_cover(table)
    perform(drive, table, move)
    drive.settle(900)


def test_between_people_a_buyer_finds_its_tags_when_its_turn_comes(app, drive):
    """Between people, a person who bought out of turn and did not play next never saw the
    "+1 from the stock" tag: the cover went to the next person at once, and when the buyer's
    turn came its hand was laid out afresh without the marks of its buy, still its last move."""
    hand1 = OTHERS[0][:10]
    state = position([HAND, hand1] + [OTHERS[1], OTHERS[2][:10]], phase="buy", to_move=0,
                     discard=("5S", "QS"), discarder=3, offer=[1], chips=[7, 7, 0, 0])
    table = people_table(app, drive, state)

    def play(move):
        play_as_person(drive, table, move)

    play("pass")  # seat 1 (index 0) lets the queen go
    assert table.rules.to_move == 1
    play("buy")  # seat 2 (index 1) buys it, and the stock's card
    assert "QS" in table.state.hands[1] and len(table.state.hands[1]) == len(hand1) + 2
    play("draw")  # seat 1's turn
    play(f"discard {table.state.hands[0][0]}")
    for _ in range(3000):  # seat 2 is to decide again (its buy still its last move)
        if table.rules.to_move == 1 and not table.animating:
            break
        drive.step()
    assert table.rules.to_move == 1 and table.session.moves[-1].startswith("discard")
    drive.settle()
    drive.lift_cover(table)
    drive.settle()
    assert table.viewer == 1
    labels = {m.label for m in table.marks.marks.get(1, [])}
    assert labels == {"Seat 2 bought", "+1 from the stock"}, labels  # (people: seat names)
    marked = [table.sync.code_of(e) for m in table.marks.marks[1] for e in m.entities]
    assert "QS" in marked and all(table.sync.zone_of(e) == "hand"
                                  for m in table.marks.marks[1] for e in m.entities)


def test_between_people_a_buyers_tags_outlast_its_pass_on_another_offer(app, drive):
    """Between people, a person who bought out of turn (the next person then at the screen)
    first saw their hand again at another buy offer, and the pass they made there took the
    tags of their buy: at their turn their hand showed no "bought" and no "+1 from the stock"
    (pt149). A pass on an offer marks nothing and leaves the seat's marks."""
    hand1 = OTHERS[0][:10]
    # seat 3 (index 2) has thrown the queen; seat 2 (index 1) is offered it out of turn:
    # seat 4 (a computer) plays next
    state = position([HAND, hand1] + [OTHERS[1], OTHERS[2][:10]], phase="buy", to_move=1,
                     discard=("5S", "QS"), discarder=2, offer=[], chips=[7, 7, 0, 0])
    table = people_table(app, drive, state)

    def play(move):
        play_as_person(drive, table, move)

    def wait_for(done):
        for _ in range(3000):
            if done() and not table.animating:
                return
            drive.step()
        raise AssertionError("never came")

    play("buy")  # seat 2 buys the queen and the stock's card
    assert "QS" in table.state.hands[1]
    passed = False
    while True:  # the computer plays; seat 1, then seat 2 on another offer, until seat 2's turn
        wait_for(lambda: table.rules.to_move in (0, 1))
        if table.rules.to_move == 1 and table.state.phase != "buy":
            break
        if table.rules.to_move == 1:
            play("pass")  # seat 2 lets another discard go
            passed = True
        elif table.state.phase == "buy":
            play("pass")
        elif table.state.phase == "draw":
            play("draw")
        else:
            play(f"discard {table.state.hands[0][0]}")
    assert passed  # (the case in question: a pass between the buy and the turn)
    drive.settle()
    if table.curtain:
        drive.lift_cover(table)
        drive.settle()
    assert table.viewer == 1 and table.state.phase == "draw"
    labels = {m.label for m in table.marks.marks.get(1, [])}
    assert labels == {"Seat 2 bought", "+1 from the stock"}, labels
