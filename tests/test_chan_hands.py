"""Chắn hand analysis: the direct pairing (parity per rank) agrees with a full search.

``hands.pairing`` finds the arrangement from each rank's suit counts alone, and ``best_win``
rejects early on parity and on the Chắn count. The reference below is the search the engine
used before (every choice of Cạ per rank, every arrangement scored); both must give the same
arrangements and the same wins on random holdings, most of them near a win.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

from game.rules import chan
from game.rules.chan.cards import CHICHI, FACE_INDEX, FACES, SUITS
from game.rules.chan.hands import (
    MIN_CHAN,
    PAIRS_TO_WIN,
    Win,
    arrangements,
    best_win,
    features_of,
    group_kind,
    group_of,
    score,
)


def reference_arrangements(cards):
    count = Counter(cards)
    if sum(count.values()) % 2 or count[CHICHI] % 2:
        return []
    chans = []
    for face in sorted(count, key=FACE_INDEX.__getitem__):
        chans += [(face, face)] * (count[face] // 2)
    per_rank = []
    for rank in range(2, 10):
        suit_counts = [count[f"{rank}{s}"] for s in SUITS]
        faces = [f"{rank}{s}" for s in SUITS]
        options = []
        for uses in product((0, 1), repeat=3):  # Cạ pairs M-S, M-C, S-C
            given = [uses[0] + uses[1], uses[0] + uses[2], uses[1] + uses[2]]
            if any(g > 1 or g > c or (c - g) % 2 for g, c in zip(given, suit_counts)):
                continue
            options.append([(faces[a], faces[b])
                            for u, (a, b) in zip(uses, ((0, 1), (0, 2), (1, 2))) if u])
        if not options:
            return []
        per_rank.append(options)
    return [tuple(chans + [p for option in choice for p in option])
            for choice in product(*per_rank)]


def reference_best_win(concealed, exposed, winning, how, initial):
    loose = list(concealed) + ([winning] if how in ("stock", "own") else [])
    exposed_cards = [c for g in exposed for c in g]
    if len(loose) + len(exposed_cards) != 2 * PAIRS_TO_WIN:
        return None
    ex_chan = sum(group_kind(g)[0] for g in exposed)
    ex_ca = sum(group_kind(g)[1] for g in exposed)
    best = None
    for arranged in reference_arrangements(loose):
        chan_ = ex_chan + sum(1 for p in arranged if p[0] == p[1])
        ca = ex_ca + sum(1 for p in arranged if p[0] != p[1])
        if chan_ < MIN_CHAN:
            continue
        if winning == CHICHI and how != "heaven" and (chan_, ca) != (MIN_CHAN, 4):
            continue
        all_chan = how != "heaven" and winning is not None and not any(
            len(p) == 2 and p[0] != p[1] and group_of(p[0]) == group_of(winning)
            for p in (*exposed, *arranged))
        features = features_of(loose + exposed_cards, chan_, ca, how=how,
                               winning_rank_all_chan=all_chan, initial=initial)
        points, arithmetic = score(features)
        if best is None or points > best.score:
            pairs = tuple(tuple(g) for g in exposed) + tuple(arranged)
            best = Win(pairs, chan_, ca, tuple(features), points, arithmetic)
    return best


def near_win(rng: random.Random, chiu: str | None = None) -> list[str]:
    """20 cards from the pack made of ten pairs (5 to 10 Chắn, the rest Cạ; four ``chiu``
    first when given), one card swapped for another about a third of the time."""
    pool = Counter({f: 4 for f in FACES})
    cards: list[str] = []
    if chiu:
        cards += [chiu] * 4
        pool[chiu] = 0
    chans = rng.randrange(5, 11)
    while len(cards) < 20:
        if len(cards) // 2 < chans:
            face = rng.choice([f for f in FACES if pool[f] >= 2])
            pair = [face, face]
        else:
            rank = rng.randrange(2, 10)
            suits = [f"{rank}{s}" for s in SUITS if pool[f"{rank}{s}"]]
            if len(suits) < 2:
                continue
            pair = rng.sample(suits, 2)
        cards += pair
        pool.subtract(pair)
    if rng.random() < 0.35:
        at = rng.randrange(4 if chiu else 0, 20)
        cards[at] = rng.choice([f for f in FACES if pool[f]])
    return cards


def test_pairing_matches_the_full_search_on_random_cards():
    rng = random.Random(7)
    for _ in range(1500):
        cards = near_win(rng)[: rng.randrange(0, 21)]
        assert arrangements(cards) == reference_arrangements(cards), cards


def test_best_win_matches_the_full_search_on_random_holdings():
    rng = random.Random(11)
    wins = 0
    for i in range(1500):
        how = ("stock", "own", "chiu", "heaven")[i % 4]
        exposed: list[tuple[str, ...]] = []
        winning: str | None = None
        if how == "chiu":
            winning = rng.choice(FACES)
            cards = near_win(rng, chiu=winning)
            exposed = [tuple(cards[:4])]
            cards = cards[4:]
        else:
            cards = near_win(rng)
            rng.shuffle(cards)
            if how != "heaven":
                winning = cards.pop()
        concealed = cards
        initial = concealed + ([winning] if winning and how != "chiu" else [])
        got = best_win(concealed, exposed, winning, how=how, initial=initial)
        want = reference_best_win(concealed, exposed, winning, how, initial)
        assert got == want, (concealed, exposed, winning, how)
        wins += got is not None
    assert 300 < wins < 1200, wins  # the sample reaches wins and near misses


def test_legal_moves_are_a_fresh_list_each_time():
    state = chan.new_game(seed=5)
    moves = chan.legal_moves(state)
    moves.clear()
    assert chan.legal_moves(state) and chan.legal_moves(state) is not chan.legal_moves(state)
    after = chan.play(state, chan.legal_moves(state)[-1])
    assert chan.legal_moves(after) != chan.legal_moves(state) or after.seat != state.seat
