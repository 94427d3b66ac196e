"""Computer opponents, one module per game: ``choose(view, legal, level, rng) -> move``.

A module may also offer ``remember(view, befores, moves) -> view``: the view with what the
game's moves made public and the position no longer shows (Telefunken: who took which
discard). The table adds it (``recalled``); a view without it is still a whole input.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def recalled(ai: Any, view: dict, befores: Sequence, moves: Sequence[str]) -> dict:
    """``view`` with what ``ai`` remembers of the game's moves (``remember``), if it does."""
    remember = getattr(ai, "remember", None)
    if remember is None or len(befores) != len(moves):
        return view
    return remember(view, befores, moves)


def deal_moves(view: dict, befores: Sequence, moves: Sequence[str]) -> list[tuple[Any, str]]:
    """The (position, move) pairs of the deal ``view`` shows, oldest first: the moves since
    the last one played in another deal (``remember`` reads only those)."""
    start = len(moves)
    while start > 0 and befores[start - 1].deal == view["deal"]:
        start -= 1
    return list(zip(befores[start:], moves[start:]))
