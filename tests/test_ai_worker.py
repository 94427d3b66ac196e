"""The AI worker process: same moves as in-process, cancelling, stale answers, thread fallback.

One worker process (the program's shared one) serves the whole test session; the few tests
that must stop or kill a process start their own.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import random
import time

import esper
import pygame
import pytest

import game.ai.worker as worker_module
from ecs.intents import IntentQueue
from ecs.rules_system import RulesSystem, SeatControl
from ecs.world import SceneWorld
from game.ai import chan as chan_ai
from game.ai import telefunken as telefunken_ai
from game.ai import zertz as zertz_ai
from game.ai import zetema as zetema_ai
from game.ai.worker import AIWorker, decision_seed, run_choice, shared_worker
from game.catalog import GameConfig, Seat
from game.rules import chan, telefunken, zertz, zetema
from scenes.pause import PauseMenu
from scenes.zertz_table import ZertzTable
from tests import fake_ai, fake_nim

WAIT = 30  # seconds: only ever reached if something is broken
NIM_LEGAL = ["take 1", "take 2", "take 3"]
VS_AI = GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 21, {"first": 0})


@pytest.fixture(scope="session")
def worker() -> AIWorker:
    shared = shared_worker()
    assert shared.start()
    return shared


@pytest.fixture
def world():
    w = SceneWorld("ai-worker")
    yield w
    w.destroy()


def answer(decision) -> str:
    assert decision.done.wait(WAIT), "no answer from the AI worker"
    assert decision.error is None, decision.error
    return decision.move


def wait_for_file(path, seconds: float = WAIT) -> None:
    """Until the fake AI in the child says it is thinking (polling, bounded)."""
    end = time.monotonic() + seconds
    while not path.exists():
        assert time.monotonic() < end, "the worker never started the decision"
        time.sleep(0.005)


class NimSystem(RulesSystem):
    def intent_to_move(self, intent):
        return None


def nim_system(ai_worker, level: str, seats=("ai", "human"), pile: int = 10, delay: float = 0.0):
    system = NimSystem(fake_nim, fake_ai, [SeatControl(k, level) for k in seats],
                       fake_nim.new_game(pile=pile), IntentQueue(), seed=5, ai_delay=delay,
                       worker=ai_worker)
    system.wait_for_ai = True
    esper.add_processor(system)
    return system


def positions(rules, players: int, seed: int, count: int) -> list:
    """``count`` positions of one seeded game, a few random moves apart."""
    rng = random.Random(seed)
    state = rules.new_game(players, seed=seed)
    found = []
    while len(found) < count and rules.result(state) is None:
        found.append(state)
        for _ in range(rng.randint(1, 4)):
            if rules.result(state) is not None:
                break
            state = rules.play(state, rng.choice(rules.legal_moves(state)))
    return found


# -- the process ----------------------------------------------------------------------------
def test_the_worker_is_a_spawned_process_without_pygame(worker):
    about = answer(worker.probe())
    assert about["pid"] == worker.process.pid != os.getpid()
    assert type(worker.process).__name__ == "SpawnProcess"
    assert worker.process in multiprocessing.active_children()
    assert about["pygame"] is False
    assert "game.ai.zertz" in about["game_modules"]
    assert not any(m.startswith(("game.app", "game.driver", "scenes", "ecs"))
                   for m in about["game_modules"])


def test_the_same_move_in_the_worker_as_in_process(worker):
    legal = [f"m{i}" for i in range(40)]
    seeds = [decision_seed(1234, n) for n in range(12)]
    # all submitted at once: the worker is busy and answers them in turn
    decisions = [worker.submit(fake_ai, {}, legal, "random", s) for s in seeds]
    expected = [run_choice(fake_ai, {}, legal, "random", s) for s in seeds]
    assert [answer(d) for d in decisions] == expected
    assert len(set(expected)) > 3  # the seed matters, so equal answers mean equal seeds
    assert all(d.where == "process" for d in decisions)


@pytest.mark.parametrize("rules, ai, players", [
    (zertz, zertz_ai, 2), (zetema, zetema_ai, 3), (telefunken, telefunken_ai, 4), (chan, chan_ai, 4),
], ids=["zertz", "zetema", "telefunken", "chan"])
def test_real_ais_choose_the_same_move_in_the_worker(worker, rules, ai, players):
    asked = []
    for state in positions(rules, players, seed=17, count=5):
        seat = rules.to_move(state)
        view, legal = rules.view(state, seat), rules.legal_moves(state)
        seed = decision_seed(17, len(asked))
        asked.append((worker.submit(ai, view, legal, "easy", seed),
                      run_choice(ai, view, legal, "easy", seed), legal))
    for decision, expected, legal in asked:
        assert answer(decision) == expected and expected in legal


def test_an_ai_error_comes_back_as_an_error(worker):
    decision = worker.submit(fake_ai, {}, NIM_LEGAL, "boom", 1)
    assert decision.done.wait(WAIT)
    assert decision.move is None and "failed on purpose" in decision.error
    assert answer(worker.submit(fake_ai, {}, NIM_LEGAL, "last", 1)) == "take 3"  # still serving


def test_a_cancelled_search_is_interrupted_and_its_answer_never_delivered(worker, tmp_path):
    started = tmp_path / "started"
    slow = worker.submit(fake_ai, {"started": str(started), "seconds": WAIT}, NIM_LEGAL, "slow", 1)
    wait_for_file(started)
    slow.cancel()
    t0 = time.monotonic()
    assert answer(worker.submit(fake_ai, {}, NIM_LEGAL, "last", 1)) == "take 3"
    assert time.monotonic() - t0 < WAIT / 2  # the search was interrupted, not waited out
    assert slow.cancelled and slow.move is None


def test_a_queued_cancelled_request_is_skipped(worker, tmp_path):
    started = tmp_path / "started"
    slow = worker.submit(fake_ai, {"started": str(started), "seconds": WAIT}, NIM_LEGAL, "slow", 1)
    queued = worker.submit(fake_ai, {"started": str(tmp_path / "never")}, NIM_LEGAL, "slow", 2)
    queued.cancel()
    wait_for_file(started)
    slow.cancel()
    assert answer(worker.submit(fake_ai, {}, NIM_LEGAL, "last", 1)) == "take 3"
    assert not (tmp_path / "never").exists() and queued.move is None


# -- the rules system -----------------------------------------------------------------------
def test_the_rules_system_plays_the_workers_move(world, worker):
    system = nim_system(worker, "pile")
    esper.process(1 / 60)
    assert system.decision.where == "process"
    esper.process(1 / 60)
    assert system.history == ["take 2"] and system.state.pile == 8  # 1 + 10 % 3


def test_frames_go_on_while_the_worker_thinks(world, worker):
    system = nim_system(worker, "slow", delay=0.1)
    system.wait_for_ai = False  # the real window: never waits for the computer
    t0 = time.monotonic()
    for _ in range(30):
        esper.process(1 / 60)
    assert time.monotonic() - t0 < WAIT / 2  # (the fake search alone would take WAIT)
    assert system.thinking and system.history == [] and not system.decision.done.is_set()
    system.close()
    assert answer(worker.submit(fake_ai, {}, NIM_LEGAL, "last", 3)) == "take 3"


def test_a_stale_answer_for_an_old_position_is_dropped(world, worker):
    system = nim_system(worker, "pile")
    esper.process(1 / 60)
    old = system.decision
    assert answer(old) == "take 2"  # the answer for pile 10 has arrived...
    system.reset(fake_nim.load({"pile": 7, "to_move": 0}))  # ...but the position changed (undo)
    assert old.cancelled and system.decision is None
    esper.process(1 / 60)  # asks again, for pile 7
    esper.process(1 / 60)
    assert system.history == ["take 2"] and system.state.pile == 5  # 1 + 7 % 3: not the old one


def test_an_answer_for_a_state_replaced_behind_its_back_is_not_applied(world, worker):
    system = nim_system(worker, "pile")
    esper.process(1 / 60)
    old = system.decision
    answer(old)
    system.state = fake_nim.load({"pile": 6, "to_move": 0})  # e.g. a load without reset()
    esper.process(1 / 60)
    assert old.cancelled and system.decision is not old and system.history == []
    esper.process(1 / 60)
    assert system.history == ["take 1"] and system.state.pile == 5


def test_undo_while_the_ai_thinks_applies_nothing(world, worker, tmp_path):
    system = nim_system(worker, "slow")
    esper.process(1 / 60)
    thinking = system.decision
    system.reset(fake_nim.load({"pile": 10, "to_move": 1}))  # the person's turn again
    esper.process(1 / 60)
    assert thinking.cancelled and system.decision is None and system.history == []
    assert answer(worker.submit(fake_ai, {}, NIM_LEGAL, "last", 3)) == "take 3"  # not blocked
    assert system.state.pile == 10


def test_quit_while_the_ai_thinks_leaves_no_process_and_applies_nothing(world, tmp_path):
    own = AIWorker()
    started = tmp_path / "started"
    system = NimSystem(fake_nim, fake_ai, [SeatControl("ai", "slow"), SeatControl("human")],
                       fake_nim.new_game(pile=10), IntentQueue(), ai_delay=0, worker=own)
    esper.add_processor(system)
    system.rules = _NimWithMarker(started)
    esper.process(1 / 60)
    decision = system.decision
    process = own.process
    wait_for_file(started)
    system.close()  # the table leaves...
    own.shutdown()  # ...and the program quits
    assert not process.is_alive() and process.exitcode is not None
    assert process not in multiprocessing.active_children()
    assert decision.cancelled and decision.move is None
    for _ in range(5):
        esper.process(1 / 60)
    assert system.history == [] and system.state.pile == 10 and not own.alive


class _NimWithMarker:
    """fake_nim whose view tells the slow fake AI where to say it has started."""

    def __init__(self, path) -> None:
        self.path = path

    def __getattr__(self, name):
        return getattr(fake_nim, name)

    def view(self, state, seat):
        return {**fake_nim.view(state, seat), "started": str(self.path), "seconds": WAIT}


# -- fallback -------------------------------------------------------------------------------
def test_no_process_falls_back_to_a_thread_and_logs_it(world, monkeypatch, caplog):
    def refuse(self):
        raise OSError("processes are not allowed here")

    monkeypatch.setattr(AIWorker, "_start_process", refuse)
    own = AIWorker()
    with caplog.at_level(logging.WARNING, logger="game.ai.worker"):
        assert own.start() is False
    assert "could not be started" in caplog.text and "thread" in caplog.text
    legal = [f"m{i}" for i in range(40)]
    decision = own.submit(fake_ai, {}, legal, "random", 99)
    assert decision.where == "thread"
    assert answer(decision) == run_choice(fake_ai, {}, legal, "random", 99)
    system = nim_system(own, "pile")
    esper.process(1 / 60)
    system.decision.done.wait(WAIT)
    esper.process(1 / 60)
    assert system.history == ["take 2"] and own.process is None


def test_a_worker_that_dies_hands_its_decisions_to_a_thread(tmp_path, caplog):
    own = AIWorker()
    own.start_soon()  # launched from a background thread (as a table does on building)
    assert answer(own.probe())["pid"] == own.process.pid
    started = tmp_path / "started"
    decision = own.submit(fake_ai, {"started": str(started), "seconds": 0.2}, NIM_LEGAL, "slow", 1)
    wait_for_file(started)
    with caplog.at_level(logging.WARNING, logger="game.ai.worker"):
        own.process.kill()
        assert answer(decision) == "take 1"  # recomputed on a thread
    assert decision.where == "thread" and "ended unexpectedly" in caplog.text
    assert own.submit(fake_ai, {}, NIM_LEGAL, "last", 1).where == "thread"
    own.shutdown()


# -- the table ------------------------------------------------------------------------------
def start_table(app, drive, config=VS_AI) -> ZertzTable:
    table = ZertzTable(app, config)
    app.scenes.push(table, transition=None)
    drive.settle()
    return table


def human_places(drive, table, ring: str) -> None:
    drive.drag(drive.center_of(table.supply_ents[0][-1]), table.ring_center(ring))


def test_the_computer_and_the_hint_use_the_worker_process(app, drive, worker, monkeypatch):
    asked = []
    submit = worker.submit
    monkeypatch.setattr(worker, "submit", lambda *args: asked.append(submit(*args)) or asked[-1])
    table = start_table(app, drive)
    drive.key(pygame.K_h)  # the hint is asked for and (driver's clock) shown in that frame
    assert [d.where for d in asked] == ["process"] and asked[0].move
    assert table.hint is not None and table.hint[0] == asked[0].move
    assert table.hint[0] in zertz.legal_moves(table.state)
    human_places(drive, table, "d4")
    drive.settle()
    for _ in range(60):
        drive.step()
        if len(table.session.moves) == 2:
            break
    assert [d.where for d in asked] == ["process", "process"]
    assert table.session.moves[1] == asked[1].move and table.rules.human_to_move()


def test_a_hint_for_an_old_position_is_not_shown(app, drive, worker):
    table = start_table(app, drive)
    table.ask_hint()
    hint = table._hint_decision
    answer(hint)  # the hint has arrived, but before the table shows it a move is made
    table.rules.submit("place d4")
    drive.step()
    assert table.hint is None and hint.cancelled and table._hint_decision is None


def test_undo_while_the_computer_thinks_applies_nothing(app, drive, worker):
    table = start_table(app, drive)
    table.rules.ai_delay = 60  # the computer's move is not due during this test
    human_places(drive, table, "d4")
    drive.settle()
    thinking = table.rules.decision
    assert thinking is not None and table.session.moves == ["place d4"]
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    drive.settle()
    new = drive.scene
    assert new is not table and thinking.cancelled
    drive.step(40)
    assert new.session.moves == [] and new.rules.human_to_move()
    assert answer(worker.probe())["pid"] == worker.process.pid  # the same process, reused


def test_restart_while_the_computer_thinks_applies_nothing(app, drive, worker):
    table = start_table(app, drive)
    table.rules.ai_delay = 60
    human_places(drive, table, "d4")
    drive.settle()
    thinking = table.rules.decision
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    assert isinstance(drive.scene, PauseMenu)
    restart = next(w for w in drive.scene.widgets.widgets if w.label == "Restart")
    drive.click(restart.rect.center)  # asks first
    confirm = next(w for w in drive.scene.widgets.widgets if w.label == "Restart")
    drive.click(confirm.rect.center)
    drive.settle()
    new = drive.scene
    assert isinstance(new, ZertzTable) and new is not table
    assert thinking.cancelled and table.session.moves == ["place d4"]
    drive.step(40)
    assert new.session.moves == []


def test_closing_the_window_while_the_computer_thinks(app, drive, monkeypatch):
    own = AIWorker(preload=worker_module.AI_MODULES)
    monkeypatch.setattr(worker_module, "_shared", own)
    table = start_table(app, drive)
    table.rules.ai, table.rules.seats[1] = fake_ai, SeatControl("ai", "slow")  # thinks long
    table.rules.ai_delay = 60  # and its move is not due during this test
    human_places(drive, table, "d4")
    drive.settle()
    thinking, process = table.rules.decision, own.process
    assert thinking.where == "process" and process.is_alive() and not thinking.done.is_set()
    monkeypatch.setattr(pygame, "quit", lambda: None)  # later tests keep their display
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()  # one frame: the close event, then the loop ends and the worker stops
    assert not app.running and not process.is_alive() and own.process is None
    assert process not in multiprocessing.active_children()
    assert thinking.cancelled and table.session.moves == ["place d4"]
