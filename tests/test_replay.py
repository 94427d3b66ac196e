"""Replay opened from the results screen: its controls, and Close going back to the results."""

from __future__ import annotations

import random

import pygame
import pytest

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
    drive.step(4)  # the results: made, laid out, drawn off screen, opened (a frame each)
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


def test_the_replay_bar_reads_from_the_right_in_persian(app, drive):
    from game import i18n

    overlay = finish_a_game(app, drive)
    drive.click(button(overlay.widgets.widgets, "Replay").rect.center)
    drive.settle()
    area = drive.scene.replay_rect()
    english = [w.rect.copy() for w in drive.scene.replay_controls.widgets.widgets]
    i18n.set_language("fa")
    try:
        drive.scene.language_changed()
        drive.step(2)  # the table follows the language at its next frame
        controls = drive.scene.replay_controls
        start, back, nxt, end, play, close = controls.widgets.widgets
        assert start.label == "آغاز"  # Persian words, without the English arrows
        for en, fa in zip(english, controls.widgets.widgets):  # each button mirrored
            assert fa.rect.y == en.y and fa.rect.x == area.x + area.right - en.right
        assert start.rect.x > back.rect.x and nxt.rect.x > end.rect.x  # Start, Next on the right
        drive.key(pygame.K_LEFT)  # reading from the right, Left steps forwards
        drive.settle()
        assert len(drive.scene.session.moves) == 1
        drive.key(pygame.K_RIGHT)
        drive.settle()
        assert drive.scene.session.moves == []
    finally:
        i18n.set_language("en")


def test_quick_clicks_on_next_each_count(app, drive):
    """Three quick clicks on Next moved one step: a click while a move still flew was lost."""
    overlay = finish_a_game(app, drive)
    drive.click(button(overlay.widgets.widgets, "Replay").rect.center)
    drive.settle()
    replay = drive.scene
    app.settings.animation = "normal"
    nxt = button(replay.replay_controls.widgets.widgets, "Next")
    for _ in range(3):
        drive.click(nxt.rect.center)
        drive.step(2)  # the move is still on its way
    assert len(replay.session.moves) == 3
    drive.settle()
    assert replay.session.moves == replay.replay[:3]


def test_a_replay_step_is_told_in_the_log_at_once(app, drive):
    """"Move 4 of 33" stood over a log of three moves for the second the step's animation
    took: in a replay the log tells the step with the counter."""
    overlay = finish_a_game(app, drive)
    drive.click(button(overlay.widgets.widgets, "Replay").rect.center)
    drive.settle()
    replay = drive.scene
    for step in range(1, 4):
        drive.click(button(replay.replay_controls.widgets.widgets, "Next").rect.center)
        drive.step(2)
        assert replay.animating
        width = replay.log_rect().width - 28
        replay._wrapped_log = None
        told = [line for line in replay._log_lines(width) if line[:1].isdigit()]
        assert len(told) == step


def test_esc_closes_the_replay_as_its_close_button_does(app, drive):
    """Play-test: Esc in a replay opened the pause menu (Restart among its buttons) over the
    finished game's replay; only the Close button went back to the results."""
    overlay = finish_a_game(app, drive)
    drive.click(button(overlay.widgets.widgets, "Replay").rect.center)
    drive.settle()
    assert isinstance(drive.scene, ZertzTable) and drive.scene.replay is not None
    drive.key(pygame.K_RIGHT)  # a step, still landing when Esc comes
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    assert drive.scene is overlay
    assert len(app.scenes.stack) == 3  # menu, the finished table, its results: no pause menu


def test_enter_presses_the_lit_button_of_the_replay(app, drive):
    """Enter did nothing in a replay though one button was gold (pt77): it presses Next,
    and at the end Close replay, as on a table."""
    overlay = finish_a_game(app, drive)
    drive.click(button(overlay.widgets.widgets, "Replay").rect.center)
    drive.settle()
    replay = drive.scene
    assert len(replay.session.moves) == 0
    drive.key(pygame.K_RETURN)
    drive.settle()
    assert len(drive.scene.session.moves) == 1
    drive.key(pygame.K_KP_ENTER)
    drive.settle()
    assert len(drive.scene.session.moves) == 2
    drive.key(pygame.K_END)
    drive.settle()
    drive.key(pygame.K_RETURN)
    drive.settle()
    assert drive.scene is overlay


def test_the_results_uncovered_light_only_the_button_under_the_pointer(app, drive):
    """After Close replay the Replay button kept the hover of the click that opened the
    replay (the pointer long gone) while Enter pressed Play again (pt77, pt81)."""
    overlay = finish_a_game(app, drive)
    replay_button = button(overlay.widgets.widgets, "Replay")
    drive.click(replay_button.rect.center)
    drive.settle()
    drive.move((5, 5))  # away, over the replay
    drive.key(pygame.K_END)
    drive.settle()
    drive.key(pygame.K_RETURN)  # Close replay
    drive.settle()
    assert drive.scene is overlay
    assert not any(w.hovered for w in overlay.widgets.widgets)


def test_play_makes_the_moves_by_itself_to_the_end(app, drive):
    """Play (a replay had only steps by hand): each move once the one before has landed and
    stood a moment, to the end of the game, where Play greys and Close is the lit button."""
    from scenes.replay import PLAY_PAUSE_LEAST

    app.settings.animation = "instant"
    overlay = finish_a_game(app, drive)
    played = session_moves(app)
    drive.click(button(overlay.widgets.widgets, "Replay").rect.center)
    drive.settle()
    replay = drive.scene
    play = button(replay.replay_controls.widgets.widgets, "Play")
    drive.click(play.rect.center)
    assert play.label == "Pause" and replay.replay_controls.playing
    drive.wait(PLAY_PAUSE_LEAST - 0.1)  # (instant animation: the pause alone)
    assert replay.session.moves == []
    drive.wait(0.15)
    assert len(replay.session.moves) == 1
    assert drive.step_until(lambda: len(replay.session.moves) == len(played), 60 * 60)
    drive.settle()
    assert drive.scene is replay and replay.session.moves == played
    controls = replay.replay_controls
    play, close = controls.widgets.widgets[-2:]
    assert not controls.playing and not play.enabled and play.label.startswith("Play")
    assert close.primary


def test_pause_p_and_a_step_back_stop_the_play(app, drive):
    """Pause (or P) stops the play where it is; P plays on; the play follows the table into
    another language; a step back stops it (the table is rebuilt at the earlier move)."""
    from game import i18n

    app.settings.animation = "instant"
    overlay = finish_a_game(app, drive)
    drive.click(button(overlay.widgets.widgets, "Replay").rect.center)
    drive.settle()
    drive.key(pygame.K_p)
    drive.wait(1.5)
    replay = drive.scene
    made = len(replay.session.moves)
    assert made >= 2
    drive.click(button(replay.replay_controls.widgets.widgets, "Pause").rect.center)
    drive.wait(1.0)
    assert len(replay.session.moves) == made and not replay.replay_controls.playing
    drive.key(pygame.K_p)
    i18n.set_language("fa")
    try:
        replay.language_changed()
        drive.step(2)
        assert replay.replay_controls.playing  # the bar made anew in Persian plays on
        assert replay.replay_controls.play_button.label != "Play ▶"
    finally:
        i18n.set_language("en")
    drive.wait(1.5)
    assert len(replay.session.moves) > made
    drive.key(pygame.K_LEFT)
    drive.settle()
    back = drive.scene
    assert back is not replay and not back.replay_controls.playing
    at = len(back.session.moves)
    drive.wait(1.0)
    assert len(back.session.moves) == at


@pytest.mark.parametrize("game", ["zetema", "telefunken"])
def test_a_deals_end_stays_on_the_table_for_a_step_of_its_own(app, drive, game):
    """The step that ended a deal showed the next deal at once: the last discard, the hand
    that went out, never seen (pt104). The deal's last table stays for a step of its own;
    the next step deals the next deal (no move), the one after plays on; Play does the same."""
    import importlib

    from scenes.replay import start_replay

    app.settings.animation = "instant"
    ai = importlib.import_module(f"game.ai.{game}")
    table_cls = {"zetema": "ZetemaTable", "telefunken": "TelefunkenTable"}[game]
    table_cls = getattr(importlib.import_module(f"scenes.{game}_table"), table_cls)
    config = GameConfig(game, (Seat("human"),) + (Seat("ai", "easy"),) * 2, 3)
    session, rng = Session.new(config), random.Random(1)
    while session.state.deal == 1:
        view, legal = session.hint_inputs()
        session.play(ai.choose(view, legal, "easy", rng))
    last = len(session.moves) - 1  # the move that ended deal 1
    for _ in range(3):
        view, legal = session.hint_inputs()
        session.play(ai.choose(view, legal, "easy", rng))
    app.scenes.reset(MainMenu(app), transition=None)
    start_replay(app, table_cls, config, list(session.moves), at=last)
    drive.settle()
    table = drive.scene
    controls = table.replay_controls
    nxt = button(controls.widgets.widgets, "Next")
    drive.click(nxt.rect.center)  # (the bar's own button, as a person clicks it)
    drive.settle()
    assert controls.position == last + 1 and table.ended_deal is not None
    assert table.state.deal == 1 and table.rules.state.deal == 2  # deal 1 as it ended
    if game == "zetema":  # (it said only "Replay", pt105)
        assert table.meld_prompt() == "Deal 1 is over"
    drive.click(nxt.rect.center)  # (it stood stuck here: the table swallowed the click, pt105)
    drive.settle()
    assert controls.position == last + 1 and table.ended_deal is None
    assert table.state.deal == 2
    drive.key(pygame.K_RIGHT)
    drive.settle()
    assert controls.position == last + 2
    drive.key(pygame.K_LEFT)  # back over the deal's end and forwards again by keys
    drive.key(pygame.K_LEFT)
    drive.settle()
    table = drive.scene
    assert table.replay_controls.position == last
    drive.key(pygame.K_RIGHT)
    drive.settle()
    assert table.ended_deal is not None
    drive.key(pygame.K_RIGHT)
    drive.settle()
    assert table.ended_deal is None and table.replay_controls.position == last + 1
    controls = table.replay_controls
    controls._jump(last)  # and by Play: the deal's end, the next deal, the move after
    drive.settle()
    table = drive.scene
    drive.key(pygame.K_p)
    assert drive.step_until(lambda: table.replay_controls.position == last + 1, 120)
    drive.settle()
    assert table.ended_deal is not None
    assert drive.step_until(lambda: table.ended_deal is None, 120)
    assert table.replay_controls.position == last + 1
    assert drive.step_until(lambda: table.replay_controls.position == last + 2, 120)


@pytest.mark.parametrize("lang", ["en", "fa", "vi"])
def test_the_replay_buttons_words_keep_clear_of_their_edges(app, drive, lang):
    """"بستن بازپخش" nearly touched its button's edges (pt104): every label of the bar
    keeps 8 px at least on either side."""
    from game import i18n
    from scenes import theme

    overlay = finish_a_game(app, drive)
    drive.click(button(overlay.widgets.widgets, "Replay").rect.center)
    drive.settle()
    i18n.set_language(lang)
    try:
        drive.scene.language_changed()
        drive.step(2)
        for widget in drive.scene.replay_controls.widgets.widgets:
            assert theme.text_width(widget.label, widget.size, "bold") <= (
                widget.rect.width - 16), (widget.label, widget.size, widget.rect)
    finally:
        i18n.set_language("en")
