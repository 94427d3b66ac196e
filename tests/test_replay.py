"""Replay opened from the results screen: its controls, and Close going back to the results."""

from __future__ import annotations

import random

import pygame

from game.ai import zertz as zertz_ai
from game.catalog import GameConfig, Seat
from game.session import Session
from scenes.menu import MainMenu
from scenes.results import ResultsOverlay
from scenes.zertz_table import ZertzTable

VS_AI = GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 21, {"first": 0})


def finish_a_game(app, drive) -> ResultsOverlay:
    """A real game (easy against easy, seeded), then its table shows the results."""
    session = Session.new(VS_AI)
    rng = random.Random(5)
    while session.to_move is not None:
        view, legal = session.hint_inputs()
        session.play(zertz_ai.choose(view, legal, "easy", rng))
    app.scenes.reset(MainMenu(app), transition=None)
    table = ZertzTable(app, VS_AI, session)
    app.scenes.push(table, transition=None)
    table.show_result()
    drive.settle()
    assert isinstance(drive.scene, ResultsOverlay)
    return drive.scene


def session_moves(app) -> list[str]:
    return list(app.scenes.stack[1].session.moves)


def button(widgets, prefix):
    return next(w for w in widgets if w.label.startswith(prefix))


def test_close_replay_goes_back_to_the_results(app, drive):
    overlay = finish_a_game(app, drive)
    drive.click(button(overlay.widgets.widgets, "Replay").rect.center)
    drive.settle()
    replay = drive.scene
    assert isinstance(replay, ZertzTable) and replay.replay == session_moves(app)
    controls = replay.replay_controls.widgets.widgets
    nxt, close = button(controls, "Next"), button(controls, "Close")
    assert nxt.enabled and nxt.primary and not close.primary
    assert not button(controls, "◀ Back").enabled  # nothing before move 0
    drive.key(pygame.K_END)
    drive.settle()
    controls = drive.scene.replay_controls.widgets.widgets
    nxt, close = button(controls, "Next"), button(controls, "Close")
    assert not nxt.enabled and not nxt.primary and close.primary
    drive.click(close.rect.center)
    drive.settle()
    assert drive.scene is overlay
    assert isinstance(app.scenes.stack[0], MainMenu)
