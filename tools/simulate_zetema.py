"""Headless Zetema AI-vs-AI games through the rules-engine contract.

    python tools/simulate_zetema.py --players 3 --games 300 [--levels hard,normal,easy]
                                    [--seed 1] [--jobs 2] [--double S] [--target 300]

Plays seeded games using only the contract (``new_game``, ``to_move``, ``legal_moves``,
``view``, ``play``, ``result``) and ``game.ai.zetema.choose`` (or the Monte Carlo sparring
partner: level ``mc`` or ``mc:N``). Seats are rotated over the levels: in game ``i`` seat ``s``
plays ``levels[(s + i) % len(levels)]``, so every level sits in every seat equally often.
Prints per level: seat-games played, wins, win rate with its 95% Wilson interval, the win
rate as a multiple of the fair share (1/players), mean final score, mean share of the game's
total score, and p50/p95/max CPU time per decision.

``tools/simulate.py zetema ...`` reaches the same code through ``add_arguments``/``run``.
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

from game.ai.zetema import Recall  # noqa: E402
from game.rules import zetema as rules  # noqa: E402

MAX_PLIES = 20_000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the Zetema tournament options to ``parser`` (a parser or a sub-command parser)."""
    parser.add_argument("--players", type=int, default=3, help="seats per game, 2..6 (3)")
    parser.add_argument("--games", type=int, default=300, help="games to play (300)")
    parser.add_argument("--levels", default="hard,normal,easy",
                        help="comma-separated levels rotated over the seats")
    parser.add_argument("--seed", type=int, default=1, help="base seed (1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (1)")
    parser.add_argument("--double", default="S", help="duplicated suit (S)")
    parser.add_argument("--target", type=int, default=None, help="goal (from the players)")


def run(args: argparse.Namespace) -> int:
    """Play the tournament ``args`` describes and print the table; return an exit code."""
    players = getattr(args, "players", 3)
    games = getattr(args, "games", 300)
    raw_levels = getattr(args, "levels", None) or "hard,normal,easy"
    if isinstance(raw_levels, str):
        raw_levels = raw_levels.split(",")
    levels = [str(x).strip() for x in raw_levels if str(x).strip()]
    seed = getattr(args, "seed", 1)
    jobs = max(1, getattr(args, "jobs", 1) or 1)
    double = getattr(args, "double", "S") or "S"
    target = getattr(args, "target", None)
    for level in levels:
        problem = check_level("zetema", level)
        if problem:
            print(problem, file=sys.stderr)
            return 2
    if not levels:
        print("--levels needs at least one level", file=sys.stderr)
        return 2
    if not 2 <= players <= 6:
        print("--players must be 2..6", file=sys.stderr)
        return 2
    if games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    tasks = [(players, tuple(levels), seed, i, double, target) for i in range(games)]
    started = time.perf_counter()
    outcomes = run_tasks(play_one, tasks, jobs)
    elapsed = time.perf_counter() - started
    print(report(players, levels, seed, jobs, outcomes, elapsed))
    return 0


def play_one(task: tuple) -> dict:
    """Play game number ``index``; return the seats' levels, result, deals and timings."""
    players, levels, base_seed, index, double, target = task
    seed = base_seed * 1_000_003 + index
    options = {"double": double}
    if target is not None:
        options["target"] = target
    state = rules.new_game(players, seed=seed, **options)
    seat_levels = [levels[(s + index) % len(levels)] for s in range(players)]
    rngs = [random.Random(seed * 7 + s) for s in range(players)]
    chooser = {level: player("zetema", level) for level in levels}
    times: dict[str, list[float]] = {level: [] for level in levels}
    plies = 0
    recall = Recall(players)  # what the deal's melds showed, as the table remembers it
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
    return {"index": index, "levels": seat_levels, "scores": res["scores"],
            "winner": res["winner"], "deals": state.deal, "plies": plies, "times": times}


def report(players: int, levels: list[str], seed: int, jobs: int, outcomes: list[dict],
           elapsed: float) -> str:
    """The per-level table of a finished tournament."""
    n = len(outcomes)
    lines = [f"zetema: {players} players, levels {','.join(levels)} rotated over the seats, "
             f"{n} games (seed {seed}, jobs {jobs}, {elapsed:.0f} s)",
             f"deals per game: mean {statistics.fmean(o['deals'] for o in outcomes):.2f}; "
             f"moves per game: mean {statistics.fmean(o['plies'] for o in outcomes):.1f}",
             f"{'level':<8}{'games':>7}{'wins':>7}{'win rate [95% interval]':>25}"
             f"{'x fair':>8}{'mean score':>12}{'mean share':>12}"]
    for level in dict.fromkeys(levels):
        seats = [(o, s) for o in outcomes for s, lv in enumerate(o["levels"]) if lv == level]
        if not seats:
            continue
        wins = sum(1 for o, s in seats if o["winner"] == s)
        scores = [o["scores"][s] for o, s in seats]
        shares = [o["scores"][s] / max(1, sum(o["scores"])) for o, s in seats]
        lines.append(f"{level:<8}{len(seats):>7}{wins:>7}{rate_text(wins, len(seats)):>25}"
                     f"{wins / len(seats) * players:>8.2f}"
                     f"{statistics.fmean(scores):>12.1f}{statistics.fmean(shares):>12.3f}")
    for level in dict.fromkeys(levels):
        samples = [t for o in outcomes for t in o["times"].get(level, [])]
        lines.append(f"CPU time per decision, {level}: {time_summary(samples)}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Zetema AI-vs-AI games through the contract")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
