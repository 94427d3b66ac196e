"""Last-move marks come back after Undo and after Continue, through the real event loop: the
rebuilt table marks each seat's last turn from the session's moves, as it was marked live."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.ai.telefunken import EASY_KEEP
from game.rules import telefunken as rules
from game.session import Session
from scenes.menu import MainMenu
from scenes.telefunken_table import TelefunkenTable, perform
from tests.test_telefunken_table import CONFIG, OTHERS, position

HAND = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]


@pytest.fixture
def persisting(app):
    app.persist = True
    yield app
    i18n.set_language("en")


def table_of(app) -> TelefunkenTable:
    return next(s for s in reversed(app.scenes.stack) if isinstance(s, TelefunkenTable))


def shown_marks(table) -> dict[int, list[tuple]]:
    """Every seat's marks: what each outlines (cards by zone and code, or a place), its
    label, and its box on screen if drawn now (a buried discard is not)."""
    out = {}
    for seat, marks in table.marks.marks.items():
        found = []
        for mark in marks:
            what = tuple((table.sync.zone_of(e), table.sync.code_of(e)) for e in mark.entities)
            box = table.marks._box(mark)
            found.append((what, tuple(mark.rect or ()), mark.label,
                          tuple(box) if box is not None else None))
        if found:
            out[seat] = sorted(found, key=repr)
    return out


def play_until_my_turn_to_meld(app, drive) -> TelefunkenTable:
    """The three computer seats play their turns live (drawing, discarding, passing on every
    offer: with so few chips easy buys only a card that completes its contract, and none
    comes); the person passes every offer and draws from the stock."""
    state = position([HAND] + OTHERS, phase="draw", to_move=1, chips=[7] + [EASY_KEEP] * 3)
    table = TelefunkenTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    for _ in range(4000):
        drive.step()
        if not (table.rules.human_to_move() and table.mine and not table.animating):
            continue
        phase = table.state.phase
        if phase == "buy":
            perform(drive, table, "pass")
        elif phase == "draw":
            perform(drive, table, "draw")
        elif phase == "play":
            drive.settle()
            assert "buy" not in table.session.moves, table.session.moves
            return table
    raise AssertionError("the computer seats did not play their turns")


def test_undo_brings_back_every_seats_last_move_marks(persisting, drive):
    table = play_until_my_turn_to_meld(persisting, drive)
    before = shown_marks(table)
    # Seat 4's discard (the other seats' marks went when they passed on a buy offer)
    assert before[3][0][0] == (("discard", table.state.discard[-1]),), before
    meld = next(m for m in table.legal() if m.startswith("meld"))
    perform(drive, table, meld)
    drive.settle()
    assert table.state.melds and shown_marks(table) != before
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    drive.settle()
    undone = table_of(persisting)
    assert undone is not table and not undone.state.melds
    assert shown_marks(undone) == before
    moved_last = undone.session.last_turns()
    last_seat = max(moved_last, key=lambda s: moved_last[s][-1])
    assert undone.marks._last_seat == last_seat  # the turn in progress goes on, not anew


def test_continue_brings_back_every_seats_last_move_marks(persisting, drive):
    table = play_until_my_turn_to_meld(persisting, drive)
    before = shown_marks(table)
    assert before[3][0][0] == (("discard", table.state.discard[-1]),), before
    moves = list(table.session.moves)
    persisting.scenes.reset(MainMenu(persisting), transition=None)
    drive.settle()
    button = next(w for w in drive.scene.widgets.widgets if w.label == "Continue")
    drive.click(button.rect.center)
    drive.settle()
    resumed = table_of(persisting)
    assert resumed is not table and resumed.session.moves == moves
    assert shown_marks(resumed) == before


def test_the_marks_name_the_seats_in_the_new_language(persisting, drive):
    table = play_until_my_turn_to_meld(persisting, drive)
    labels = {m.label for marks in table.marks.marks.values() for m in marks}
    assert "Seat 2" in labels or "Seat 3" in labels or "Seat 4" in labels
    i18n.set_language("vi")
    for scene in persisting.scenes.stack:
        getattr(scene, "language_changed", lambda: None)()
    drive.step(2)
    labels = {m.label for marks in table.marks.marks.values() for m in marks}
    assert labels and not any(label.startswith("Seat") for label in labels), labels
    assert any(label.startswith("Ghế") for label in labels), labels


def test_under_the_pause_menu_the_marks_change_language_at_once(persisting, drive):
    """The language changed in the pause menu's Settings: the tags behind the menu kept the
    old language until Resume (the table runs no frame under the menu)."""
    from scenes.pause import PauseMenu

    table = play_until_my_turn_to_meld(persisting, drive)
    persisting.scenes.push(PauseMenu(persisting, table), transition=None)
    i18n.set_language("vi")
    for scene in persisting.scenes.stack:
        getattr(scene, "language_changed", lambda: None)()
    labels = {m.label for marks in table.marks.marks.values() for m in marks}
    assert labels and any(label.startswith("Ghế") for label in labels), labels
    assert not any(label.startswith("Seat") for label in labels), labels


def boxes(table) -> dict[int, list[tuple]]:
    """Every seat's marks as seen: the label and the box drawn on screen."""
    out = {}
    for seat, marks in table.marks.marks.items():
        found = sorted((m.label, tuple(b) if (b := table.marks._box(m)) is not None else None)
                       for m in marks)
        if found:
            out[seat] = found
    return out


@pytest.mark.parametrize("game,options", [("zetema", {}), ("zertz", {"first": 1})])
def test_continue_brings_back_the_marks_of_zetema_and_zertz(persisting, drive, game, options):
    """The computer moves first; its marks (discard or meld; ring placed on, rings gone)
    stand after the menu's Continue exactly where they stood."""
    import importlib

    from game.catalog import GameConfig, Seat

    config = GameConfig(game, (Seat("human"), Seat("ai", "easy")), 11, options)
    module = importlib.import_module(f"scenes.{game}_table")
    table = module.new_scene(persisting, config)
    persisting.scenes.reset(table, transition=None)
    for _ in range(4000):
        drive.step()
        if table.rules.human_to_move() and not table.animating:
            if 1 in table.session.last_turns():
                break
            module.perform(drive, table, sorted(table.legal())[0])  # the person goes first
    drive.settle()
    drive.move((5, 5))  # no card lifted under the pointer
    drive.step(120)
    before = boxes(table)
    assert before.get(1), before  # the computer's last move is marked
    persisting.scenes.reset(MainMenu(persisting), transition=None)
    drive.settle()
    button = next(w for w in drive.scene.widgets.widgets if w.label == "Continue")
    drive.click(button.rect.center)
    drive.settle()
    resumed = next(s for s in reversed(persisting.scenes.stack) if type(s) is type(table))
    drive.move((5, 5))  # the card under the Continue button sinks back
    drive.step(120)
    assert resumed is not table
    assert boxes(resumed) == before


def test_a_bought_card_melded_in_the_same_turn_is_rebuilt_without_a_crash(app):
    """The person bought the discard, then melded it and discarded in the same turn: the
    rebuilt table (Undo, Continue) replays the purchase while the card is no longer in the
    hand (found by the monkey: a KeyError in ``mark_move``)."""
    import random

    from game.ai import telefunken as telefunken_ai
    from game.catalog import GameConfig

    for seed in range(1, 20):
        config = GameConfig("telefunken", CONFIG.seats, seed, {})
        session = Session.new(config)
        rng = random.Random(seed)
        for _ in range(400):
            state = session.state
            seat = rules.to_move(state)
            if seat is None:
                break
            legal = rules.legal_moves(state)
            buy = seat == 0 and "buy" in legal and rng.random() < 0.7
            session.play("buy" if buy else telefunken_ai.choose(rules.view(state, seat), legal,
                                                                "easy", rng))
            run = session.last_turns().get(0, [])
            bought = [session.befores[i].discard[-1] for i in run if session.moves[i] == "buy"]
            if bought and rules.to_move(session.state) != 0 and (
                    bought[0] not in session.state.hands[0]):
                table = TelefunkenTable(app, config, session)
                app.scenes.push(table, transition=None)  # builds the table, marks restored
                marks = table.marks.marks.get(0, [])
                assert marks, "the person's last turn (its melds, its discard) is marked"
                return
    raise AssertionError("no seeded game had the person meld a card bought in the same turn")
