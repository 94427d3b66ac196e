"""Play-testing at the Chắn table (session 20): the stock card that wins your hand, dragged
onto the card of your hand it pairs with, was refused with "it can only win on a stock
card" (it is one): the gesture now wins, where Ù is legal and only there; a refusal's
sentence lacked a verb ("a Chắn needs another Bát Vạn, a Cạ a Bát of another suit"); and
the prompt named the seat whose move was landing ("Seat 3 to play…") while the panels lit
the next one ("thinking.." in Seat 4's)."""

from __future__ import annotations

import random

import pytest

from game.catalog import GameConfig, Seat
from game.rules import chan as rules
from game.rules.chan.cards import is_pair
from game.session import Session
from game.words.chan import card, rank
from scenes.chan import panels, prompts
from scenes.chan import words as table_words
from scenes.chan.table import ChanTable
from tests.test_chan_ui import computers_to_play

SEATS = (Seat("human"),) + (Seat("ai", "easy"),) * 3


def played(seed: int, wanted) -> Session:
    """The deal of ``seed`` played at random (the computers winning when they can) until the
    person (seat 0) faces a position ``wanted(state, legal)`` accepts."""
    rng = random.Random(seed)
    session = Session.new(GameConfig("chan", SEATS, seed, {}))
    while session.result is None:
        state = session.state
        moves = rules.legal_moves(state)
        if rules.to_move(state) == 0 and wanted(state, moves):
            return session
        session.play("u" if "u" in moves and rules.to_move(state) != 0 else rng.choice(moves))
    raise AssertionError("the position never came")


def wins_on(phase: str, captures: bool):
    """The person may win (Ù) on the live stock card in ``phase``; with ``captures``, a
    capture of it is legal too, else none is."""
    def wanted(state, moves) -> bool:
        return ("u" in moves and state.live is not None and state.phase == phase
                and bool(prompts.captures(moves)) == captures
                and any(is_pair(state.live.card, c) for c in state.hands[0]))
    return wanted


def open_at(app, drive, session: Session) -> ChanTable:
    table = ChanTable(app, session.config, session)
    app.scenes.reset(table, transition=None)
    drive.settle(1200)
    assert table.mine
    return table


def partner(table: ChanTable) -> tuple[str, int]:
    """A card of your hand that pairs with the live card, and its entity."""
    live = table.state.live.card
    return next((c, e) for c, e in table.sync.entities("hand") if is_pair(live, c))


def gesture(drive, table: ChanTable, ent: int, by: str) -> None:
    live = table.live_entity()
    if by == "drag":
        drive.drag(drive.center_of(live), table.grip(ent), steps=6)
    elif by == "drag back":  # your card put onto the live card
        drive.drag(table.grip(ent), drive.center_of(live), steps=6)
    else:
        drive.click(drive.center_of(live))
        drive.click(table.grip(ent))
    drive.settle()


# -- the card that wins your hand, taken with its partner: the win ---------------------------

@pytest.mark.parametrize("by", ["drag", "drag back", "click"])
def test_the_stock_card_that_wins_taken_with_its_partner_wins(app, drive, by):
    """As in the play-test: Ngũ Vạn revealed into your own gate wins your hand; dragged onto
    your Ngũ Văn it was refused ("your hand waits for one last card: ... it can only win on
    a stock card"). Every gesture that takes it with that card declares Ù."""
    session = played(12, wins_on("revealed", captures=False))
    table = open_at(app, drive, session)
    live = table.state.live
    assert live.source == "stock" and live.gate == 0  # (your own reveal, as in the report)
    code, ent = partner(table)
    assert not table.is_legal(f"ca {live.card} {code}")  # the capture itself is not legal
    moves = list(table.session.moves)
    gesture(drive, table, ent, by)
    assert table.session.moves == moves + ["u"]
    assert rules.result(table.state)["winner"] == 0


def test_a_win_offered_on_another_seats_card_is_taken_the_same_way(app, drive):
    """Offered a win on a card another seat revealed (the claim phase): dragging it onto its
    partner declares Ù (it answered "answer with Ù!, Chíu! or Decline")."""
    session = played(9, wins_on("claim", captures=False))
    table = open_at(app, drive, session)
    assert table.state.live.gate != 0
    moves = list(table.session.moves)
    gesture(drive, table, partner(table)[1], "drag")
    assert table.session.moves == moves + ["u"]
    assert rules.result(table.state)["winner"] == 0


def test_other_gestures_with_the_winning_card_say_press_u(app, drive):
    """The winning card put on a card it does not pair with, or on nothing, or a card of
    your hand clicked twice: no move, and the words say plainly that it wins (not that the
    card is not a stock card, nor that the cards make no Cạ)."""
    session = played(12, wins_on("revealed", captures=False))
    table = open_at(app, drive, session)
    face = table.state.live.card
    says = f"{card(face)} wins your hand: press Ù! (or U)."
    assert table_words.wins_hand(face) == says
    moves = list(table.session.moves)
    other, ent = next((c, e) for c, e in table.sync.entities("hand") if not is_pair(face, c))
    drive.drag(drive.center_of(table.live_entity()), table.grip(ent), steps=6)
    drive.settle()
    assert table.session.moves == moves and app.toasts[-1].text == says
    app.toasts.clear()
    drive.drag(drive.center_of(table.live_entity()), table.layout["stock"].rect.center, steps=6)
    drive.settle()
    assert table.session.moves == moves and app.toasts[-1].text == says
    assert prompts.why(table.state, f"ca {face} {partner(table)[0]}") == says
    assert table._hand_card_hint(partner(table)[0]) == says
    assert rules.result(table.state) is None


def test_a_capture_offered_beside_the_win_is_still_made_by_its_drag(app, drive):
    """Where the rules allow both the win and a capture of the card, the drag the prompt
    describes ("Take Tam Văn with your Tam Văn as a Chắn: drag it onto that card") makes the
    capture, as the prompt says; Ù is its button (the capture stays within reach)."""
    session = played(11, wins_on("revealed", captures=True))
    table = open_at(app, drive, session)
    capture = prompts.captures(table.legal())[0]
    prompt = table.prompt_text()
    assert "press Ù!" in prompt and "drag it onto" in prompt
    moves = list(table.session.moves)
    gesture(drive, table, table.hand_entity(prompts.partner_of(capture)), "drag")
    assert table.session.moves == moves + [capture]


def test_no_win_where_u_is_not_legal(app, drive):
    """A hand waiting for one last card, a stock card of its odd rank that does not make it
    win (Ù not legal): the gesture wins nothing; the refusal names why (it said "it can only
    win on a stock card" of a stock card)."""
    def wanted(state, moves) -> bool:
        live = state.live
        return (live is not None and live.source == "stock" and "u" not in moves
                and state.phase == "revealed" and not prompts.captures(moves)
                and any(is_pair(live.card, c) and "waits" in prompts.why(
                    state, f"ca {live.card} {c}") for c in state.hands[0]))

    session = played(129, wanted)
    table = open_at(app, drive, session)
    face = table.state.live.card
    code, ent = next((c, e) for c, e in table.sync.entities("hand") if is_pair(face, c))
    moves = list(table.session.moves)
    gesture(drive, table, ent, "drag")
    assert table.session.moves == moves and rules.result(table.state) is None
    assert app.toasts[-1].text == (
        f"Your hand waits for one last card: it may not take a Cạ, and {card(face)} does not "
        "complete it.")
    assert not table.is_legal("u") and "u" not in table.move_buttons


def test_a_waiting_hand_offered_a_discard_says_only_a_stock_card_wins():
    """Offered a discard, the waiting hand's old reason stands (it is true there)."""
    def wanted(state, moves) -> bool:
        live = state.live
        return (live is not None and live.source == "discard" and any(
            is_pair(live.card, c) and "waits" in prompts.why(state, f"ca {live.card} {c}")
            for c in state.hands[0]))

    state = played(11, wanted).state
    c = next(c for c in state.hands[0] if is_pair(state.live.card, c))
    assert prompts.why(state, f"ca {state.live.card} {c}") == (
        "Your hand waits for one last card: it may not take a Cạ, it can only win on a stock "
        "card.")


# -- a whole sentence ------------------------------------------------------------------------

def test_nothing_pairs_with_the_live_card_in_a_whole_sentence():
    """"a Chắn needs another Bát Vạn, a Cạ a Bát of another suit": the second clause had
    no verb."""
    def wanted(state, moves) -> bool:
        live = state.live
        return (live is not None and live.card != "CC"
                and not any(c != "CC" and c[0] == live.card[0] for c in state.hands[0]))

    state = played(0, wanted).state
    face = state.live.card
    assert prompts.why_not_take(state) == (
        f"Nothing in your hand pairs with it: a Chắn needs another {card(face)}, and a Cạ "
        f"needs a {rank(face)} of another suit.")
    assert f"and a Cạ needs a {rank(face)}" in prompts.prompt(state, rules.legal_moves(state))


# -- the prompt and the panels name the same seat --------------------------------------------

def test_the_prompt_and_the_lit_panel_name_the_same_seat(app, drive, monkeypatch):
    """Frame by frame while the computers play: the seat the prompt names ("Seat 3 to
    play…") is the one whose panel is lit (it lit the next seat, "thinking..", while Seat
    3's discard was still on its way)."""
    table = computers_to_play(app, drive)
    frame: list[tuple[str, bool, int]] = []
    real = panels.seat_panel

    def spy(surface, rect, name, level, count, dealer, active, thinking=0, **more):
        frame.append((name, active, thinking))
        return real(surface, rect, name, level, count, dealer, active, thinking, **more)

    monkeypatch.setattr(panels, "seat_panel", spy)
    landing_seen = after = 0
    for _ in range(400):
        frame.clear()
        drive.step()
        if table.rules.human_to_move() and not table.animating:
            break
        after += bool(landing_seen and table.landing_seat() is None)
        if after > 20:  # (a move landed, and the next seat's turn showed a while)
            break
        text = table.prompt_text()
        lit = [name for name, active, _thinking in frame if active]
        thinking = [name for name, _active, dots in frame if dots]
        named = [table.seat_name(s) for s in range(4)
                 if text == table_words.to_play(table.seat_name(s))]
        assert len(frame) == 4 and len(named) == 1, (text, frame)
        assert lit == named and set(thinking) <= set(named), (text, frame)
        landing = table.landing_seat()
        if landing is not None and landing != table.state.seat:
            landing_seen += 1
    assert landing_seen  # (frames of a computer's move landing, the next seat to move)


def test_a_refusal_goes_once_you_have_won(app, drive):
    """A wrong gesture first ("… wins your hand: press Ù!"), then the right one: the win's
    banner stood under the refusal still saying "press Ù!"."""
    session = played(12, wins_on("revealed", captures=False))
    table = open_at(app, drive, session)
    face = table.state.live.card
    other = next(e for c, e in table.sync.entities("hand") if not is_pair(face, c))
    gesture(drive, table, other, "drag")
    says = table_words.wins_hand(face)
    assert [t.text for t in app.toasts] == [says]
    drive.drag(drive.center_of(table.live_entity()), table.grip(partner(table)[1]), steps=6)
    drive.step(5)  # (the refusal's seconds are not over: it went with the win)
    assert table.session.moves[-1] == "u" and table.banner is not None
    assert says not in [t.text for t in app.toasts]
