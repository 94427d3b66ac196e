"""Chắn ``hard``: determinized rollouts with voting over the moves the heuristic finds close.

The ``normal`` evaluation (``chan.Evaluator``) ranks the legal moves. When the best is clear
(one candidate within ``MARGIN`` of the best value, or a win to declare) it is played at once;
otherwise the search spends its budget there: ``ROLLOUTS`` deals of the hidden cards
(``determinize.sample``: the other hands and the stock, consistent with the view), the same
deals for every candidate (common random numbers; ``chan.ROLLOUTS["hard"]`` in all, shared
out), each candidate played and the deal rolled out to its end with the heuristic players as
policy (``ROLLOUT_LEVEL`` for every seat), scored by the seat's settlement. The heuristic's
first choice stands unless another candidate settles better on the same deals by more than
``Z`` standard errors of the paired difference: a verdict, not noise.

Effort is counted in rollouts, never time: the same view, legal list and seeded ``rng`` give
the same move.
"""

from __future__ import annotations

import random

from game.ai import chan as heuristics
from game.ai import determinize
from game.rules import chan as rules

MAX_CANDIDATES = 4
MARGIN = 25.0
"""Moves valued more than this below the best are not searched."""
Z = 1.0
"""How many standard errors a candidate's paired gain must exceed to overrule the heuristic."""
ROLLOUT_LEVEL = "normal"
MAX_PLIES = 400


def candidates(view: dict, legal: list[str]) -> list[tuple[float, str]]:
    """The moves worth searching, best first, with their heuristic values."""
    ev = heuristics.Evaluator(view, "hard", legal)
    scored = sorted(((ev.move_value(m), -i, m) for i, m in enumerate(legal)), reverse=True)
    best = scored[0][0]
    return [(v, m) for v, _, m in scored[:MAX_CANDIDATES] if v >= best - MARGIN]


def choose(view: dict, legal: list[str], rng: random.Random) -> str:
    """The hard move for the seat to act in ``view``."""
    if "u" in legal:
        return heuristics.Evaluator(view, "hard", legal).pick_win(legal)
    ranked = candidates(view, legal)
    if len(ranked) == 1:
        return ranked[0][1]
    per_candidate = max(1, heuristics.ROLLOUTS["hard"] // len(ranked))
    values = determinize.paired_outcomes("chan", view, [move for _, move in ranked],
                                         per_candidate, rollout, rng)
    return ranked[determinize.vote(values, Z)][1]


def rollout(state, move: str, seat: int, rng: random.Random) -> float | None:
    """``move`` then the policy to the end of the deal; the seat's settlement (None: illegal
    in this deal of the hidden cards)."""
    try:
        state = rules.play(state, move)
    except ValueError:
        return None
    for _ in range(MAX_PLIES):
        mover = rules.to_move(state)
        if mover is None:
            break
        legal = rules.legal_moves(state)
        choice = heuristics.heuristic(rules.view(state, mover), legal, ROLLOUT_LEVEL, rng)
        state = rules.play(state, choice)
    result = rules.result(state)
    return 0.0 if result is None else float(result["settlement"][seat])
