"""Every AI level's effort is counted in work: the same view, legal list, level and seed give
the same move in two runs, with the CPU busy, and in another process with another hash seed.

A search stopped by the clock would pick a different move when a background thread takes
half the CPU; one that iterates over a ``set`` of strings would pick a different move when
Python's string hashing changes (``PYTHONHASHSEED``), as it does from one process to the
next. The budgets of the search levels are cut down here (the same code paths) so the file
stays fast.
"""

from __future__ import annotations

import importlib
import json
import os
import random
import subprocess
import sys
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("zertz", "zetema", "telefunken", "chan")
SMALL_BUDGETS = {"zertz": [("NODE_BUDGET", "normal", 2_000), ("NODE_BUDGET", "hard", 3_000)],
                 "chan": [("ROLLOUTS", "hard", 6)]}
SMALL_COUNTS = {"zetema": [("ENDGAME_NODES", 300), ("PLAYOUTS", 12)],
                "telefunken_search": [("ROLLOUTS", 6), ("PLY_CAP", 40)]}
"""Per game: (name of a budget table in the AI module, level, count) set before deciding;
``SMALL_COUNTS``: (name of a module-level count, value)."""


def _rules(name: str):
    return importlib.import_module(f"game.rules.{name}")


def _ai(name: str):
    return importlib.import_module(f"game.ai.{name}")


@contextmanager
def small_budgets():
    """Small search budgets (the same code paths) for a fast test; restored afterwards."""
    saved = []
    try:
        for name, budgets in SMALL_BUDGETS.items():
            for table, level, count in budgets:
                levels = getattr(_ai(name), table)
                saved.append((levels, level, levels[level]))
                levels[level] = count
        for name, counts in SMALL_COUNTS.items():
            for attribute, count in counts:
                saved.append((_ai(name), attribute, getattr(_ai(name), attribute)))
                setattr(_ai(name), attribute, count)
        yield
    finally:
        for where, key, value in reversed(saved):
            if isinstance(where, dict):
                where[key] = value
            else:
                setattr(where, key, value)


def sample_positions(name: str, count: int = 6) -> list:
    """``count`` positions of a seeded easy-vs-easy game, spread over its course."""
    rules, ai = _rules(name), _ai(name)
    players = {"zertz": 2, "zetema": 2, "telefunken": 3, "chan": 4}[name]
    state = rules.new_game(players, seed=11)
    rng = random.Random(3)
    states = []
    for _ in range(400):
        seat = rules.to_move(state)
        if seat is None:
            break
        legal = rules.legal_moves(state)
        if len(legal) > 1:
            states.append(state)
        state = rules.play(state, ai.choose(rules.view(state, seat), legal, "easy", rng))
    step = max(1, len(states) // count)
    picked = states[::step][:count]
    if name == "zetema":  # the two-player endgame search (stock empty), budget-limited
        picked.append(next(s for s in states if s.players == 2 and not s.stock))
    return picked


def decisions() -> dict[str, list[str]]:
    """The move of every level in every sample position of every game (rng seeded)."""
    out: dict[str, list[str]] = {}
    with small_budgets():
        for name in GAMES:
            out[name] = _game_decisions(name)
    return out


def _game_decisions(name: str) -> list[str]:
    rules, ai = _rules(name), _ai(name)
    moves = []
    for i, state in enumerate(sample_positions(name)):
        seat = rules.to_move(state)
        legal = rules.legal_moves(state)
        for level in ai.LEVELS:
            moves.append(ai.choose(rules.view(state, seat), legal, level, random.Random(i)))
    return moves


def test_budgets_are_restored_after_the_small_runs(reference):
    from game.ai import telefunken_search, zertz, zetema

    assert telefunken_search.ROLLOUTS > 6 and telefunken_search.PLY_CAP > 40
    assert zertz.NODE_BUDGET["hard"] > 3_000 and zetema.ENDGAME_NODES > 300
    assert zertz.NODE_BUDGET["normal"] > 2_000 and zetema.PLAYOUTS > 12


@pytest.fixture(scope="module")
def reference() -> dict[str, list[str]]:
    return decisions()


def test_every_sample_has_a_choice_to_make(reference):
    for name in GAMES:
        assert len(reference[name]) >= 3 * len(_ai(name).LEVELS)


def test_same_moves_with_a_busy_cpu(reference):
    stop = threading.Event()

    def spin() -> None:
        x = 0
        while not stop.is_set():
            x += 1

    busy = threading.Thread(target=spin, daemon=True)
    busy.start()
    try:
        again = decisions()
    finally:
        stop.set()
        busy.join()
    assert again == reference


def test_same_moves_in_another_process_with_another_hash_seed(reference):
    code = ("import json, sys; from tests.test_ai_determinism import decisions; "
            "json.dump(decisions(), sys.stdout)")
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300, check=True)
    assert json.loads(done.stdout) == reference
