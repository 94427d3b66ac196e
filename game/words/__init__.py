"""What each game's moves are called in the player's language: ``game.words.<key>``.

The engines describe moves in English for tools and tests (``describe`` in the engine
contract). What a player reads in the move log comes from here when the game has a words
module: ``game.words.<key>.describe(before, move, names)`` returns the sentence in the
current language (``game.i18n``), naming cards as the table shows them
(``game.card_words``: ``card_text``, ``cards_text``, ``pretty_cards``). Pure Python, no
pygame: a module here may import ``game.i18n``, ``game.card_words`` and its game's rules.

``game.session.Session.log`` words the moves when the log is read and again after a change
of language, from the position before each move (``Session.befores``) and the move: so
``describe`` may be called more than once for a move and must depend on nothing else.
``names`` are the seats' names in the current language ("You", "Seat 2", "Red"); a
``describe`` that also takes ``config`` is given the table's setup (``GameConfig``). If a
words module raises, the log falls back to the engine's English ``describe`` (cards
written as the table shows them), as it does for a game with no words module.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

Describer = Callable[[Any, str, list[str]], str]


def describer(key: str) -> Describer | None:
    """The ``describe(before, move, names)`` of ``game.words.<key>``, or None if there is none."""
    try:
        module = importlib.import_module(f"game.words.{key}")
    except ModuleNotFoundError as exc:
        if exc.name != f"game.words.{key}":
            raise
        return None
    return getattr(module, "describe", None)
