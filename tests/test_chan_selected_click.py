"""A chosen card of your hand at the Chắn table, offered a live card: clicked again it is let
go, with no word (a play-tester read "Tứ Văn and Lục Vạn make no Cạ", said on the second
click, as the refusal of a claim never made); put onto another card of the hand it says what
it can do at that moment (offered a live card, no discard is possible, so not "Drop a card on
your gate to discard it." but that this card takes the live card, or why it cannot)."""

from __future__ import annotations

import random

from game.catalog import GameConfig, Seat
from game.rules import chan as rules
from game.session import Session
from game.words import chan as words
from scenes.chan import prompts
from scenes.chan.table import ChanTable

SEATS = (Seat("human"),) + (Seat("ai", "easy"),) * 3


def played_until(wanted, seeds: int = 80) -> Session:
    """A deal played at random until ``wanted(state, legal moves, moves made)`` holds with
    the person (seat 0) to move."""
    for seed in range(seeds):
        rng = random.Random(seed)
        session = Session.new(GameConfig("chan", SEATS, seed, {}))
        while session.result is None:
            moves = rules.legal_moves(session.state)
            if rules.to_move(session.state) == 0 and wanted(session.state, moves,
                                                            len(session.moves)):
                return session
            session.play(rng.choice(moves))
    raise AssertionError("the position never came")


def offered_a_capture() -> Session:
    """A deal played at random until the person (seat 0) may take the live card as a Cạ
    (and holds a card of another rank that cannot take it)."""
    return played_until(lambda state, moves, made: made > 12 and "draw" in moves
                        and any(m.startswith("ca ") for m in moves), seeds=60)


def open_table(app, drive) -> ChanTable:
    session = offered_a_capture()
    table = ChanTable(app, session.config, session)
    app.scenes.reset(table, transition=None)
    drive.settle(1200)
    assert table.mine
    return table


def click_twice(drive, table: ChanTable, code: str) -> list[str]:
    ent = table.hand_entity(code)
    drive.click(table.grip(ent))
    assert table.drag.selected == ent
    drive.app.toasts.clear()
    drive.click(table.grip(ent))
    drive.settle()
    return [t.text for t in drive.app.toasts]


def onto_another(drive, table: ChanTable, code: str) -> str:
    """``code`` dragged onto another card of the hand; what the table says."""
    ent = table.hand_entity(code)
    other = next(e for c, e in table.sync.entities("hand") if c != code)
    drive.app.toasts.clear()
    drive.drag(table.grip(ent), table.grip(other))
    drive.settle()
    return drive.app.toasts[-1].text if drive.app.toasts else ""


def test_a_chosen_partner_clicked_again_is_let_go(app, drive):
    table = open_table(app, drive)
    partner = prompts.partner_of(next(m for m in table.legal() if m.startswith("ca ")))
    before = list(table.session.moves)
    assert click_twice(drive, table, partner) == []
    assert table.drag.selected is None and table.session.moves == before


def test_a_chosen_card_that_cannot_take_it_clicked_again_is_let_go_without_a_refusal(app, drive):
    table = open_table(app, drive)
    live = table.state.live.card
    other = next(c for c, _ in table.sync.entities("hand") if c[0] != live[0] and c != "CC")
    assert click_twice(drive, table, other) == []
    assert table.drag.selected is None


def test_a_partner_put_onto_another_card_says_it_takes_the_live_card(app, drive):
    table = open_table(app, drive)
    live = table.state.live.card
    partner = prompts.partner_of(next(m for m in table.legal() if m.startswith("ca ")))
    before = list(table.session.moves)
    assert onto_another(drive, table, partner) == (
        f"Your {words.card(partner)} takes {words.card(live)} as a Cạ: click the live card, "
        "or drag your card onto it.")
    assert table.session.moves == before


def test_a_card_that_cannot_take_it_put_onto_another_says_why(app, drive):
    table = open_table(app, drive)
    live = table.state.live.card
    other = next(c for c, _ in table.sync.entities("hand") if c[0] != live[0] and c != "CC")
    text = onto_another(drive, table, other)
    assert text == (f"{words.card(live)} and {words.card(other)} make no Cạ: a Cạ is two cards "
                    "of the same rank in different suits.")
    assert "discard" not in text


def test_the_live_card_chosen_then_a_card_that_takes_it_not_says_why(app, drive):
    """The live card chosen, a click on a card of the hand that makes no pair with it
    chose that card instead, without a word, where the same drop said why (pt78). It says
    why now, and the live card stays chosen: a click on the right partner takes it."""
    table = open_table(app, drive)
    live = table.live_entity()
    code = table.state.live.card
    wrong = next(e for c, e in table.sync.entities("hand")
                 if not table.is_legal(table._gesture_move(c)))
    right = next(e for c, e in table.sync.entities("hand")
                 if table.is_legal(table._gesture_move(c)))
    drive.click(drive.center_of(live))
    assert table.drag.selected == live
    app.toasts.clear()
    drive.click(table.grip(wrong))
    drive.settle()
    said = [t.text for t in app.toasts if t.error]
    assert said and words.card(code) in said[-1]  # (why this card takes no pair with it)
    assert table.drag.selected == live  # still chosen
    moves = len(table.session.moves)
    drive.click(table.grip(right))
    drive.settle()
    assert len(table.session.moves) > moves
    assert table.session.moves[moves].startswith(("ca ", "chan "))


def offered_nothing() -> Session:
    """A deal played at random until the person (seat 0) answers a live card that nothing
    of theirs can take (no capture, no Ù, no chíu: Draw or Pass only)."""
    return played_until(lambda state, moves, made: made > 8 and state.live is not None
                        and not prompts.captures(moves) and "u" not in moves
                        and not any(m.startswith("chiu ") for m in moves)
                        and any(m in ("draw", "pass") for m in moves))


def test_a_live_card_nothing_can_take_says_why_when_clicked_and_is_not_chosen(app, drive):
    """Clicked, it was chosen (outlined) without a word; the reason came only when a card
    of the hand was clicked next (pt132)."""
    session = offered_nothing()
    table = ChanTable(app, session.config, session)
    app.scenes.reset(table, transition=None)
    drive.settle(1200)
    assert table.mine
    live = table.live_entity()
    app.toasts.clear()
    drive.click(drive.center_of(live))
    drive.settle()
    assert table.drag.selected is None
    said = [t.text for t in app.toasts if t.error]
    assert said and words.card(table.state.live.card) in said[-1]
    assert said[-1] == table._live_hint()
