"""Enter on a game table presses the lit (gold) button when one alone is lit: as a click on
it (a greyed one that says why says it; one that has only just appeared ignores it), never
for a hand under the cover between people, and nothing when two are lit."""

from __future__ import annotations

from collections import Counter

import pygame

from game.catalog import GameConfig, Seat
from game.session import Session


def _enter(drive) -> None:
    drive.key(pygame.K_RETURN)
    drive.settle()


def test_enter_melds_the_chosen_cards_in_zetema_and_does_nothing_with_none_chosen(app, drive):
    from game.rules import zetema as rules
    from scenes.zetema_table import ZetemaTable
    from tests.test_zetema_table import CONFIG, hand_ent, position

    state = position(["2H", "3H", "4H", "5H", "6H", "7H", "KS"],
                     ["3C", "3D", "6S", "8C", "10D", "QD", "AC"])
    table = ZetemaTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    _enter(drive)  # nothing chosen: Meld is greyed, nothing happens
    assert table.session.moves == [] and table.state.phase == "meld"
    for code in ("2H", "3H", "4H", "5H", "6H", "7H"):
        drive.click(drive.center_of(hand_ent(table, code)))
    drive.settle()
    _enter(drive)
    assert table.session.moves == ["meld straightflush 2H 3H 4H 5H 6H 7H"]
    assert table.state.scores[0] == 50 and table.state.phase == "discard"


def test_enter_melds_in_telefunken_and_says_why_when_the_choice_is_no_meld(app, drive):
    from game.rules import telefunken as rules
    from scenes.telefunken.moves import grip
    from scenes.telefunken_table import TelefunkenTable
    from tests.test_telefunken_table import CONFIG, OTHERS, position

    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S", "8S"]
    state = position([hand] + OTHERS)
    table = TelefunkenTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    app.toasts.clear()
    for code in ("7H", "7D"):  # two cards: no trio yet
        drive.click(grip(table, next(e for c, e in table.sync.entities("hand") if c == code)))
        drive.settle()
    _enter(drive)  # the greyed Meld answers as to a click: it says why
    assert table.session.moves == []
    assert app.toasts, "Enter on the greyed Meld said nothing"
    drive.click(grip(table, next(e for c, e in table.sync.entities("hand") if c == "7C")))
    drive.settle()
    _enter(drive)
    assert len(table.session.moves) == 1 and table.session.moves[0].startswith("meld ")
    assert Counter(table.state.melds[0].cards) == Counter(["7H", "7D", "7C"])


def test_enter_passes_once_the_pass_has_stood_and_not_as_it_comes(app, drive):
    """At an offer Pass is lit, not Buy: Enter, pressed to go on, spent a chip (pt63)."""
    from game.rules import telefunken as rules
    from scenes.telefunken_table import TelefunkenTable
    from tests.test_telefunken_table import CONFIG, OTHERS, position

    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    state = position([hand] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=0,
                     discard=("5S", "9S"), discarder=3, offer=[1, 2])
    table = TelefunkenTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.step()
    passing = table.widgets.lit()
    assert passing is not None and passing.label == "Pass"
    passing.quiet_until = table.time + 10  # as if it had only just appeared
    drive.key(pygame.K_RETURN)
    assert table.session.moves == []  # ignored, as a click then would be
    passing = table.widgets.lit()
    passing.quiet_until = table.time
    chips = table.state.chips[0]
    _enter(drive)
    assert table.session.moves == ["pass"] and table.state.chips[0] == chips


def test_enter_does_nothing_for_a_hand_under_the_cover(app, drive):
    from game.rules import telefunken as rules
    from scenes.telefunken_table import TelefunkenTable
    from tests.test_telefunken_table import OTHERS, position

    config = GameConfig("telefunken", (Seat("human"), Seat("human")) + (Seat("ai", "easy"),) * 2,
                        4, {})
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    state = position([hand] + OTHERS, phase="draw", first_turn=True)
    table = TelefunkenTable(app, config, Session(config, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    assert table.curtain and table.is_legal("take")
    _enter(drive)  # Draw is lit, but the person has not seen their cards
    assert table.session.moves == [] and table.curtain
    drive.lift_cover(table)
    lit = table.widgets.lit()
    assert lit is not None and lit.label == "Draw"  # (not Take upcard: the person's choice)
    lit.quiet_until = table.time
    _enter(drive)
    assert table.session.moves == ["draw"]


def test_enter_claims_when_chiu_alone_is_lit(app, drive):
    from game.rules import chan as rules
    from scenes.chan_table import ChanTable
    from tests.test_chan_rules import CHIU_3C, position
    from tests.test_chan_table import CONFIG

    data = position({0: CHIU_3C}, to_move=2, phase="respond", dealer=1, gates={1: ["9M"]},
                    live={"gate": 1, "card": "9M", "from": "discard"}, stock_top=["3C"])
    state = rules.play(rules.load(data), "draw")  # Seat 3 reveals 3C; you hold three
    assert "chiu 3C" in rules.legal_moves(state) and "u" not in rules.legal_moves(state)
    scene = ChanTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(scene, transition=None)
    drive.settle()
    lit = [w.label for w in scene.widgets.widgets if getattr(w, "primary", False) and w.enabled]
    assert lit == ["Chíu!"]
    _enter(drive)
    assert scene.session.moves[-1] == "chiu 3C"


def test_two_lit_buttons_leave_enter_to_nothing():
    from scenes.widgets import Button, WidgetGroup

    pressed = []
    one = Button((0, 0, 50, 30), "Ù!", lambda: pressed.append("u"), primary=True)
    two = Button((60, 0, 50, 30), "Chíu!", lambda: pressed.append("chiu"), primary=True)
    other = Button((120, 0, 50, 30), "Decline", lambda: pressed.append("no"))
    assert WidgetGroup([one, two, other]).lit() is None
    assert WidgetGroup([one, other]).lit() is one
    two.enabled = False  # a greyed lit one beside an enabled one: the enabled one
    assert WidgetGroup([one, two]).lit() is one
    one.enabled = False  # greyed and silent: nothing to press
    assert WidgetGroup([one, two, other]).lit() is None


def test_enter_draws_in_chan_when_drawing_is_all_there_is(app, drive):
    """Draw was the only button and Enter did nothing (pt61): it is lit then; where a card
    could be taken it is not (drawing would pass the card up and ban its face)."""
    import random

    from game.rules import chan as rules
    from scenes.chan_table import ChanTable

    seats = (Seat("human"),) + (Seat("ai", "easy"),) * 3
    found = {}
    for seed in range(40):
        rng = random.Random(seed)
        session = Session.new(GameConfig("chan", seats, seed, {}))
        while session.result is None and len(found) < 2:
            moves = rules.legal_moves(session.state)
            if rules.to_move(session.state) == 0 and "draw" in moves:
                kind = "only" if moves == ["draw"] else "choice"
                found.setdefault(kind, rules.dump(session.state))
            session.play(rng.choice([m for m in moves if m != "u" and not m.startswith("chiu")]
                                    or moves))
        if len(found) == 2:
            break
    config = GameConfig("chan", seats, 1, {})
    for kind, data in found.items():
        state = rules.load(data)
        table = ChanTable(app, config, Session(config, rules, state, state))
        app.scenes.reset(table, transition=None)
        drive.settle()
        lit = [w.label for w in table.widgets.widgets if getattr(w, "primary", False) and w.enabled]
        _enter(drive)
        if kind == "only":
            assert lit == ["Draw"] and table.session.moves[:1] == ["draw"]
        else:  # a card could be taken: Draw is not lit and Enter leaves the choice to you
            assert "Draw" not in lit and table.session.moves == []
    assert set(found) == {"only", "choice"}
