"""How much of two-player Zetema skill can decide: measurements behind the README's figures.

    python tools/zetema_luck.py points  [--games 150]            where the points come from
    python tools/zetema_luck.py weights [--games 400] [--jobs 2]  re-weighted evaluations vs normal
    python tools/zetema_luck.py oracle  [--games 60]  [--jobs 2]  a player that sees every card

Every game is two seats, seats alternated, seeded; the other seat always plays ``normal``.

- ``points``: normal against normal; the points of every kind (flush, zetema, marriage, ...)
  per game. Re-declaring a flush (a flush gives back five of its six cards) is most of the
  score, so a game is mostly a race for the cards of the farmed suit, which the deal decides.
- ``weights``: the plan evaluation with each of a fixed list of other weightings
  (``game.ai.zetema.Params``) against normal's: how far tuning the evaluation can move the
  result.
- ``oracle``: a *cheating* player, for an upper bound of what knowing more is worth: hard's
  look-ahead (``game.ai.zetema_lookahead``) played on the true position (the other hand and
  the stock's order) instead of deals of the unseen cards. No level of the game cheats: this
  exists only here.
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sim_common import rate_text, run_tasks  # noqa: E402

from game.ai import zetema as ai  # noqa: E402
from game.ai import zetema_lookahead  # noqa: E402
from game.rules import zetema as rules  # noqa: E402

WEIGHTS = [
    {},  # normal's own weights: the control, about 50%
    {"rival": 0.75, "horizon": 0.25, "horizon_cap": 4.0, "hold": 0.7, "goal_guard": 8.0,
     "flush_plan": 1.2},
    {"rival": 1.25, "horizon_cap": 2.0, "hold": 1.0, "goal_guard": 1.0, "flush_plan": 1.2},
    {"rival": 1.5, "horizon": 0.25, "horizon_cap": 6.0, "goal_guard": 2.0, "flush_plan": 1.5,
     "assembly_plan": 0.4},
    {"horizon": 0.25, "horizon_cap": 2.0, "hold": 0.7, "goal_guard": 1.0, "flush_plan": 1.2,
     "assembly_plan": 1.2},
    {"rival": 0.75, "horizon": 1.0, "horizon_cap": 2.0, "hold": 0.8, "goal_guard": 8.0,
     "flush_plan": 1.2, "assembly_plan": 1.2},
    {"rival": 1.5, "horizon": 1.0, "flush_plan": 1.5},
]
"""Weightings tried by ``weights`` (changes from ``game.ai.zetema.PLAN``)."""

ORACLE_TRIES = 8
"""Look-ahead tries of the oracle (its deals are all the true one; ties break at random)."""


def _normal(view: dict, legal: list[str], rng: random.Random, _state) -> str:
    return ai.choose(view, legal, "normal", rng)


def _weighted(changes: dict):
    params = dataclasses.replace(ai.PLAN, **changes)

    def choose(view: dict, legal: list[str], rng: random.Random, _state) -> str:
        if len(legal) == 1:
            return legal[0]
        table = ai._Table.from_view(view)
        if table.players == 2 and table.stock == 0:  # normal's exact endgame, unchanged
            move = ai._Endgame(table).choose(legal, rng)
            if move is not None:
                return move
        return ai._Planner(table, params).choose(legal, rng)
    return choose


def _oracle(view: dict, legal: list[str], rng: random.Random, state) -> str:
    if len(legal) == 1:
        return legal[0]
    table = ai._Table.from_view(view)
    if table.players == 2 and table.stock == 0:
        move = ai._Endgame(table).choose(legal, rng)
        if move is not None:
            return move
    scored = ai.plan_scores(view, legal)
    ranked = sorted(scored, key=lambda vm: -vm[0])
    if ranked[0][0] >= ai.WIN:
        return ranked[0][1]
    candidates = [m for v, m in ranked[:ai.CANDIDATES] if v >= ranked[0][0] - ai.CANDIDATE_MARGIN]
    if len(candidates) == 1:
        return candidates[0]
    seat = view["seat"]
    totals = [0.0] * len(candidates)
    for _ in range(ORACLE_TRIES):
        seed = rng.randrange(1 << 30)
        for k, move in enumerate(candidates):
            totals[k] += zetema_lookahead.playout(state, move, seat, ai.plan_scores,
                                                  ai.hand_outlook, random.Random(seed))
    return candidates[totals.index(max(totals))]


def play(task: tuple) -> dict:
    """One game of ``task = (kind, argument, seed, index)``: the tested seat against normal."""
    kind, argument, base, index = task
    seed = base * 1_000_003 + index
    tested = {"weights": lambda: _weighted(WEIGHTS[argument]), "oracle": lambda: _oracle,
              "points": lambda: _normal}[kind]()
    state = rules.new_game(2, seed=seed)
    seat_of_tested = index % 2
    rngs = [random.Random(seed * 7 + s) for s in range(2)]
    points: collections.Counter = collections.Counter()
    while (seat := rules.to_move(state)) is not None:
        legal = rules.legal_moves(state)
        choose = tested if seat == seat_of_tested else _normal
        move = choose(rules.view(state, seat), legal, rngs[seat], state)
        before = state.scores[seat]
        state = rules.play(state, move)
        gained = state.scores[seat] - before
        if gained:
            words = move.split()
            points[words[1] if words[0] == "meld" else "zetema"] += gained
    result = rules.result(state)
    return {"won": result["winner"] == seat_of_tested, "points": points,
            "margin": result["scores"][seat_of_tested] - result["scores"][1 - seat_of_tested]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["points", "weights", "oracle"])
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    games = args.games or {"points": 150, "weights": 400, "oracle": 60}[args.what]
    if args.what == "points":
        outcomes = run_tasks(play, [("points", None, args.seed, i) for i in range(games)],
                             args.jobs)
        total: collections.Counter = collections.Counter()
        for outcome in outcomes:
            total.update(outcome["points"])
        whole = sum(total.values())
        print(f"normal vs normal, {games} games: points per game by kind")
        for kind, value in total.most_common():
            print(f"  {kind:<14}{value / games:8.1f}  {100 * value / whole:5.1f}%")
        return 0
    variants = range(len(WEIGHTS)) if args.what == "weights" else [None]
    for variant in variants:
        outcomes = run_tasks(play, [(args.what, variant, args.seed, i) for i in range(games)],
                             args.jobs)
        wins = sum(o["won"] for o in outcomes)
        name = (f"weights {WEIGHTS[variant] or 'of normal'}" if args.what == "weights"
                else "oracle (sees the other hand and the stock)")
        print(f"{name}: won {wins} of {games}, {rate_text(wins, games)}; mean margin "
              f"{statistics.fmean(o['margin'] for o in outcomes):+.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
