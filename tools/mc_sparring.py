"""A plain determinized Monte Carlo searcher: the sparring partner the AI levels must beat.

    python tools/simulate.py zertz --a hard --b mc --games 40          # 1,600 iterations
    python tools/simulate.py chan --deals 40 --levels hard,mc:200,easy,easy

For each decision it spends ``iterations`` iterations, spread evenly over the legal moves
(round robin, in the order of ``legal``). One iteration: deal the hidden information at random
consistently with the view (``game.ai.determinize.sample``: the bag order for Zertz, the
other hands and the stock for the card games), play the candidate move, then roll out with a
fixed policy to the end of the game (Zertz) or of the deal (card games) and score the end
for the deciding seat:

- Zertz: uniformly random legal moves; 1 for a win, 0.5 for a draw, 0 for a loss.
- Zetema: every seat plays the ``easy`` level; the seat's points gained in the rest of the
  deal minus the mean of the other seats'.
- Telefunken: every seat plays ``easy``; the mean penalty of the other seats in the deal
  minus the seat's own (chips are not counted).
- Chắn: every seat plays ``easy``; the seat's settlement of the deal.

The move with the best mean wins (ties: the first in ``legal``). There is no tree, no
inference from the opponents' past moves and no pruning: that is the point of a sparring
partner. Everything is seeded from the ``rng`` it is given, so it is reproducible. It is
slow by design (each iteration plays a whole deal through the engine): 1,600 iterations of a
card game take seconds to a minute per decision, so bulk measurements use ``mc:N``.
"""

from __future__ import annotations

import importlib
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import determinize  # noqa: E402

ITERATIONS = 1_600
MAX_ROLLOUT_PLIES = 3_000
"""A rollout that has not ended after this many moves is scored where it stands."""


class Sparring:
    """The Monte Carlo player of ``game`` with ``iterations`` iterations per decision."""

    def __init__(self, game: str, iterations: int = ITERATIONS) -> None:
        if game not in determinize.RULES:
            raise ValueError(f"unknown game {game!r}")
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        self.game = game
        self.iterations = iterations
        self.rules = determinize.RULES[game]
        self.ai = importlib.import_module(f"game.ai.{game}")

    def choose(self, view: dict, legal: list[str], rng: random.Random) -> str:
        """The legal move with the best mean rollout value (see the module docstring)."""
        if not legal:
            raise ValueError("no legal moves to choose from")
        if len(legal) == 1 or view.get("phase") == "cut":
            return legal[0] if len(legal) == 1 else rng.choice(legal)
        seat = determinize.viewer(view)
        totals = [0.0] * len(legal)
        counts = [0] * len(legal)
        for i in range(self.iterations):
            k = i % len(legal)
            state = determinize.sample(self.game, view, rng)
            totals[k] += self.rollout(state, legal[k], seat, rng)
            counts[k] += 1
        means = [t / c if c else -float("inf") for t, c in zip(totals, counts)]
        return legal[max(range(len(legal)), key=lambda k: (means[k], -k))]

    def rollout(self, state, move: str, seat: int, rng: random.Random) -> float:
        """Play ``move`` in ``state``, then the rollout policy to the end; the value for ``seat``."""
        rules = self.rules
        start = self._marks(state)
        state = rules.play(state, move)
        for _ in range(MAX_ROLLOUT_PLIES):
            mover = rules.to_move(state)
            if mover is None or self._deal_over(state, start):
                break
            legal = rules.legal_moves(state)
            if self.game == "zertz":
                choice = rng.choice(legal)
            else:
                choice = self.ai.choose(rules.view(state, mover), legal, "easy", rng)
            state = rules.play(state, choice)
        return self._value(state, start, seat)

    # -- scoring ------------------------------------------------------------------------

    def _marks(self, state) -> tuple:
        """What the value is measured against: the deal number and the scores or totals."""
        if self.game == "zetema":
            return state.deal, tuple(state.scores)
        if self.game == "telefunken":
            return state.deal, tuple(state.totals)
        return (None, None)

    def _deal_over(self, state, start: tuple) -> bool:
        return self.game in ("zetema", "telefunken") and state.deal != start[0]

    def _value(self, state, start: tuple, seat: int) -> float:
        rules = self.rules
        if self.game == "zertz":
            result = rules.result(state)
            if result is None:
                return 0.5
            winner = result.get("winner")
            return 0.5 if winner is None else float(winner == seat)
        if self.game == "chan":
            result = rules.result(state)
            return 0.0 if result is None else float(result["settlement"][seat])
        before = start[1]
        after = state.scores if self.game == "zetema" else state.totals
        gained = [a - b for a, b in zip(after, before)]
        others = [g for s, g in enumerate(gained) if s != seat]
        mean_others = sum(others) / len(others)
        if self.game == "zetema":
            return gained[seat] - mean_others
        return mean_others - gained[seat]   # penalties: fewer is better


def choose(game: str, view: dict, legal: list[str], rng: random.Random,
           iterations: int = ITERATIONS) -> str:
    """One decision of the sparring partner (a convenience for scripts and tests)."""
    return Sparring(game, iterations).choose(view, legal, rng)
