"""Headless Chắn AI-vs-AI deals through the rules-engine contract.

    python tools/simulate_chan.py --deals 500 --levels hard,easy,easy,easy [--seed 1] [--jobs 2]

Plays seeded deals using only the contract (``new_game``, ``to_move``, ``legal_moves``,
``view``, ``play``, ``result``) and ``game.ai.chan.choose`` (or the Monte Carlo sparring
partner: level ``mc`` or ``mc:N``). Seats are rotated over the levels: in deal ``i`` seat
``s`` plays ``levels[(s + i) % 4]``, so every level sits in every seat (and as dealer)
equally often. Prints per level: seat-deals played, wins and win rate with its 95% Wilson
interval and as a multiple of the fair share (1/4), draw rate (deals without a winner),
mean settlement per seat-deal, and p50/p95/max CPU time per decision; then how deals ended
and their length.

``tools/simulate.py chan ...`` reaches the same code through ``add_arguments``/``run``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sim_common import check_level, player, rate_text, run_tasks, time_summary, timed  # noqa: E402

from game.rules import chan as rules  # noqa: E402

PLAYERS = 4
MAX_PLIES = 5_000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the Chắn tournament options to ``parser`` (a parser or a sub-command parser)."""
    parser.add_argument("--deals", type=int, default=500, help="deals to play (500)")
    parser.add_argument("--levels", default="hard,easy,easy,easy",
                        help="four comma-separated levels, rotated over the seats "
                             "(hard,easy,easy,easy)")
    parser.add_argument("--seed", type=int, default=1, help="base seed (1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (1)")


def run(args: argparse.Namespace) -> int:
    """Play the deals ``args`` describes and print the table; return an exit code."""
    deals = getattr(args, "deals", 500)
    levels = [x.strip() for x in str(getattr(args, "levels", "hard,easy,easy,easy")).split(",")
              if x.strip()]
    seed = getattr(args, "seed", 1)
    jobs = max(1, getattr(args, "jobs", 1) or 1)
    if len(levels) != PLAYERS:
        print(f"--levels needs {PLAYERS} levels, one per seat", file=sys.stderr)
        return 2
    for level in levels:
        problem = check_level("chan", level)
        if problem:
            print(problem, file=sys.stderr)
            return 2
    if deals < 1:
        print("--deals must be at least 1", file=sys.stderr)
        return 2
    tasks = [(tuple(levels), seed, i) for i in range(deals)]
    started = time.perf_counter()
    outcomes = run_tasks(play_one, tasks, jobs)
    elapsed = time.perf_counter() - started
    print(report(levels, seed, jobs, outcomes, elapsed))
    return 0


def seat_levels(levels: tuple[str, ...], index: int) -> list[str]:
    """The level of each seat in deal ``index`` (the rotation)."""
    return [levels[(s + index) % PLAYERS] for s in range(PLAYERS)]


def play_one(task: tuple[tuple[str, ...], int, int]) -> dict:
    """Play deal number ``index``; return its result, the seats' levels and move timings."""
    levels, base_seed, index = task
    seed = base_seed * 1_000_003 + index
    state = rules.new_game(PLAYERS, seed=seed)
    by_seat = seat_levels(levels, index)
    rngs = [random.Random(seed * 7 + s) for s in range(PLAYERS)]
    chooser = {level: player("chan", level) for level in set(levels)}
    times: list[list[float]] = [[] for _ in range(PLAYERS)]
    plies = 0
    while (seat := rules.to_move(state)) is not None:
        legal = rules.legal_moves(state)
        move, spent = timed(chooser[by_seat[seat]], rules.view(state, seat), legal, rngs[seat])
        times[seat].append(spent)
        if move not in legal:
            raise RuntimeError(f"{by_seat[seat]} AI chose an illegal move {move!r}")
        state = rules.play(state, move)
        plies += 1
        if plies > MAX_PLIES:
            raise RuntimeError(f"deal {index} did not end within {MAX_PLIES} moves")
    result = rules.result(state)
    return {"index": index, "levels": by_seat, "winner": result["winner"],
            "score": result["score"], "features": result["features"],
            "settlement": result["settlement"], "plies": plies, "times": times}


def report(levels: list[str], seed: int, jobs: int, outcomes: list[dict],
           elapsed: float) -> str:
    n = len(outcomes)
    draws = sum(1 for o in outcomes if o["winner"] is None)
    lines = [f"chan: levels {','.join(levels)} rotated over the seats, {n} deals "
             f"(seed {seed}, jobs {jobs}, {elapsed:.1f} s)",
             f"{'level':<8}{'seat-deals':>11}{'wins':>7}{'win rate [95% interval]':>25}"
             f"{'x fair':>8}{'draw rate':>11}{'mean settle':>13}"]
    for level in dict.fromkeys(levels):
        seats = [(o, s) for o in outcomes for s in range(PLAYERS) if o["levels"][s] == level]
        wins = sum(1 for o, s in seats if o["winner"] == s)
        drawn = sum(1 for o, _ in seats if o["winner"] is None)
        settle = statistics.fmean(o["settlement"][s] for o, s in seats)
        lines.append(f"{level:<8}{len(seats):>11}{wins:>7}{rate_text(wins, len(seats)):>25}"
                     f"{wins / len(seats) * PLAYERS:>8.2f}"
                     f"{100 * drawn / len(seats):>10.1f}%{settle:>+13.3f}")
    for level in dict.fromkeys(levels):
        samples = [t for o in outcomes for s in range(PLAYERS) if o["levels"][s] == level
                   for t in o["times"][s]]
        lines.append(f"CPU time per decision, {level}: {time_summary(samples)}")
    won = [o for o in outcomes if o["winner"] is not None]
    features = Counter(f for o in won for f in o["features"])
    plies = [o["plies"] for o in outcomes]
    lines.append(f"deals won {len(won)}, drawn (stock ran out) {draws}; "
                 f"mean score of a win {statistics.fmean(o['score'] for o in won):.2f}"
                 if won else f"deals won 0, drawn {draws}")
    if features:
        lines.append("features: " + ", ".join(f"{k} {v}" for k, v in features.most_common()))
    lines.append(f"moves per deal: mean {statistics.fmean(plies):.1f}, min {min(plies)}, "
                 f"max {max(plies)}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Chắn AI-vs-AI deals through the rules "
                                                 "contract")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
