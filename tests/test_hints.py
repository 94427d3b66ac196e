"""Hint and move log for every kind of move of every game: no crash, always words.

Chắn's Hint used to read the first card of every move and closed the program on `draw`,
`pass`, `decline` and `u` (they have none): pressed through the real event loop here. Then,
for each game, one move of every kind met in seeded random playouts is shown as a hint on a
live table and described in the log.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.catalog import GameConfig, Seat
from game.session import Session, rules_module
from scenes.chan_table import ChanTable
from scenes.telefunken_table import TelefunkenTable
from scenes.zertz_table import ZertzTable
from scenes.zetema_table import ZetemaTable

AI = Seat("ai", "easy")
H = Seat("human")
TABLES = {"chan": (ChanTable, 4), "telefunken": (TelefunkenTable, 3),
          "zetema": (ZetemaTable, 3), "zertz": (ZertzTable, 2)}


def playout_until(config: GameConfig, want, seed: int, limit: int = 600):
    """Random moves from the start of ``config``'s game until ``want(legal)``; the moves."""
    rules = rules_module(config.game)
    session = Session.new(config)
    rng = random.Random(seed)
    while session.result is None and len(session.moves) < limit:
        legal = rules.legal_moves(session.state)
        if want(legal):
            return list(session.moves), rules.to_move(session.state)
        session.play(rng.choice(legal))
    return None, None


@pytest.mark.parametrize("only", ["draw", "pass"])
def test_chan_hint_for_a_move_without_cards_through_the_h_key(app, drive, only):
    probe = GameConfig("chan", (H, H, H, H), 4, {})
    for seed in range(20):
        moves, seat = playout_until(probe, lambda legal: legal == [only], seed)
        if moves is not None:
            break
    assert moves is not None, f"no position with only {only!r} to play"
    config = GameConfig("chan", tuple(H if s == seat else AI for s in range(4)), 4, {})
    session = Session.new(config)
    for move in moves:
        session.play(move)
    table = ChanTable(app, config, session)
    app.scenes.push(table, transition=None)
    drive.settle()
    assert table.mine and table.legal() == [only]
    drive.key(pygame.K_h)
    for _ in range(600):  # the hint is worked out away from the frame loop
        drive.step()
        if table.hint is not None:
            break
    assert table.hint is not None and table.hint[0] == only
    # (each names its button: the hint to pass did not, pt161)
    words = {"draw": "press Draw to leave it and reveal a stock card",
             "pass": "press Pass to leave it for the next seat"}
    assert any(words[only] in t.text for t in app.toasts), app.toasts
    if only == "draw":
        assert table.hint[1] == [table.stock_ent]  # the stock glows


def kinds_of_moves(game: str, seats: int, seeds: int = 3, limit: int = 500):
    """One (moves before, move) example of every kind of move met in seeded playouts, and
    every (move, log line) played."""
    config = GameConfig(game, (H,) * seats, 11, {})
    rules = rules_module(game)
    examples: dict[str, tuple[list[str], str]] = {}
    logged: list[tuple[str, str]] = []
    for seed in range(seeds):
        session = Session.new(config)
        rng = random.Random(seed)
        while session.result is None and len(session.moves) < limit:
            legal = rules.legal_moves(session.state)
            for move in legal:
                examples.setdefault(move.split()[0], (list(session.moves), move))
            session.play(rng.choice(legal))
        logged += list(zip(session.moves, session.log))
    return config, examples, logged


@pytest.mark.parametrize("game", list(TABLES))
def test_every_kind_of_move_has_a_hint_and_a_log_line(app, drive, game):
    cls, seats = TABLES[game]
    config, examples, logged = kinds_of_moves(game, seats)
    assert len(examples) >= 2
    for move, line in logged:  # (another seat's declined claim in Chắn is not told)
        assert isinstance(line, str) and (line.strip() or (game, move) == ("chan", "decline")), move
    for kind, (moves, move) in sorted(examples.items()):
        session = Session.new(config)
        for m in moves:
            session.play(m)
        table = cls(app, config, session)
        app.scenes.reset(table, transition=None)
        drive.settle()
        app.toasts.clear()
        ents = table.show_hint(move)
        texts = [t.text for t in app.toasts]
        if game == "zetema":  # (said at the top of the meld zone while the hint is shown,
            table.hint, table.curtain = (move, ents), False  # to the person at the screen)
            texts = [table.meld_prompt()]
        assert texts and texts[-1].startswith("Hint: ") and len(texts[-1]) > len("Hint: ."), (
            kind, move, texts)
        assert all(isinstance(e, int) for e in ents), (kind, move, ents)
        session.play(move)
        assert session.log[-1].strip() or (game, kind) == ("chan", "decline"), (kind, move)


def test_the_h_key_on_the_computers_turn_says_hints_come_on_yours(app, drive):
    from tests.test_telefunken_table import CONFIG as TELEFUNKEN
    from tests.test_telefunken_table import OTHERS, position

    rules = rules_module("telefunken")
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    state = position([hand, OTHERS[0], OTHERS[1], OTHERS[2] + ["QS"]], to_move=3)
    table = TelefunkenTable(app, TELEFUNKEN, Session(TELEFUNKEN, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.step(1)
    assert not table.rules.human_to_move()
    drive.key(pygame.K_h)
    assert app.toasts[-1].text == "Wait for your turn, then ask for a hint."
    assert not table.hint_pending
    # the greyed button says it too (a click on it said nothing, pt100)
    app.toasts.clear()
    button = table._hint_button()
    assert not button.enabled
    drive.click(button.rect.center)
    assert [t.text for t in app.toasts] == ["Wait for your turn, then ask for a hint."]
    assert not table.hint_pending
    # once the turn comes, the messages that said to wait for it go; others stay
    app.toast("Another message.", seconds=60)
    table.refuse("wait for your turn", None)
    assert {t.text for t in app.toasts} >= {"Wait for your turn, then ask for a hint.", "Wait for your turn."}
    for _ in range(600):
        drive.step(1)
        if table.rules.human_to_move() and not table.animating:
            break
    drive.step(1)
    assert table.rules.human_to_move()
    assert [t.text for t in app.toasts] == ["Another message."]


def test_the_hints_words_come_back_when_the_pause_menu_closes(app, drive):
    """The pause menu puts the table's messages away; after Resume the hint's glow stood
    alone, without its words (pt91). They are said again, with the glow."""
    config = GameConfig("zertz", (H, AI), 5, {})
    table = ZertzTable(app, config, Session.new(config))
    app.scenes.push(table, transition=None)
    drive.settle()
    drive.key(pygame.K_h)
    drive.step_until(lambda: table.hint is not None, 600)
    said = table._hint_toast.text
    assert said.startswith("Hint: ")
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    assert app.scenes.top is not table and said not in [t.text for t in app.toasts]
    drive.key(pygame.K_ESCAPE)   # Resume
    drive.settle()
    assert app.scenes.top is table and table.hint is not None
    assert said in [t.text for t in app.toasts]
