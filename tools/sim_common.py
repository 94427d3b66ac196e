"""Shared pieces of the AI tournament tools (``tools/simulate*.py``).

- ``player(game, level)``: the decision function of a level: one of the AI module's levels
  (``easy``, ``normal``, ``hard``) or the Monte Carlo sparring partner of
  ``tools/mc_sparring.py`` (``mc`` with its default iterations, ``mc:400`` with 400).
- ``timed(choose, view, legal, rng)``: a decision and the CPU time it took (``process_time``:
  the same on a busy machine as on an idle one, as long as the process does nothing else).
- ``wilson(k, n)``: the 95% Wilson score interval of a proportion.
- ``time_summary(samples)``: p50/p95/max of decision times.
- ``run_tasks(function, tasks, jobs)``: the tasks on ``jobs`` worker processes, in order.
- ``seen_deal(rules, state, what, rng)``: the position a *cheating* search plays on in the
  luck measurements (``tools/*_luck.py``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from multiprocessing import get_context

Choose = Callable[[dict, list, object], str]


def level_names(game: str) -> tuple[str, ...]:
    """The AI levels of ``game`` (the Monte Carlo level ``mc`` comes on top)."""
    import importlib

    return tuple(importlib.import_module(f"game.ai.{game}").LEVELS)


def check_level(game: str, level: str) -> str | None:
    """None when ``level`` is playable in ``game``, else a message saying why not."""
    if level in level_names(game):
        return None
    if level == "mc" or level.startswith("mc:"):
        count = level[3:]
        if level == "mc" or (count.isdigit() and int(count) >= 1):
            return None
        return f"bad Monte Carlo level {level!r}: use mc or mc:N with N >= 1 iterations"
    return f"unknown level {level!r}: choose from {', '.join(level_names(game))}, mc or mc:N"


def player(game: str, level: str) -> Choose:
    """The decision function ``(view, legal, rng) -> move`` of ``level`` in ``game``."""
    import importlib

    problem = check_level(game, level)
    if problem:
        raise ValueError(problem)
    if level == "mc" or level.startswith("mc:"):
        import mc_sparring

        iterations = int(level[3:]) if level.startswith("mc:") else mc_sparring.ITERATIONS
        return mc_sparring.Sparring(game, iterations).choose
    choose = importlib.import_module(f"game.ai.{game}").choose
    return lambda view, legal, rng: choose(view, legal, level, rng)


def timed(choose: Choose, view: dict, legal: list, rng) -> tuple[str, float]:
    """``choose(view, legal, rng)`` and the CPU seconds it took."""
    started = time.process_time()
    move = choose(view, legal, rng)
    return move, time.process_time() - started


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of ``k`` successes in ``n`` trials."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def rate_text(k: int, n: int) -> str:
    """``"62.5% [47.0-75.8]"``: a proportion and its 95% Wilson interval, in percent."""
    if n <= 0:
        return "n/a"
    lo, hi = wilson(k, n)
    return f"{100 * k / n:.1f}% [{100 * lo:.1f}-{100 * hi:.1f}]"


def percentile(samples: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``samples`` (nearest rank)."""
    ordered = sorted(samples)
    if not ordered:
        return 0.0
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[rank - 1]


def time_summary(samples: Sequence[float]) -> str:
    """``"p50 1.2 ms, p95 3.4 ms, max 9.0 ms (812 decisions)"`` in CPU time."""
    if not samples:
        return "no decisions"
    return (f"p50 {1000 * percentile(samples, 0.5):.1f} ms, "
            f"p95 {1000 * percentile(samples, 0.95):.1f} ms, "
            f"max {1000 * max(samples):.1f} ms ({len(samples)} decisions)")


def run_tasks(function: Callable, tasks: list, jobs: int) -> list:
    """``[function(t) for t in tasks]``, on ``jobs`` worker processes when ``jobs > 1``.

    Results come back in the order of ``tasks``. The spawn start method behaves the same on
    Linux, macOS and Windows.
    """
    if jobs <= 1 or len(tasks) <= 1:
        return [function(t) for t in tasks]
    with get_context("spawn").Pool(min(jobs, len(tasks))) as pool:
        return pool.map(function, tasks, chunksize=1)


def seen_deal(rules, state, what: str, rng):
    """The position a cheating search plays on (``tools/chan_luck.py``,
    ``tools/telefunken_luck.py``): the true one (``all``), or the true hands with the stock
    shuffled (``hands``; ``rules``' saved form has a ``stock`` and a ``seed``)."""
    if what == "all":
        return state
    data = rules.dump(state)
    stock = list(data["stock"])
    rng.shuffle(stock)
    data["stock"] = stock
    data["seed"] = rng.randrange(1 << 30)
    return rules.load(data)
