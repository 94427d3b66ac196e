"""Undo right after your own chíu at the Chắn table: the button is grey (the chíu showed
three cards of your hand: nothing can be taken back), and Ctrl+Z says so in those words."""

from __future__ import annotations

import random

import pygame

from game.catalog import GameConfig, Seat
from game.rules import chan as rules
from game.session import Session
from scenes.chan.table import ChanTable
from scenes.widgets import Button

SEATS = (Seat("human"),) + (Seat("ai", "easy"),) * 3


def before_your_chiu(phase: str) -> Session:
    """A deal played at random (no chíu, no Ù) until the person may chíu in ``phase``."""
    for seed in range(80):
        rng = random.Random(seed)
        session = Session.new(GameConfig("chan", SEATS, seed, {}))
        while session.result is None:
            moves = rules.legal_moves(session.state)
            if rules.to_move(session.state) == 0 and any(m.startswith("chiu") for m in moves):
                if session.state.phase == phase:
                    return session
                break
            session.play(rng.choice([m for m in moves if not m.startswith("chiu") and m != "u"]
                                    or moves))
    raise AssertionError("the position never came")


def undo_button(table: ChanTable) -> Button:
    return next(w for w in table.widgets.widgets
                if isinstance(w, Button) and w.on_click == table.undo)


def test_after_your_chiu_undo_is_grey_and_names_the_chiu(app, drive):
    for phase in ("respond", "claim"):  # on your turn, and out of turn
        session = before_your_chiu(phase)
        table = ChanTable(app, session.config, session)
        app.scenes.reset(table, transition=None)
        drive.settle(1200)
        assert table.mine
        table.move_buttons["chiu"].on_click()
        drive.settle()
        drive.step(2)
        assert table.session.moves[-1].startswith("chiu ") and table.state.phase == "discard"
        assert not undo_button(table).enabled
        app.toasts.clear()
        drive.key(pygame.K_z, pygame.KMOD_CTRL)
        assert [t.text for t in app.toasts] == [
            "Nothing to undo: a chíu shows three cards of your hand to everyone, so it cannot "
            "be taken back."]
        assert table.session.moves[-1].startswith("chiu ")  # nothing was taken back


def test_undo_never_takes_back_a_computer_leaving_a_card():
    """After your chíu your discard goes to the gate of the seat you took from; that seat
    leaving it told what its hand does not want, and Undo took back the discard and the
    answer, so another discard could be tried (pt61). So after a claim you declined."""
    cases = {"chiu": 0, "decline": 0}
    for seed in range(70):
        rng = random.Random(seed)
        session = Session.new(GameConfig("chan", SEATS, seed, {}))
        person_moved = False
        while session.result is None:
            moves = rules.legal_moves(session.state)
            seat = rules.to_move(session.state)
            move = rng.choice([m for m in moves if m != "u"] or moves)
            if person_moved and seat != 0 and move == "pass":
                kind = "chiu" if session.moves[-2].startswith("chiu") else "decline"
                undoable = session.can_undo()
                session.play(move)
                assert undoable and not session.can_undo(), (seed, session.moves[-3:])
                cases[kind] += 1
                break
            session.play(move)
            person_moved = seat == 0 and session.can_undo()
    assert cases["chiu"] >= 1 and cases["decline"] >= 1, cases


def test_undo_after_a_computer_left_a_card_says_so(app, drive):
    """Ctrl+Z there said "cards have been drawn or shown since your last move", which was
    not so (pt65)."""
    from game.words.chan import card

    for seed in range(70):
        rng = random.Random(seed)
        session = Session.new(GameConfig("chan", SEATS, seed, {}))
        person_moved = found = False
        while session.result is None and not found:
            moves = rules.legal_moves(session.state)
            seat = rules.to_move(session.state)
            move = rng.choice([m for m in moves if m != "u"] or moves)
            found = person_moved and seat != 0 and move == "pass"
            left = session.state.live.card if found else None
            session.play(move)
            person_moved = seat == 0 and session.can_undo()
        if found and rules.to_move(session.state) == 0:
            break
    assert found
    table = ChanTable(app, session.config, session)
    app.scenes.reset(table, transition=None)
    drive.settle(1200)
    app.toasts.clear()
    drive.key(pygame.K_z, pygame.KMOD_CTRL)
    name = f"Seat {seat + 1}"
    assert [t.text for t in app.toasts] == [
        f"Nothing to undo: {name} left {card(left)} for the next seat, which tells something "
        "of its hand, so it cannot be taken back."]
