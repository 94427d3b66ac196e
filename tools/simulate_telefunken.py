"""Headless Telefunken AI-vs-AI games (all seven deals) through the rules-engine contract.

    python tools/simulate_telefunken.py --players 4 --games 200 \\
        [--levels hard,normal,easy,easy] [--seed 1] [--jobs 2]

Plays seeded games using only the contract (``new_game``, ``to_move``, ``legal_moves``,
``view``, ``play``, ``result``) and ``game.ai.telefunken.choose`` (or the Monte Carlo
sparring partner: level ``mc`` or ``mc:N``). Seats are rotated over the levels: in game ``i``
seat ``s`` plays ``levels[(s + i) % len(levels)]``, so every level sits in every seat equally
often. Prints per level: seat-games played, wins (ties share a win: each tied winner counts
one), win rate with its 95% Wilson interval and as a multiple of the fair share
(1/players), mean total penalty after deal 7, mean deals won (also as a rate with its
interval), mean chips left, and p50/p95/max CPU time per decision.

``tools/simulate.py telefunken ...`` reaches the same code through ``add_arguments``/``run``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sim_common import check_level, player, rate_text, run_tasks, time_summary, timed  # noqa: E402

from game.ai.telefunken import Recall  # noqa: E402
from game.rules import telefunken as rules  # noqa: E402

MAX_PLIES = 60_000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the Telefunken tournament options to ``parser`` (a parser or a sub-command parser)."""
    parser.add_argument("--players", type=int, default=4, help="seats per game, 2..6 (4)")
    parser.add_argument("--games", type=int, default=200, help="games to play (200)")
    parser.add_argument("--levels", default="hard,normal,easy,easy",
                        help="comma-separated levels rotated over the seats")
    parser.add_argument("--seed", type=int, default=1, help="base seed (1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (1)")


def run(args: argparse.Namespace) -> int:
    """Play the tournament ``args`` describes and print the table; return an exit code."""
    players = getattr(args, "players", 4)
    games = getattr(args, "games", 200)
    levels = [x.strip() for x in str(getattr(args, "levels", "hard,normal,easy,easy")).split(",")
              if x.strip()]
    seed = getattr(args, "seed", 1)
    jobs = max(1, getattr(args, "jobs", 1) or 1)
    if not levels:
        print("--levels needs at least one level", file=sys.stderr)
        return 2
    for level in levels:
        problem = check_level("telefunken", level)
        if problem:
            print(problem, file=sys.stderr)
            return 2
    if not 2 <= players <= 6:
        print("--players must be 2..6", file=sys.stderr)
        return 2
    if games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    tasks = [(players, tuple(levels), seed, i) for i in range(games)]
    started = time.perf_counter()
    outcomes = run_tasks(play_one, tasks, jobs)
    elapsed = time.perf_counter() - started
    print(report(players, levels, seed, jobs, outcomes, elapsed))
    return 0


def play_one(task: tuple) -> dict:
    """Play game number ``index``; return the seats' levels, result, and timings."""
    players, levels, base_seed, index = task
    seed = base_seed * 1_000_003 + index
    state = rules.new_game(players, seed=seed)
    seat_levels = [levels[(s + index) % len(levels)] for s in range(players)]
    rngs = [random.Random(seed * 7 + s) for s in range(players)]
    chooser = {level: player("telefunken", level) for level in levels}
    times: dict[str, list[float]] = {level: [] for level in levels}
    plies = 0
    recall = Recall(players)  # what the deal's moves told everyone, as the table remembers it
    deal = state.deal
    while (seat := rules.to_move(state)) is not None:
        legal = rules.legal_moves(state)
        level = seat_levels[seat]
        if state.deal != deal:
            deal, recall = state.deal, Recall(players)
        view = recall.add_to(rules.view(state, seat))
        move, spent = timed(chooser[level], view, legal, rngs[seat])
        times[level].append(spent)
        if move not in legal:
            raise RuntimeError(f"{level} AI chose an illegal move {move!r}")
        recall.note(state, move)
        state = rules.play(state, move)
        plies += 1
        if plies > MAX_PLIES:
            raise RuntimeError(f"game {index} did not end within {MAX_PLIES} moves")
    res = rules.result(state)
    return {"index": index, "levels": seat_levels, "totals": res["totals"],
            "winners": res["winners"], "deal_winners": res["deal_winners"],
            "chips": list(state.chips), "plies": plies, "times": times}


def report(players: int, levels: list[str], seed: int, jobs: int, outcomes: list[dict],
           elapsed: float) -> str:
    """The per-level table of a finished tournament."""
    n = len(outcomes)
    lines = [f"telefunken: {players} players, levels {','.join(levels)} rotated over the seats, "
             f"{n} games (seed {seed}, jobs {jobs}, {elapsed:.0f} s)",
             f"moves per game: mean {statistics.fmean(o['plies'] for o in outcomes):.1f}; "
             f"deals nobody went out of: "
             f"{sum(w is None for o in outcomes for w in o['deal_winners'])}",
             f"{'level':<8}{'seats':>7}{'wins':>7}{'win rate [95% interval]':>25}{'x fair':>8}"
             f"{'mean total':>12}{'deals won':>11}{'deal win rate [95%]':>23}{'chips left':>12}"]
    for level in dict.fromkeys(levels):
        seats = [(o, s) for o in outcomes for s, lv in enumerate(o["levels"]) if lv == level]
        if not seats:
            continue
        wins = sum(1 for o, s in seats if s in o["winners"])
        totals = [o["totals"][s] for o, s in seats]
        deals = [sum(1 for w in o["deal_winners"] if w == s) for o, s in seats]
        chips = [o["chips"][s] for o, s in seats]
        played = sum(len(o["deal_winners"]) for o, _ in seats)
        lines.append(f"{level:<8}{len(seats):>7}{wins:>7}{rate_text(wins, len(seats)):>25}"
                     f"{wins / len(seats) * players:>8.2f}"
                     f"{statistics.fmean(totals):>12.1f}{statistics.fmean(deals):>11.2f}"
                     f"{rate_text(sum(deals), played):>23}{statistics.fmean(chips):>12.2f}")
    for level in dict.fromkeys(levels):
        samples = [t for o in outcomes for t in o["times"].get(level, [])]
        lines.append(f"CPU time per decision, {level}: {time_summary(samples)}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Telefunken AI-vs-AI games through the contract")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
