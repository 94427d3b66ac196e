"""Chắn AI: legal answers at every level, no peeking at hidden cards, deals end in time."""

from __future__ import annotations

import random
import time

import pytest

from game.ai import chan as ai
from game.ai import chan_search
from game.rules import chan

SMALL_ROLLOUTS = 2
"""The hard search's budget in the broad tests here (the same code paths, fast)."""


@pytest.fixture(autouse=True)
def small_search(monkeypatch):
    monkeypatch.setitem(ai.ROLLOUTS, "hard", SMALL_ROLLOUTS)


def sample_states(seeds=range(6), every: int = 3) -> list[chan.State]:
    """States from random legal play, covering every phase."""
    states = []
    for seed in seeds:
        rng = random.Random(seed)
        state = chan.new_game(seed=seed)
        ply = 0
        while chan.to_move(state) is not None:
            if ply % every == 0 or state.phase in ("claim", "open"):
                states.append(state)
            legal = chan.legal_moves(state)
            state = chan.play(state, rng.choice(legal))
            ply += 1
    return states


def test_every_level_returns_a_legal_move_in_every_phase():
    states = sample_states()
    assert {s.phase for s in states} >= {"open", "respond", "revealed", "discard", "claim"}
    searched = set()
    for i, state in enumerate(states):
        seat = chan.to_move(state)
        legal = chan.legal_moves(state)
        for level in ai.LEVELS:
            if level == "hard" and i % 3:
                continue   # the search is slower: a third of the positions, still every phase
            move = ai.choose(chan.view(state, seat), legal, level, random.Random(1))
            assert move in legal
            if level == "hard":
                searched.add(state.phase)
    assert searched >= {"open", "respond", "revealed", "discard", "claim"}


def test_the_ai_always_takes_a_win():
    for state in sample_states(range(12), every=1):
        legal = chan.legal_moves(state)
        if "u" in legal:
            for level in ai.LEVELS:
                move = ai.choose(chan.view(state, chan.to_move(state)), legal, level,
                                 random.Random(0))
                assert move == "u" or move.startswith("chiu ")


def hidden_shuffle(state: chan.State, seat: int, rng: random.Random) -> chan.State:
    """The same position for ``seat`` with the other hands and the stock dealt anew."""
    data = chan.dump(state)
    others = [s for s in range(4) if s != seat]
    pool = [c for s in others for c in data["hands"][s]] + data["stock"]
    rng.shuffle(pool)
    at = 0
    for s in others:
        n = len(data["hands"][s])
        data["hands"][s] = pool[at:at + n]
        at += n
    data["stock"] = pool[at:]
    data["initial"] = [data["initial"][s] if s == seat else None for s in range(4)]
    for s in others:
        data["initial"][s] = data["hands"][s]
    data["seed"] = rng.randrange(10**6)
    try:
        return chan.load(data)
    except ValueError:
        return None


def test_no_peeking_same_answer_when_only_hidden_cards_differ():
    compared = 0
    for state in sample_states(range(4), every=2):
        seat = chan.to_move(state)
        if state.phase == "claim":
            continue  # other hands decide whether claims exist at all
        other = hidden_shuffle(state, seat, random.Random(compared))
        if other is None or chan.legal_moves(other) != chan.legal_moves(state):
            continue
        assert chan.view(other, seat) == chan.view(state, seat)
        legal = chan.legal_moves(state)
        for level in ai.LEVELS:
            a = ai.choose(chan.view(state, seat), legal, level, random.Random(7))
            b = ai.choose(chan.view(other, seat), legal, level, random.Random(7))
            assert a == b
        compared += 1
        if compared == 20:
            break
    assert compared >= 20


def test_unknown_level_and_empty_legal_list_raise():
    state = chan.new_game(seed=1)
    view = chan.view(state, chan.to_move(state))
    with pytest.raises(ValueError):
        ai.choose(view, chan.legal_moves(state), "grandmaster", random.Random(0))
    with pytest.raises(ValueError):
        ai.choose(view, [], "easy", random.Random(0))


def test_a_seeded_sample_of_ai_deals_ends_within_the_time_budget():
    levels = ["hard", "normal", "easy", "hard"]
    slowest = 0.0
    for seed in range(5):
        state = chan.new_game(seed=seed)
        rngs = [random.Random(seed * 4 + s) for s in range(4)]
        plies = 0
        while (seat := chan.to_move(state)) is not None:
            legal = chan.legal_moves(state)
            started = time.process_time()
            move = ai.choose(chan.view(state, seat), legal, levels[seat], rngs[seat])
            slowest = max(slowest, time.process_time() - started)
            assert move in legal
            state = chan.play(state, move)
            plies += 1
            assert plies < 1000
        assert chan.result(state) is not None
    assert slowest < 0.5


def close_and_clear_positions() -> tuple[list, list]:
    """Positions where hard's heuristic sees several close candidates, and where it sees one."""
    close, clear = [], []
    for state in sample_states(range(3), every=1):
        seat = chan.to_move(state)
        legal = chan.legal_moves(state)
        if len(legal) < 2 or "u" in legal:
            continue
        view = chan.view(state, seat)
        (close if len(chan_search.candidates(view, legal)) > 1 else clear).append((view, legal))
    return close, clear


def test_hard_spends_its_rollouts_only_on_close_decisions(monkeypatch):
    calls = []
    real = chan_search.rollout

    def counting(state, move, seat, rng):
        calls.append(move)
        return real(state, move, seat, rng)

    monkeypatch.setattr(chan_search, "rollout", counting)
    close, clear = close_and_clear_positions()
    assert len(close) >= 5 and len(clear) >= 5
    for view, legal in clear[:5]:
        calls.clear()
        move = ai.choose(view, legal, "hard", random.Random(0))
        assert move == chan_search.candidates(view, legal)[0][1] and calls == []
    for view, legal in close[:5]:
        calls.clear()
        ranked = chan_search.candidates(view, legal)
        ai.choose(view, legal, "hard", random.Random(0))
        per = max(1, SMALL_ROLLOUTS // len(ranked))
        assert sorted(calls) == sorted(m for _, m in ranked for _ in range(per))


def test_hard_overrules_its_heuristic_only_on_a_clear_paired_gain(monkeypatch):
    monkeypatch.setitem(ai.ROLLOUTS, "hard", 24)   # the rollouts are faked: no cost
    close, _ = close_and_clear_positions()
    for view, legal in close[:5]:
        ranked = chan_search.candidates(view, legal)
        favourite = ranked[-1][1]   # the heuristic likes it least of the candidates
        luck = random.Random(1)

        def clear(state, move, seat, rng, f=favourite, luck=luck):
            return (3.0 if move == f else 0.0) + luck.choice((-1.0, 1.0))

        monkeypatch.setattr(chan_search, "rollout", clear)
        assert ai.choose(view, legal, "hard", random.Random(0)) == favourite

        def noisy(state, move, seat, rng, f=favourite, luck=luck):   # a gain of 0.1, spread 12
            return (0.1 if move == f else 0.0) + luck.choice((-12.0, 0.0, 0.0, 12.0))

        monkeypatch.setattr(chan_search, "rollout", noisy)
        assert ai.choose(view, legal, "hard", random.Random(0)) == ranked[0][1]


def test_hard_with_a_larger_budget_gives_the_same_move_for_the_same_seed(monkeypatch):
    monkeypatch.setitem(ai.ROLLOUTS, "hard", 16)
    close, _ = close_and_clear_positions()
    view, legal = close[0]
    first = ai.choose(view, legal, "hard", random.Random(5))
    assert ai.choose(view, legal, "hard", random.Random(5)) == first
