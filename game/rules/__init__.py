"""Pure rules engines, one module per game: ``zertz``, ``zetema``, ``telefunken``, ``chan``.

Each offers the same functions: ``new_game``, ``legal_moves``, ``play`` (raises
``IllegalMove``), ``to_move``, ``result``, ``dump``, ``load``, ``view`` (what one seat may know:
no hidden cards, no seed), ``play_events``, ``describe`` and ``REVEALING_EVENTS``. The whole
API is described in ``docs/engine-api.md``.

Nothing under ``game.rules`` imports pygame, esper, scenes or ecs.
"""


class IllegalMove(ValueError):
    """A move that is malformed or not legal in the position; the message says why."""
