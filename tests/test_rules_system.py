"""The rules system: intents to moves, refusals with reasons, AI seats (here on the fallback thread:
the fake AIs are not importable modules; the worker process is tested in test_ai_worker.py)."""

from __future__ import annotations

import threading
import types

import esper
import pytest

from ecs.intents import ClickIntent, IntentQueue, RejectedDrop
from ecs.rules_system import RulesSystem, SeatControl
from ecs.world import SceneWorld
from tests import fake_nim


class NimSystem(RulesSystem):
    def intent_to_move(self, intent):
        if isinstance(intent, ClickIntent) and intent.action == "take":
            return f"take {intent.data}"
        return None


def make_ai(gate: threading.Event | None = None, move: str | None = None):
    calls = []

    def choose(view, legal, level, rng):
        calls.append((threading.current_thread().name, view, list(legal), level))
        if gate is not None:
            gate.wait(5)
        return move or legal[-1]

    return types.SimpleNamespace(choose=choose, calls=calls)


@pytest.fixture
def world():
    w = SceneWorld("rules")
    yield w
    w.destroy()


def build(ai, seats=("human", "ai"), pile=10, delay=0.5, busy=lambda: False):
    queue = IntentQueue()
    system = NimSystem(fake_nim, ai, [SeatControl(k, "hard") for k in seats],
                       fake_nim.new_game(pile=pile), queue, seed=5, ai_delay=delay, busy=busy)
    events = []
    system.listeners.append(lambda seat, move, evs: events.append((seat, move, evs)))
    esper.add_processor(system)
    return system, queue, events


def test_intent_becomes_a_move_and_events_are_published(world):
    system, queue, events = build(make_ai())
    queue.put(ClickIntent(None, (0, 0), "take", 3))
    esper.process(1 / 60)
    assert system.state.pile == 7
    assert system.history == ["take 3"]
    assert events == [(0, "take 3", [fake_nim.Took(0, 3)])]


def test_illegal_move_is_refused_with_the_engine_reason_and_state_kept(world):
    system, queue, events = build(make_ai(), pile=2)
    before = system.state
    queue.put(ClickIntent(None, (0, 0), "take", 3))
    esper.process(1 / 60)
    assert system.state is before and events == []
    assert system.rejections == ["'take 3' is not possible: the pile has 2"]


def test_moves_out_of_turn_are_refused(world):
    system, queue, _ = build(make_ai(threading.Event()), seats=("ai", "human"))
    queue.put(ClickIntent(None, (0, 0), "take", 1))
    esper.process(1 / 60)
    assert system.rejections == ["wait for your turn"]
    assert system.state.pile == 10


def test_rejected_drops_are_reported(world):
    system, queue, _ = build(make_ai())
    queue.put(RejectedDrop(1, "pile", "only hearts go there"))
    esper.process(1 / 60)
    assert system.rejections == ["only hearts go there"]


def test_non_move_intents_go_to_the_hook(world):
    seen = []
    system, queue, _ = build(make_ai())
    system.on_other_intent = seen.append
    queue.put(ClickIntent(None, (5, 5)))
    esper.process(1 / 60)
    assert len(seen) == 1 and system.history == []


def test_ai_thinks_on_a_worker_thread_without_blocking_frames(world):
    gate = threading.Event()
    ai = make_ai(gate)
    system, queue, events = build(ai, seats=("ai", "human"), delay=0.2)
    for _ in range(30):  # half a second of frames while the AI is still "thinking"
        esper.process(1 / 60)
    assert system.thinking and system.state.pile == 10
    assert ai.calls and ai.calls[0][0] == "ai-think"
    view, legal, level = ai.calls[0][1:]
    assert legal == ["take 1", "take 2", "take 3"] and level == "hard"
    assert view == fake_nim.view(system.state, 0)
    gate.set()
    system.decision.done.wait(5)
    esper.process(1 / 60)
    assert system.state.pile == 7 and events[-1][:2] == (0, "take 3")


def test_ai_move_waits_for_the_minimum_delay_and_for_animations(world):
    busy = {"on": True}
    system, _, _ = build(make_ai(), seats=("ai", "human"), delay=0.5, busy=lambda: busy["on"])
    esper.process(1 / 60)
    system.decision.done.wait(5)
    for _ in range(20):  # 1/3 s: below the delay
        esper.process(1 / 60)
    assert system.state.pile == 10
    for _ in range(30):
        esper.process(1 / 60)
    assert system.state.pile == 10  # delay passed but the scene is still animating
    busy["on"] = False
    esper.process(1 / 60)
    assert system.state.pile == 7


def test_the_computer_pauses_after_the_last_move_has_landed(world):
    """Past its delay, the computer still keeps ``ai_beat`` seconds of rest after the table
    comes to rest, so a move landing late is not followed at once by the next one."""
    busy = {"on": True}
    system, _, _ = build(make_ai(), seats=("ai", "human"), delay=0.5, busy=lambda: busy["on"])
    system.ai_beat = 0.25
    esper.process(1 / 60)
    system.decision.done.wait(5)
    for _ in range(60):  # one second: the delay has passed while the table was busy
        esper.process(1 / 60)
    busy["on"] = False
    for _ in range(14):  # rest below the beat
        esper.process(1 / 60)
    assert system.state.pile == 10
    busy["on"] = True  # something moves again: the rest starts over
    esper.process(1 / 60)
    busy["on"] = False
    for _ in range(14):
        esper.process(1 / 60)
    assert system.state.pile == 10
    for _ in range(2):
        esper.process(1 / 60)
    assert system.state.pile == 7


@pytest.mark.parametrize("pace, frames", [(0.0, 0), (1.0, 30), (2.0, 60)])
def test_the_ai_delay_follows_the_animation_speed(world, pace, frames):
    """The pause before a computer's move is scaled like the animations: none at instant
    (pace 0), twice as long at a pace of 2 (README: "scaled by the animation speed")."""
    system, _, _ = build(make_ai(), seats=("ai", "human"), delay=0.5)
    system.pace = lambda: pace
    esper.process(1 / 60)
    system.decision.done.wait(5)
    waited = 0
    while system.state.pile == 10 and waited < 200:
        esper.process(1 / 60)
        waited += 1
    assert system.state.pile == 7
    assert frames - 1 <= waited <= frames + 1


def test_a_broken_ai_falls_back_to_a_legal_move(world):
    ai = make_ai(move="take 99")
    system, _, _ = build(ai, seats=("ai", "human"), delay=0)
    esper.process(1 / 60)
    system.decision.done.wait(5)
    esper.process(1 / 60)
    assert system.history == ["take 1"]


def test_ai_vs_ai_plays_to_the_end(world):
    system, _, _ = build(make_ai(), seats=("ai", "ai"), pile=9, delay=0)
    for _ in range(200):
        esper.process(1 / 60)
        if system.decision is not None:
            system.decision.done.wait(5)
        if system.over:
            break
    assert system.over and fake_nim.result(system.state) == {"winner": 0}
    assert system.history == ["take 3", "take 3", "take 3"]


def test_paused_rules_system_starts_no_ai(world):
    ai = make_ai()
    system, _, _ = build(ai, seats=("ai", "human"))
    system.paused = True
    esper.process(1 / 60)
    assert ai.calls == []


def test_a_persons_decision_waits_until_another_seats_move_has_landed(world):
    busy = {"on": False}
    system, queue, _ = build(make_ai(), seats=("ai", "human"), delay=0,
                             busy=lambda: busy["on"])
    esper.process(1 / 60)
    system.decision.done.wait(5)
    esper.process(1 / 60)  # the AI takes 3 and the scene starts showing it
    assert system.history == ["take 3"] and system.human_to_move()
    busy["on"] = True
    assert not system.offering()  # the move is still on its way: nothing asked yet
    queue.put(ClickIntent(None, (0, 0), "take", 1))
    esper.process(1 / 60)
    assert system.state.pile == 7 and system.rejections == [
        "wait until the last move has reached the table"]
    busy["on"] = False
    assert system.offering()
    busy["on"] = True  # later animations (a card lifted) no longer hold the decision back
    assert system.offering()
    queue.put(ClickIntent(None, (0, 0), "take", 1))
    esper.process(1 / 60)
    assert system.state.pile == 6


def test_at_the_start_a_decision_is_offered_and_the_next_person_waits_for_a_move(world):
    system, queue, _ = build(make_ai(threading.Event()), seats=("human", "human"),
                             busy=lambda: True)
    assert system.offering()  # nothing has been played yet: the table shows the position
    queue.put(ClickIntent(None, (0, 0), "take", 1))
    esper.process(1 / 60)
    assert system.state.pile == 9 and system.to_move == 1
    assert not system.offering()  # the other person waits for the move to land


def test_the_computers_pause_after_its_move_does_not_hold_a_person_back(world):
    """The table keeps the computer waiting a moment after its move (to read it); a person's
    drag in that moment was refused without a word (found by the random-input run)."""
    queue = IntentQueue()
    state = {"busy": False, "shown": True}
    system = NimSystem(fake_nim, make_ai(), [SeatControl("ai", "hard"), SeatControl("human")],
                       fake_nim.new_game(pile=10), queue, seed=5, ai_delay=0,
                       busy=lambda: state["busy"], shown=lambda: state["shown"])
    esper.add_processor(system)
    esper.process(1 / 60)
    system.decision.done.wait(5)
    esper.process(1 / 60)
    assert system.history == ["take 3"]
    state.update(busy=True, shown=False)  # the move still on its way
    assert not system.offering()
    state.update(shown=True)  # landed; the computer's pause goes on (busy)
    assert system.offering()
    queue.put(ClickIntent(None, (0, 0), "take", 1))
    esper.process(1 / 60)
    assert system.state.pile == 6


def test_a_quiet_move_is_played_at_once_and_the_next_pause_counts_from_its_asking(world):
    """A computer's move that shows nothing (a claim declined in Chắn) goes without the
    computer's pauses, which would tell there was something to decide, and the next
    computer's pause counts from when the quiet decision was asked: the next move comes when
    it would have come had the quiet one not been there."""
    busy = {"on": True}  # (the move before still landing)
    system, _, events = build(make_ai(), seats=("ai", "ai"), delay=0.5,
                              busy=lambda: busy["on"])
    system.quiet = lambda seat, move: seat == 0
    esper.process(1 / 60)  # seat 0 asked
    system.decision.done.wait(5)
    for _ in range(20):  # a third of a second landing
        esper.process(1 / 60)
    assert events == []
    busy["on"] = False
    esper.process(1 / 60)
    assert [e[:2] for e in events] == [(0, "take 3")]  # at once, well before its 0.5 s
    esper.process(1 / 60)  # seat 1 asked, its wait counted from seat 0's asking
    system.decision.done.wait(5)
    for _ in range(12):  # about 0.55 s since seat 0 was asked (0.2 s since seat 1 was)
        esper.process(1 / 60)
        if len(events) > 1:
            break
    assert [e[:2] for e in events] == [(0, "take 3"), (1, "take 3")]
