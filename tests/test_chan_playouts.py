"""Chắn: fixed-seed playouts give exactly the recorded sequence of moves, states and results.

The digests were recorded with the engine before its speed-up (issue 12), so any change in
what the engine does (legal moves, positions, events, views, results) shows here. Recorded
again on 2026-12-05, when a face declined as Chắn (restriction 3) began to bar a winning
hand that would use it in a Cạ: the only difference in these 32 deals was seed 8, move 46
(seat 4 held 4S, declined, and the live 4M would have made it a Cạ: no ``u`` now). Two
policies: uniformly random moves, and random moves that always take a win (so that many
deals end in wins with features, not in a drawn stock).
"""

from __future__ import annotations

import hashlib
import json
import random

from game.rules import chan

SEEDS = range(16)
RECORDED = {
    "random": "a4773a931afa2aa0e8f77f5bfd9c72cac1d227c8d90794d486593bcbb85232ad",
    "greedy": "d2954af12253adb681510b869095a8b9c6b84f37a8346c86aa212690999d9516",
}


def playout_digest(policy: str) -> str:
    digest = hashlib.sha256()
    for seed in SEEDS:
        rng = random.Random(seed)
        state = chan.new_game(seed=seed)
        while chan.to_move(state) is not None:
            moves = chan.legal_moves(state)
            digest.update(json.dumps(moves).encode())
            move = "u" if policy == "greedy" and "u" in moves else rng.choice(moves)
            state, events = chan.play_events(state, move)
            digest.update(repr(events).encode())
            digest.update(json.dumps(chan.dump(state), sort_keys=True).encode())
            digest.update(json.dumps(chan.view(state, seed % 4), sort_keys=True).encode())
        digest.update(json.dumps(chan.result(state), sort_keys=True).encode())
    return digest.hexdigest()


def test_random_playouts_are_unchanged():
    assert playout_digest("random") == RECORDED["random"]


def test_playouts_that_take_every_win_are_unchanged():
    assert playout_digest("greedy") == RECORDED["greedy"]
