"""Undo, Continue, replay and statistics driven through the real UI with posted events."""

from __future__ import annotations

import json

import pygame
import pytest

from game.catalog import GameConfig, Seat
from game.layout import load_layout
from game.rules import zertz as rules
from game.saves import autosave_path, has_autosave, write_autosave
from game.session import Session
from game.stats import load_stats, record_game
from scenes.menu import MainMenu
from scenes.results import ResultsOverlay
from scenes.stats import StatsScene
from scenes.zertz_table import ZertzTable

MENU = load_layout("menu")
VS_AI = GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 21, {"first": 0})


@pytest.fixture
def persisting(app):
    app.persist = True
    return app


def start(app, drive, config=VS_AI, session=None):
    table = ZertzTable(app, config, session)
    app.scenes.push(table, transition=None)
    drive.settle()
    return table


def place(drive, table, ring):
    seat = table.state.seat
    drive.drag(drive.center_of(table.supply_ents[seat][-1]), table.ring_center(ring))
    drive.settle()


def wait_for_ai(drive, table, frames=900):
    for _ in range(frames):
        drive.step()
        if table.rules.human_to_move() and not table.animating:
            return
    raise AssertionError("the AI did not move")


def current_table(app):
    return next(s for s in reversed(app.scenes.stack) if isinstance(s, ZertzTable))


def test_ctrl_z_undoes_my_move_and_the_reply(persisting, drive):
    table = start(persisting, drive)
    before = table.state
    place(drive, table, "d4")
    wait_for_ai(drive, table)
    assert len(table.session.moves) == 2
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    drive.settle()
    table = current_table(persisting)
    assert table.state == before and table.session.moves == []
    assert len(table.supply_ents[0]) == 10 and not table.piece_ents
    assert persisting.toasts[-1].text == "Your last move and the computer's reply are taken back."


def test_ctrl_z_while_the_computer_thinks_says_what_it_took_back(persisting, drive):
    table = start(persisting, drive)
    before = table.state
    place(drive, table, "d4")
    assert len(table.session.moves) == 1  # the computer has not answered yet
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    drive.settle()
    table = current_table(persisting)
    assert table.state == before and table.session.moves == []
    assert persisting.toasts[-1].text == "Your last move is taken back."


def test_undo_button_and_no_undo_past_a_reveal(persisting, drive):
    state = rules.load({"marbles": {"a1": "white"}, "pieces": {"a2": 0, "g3": 1},
                        "bag": ["black"] * 6 + ["white"] * 5 + ["grey"] * 6, "to_move": 0})
    table = start(persisting, drive, session=Session(VS_AI, rules, state, state))
    undo = next(w for w in table.widgets.widgets if w.label == "Undo")
    assert not undo.enabled
    drive.drag(drive.center_of(table.marble_ents["a1"]), table.layout["tray_0"].rect.center)
    drive.settle()
    assert table.state.phase == "put"
    undo = next(w for w in table.widgets.widgets if w.label == "Undo")
    assert not undo.enabled  # the drawn marble has come to light
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert "Nothing to undo" in persisting.toasts[-1].text
    assert table.state.phase == "put"
    drive.drag(drive.center_of(table.drawn_ent), table.ring_center("d4"))
    wait_for_ai(drive, table)
    undo = next(w for w in table.widgets.widgets if w.label == "Undo")
    assert undo.enabled
    drive.click(undo.rect.center)
    drive.settle()
    table = current_table(persisting)
    assert table.state.phase == "put" and table.session.moves == ["take a1"]


def test_autosave_and_continue_resume_the_same_game_and_next_ai_move(persisting, drive):
    table = start(persisting, drive)
    place(drive, table, "d4")
    # the save was written right after my move, before the computer answered
    saved = json.loads(autosave_path("zertz").read_text(encoding="utf-8"))
    assert saved["moves"] == ["place d4"] and saved["config"] == VS_AI.to_json()
    wait_for_ai(drive, table)
    reply = table.session.moves[1]
    write_autosave({k: v for k, v in saved.items() if k != "version"})  # back to that moment
    persisting.scenes.reset(MainMenu(persisting), transition=None)
    drive.settle()
    button = next(w for w in drive.scene.widgets.widgets if w.label == "Continue")
    assert button.enabled
    drive.click(button.rect.center)
    drive.settle()
    resumed = current_table(persisting)
    assert resumed.session.moves == ["place d4"]
    assert resumed.state == rules.play(rules.new_game(2, seed=21, first=0), "place d4")
    wait_for_ai(drive, resumed)
    assert resumed.session.moves[1] == reply  # same seed, same position: same AI move


def test_quitting_saves_the_game(persisting, drive):
    table = start(persisting, drive)
    place(drive, table, "c3")
    autosave_path("zertz").unlink()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    drive.step()
    assert has_autosave()


@pytest.mark.parametrize("content, words", [
    ('{"version": 1, "game": "zertz", "config": {"game": "chess"}}', "could not be resumed"),
    ('{"version": 1, "game": "zertz", "config": ' + json.dumps(VS_AI.to_json())
     + ', "initial": {"bag": 3}, "moves": []}', "could not be resumed"),
    ('{"version": 1, "game": "zer', "could not be read"),
    ('{"version": 7, "game": "zertz"}', "another version"),
])
def test_damaged_saves_are_reported_and_set_aside(persisting, drive, data_dir, content, words):
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    autosave_path().write_text(content, encoding="utf-8")
    persisting.scenes.reset(MainMenu(persisting), transition=None)
    drive.click(MENU["continue"].rect.center)
    drive.settle()
    assert isinstance(drive.scene, MainMenu)
    assert persisting.toasts[-1].error and words in persisting.toasts[-1].text
    assert not autosave_path().exists()
    assert any(p.name.startswith("autosave") and ".json.bad-" in p.name for p in data_dir.iterdir())


def test_finished_game_deletes_the_save_counts_and_replays(persisting, drive):
    state = rules.load({"marbles": {"a1": "black"}, "pieces": {"a2": 0},
                        "captured": [{"black": 5}, {}],
                        "bag": ["white"] * 6 + ["grey"] * 6, "to_move": 0})
    table = start(persisting, drive, session=Session(VS_AI, rules, state, state))
    write_autosave({"game": "zertz", "config": VS_AI.to_json()})
    drive.drag(drive.center_of(table.marble_ents["a1"]), table.layout["tray_0"].rect.center)
    drive.settle()
    drive.step(2)
    drive.settle()
    assert not has_autosave()
    assert load_stats()[0]["zertz"]["easy"]["won"] == 1
    overlay = drive.scene
    assert isinstance(overlay, ResultsOverlay)
    assert overlay.log == ["Red took the black marble on a1 — ring b1 removed"]


def test_replay_steps_through_a_finished_game(persisting, drive):
    moves = ["place a2", "place g3", "take a1", "put d4", "place c3"]
    session = Session.new(VS_AI)
    for move in moves:
        session.play(move)
    from scenes.replay import start_replay

    start_replay(persisting, ZertzTable, VS_AI, moves)
    drive.settle()
    table = current_table(persisting)
    assert table.replay == moves and table.session.moves == []
    controls = table.replay_controls.widgets.widgets
    nxt = next(w for w in controls if w.label.startswith("Next"))
    for _ in range(3):
        drive.click(nxt.rect.center)
        drive.settle()
    assert table.session.moves == moves[:3] and table.state.phase == "put"
    drive.key(pygame.K_END)
    drive.settle()
    table = current_table(persisting)
    assert table.state == session.state
    drive.key(pygame.K_LEFT)
    drive.settle()
    assert current_table(persisting).session.moves == moves[:4]
    # in a replay nothing can be dragged and no AI plays
    assert not current_table(persisting).rules.human_to_move()


def test_statistics_scene_shows_and_resets_with_confirmation(persisting, drive):
    record_game(VS_AI, {"winner": 0, "points": [9, 3]})
    drive.click(MENU["stats"].rect.center)
    drive.settle()
    scene = drive.scene
    assert isinstance(scene, StatsScene)
    tab = dict(scene.tabs)["zertz"]
    drive.click(tab.center)
    assert scene.records()["easy"]["won"] == 1
    reset = next(w for w in scene.widgets.widgets if w.label.startswith("Reset"))
    drive.click(reset.rect.center)
    keep = next(w for w in scene.widgets.widgets if w.label == "Keep them")
    drive.click(keep.rect.center)
    assert load_stats()[0]["zertz"]["easy"]["won"] == 1
    drive.click(next(w for w in scene.widgets.widgets if w.label.startswith("Reset")).rect.center)
    drive.click(next(w for w in scene.widgets.widgets if w.label.startswith("Yes")).rect.center)
    assert load_stats()[0] == {} and scene.records()["easy"]["played"] == 0


def test_statistics_open_on_the_game_played_last(persisting, drive):
    """Statistics always opened on Zetema's page, also straight after a Zertz game."""
    drive.click(MENU["stats"].rect.center)
    drive.settle()
    assert drive.scene.game == "zetema"  # nothing played yet, nothing saved
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    start(persisting, drive)
    persisting.scenes.reset(MainMenu(persisting), transition=None)
    drive.settle()
    drive.click(MENU["stats"].rect.center)
    drive.settle()
    assert isinstance(drive.scene, StatsScene) and drive.scene.game == "zertz"


def test_ctrl_shift_z_is_not_an_undo(persisting, drive):
    """Ctrl+Shift+Z means redo in most programs; there is no redo, so it takes nothing back."""
    table = start(persisting, drive)
    place(drive, table, "d4")
    wait_for_ai(drive, table)
    after = table.state
    toasts = len(persisting.toasts)
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    drive.settle()
    table = current_table(persisting)
    assert table.state == after and len(table.session.moves) == 2
    assert len(persisting.toasts) == toasts


def test_undo_words_call_the_computers_moves_after_yours_its_replies():
    from scenes.game_table import undone_words

    assert undone_words(1) == "Your last move is taken back."
    assert undone_words(2, replies=True) == "Your last move and the computer's reply are taken back."
    assert undone_words(4, replies=True) == (
        "Your last move and the computer's 3 moves after it are taken back.")
    # (your own next move among them, Zertz's put of the drawn marble: as before)
    assert undone_words(3) == "Your last move and the 2 moves after it are taken back."
    assert undone_words(2, "Seat 2", replies=True) == (
        "Seat 2's last move and the move after it are taken back.")
