"""Parlour: a local collection of four tabletop games played with the mouse.

Packages: ``game.rules`` (pure rules engines), ``game.ai`` (computer opponents), and the
application glue (``game.app``, settings, paths, the game catalogue). The ECS lives in the
top-level ``ecs`` package and the screens in ``scenes``.
"""

TITLE = "Parlour"
SUBTITLE = "four tabletop games"
__version__ = "0.1.0"
