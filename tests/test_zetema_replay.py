"""Zetema: fixed-seed random playouts replay to the same positions, moves and events.

The digest was recorded with the engine before its speed-up (issue 12); any optimisation
must leave every legal-move list, event list and dumped position of these playouts
unchanged, so the digest must not change either.
"""

from __future__ import annotations

import hashlib
import json
import random

from game.rules import zetema as z

# (seed, players, options, chance of choosing a meld when one is legal)
PLAYOUTS = [(s, p, {"double": "SHDC"[s % 4]}, 0.5)
            for s, p in [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 2), (7, 3)]]
PLAYOUTS += [(s, p, {}, 0.0) for s, p in [(11, 2), (12, 3), (13, 6)]]
DIGEST = "859fe7bf04f10bb841377d70a1af1afc433d8aa1588d58151fa0008c110fe583"
STEPS = 3397


def playout_digest(rules, playouts) -> tuple[str, int]:
    """SHA-256 over every dump, legal-move list and event list of the playouts; steps."""
    h = hashlib.sha256()
    steps = 0
    for seed, players, options, meld_bias in playouts:
        state = rules.new_game(players, seed=seed, **options)
        h.update(json.dumps(rules.dump(state), sort_keys=True).encode())
        rng = random.Random(seed)
        while rules.to_move(state) is not None:
            legal = rules.legal_moves(state)
            h.update(json.dumps(legal).encode())
            melds = [m for m in legal if m.startswith("meld")]
            move = rng.choice(melds) if melds and rng.random() < meld_bias else rng.choice(legal)
            quick = rules.play(state, move)           # the path without events
            state, events = rules.play_events(state, move)
            assert quick == state
            steps += 1
            h.update(repr(events).encode())
            h.update(json.dumps(rules.dump(state), sort_keys=True).encode())
    return h.hexdigest(), steps


def test_seeded_playouts_are_unchanged():
    assert playout_digest(z, PLAYOUTS) == (DIGEST, STEPS)
