"""Two buys before one turn: both buys' cards keep their tags (and a computer's panel names
both cards) through the buyer's turn, as one buy's do (pt152: only the second buy's tags
stayed); a buy's tags last through the buyer's turn whoever played between (pt155)."""

from __future__ import annotations

from collections import Counter

from game.catalog import GameConfig, Seat
from game.rules import telefunken as rules
from game.session import Session
from scenes.telefunken.words import cards
from scenes.telefunken_table import TelefunkenTable
from tests.test_telefunken_buys import HAND, people_table, play_as_person
from tests.test_telefunken_table import OTHERS, position

CONFIG = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 4, {})
BOTH = ["+1 from the stock"] * 2 + ["You bought"] * 2


def wait_for(drive, table, done) -> None:
    for _ in range(4000):
        if done() and not table.animating:
            return
        drive.step()
    raise AssertionError("never came")


def tagged(table, seat: int) -> list[tuple[str, str]]:
    """(tag, card) of ``seat``'s marks on cards of its hand."""
    return sorted((m.label, table.sync.code_of(e)) for m in table.marks.marks.get(seat, [])
                  for e in m.entities if table.sync.zone_of(e) == "hand")


def open_session(app, drive, session, config=CONFIG) -> TelefunkenTable:
    table = TelefunkenTable(app, config, session)
    app.scenes.push(table, transition=None)
    drive.settle()
    return table


def two_buys_state():
    """Seat 2 (index 1) has thrown the queen, offered to you alone (the computers have no
    chips); seat 3 plays next and throws a card offered to you again, then seat 4."""
    return position([HAND] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=0,
                    discard=("5S", "QS"), discarder=1, offer=[], chips=[7, 0, 0, 0])


def test_two_buys_against_the_computer_keep_both_buys_tags_through_your_turn(app, drive):
    state = two_buys_state()
    table = open_session(app, drive, Session(CONFIG, rules, state, state))
    play_as_person(drive, table, "buy")
    assert len(tagged(table, 0)) == 2
    wait_for(drive, table, lambda: table.rules.to_move == 0)
    assert table.state.phase == "buy"
    top = table.state.discard[-1]
    play_as_person(drive, table, "buy")
    marks = tagged(table, 0)
    assert [label for label, _ in marks] == BOTH, marks
    assert ("You bought", "QS") in marks and ("You bought", top) in marks
    stock = [card for label, card in marks if label == "+1 from the stock"]
    held = list(table.state.hands[0])
    for card in ("QS", top, *stock):
        held.remove(card)  # (four cards of the hand)
    assert sorted(held) == sorted(HAND)
    while table.state.phase != "draw" or table.rules.to_move != 0:  # a third offer, passed
        wait_for(drive, table, lambda: table.rules.to_move == 0)
        if table.state.phase == "buy":
            play_as_person(drive, table, "pass")
    assert tagged(table, 0) == marks  # still there at your turn ...
    drawn = drawn_by(drive, table)
    assert tagged(table, 0) == sorted([*marks, ("new", drawn)])  # ... and through it (they
    # went at the draw, while those of a buy by the seat to play next stayed: pt155)
    play_as_person(drive, table, f"discard {drawn}")
    while table.state.phase != "draw" or table.rules.to_move != 0:  # your next turn
        wait_for(drive, table, lambda: table.rules.to_move == 0)
        if table.state.phase == "buy":
            play_as_person(drive, table, "pass")
    play_as_person(drive, table, "draw")
    assert [label for label, _ in tagged(table, 0)] == ["new"]  # it took them


def drawn_by(drive, table) -> str:
    """The card the person at the screen draws now."""
    before = Counter(table.state.hands[0])
    play_as_person(drive, table, "draw")
    (card,) = (Counter(table.state.hands[0]) - before).elements()
    return card


def played(state, config, moves) -> Session:
    session = Session(config, rules, state, state)
    for move in moves:
        session.play(move)
    return session


def two_buys_session() -> Session:
    """You bought the queen, seat 3 drew and threw its first card, you bought that too."""
    state = two_buys_state()
    session = played(state, CONFIG, ["buy", "draw"])
    return played(state, CONFIG, ["buy", "draw", f"discard {session.state.hands[2][0]}",
                                  "buy"])


def test_a_continued_game_tags_both_buys(app, drive):
    session = two_buys_session()
    table = open_session(app, drive, session)
    marks = tagged(table, 0)
    assert [label for label, _ in marks] == BOTH, marks
    assert {card for label, card in marks if label == "You bought"} == {
        "QS", session.befores[3].discard[-1]}


def test_a_computers_two_buys_are_both_named_in_its_panel(app, drive):
    # seat 2 (index 1), a computer, buys seat 4's queen, and your discard after it
    state = position([HAND] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=1,
                     discard=("5S", "QS"), discarder=3, offer=[], chips=[0, 7, 0, 0])
    thrown = "KS"
    session = played(state, CONFIG, ["buy", "draw", f"discard {thrown}", "buy"])
    assert session.state.seat == 1 and session.state.phase == "draw"
    table = open_session(app, drive, session)
    words = table._bought_words(1)
    assert words is not None
    assert words[0] == f"bought Q♠ {cards([thrown])} +2 cards", words


def test_between_people_two_buys_keep_their_tags_until_the_buyers_turn(app, drive):
    """Seat 2 (index 1) buys seat 3's queen out of turn, then seat 4's discard; between
    them seat 1 passed, after them seat 1 plays, and seat 2 lets seat 1's discard go."""
    hand1 = OTHERS[0][:10]
    state = position([HAND, hand1] + [OTHERS[1], OTHERS[2][:10]], phase="buy", to_move=1,
                     discard=("5S", "QS"), discarder=2, offer=[], chips=[7, 7, 0, 0])
    table = people_table(app, drive, state)
    buys = []
    while True:
        wait_for(drive, table, lambda: table.rules.to_move in (0, 1))
        seat, phase = table.rules.to_move, table.state.phase
        if seat == 1 and phase != "buy":
            break
        if seat == 1:
            if len(buys) < 2:
                buys.append(table.state.discard[-1])
                play_as_person(drive, table, "buy")
            else:
                play_as_person(drive, table, "pass")
        elif phase == "buy":
            play_as_person(drive, table, "pass")
        elif phase == "draw":
            play_as_person(drive, table, "draw")
        else:
            play_as_person(drive, table, f"discard {table.state.hands[0][0]}")
    assert len(buys) == 2 and len(table.state.hands[1]) == len(hand1) + 4
    drive.settle()
    if table.curtain:
        drive.lift_cover(table)
        drive.settle()
    assert table.viewer == 1
    marks = tagged(table, 1)
    assert [label for label, _ in marks] == ["+1 from the stock"] * 2 + ["Seat 2 bought"] * 2, \
        marks
    assert sorted(card for label, card in marks if label == "Seat 2 bought") == sorted(buys)


def test_undo_after_two_buys_brings_both_buys_tags_back_on_the_same_twins(app, drive):
    """The first buy's card from the stock is a twin of the bought queen: after Undo (of a
    pass on a third offer) each tag stands on the very copy it stood on."""
    from dataclasses import replace

    state = two_buys_state()
    rest = list(state.stock)
    rest.remove("QS")
    state = replace(state, stock=("QS", *rest))
    table = open_session(app, drive, Session(CONFIG, rules, state, state))
    play_as_person(drive, table, "buy")
    wait_for(drive, table, lambda: table.rules.to_move == 0)
    play_as_person(drive, table, "buy")
    wait_for(drive, table, lambda: table.rules.to_move == 0)
    assert table.state.phase == "buy"
    play_as_person(drive, table, "pass")  # the third offer: now your turn

    def where(table) -> list[tuple[str, str, int]]:
        """(tag, card, its slot in the hand) of your tags."""
        hand = [e for _c, e in table.sync.entities("hand")]
        return sorted((m.label, table.sync.code_of(e), hand.index(e))
                      for m in table.marks.marks.get(0, []) for e in m.entities if e in hand)

    assert table.state.phase == "draw"
    before = where(table)
    assert [label for label, _c, _k in before] == BOTH and [
        c for _l, c, _k in before].count("QS") == 2
    table.undo()
    drive.settle()
    undone = app.scenes.top
    assert undone is not table and undone.state.phase == "buy"
    assert where(undone) == before


def test_a_buy_by_the_seat_to_play_next_keeps_its_tags_through_its_turn_too(app, drive):
    """Bought by the seat to play next, whose draw follows at once, the buy's tags stay
    through that turn, as those of a buy made earlier do (pt155: they went at the draw
    there, not here)."""
    state = position([HAND] + OTHERS, phase="buy", to_move=0, discard=("5S", "QS"),
                     discarder=3, offer=[], chips=[7, 0, 0, 0])
    table = open_session(app, drive, Session(CONFIG, rules, state, state))
    play_as_person(drive, table, "buy")
    bought = tagged(table, 0)
    assert [label for label, _ in bought] == ["+1 from the stock", "You bought"]
    assert table.state.phase == "draw" and table.rules.to_move == 0
    drawn = drawn_by(drive, table)
    assert tagged(table, 0) == sorted([*bought, ("new", drawn)])
    assert table.last_turns()[0] == [0, 1]  # (the buy and the draw: one turn)
