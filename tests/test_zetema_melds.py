"""Zetema: ``find_melds`` lists exactly the melds a brute-force search over the hand finds.

The engine skips its run and marriage searches when a quick check says none can exist (issue
12's speed-up); this test compares it with a plain enumeration of every subset of the hand
(and of the kings and queens on the piles) on seeded random hands biased towards melds.
"""

from __future__ import annotations

import itertools
import random

from game.rules import IllegalMove
from game.rules import zetema as z


def brute_force_melds(hand: list[str], k_pile: list[str], q_pile: list[str]) -> set[str]:
    found: set[str] = set()
    for size in (z.PER_RANK, z.RUN):
        for combo in set(itertools.combinations(sorted(hand, key=z.card_key), size)):
            for kind in ("straight", "flush", "straightflush", "assembly"):
                try:
                    found.add(z.Meld(kind, z._meld_shape(kind, [(c, False) for c in combo]).cards,
                                     0).move)
                except IllegalMove:
                    pass
    tokens = [(c, False) for c in hand if c[0] in "KQ"] + [(c, True) for c in k_pile + q_pile]
    for size in range(2, len(tokens) + 1, 2):
        for combo in itertools.combinations(tokens, size):
            try:
                found.add(z._marriage_shape(list(combo)).move)
            except IllegalMove:
                pass
    return found


def random_case(rng: random.Random) -> tuple[list[str], list[str], list[str]]:
    """A hand (cards of one deck, none twice more than the deck holds) and K and Q piles."""
    deck = list(z.deck(rng.choice(z.SUITS)))
    rng.shuffle(deck)
    roll = rng.random()
    if roll < 0.35:          # a run or flush is likely
        suit, start = rng.choice(z.SUITS), rng.randrange(9)
        wanted = [z.RANKS[(start + k) % 13] + (suit if rng.random() < 0.7 else rng.choice(z.SUITS))
                  for k in range(6)]
    elif roll < 0.5:         # five of a rank, maybe
        rank = rng.choice(z.RANKS)
        wanted = [c for c in deck if c[:-1] == rank][:rng.choice((4, 5))]
    elif roll < 0.75:        # kings and queens
        wanted = [c for c in deck if c[0] in "KQ"][:rng.randrange(1, 6)]
    else:
        wanted = []
    hand = []
    for card in wanted:
        if card in deck:
            deck.remove(card)
            hand.append(card)
    extra = rng.choice((0, 1, 2)) if wanted else rng.choice((1, 2, 5, 6, 7, 7))
    hand += deck[:extra]
    rest = deck[extra:]
    q_pile = [c for c in rest if c[0] == "Q"][:rng.randrange(3)]
    k_pile = [c for c in rest if c[0] == "K"][:rng.randrange(3)]
    return hand, k_pile, q_pile


def test_find_melds_finds_exactly_the_melds_of_a_brute_force_search():
    rng = random.Random(12)
    with_melds = 0
    for _ in range(1500):
        hand, k_pile, q_pile = random_case(rng)
        listed = [m.move for m in z.find_melds(hand, {"K": k_pile, "Q": q_pile})]
        assert len(listed) == len(set(listed))
        assert set(listed) == brute_force_melds(hand, k_pile, q_pile), (hand, k_pile, q_pile)
        with_melds += bool(listed)
    assert with_melds > 500      # the sample does exercise the searches
