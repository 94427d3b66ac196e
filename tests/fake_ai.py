"""An AI module for the worker tests, importable by name in the worker process (no pygame).

``choose`` behaves by level: ``random`` draws from the generator it is given (so its move
shows whether the seed is the same), ``pile`` answers from the position (a Nim pile),
``slow`` computes until cancelled (or ``view["seconds"]``, after writing ``view["started"]``),
``boom`` raises, ``last`` takes the last legal move.
"""

from __future__ import annotations

import time
from pathlib import Path


def choose(view: dict, legal: list[str], level: str, rng) -> str:
    if level == "random":
        picks = [rng.randrange(len(legal)) for _ in range(5)]
        return legal[picks[-1]]
    if level == "pile":
        return f"take {1 + view['pile'] % 3}"
    if level == "slow":
        if view.get("started"):
            Path(view["started"]).write_text("thinking", encoding="utf-8")
        deadline = time.monotonic() + view.get("seconds", 30.0)
        count = 0
        while time.monotonic() < deadline:  # pure Python: a cancel can interrupt it
            count += 1
        return legal[0]
    if level == "boom":
        raise RuntimeError("the fake AI failed on purpose")
    return legal[-1]
