"""Zertz: fixed-seed random playouts replay to the same positions, moves and events.

The digest was recorded before any speed-up of the engine (issue 12): an optimisation must
leave every legal-move list, event list and dumped position of these playouts unchanged.
"""

from __future__ import annotations

from game.rules import zertz as z
from tests.test_zetema_replay import playout_digest

PLAYOUTS = [(seed, 2, {}, 0.0) for seed in range(1, 21)]
DIGEST = "f2a54609058f6888387e45441e9d7f5928c0ee5e172f7556fe3c535b93b206ff"
STEPS = 982


def test_seeded_playouts_are_unchanged():
    assert playout_digest(z, PLAYOUTS) == (DIGEST, STEPS)
