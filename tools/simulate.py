"""Headless AI-vs-AI tournaments through the rules-engine contract.

    python tools/simulate.py zertz --a hard --b easy --games 200 [--seed 1] [--jobs 2]
    python tools/simulate.py zertz --a hard --b mc --games 40      # the Monte Carlo sparring
    python tools/simulate.py zetema --players 3 --games 300 [--levels hard,normal,easy]
    python tools/simulate.py telefunken --players 4 --games 200 [--levels ...]
    python tools/simulate.py chan --deals 500 [--levels hard,easy,easy,easy]

Plays seeded games between two AI levels, alternating who starts (pairs of games share a
seed, so each side plays the same bag order once as starter), using only the contract
(``new_game``, ``legal_moves``, ``view``, ``play``, ``result``) and ``game.ai.<name>.choose``.
A level is one of the AI's (easy, normal, hard) or ``mc`` / ``mc:N``, the determinized Monte
Carlo searcher of ``tools/mc_sparring.py`` (1,600 or N iterations per move). ``--jobs N``
plays the games on N worker processes (spawned). Prints wins/draws/losses from A's side,
A's share of decided games with its 95% Wilson interval, mean points, how games ended, their
length, and p50/p95/max CPU time per decision of each level (``time.process_time``).

A game is added by writing its entry in ``GAMES``: how to start game number ``i`` (and which
seats A and B hold) and how to read the winner and points from ``result``.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sim_common import check_level, player, rate_text, run_tasks, time_summary, timed  # noqa: E402

MAX_PLIES = 5000


@dataclass(frozen=True)
class GameEntry:
    """How the simulator drives one game.

    ``start(rules, seed, index)`` returns the initial state and the side ("A"/"B") of each
    seat; ``outcome(result, sides)`` returns the winning side (None for a draw) and the
    points of A and B.
    """

    rules: str
    ai: str
    start: Callable
    outcome: Callable


def _two_player_start(rules, seed: int, index: int):
    """A holds seat 0; game ``index`` is started by A when even, by B when odd."""
    state = rules.new_game(2, seed=seed, first=index % 2)
    return state, {0: "A", 1: "B"}


def _two_player_outcome(result: dict, sides: dict[int, str]):
    winner = result.get("winner")
    points = result.get("points", [0, 0])
    by_side = {sides[seat]: points[seat] for seat in sides}
    return (sides[winner] if winner is not None else None), by_side["A"], by_side["B"]


GAMES: dict[str, GameEntry] = {
    "zertz": GameEntry("game.rules.zertz", "game.ai.zertz", _two_player_start,
                       _two_player_outcome),
}


def play_one(task: tuple[str, str, str, int, int]) -> dict:
    """Play game number ``index`` of a tournament; return its outcome and move timings.

    Games come in pairs with the same seed (games 0 and 1, 2 and 3, ...): with ``start``
    alternating the starter, each side meets the same bag order once as starter, which takes
    much of the luck of the draw out of the comparison.
    """
    name, level_a, level_b, base_seed, index = task
    entry = GAMES[name]
    rules = importlib.import_module(entry.rules)
    seed = base_seed * 1_000_003 + index // 2
    state, sides = entry.start(rules, seed, index)
    levels = {"A": level_a, "B": level_b}
    chooser = {side: player(name, level) for side, level in levels.items()}
    rngs = {seat: random.Random(seed * 2 + (sides[seat] == "B")) for seat in sides}
    times: dict[str, list[float]] = {"A": [], "B": []}
    plies = 0
    while rules.to_move(state) is not None:
        seat = rules.to_move(state)
        legal = rules.legal_moves(state)
        side = sides[seat]
        move, spent = timed(chooser[side], rules.view(state, seat), legal, rngs[seat])
        times[side].append(spent)
        if move not in legal:
            raise RuntimeError(f"{levels[side]} AI chose an illegal move {move!r}")
        state = rules.play(state, move)
        plies += 1
        if plies > MAX_PLIES:
            raise RuntimeError(f"game {index} did not end within {MAX_PLIES} moves")
    result = rules.result(state)
    winner, points_a, points_b = entry.outcome(result, sides)
    return {"index": index, "winner": winner, "points_a": points_a, "points_b": points_b,
            "reason": result.get("reason"), "plies": plies, "times": times}


def run(name: str, level_a: str, level_b: str, games: int, seed: int, jobs: int) -> list[dict]:
    tasks = [(name, level_a, level_b, seed, i) for i in range(games)]
    return run_tasks(play_one, tasks, jobs)


def report(name: str, level_a: str, level_b: str, seed: int, jobs: int,
           outcomes: list[dict]) -> str:
    n = len(outcomes)
    wins = sum(1 for o in outcomes if o["winner"] == "A")
    losses = sum(1 for o in outcomes if o["winner"] == "B")
    draws = n - wins - losses
    decided = wins + losses
    reasons = Counter(o["reason"] for o in outcomes)
    plies = [o["plies"] for o in outcomes]
    mean_a = statistics.fmean(o["points_a"] for o in outcomes)
    mean_b = statistics.fmean(o["points_b"] for o in outcomes)
    ended = ", ".join(f"{k} {v}" for k, v in sorted(reasons.items(), key=str))
    lines = [
        f"{name}: A={level_a} vs B={level_b}, {n} games (seed {seed}, jobs {jobs})",
        f"A wins {wins}, draws {draws}, losses {losses}: A won {100 * wins / n:.1f}% of games,"
        + f" {rate_text(wins, decided)} of {decided} decided games (95% Wilson interval)",
        f"mean points: A {mean_a:.2f}, B {mean_b:.2f}",
        f"ended by: {ended}",
        f"moves per game: mean {statistics.fmean(plies):.1f}, min {min(plies)}, max {max(plies)}",
    ]
    for side, level in (("A", level_a), ("B", level_b)):
        samples = [t for o in outcomes for t in o["times"][side]]
        lines.append(f"CPU time per decision {side}={level}: {time_summary(samples)}")
    return "\n".join(lines)


SEPARATE = ("zetema", "telefunken", "chan")
"""Games with more than two seats, each simulated by its own ``tools/simulate_<game>.py``."""


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in SEPARATE:
        name = argv[0]
        module = importlib.import_module(f"simulate_{name}")
        parser = argparse.ArgumentParser(prog=f"simulate.py {name}",
                                         description=f"AI-vs-AI {name} games")
        module.add_arguments(parser)
        return module.run(parser.parse_args(argv[1:]))
    parser = argparse.ArgumentParser(description="AI-vs-AI games through the rules contract")
    parser.add_argument("game", help=f"one of: {', '.join([*GAMES, *SEPARATE])}")
    parser.add_argument("--a", default="hard", help="level of player A (easy/normal/hard/mc/mc:N)")
    parser.add_argument("--b", default="easy", help="level of player B (easy/normal/hard/mc/mc:N)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args(argv)
    if args.game not in GAMES:
        print(f"unknown game {args.game!r}: choose one of {', '.join([*GAMES, *SEPARATE])}",
              file=sys.stderr)
        return 2
    for level in (args.a, args.b):
        problem = check_level(args.game, level)
        if problem:
            print(problem, file=sys.stderr)
            return 2
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    outcomes = run(args.game, args.a, args.b, args.games, args.seed, args.jobs)
    print(report(args.game, args.a, args.b, args.seed, args.jobs, outcomes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
