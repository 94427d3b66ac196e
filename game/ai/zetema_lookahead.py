"""Zetema determinized lookahead: the hard level's search over the hidden cards.

The plan evaluation (``game.ai.zetema``) judges a move by its points and an outlook averaged
over the unseen cards; it cannot see how the other seats will answer. This search takes the
few best moves by that evaluation and plays each of them on ``samples`` determinized
positions (``game.ai.determinize.sample``: the other hands and the stock dealt at random
consistently with the view), every seat then following the evaluation's choice (the
playout policy) until this seat must decide again. The value of a line is the points this
seat gained in it minus the best gain of another seat, plus what the evaluation expects of
the position this seat then faces (its best move's value, with the card it drew) minus what
it expects of the best other hand (whose cards the sample shows), both discounted by
``LATER``. The same
samples (and the same policy seeds) serve every candidate, so the comparison is between
moves, not between deals. The candidate with the best mean wins.

Effort is counted in work: ``samples`` playouts per candidate, never seconds.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.ai import determinize
from game.rules import zetema as rules

Scores = Callable[[dict, list[str]], list[tuple[float, str]]]
"""``(view, legal) -> [(value, move)]``: the plan evaluation of a seat's moves."""
Outlook = Callable[[dict], float]
"""``view -> value``: what the evaluation expects of the hand of the view's seat."""

MAX_PLIES = 40
"""A playout that has not reached this seat's next decision after this many moves stops."""
LATER = 0.9
"""The position this seat faces next counts this much (banked points are better)."""
END_VALUE = 1_000.0
"""The value of a line where someone reaches the goal (on top of the points)."""


def choose(view: dict, candidates: list[str], scores: Scores, outlook: Outlook, samples: int,
           rng: random.Random) -> str:
    """The best of ``candidates`` (at least one) by the mean value of ``samples`` playouts."""
    if len(candidates) == 1 or samples < 1:
        return candidates[0]
    seat = determinize.viewer(view)
    totals = [0.0] * len(candidates)
    for _ in range(samples):
        state = determinize.sample("zetema", view, rng)
        seed = rng.randrange(1 << 30)
        for k, move in enumerate(candidates):
            totals[k] += playout(state, move, seat, scores, outlook, random.Random(seed))
    best = max(totals)
    return candidates[totals.index(best)]


def playout(state: rules.State, move: str, seat: int, scores: Scores, outlook: Outlook,
            rng: random.Random) -> float:
    """Play ``move`` then the policy until ``seat`` faces a new turn; the line's value."""
    before = list(state.scores)
    deal = state.deal
    state = rules.play(state, move)
    for _ in range(MAX_PLIES):
        mover = rules.to_move(state)
        if mover is None or state.deal != deal:
            return _gain(state, before, seat) + _end_bonus(state, seat)
        legal = rules.legal_moves(state)
        if mover == seat and state.phase == "meld":
            mine = min(END_VALUE, max(v for v, _ in scores(rules.view(state, seat), legal)))
            theirs = max(outlook(rules.view(state, s)) for s in range(state.players) if s != seat)
            return _gain(state, before, seat) + LATER * (mine - theirs)
        view = rules.view(state, mover)
        scored = scores(view, legal)
        best = max(v for v, _ in scored)
        state = rules.play(state, rng.choice([m for v, m in scored if v >= best - 1e-9]))
    return _gain(state, before, seat)


def _gain(state: rules.State, before: list[int], seat: int) -> float:
    gained = [a - b for a, b in zip(state.scores, before)]
    others = [g for s, g in enumerate(gained) if s != seat]
    return gained[seat] - max(others, default=0)


def _end_bonus(state: rules.State, seat: int) -> float:
    result = rules.result(state)
    if result is None or result["winner"] is None:
        return 0.0
    return END_VALUE if result["winner"] == seat else -END_VALUE
