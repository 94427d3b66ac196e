"""Pure rules engines, one module per game (see shared/design/engine-contract.md).

Nothing under ``game.rules`` imports pygame, esper, scenes or ecs.
"""


class IllegalMove(ValueError):
    """A move that is malformed or not legal in the position; the message says why."""
