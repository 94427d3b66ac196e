"""Engine speed: steps per second of CPU time in seeded random playouts, per game.

    python tools/bench_engines.py                      # all four games, 5 s of CPU each
    python tools/bench_engines.py --game zetema --steps 20000
    python tools/bench_engines.py --games zertz,chan --seconds 2

A step is one ``legal_moves(state)`` followed by one ``play(state, move)`` of a move chosen
uniformly from that list. Playout ``i`` of a game starts from ``new_game(players, seed=i)``
(i = 1, 2, ...) and picks its moves with ``random.Random(i)``, so a step budget (``--steps``)
measures exactly the same positions on every run and every machine. Time is CPU time of this
process (``time.process_time``), so other programs on the machine barely change the figure.
Only the public engine contract is used (``game.rules.<name>``: ``new_game``,
``legal_moves``, ``play``, ``to_move``, ``result``), so any engine change that keeps the
contract is measured the same way. Player counts: Zertz 2, Zetema 3, Telefunken 2, Chắn 4.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

GAMES = {"zertz": 2, "zetema": 3, "telefunken": 2, "chan": 4}
"""Game name -> number of players in the benchmark."""

MAX_PLIES = 20000
"""A playout that has not ended after this many steps is cut (and the next one starts)."""


@dataclass
class Figures:
    """What one benchmark run measured."""

    game: str
    players: int
    steps: int
    playouts: int
    finished: int
    cpu: float

    @property
    def rate(self) -> float:
        return self.steps / self.cpu if self.cpu > 0 else 0.0


def bench(game: str, *, steps: int | None = None, seconds: float | None = None,
          players: int | None = None, first_seed: int = 1) -> Figures:
    """Random playouts of ``game`` until ``steps`` steps or ``seconds`` of CPU are spent.

    With ``steps`` the measured work is fixed (the budget may end a playout midway); with
    ``seconds`` the run stops at the first step past the budget.
    """
    if (steps is None) == (seconds is None):
        raise ValueError("give exactly one of steps or seconds")
    rules = importlib.import_module(f"game.rules.{game}")
    players = players or GAMES[game]
    done = playouts = finished = 0
    cpu = 0.0
    seed = first_seed
    while True:
        start = time.process_time()
        state = rules.new_game(players, seed=seed)
        rng = random.Random(seed)
        plies = 0
        stop = False
        while rules.to_move(state) is not None and plies < MAX_PLIES:
            state = rules.play(state, rng.choice(rules.legal_moves(state)))
            plies += 1
            if steps is not None and done + plies >= steps:
                stop = True
                break
            if seconds is not None and plies % 64 == 0 \
                    and cpu + time.process_time() - start >= seconds:
                stop = True
                break
        cpu += time.process_time() - start
        done += plies
        playouts += 1
        if rules.to_move(state) is None:
            assert rules.result(state) is not None
            finished += 1
        if stop or (seconds is not None and cpu >= seconds):
            break
        seed += 1
    return Figures(game, players, done, playouts, finished, cpu)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES),
                        help="comma-separated games to measure (default: all four)")
    parser.add_argument("--game", action="append", choices=sorted(GAMES),
                        help="one game to measure (repeatable; overrides --games)")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, help="CPU seconds per game (default 5)")
    budget.add_argument("--steps", type=int, help="steps per game (a fixed amount of work)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first playout")
    args = parser.parse_args(argv)
    games = args.game or [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game(s): {', '.join(unknown)} (choose from {', '.join(GAMES)})")
    if args.steps is not None and args.steps < 1:
        parser.error("--steps must be at least 1")
    if args.seconds is not None and args.seconds <= 0:
        parser.error("--seconds must be above 0")
    seconds = 5.0 if args.seconds is None and args.steps is None else args.seconds
    print(f"{'game':<11} {'players':>7} {'steps':>8} {'playouts':>8} {'ended':>6} "
          f"{'CPU s':>7} {'steps/s':>9}")
    for game in games:
        f = bench(game, steps=args.steps, seconds=seconds, first_seed=args.seed)
        print(f"{f.game:<11} {f.players:>7} {f.steps:>8} {f.playouts:>8} {f.finished:>6} "
              f"{f.cpu:>7.2f} {f.rate:>9.0f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
