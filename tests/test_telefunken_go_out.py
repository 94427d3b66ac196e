"""Telefunken deal 7: ``legal_moves`` lists every go-out meld, each once, canonical, and fast.

The go-out melds of built hands are checked against a brute-force enumeration written here
from the spec alone (every group the hand holds, every way to cover the hand with them but
for at most one card, kept when a trio and a run of seven or more are among them): small
hands with aces both ends, identical cards and jokers, seeded random hands built from
groups, and a 27-card hand with two jokers (the largest hand a player can hold when it may
meld: 11 dealt, 1 cut bonus, 7 buys of 2, the drawn card). ``play`` accepts every listed
move and refuses moves that are not listed. (A 27-card hand with 1,908 go-out melds matched
the reference too, but the brute force takes 10 s under pytest, too slow for the suite.)
"""

from __future__ import annotations

import gc
import itertools
import random
from collections import Counter

import pytest

from game.ai import telefunken as ai
from game.rules import IllegalMove
from game.rules import telefunken as t
from game.rules.telefunken import covers
from tests.test_telefunken_rules import load

OTHERS = ["4S 6H 8D", "3D 6D 8C", "6S 8H 10C"]
"""Hands of the other three seats (the tests' hands avoid these cards)."""

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")


# ---------------------------------------------------------------------------------------------
# The reference: brute force from the spec's words


def _name(value: int, suit: int) -> str:
    return RANKS[(value - 1) % 13] + SUITS[suit]


def _card_key(card: str) -> tuple[int, int]:
    if card == "JK":
        return (99, 9)
    return RANKS.index(card[:-1]) + 1, SUITS.index(card[-1])


def _group_key(group: tuple[str, ...]) -> tuple:
    """The spec's order: sets before runs; by first card, rank (ace lowest) then suit; a run's
    leading joker counts as the card it stands for (a natural before a joker for one card)."""
    naturals = [c for c in group if c != "JK"]
    if len({c[:-1] for c in naturals}) == 1:
        return (0, tuple(_card_key(c) for c in group))
    i, first = next((i, c) for i, c in enumerate(group) if c != "JK" and c[:-1] != "A")
    low = _card_key(first)[0] - i
    suit = _card_key(first)[1]
    return (1, tuple((low + k, suit, c == "JK") for k, c in enumerate(group)))


def reference_groups(hand: list[str]) -> list[tuple[str, ...]]:
    """Every set and run the hand holds, spelt canonically (a set by suit, joker last; a run
    low to high with the joker where it stands)."""
    count = Counter(hand)
    jokers = count["JK"]
    out = set()
    for value in range(1, 14):
        held = [(_name(value, s), count[_name(value, s)]) for s in range(4)]
        for pick in itertools.product(*(range(n + 1) for _, n in held)):
            cards = tuple(c for (c, _), k in zip(held, pick) for _ in range(k))
            for joker in (0, 1) if jokers else (0,):
                if len(cards) >= 2 and len(cards) + joker >= 3:
                    out.add(cards + ("JK",) * joker)
    for suit in range(4):
        for low in range(1, 13):
            for length in range(3, min(13, 15 - low) + 1):
                cards = [_name(v, suit) for v in range(low, low + length)]
                for joker_at in (None, *range(length)) if jokers else (None,):
                    if all(count[c] for i, c in enumerate(cards) if i != joker_at):
                        out.add(tuple("JK" if i == joker_at else c for i, c in enumerate(cards)))
    return sorted(out, key=_group_key)


def reference_go_outs(hand: list[str]) -> set[str]:
    """Every go-out meld: groups covering the hand but for at most one card, with a trio and a
    run of seven or more, spelt canonically. The search takes the lowest card still in hand:
    it is left over or lies in one of the groups (every cover is found, some more than once)."""
    groups = reference_groups(hand)
    order = sorted(set(hand), key=_card_key)            # naturals by rank and suit, JK last
    where = {c: i for i, c in enumerate(order)}
    jk = where.get("JK", len(order))

    def vector(cards) -> tuple[int, ...]:
        count = Counter(where[c] for c in cards)
        return tuple(count[i] for i in range(len(order)))

    by_low: dict[int, list] = {}
    for g in groups:
        need = sorted(Counter(where[c] for c in g).items())
        by_low.setdefault(min(where[c] for c in g if c != "JK"), []).append((g, need))
    memo: dict[tuple, set[tuple[tuple[str, ...], ...]]] = {}

    def covers(rest: tuple[int, ...], left: int) -> set[tuple[tuple[str, ...], ...]]:
        """Every cover of ``rest`` (but for ``left`` cards at most) as sorted group tuples."""
        key = (rest, left)
        if key not in memo:
            low = next((i for i, n in enumerate(rest) if n and i != jk), None)
            if low is None:
                out = {()} if (rest[jk] if jk < len(rest) else 0) <= left else set()
            else:
                out = set()
                if left:
                    out |= covers(rest[:low] + (rest[low] - 1,) + rest[low + 1:], 0)
                for g, need in by_low.get(low, ()):
                    if all(rest[i] >= k for i, k in need):
                        after = list(rest)
                        for i, k in need:
                            after[i] -= k
                        out |= {tuple(sorted((g, *sub), key=_group_key))
                                for sub in covers(tuple(after), left)}
            memo[key] = out
        return memo[key]

    collecting = gc.isenabled()
    gc.disable()     # the memo holds many small sets: collecting them again and again is slow
    try:
        found = covers(vector(hand), 1)
    finally:
        if collecting:
            gc.enable()
    return {"meld " + " | ".join(" ".join(g) for g in cover)
            for cover in found if _has_contract(list(cover))}


def _has_contract(groups: list[tuple[str, ...]]) -> bool:
    kinds = [(_group_key(g)[0], len(g)) for g in groups]
    return (0, 3) in kinds and any(kind == 1 and n >= 7 for kind, n in kinds)


# ---------------------------------------------------------------------------------------------
# Hands


def go_outs(hand: str | list[str]) -> list[str]:
    state = load([hand if isinstance(hand, str) else " ".join(hand), *OTHERS], deal=7)
    return [m for m in t.legal_moves(state) if m.startswith("meld ")]


def built_hand(rng: random.Random, size: int) -> list[str]:
    """A hand of about ``size`` cards made of random groups (so it has go-out melds), from a
    pack without the other seats' cards, plus a loose card or two."""
    pack = Counter(t.DECK) - Counter(" ".join(OTHERS).split()) - Counter(["2C"])  # 2C: the discard
    suits = rng.sample(SUITS, rng.choice([1, 2, 2, 3]))
    hand: list[str] = []

    def take(cards: list[str]) -> None:
        if not Counter(cards) - pack and len(hand) + len(cards) <= size:
            pack.subtract(cards)
            hand.extend(cards)

    value = rng.randint(1, 13)
    take([_name(value, SUITS.index(rng.choice(suits))) for _ in range(3)])
    suit = SUITS.index(rng.choice(suits))
    low = rng.randint(1, 8)
    run = [_name(v, suit) for v in range(low, low + rng.randint(7, min(9, 15 - low)))]
    if rng.random() < 0.5:
        run[rng.randrange(len(run))] = "JK"
    take(run)
    for _ in range(30):
        if len(hand) >= size - 2:
            break
        if rng.random() < 0.5:
            value = rng.randint(1, 13)
            cards = [_name(value, SUITS.index(rng.choice(suits))) for _ in range(rng.choice([3, 4]))]
        else:
            suit = SUITS.index(rng.choice(suits))
            low = rng.randint(1, 12)
            cards = [_name(v, suit) for v in range(low, low + rng.randint(3, min(5, 15 - low)))]
        if rng.random() < 0.3:
            cards[rng.randrange(len(cards))] = "JK"
        take(cards)
    loose = [c for c in pack.elements() if c == "JK" or c[-1] in suits]
    for _ in range(rng.choice([0, 1, 1, 2])):
        take([rng.choice(loose)])
    return hand


SMALL_HANDS = [
    "3S 4S 5S 6S 7S 8S 9S 10H 10D 10C KH KD KC",        # one go-out, no choice
    "AS 2S 3S 4S 5S 6S 7S QS KS AS 5H 5D 5C",           # ace low and ace high in one suit
    "2H 3H 4H 5H 6H 7H 8H 9H 9D 9C 9S 2C",              # 9H in the run or the set; a leftover
    "JK 3D 4D 5D 6D 7D 8D 9D 10D KS KS KH",             # a joker at either end or in a set
    "QC QC QD QS JK 5C 6C 7C 8C 9C 10C JC KC",          # identical cards, joker anywhere
    "2S 3S 4S 5S 6S 7S 8S 8S 8H 8D 9S 10S JS JK 2C",    # sets of 8s or runs through 8S
    "JK JK 9H 10H JH QH KH AH 2H 3H 4H 4D 4C",          # two jokers, no K A 2 wrap
]


@pytest.mark.parametrize("hand", SMALL_HANDS)
def test_small_hands_list_exactly_the_reference_go_outs(hand):
    listed = go_outs(hand)
    assert len(listed) == len(set(listed))
    assert set(listed) == reference_go_outs(hand.split())


def test_seeded_random_hands_list_exactly_the_reference_go_outs():
    rng = random.Random(15)
    total = 0
    for _ in range(30):
        hand = built_hand(rng, rng.choice([11, 13, 15, 17]))
        listed = go_outs(hand)
        assert len(listed) == len(set(listed)), hand
        assert set(listed) == reference_go_outs(hand), hand
        total += len(listed)
    assert total > 100       # the hands do have go-outs (sample size: 30 hands)


ORDER_HANDS = [
    "JK 5S KS 2S 7S AS 4S AS JS 9S 6S JS 3S 8S JK",
    "KS 10S 10H 9S JK 3S 4H 4S QS 3H 8S 3S 3H JK QH JK 5H JS 5S 2H",
    "JK 6D JD QH 4H JK QH JH 8D 7D 4D 3H 3D 5D QD JD",
    "3D JK 10D AD JK JK JK 3D 5D 4D 2D 7D QD 10D 8D AD",
    "AH AS AC QS KS AS 3C 3H 3S 2D 2S 2C 5H 6H 7H 8H 9H 10H JH QH KH JK",
]
"""Hands whose search meets groups out of canonical order: runs led by jokers (found at their
first natural card, later than runs they sort before), aces searched high (a set of aces is
found last and spelt first), sets and runs interleaved. Between them they take every path of
``covers.cover_texts`` that puts a meld's groups back in order."""


@pytest.mark.parametrize("small", [0, 64])
@pytest.mark.parametrize("hand", ORDER_HANDS)
def test_groups_met_out_of_order_are_spelt_in_canonical_order(hand, small, monkeypatch):
    # small=0: every cover is spelt by walking the graph; 64: small tails are spelt once
    monkeypatch.setattr(covers, "_SMALL", small)
    listed = t.go_out_moves(hand.split())
    assert listed == sorted(set(listed))
    assert set(listed) == reference_go_outs(hand.split())
    assert not [move for move in listed if not _canonical(move)]
    # the tuples of groups (``find_go_out_melds``) say the same
    assert sorted(t._meld_text(m) for m in t.find_go_out_melds(hand.split())) == listed


# ---------------------------------------------------------------------------------------------
# A 27-card hand with jokers

BIG_HAND = ("3S 4S 5S 6S 7S 8S 9S 2H 3H 4H 9D 9C 9H KD KC KH 5D 6D 7D 8D JC QC KC AD AC "
            "JK JK")
"""27 cards, two jokers: runs and sets in every suit, 207 go-out melds (the brute force
needs about a second at most for it; bigger lists are in ``tools/bench_go_out.py``)."""


def test_a_27_card_hand_with_two_jokers_lists_every_go_out_once_canonically():
    hand = BIG_HAND.split()
    assert len(hand) == 27
    listed = go_outs(hand)
    expected = reference_go_outs(hand)
    assert len(listed) == len(expected) > 200
    assert len(set(listed)) == len(listed)
    assert set(listed) == expected
    assert not [move for move in listed if not _canonical(move)]


def _canonical(move: str) -> bool:
    """Each group spelt as ``check_group`` spells it, the groups in ``group_order_key`` order."""
    groups = [tuple(g.split()) for g in move[len("meld "):].split(" | ")]
    keys = [t.group_order_key(g) for g in groups]
    return [t.check_group(g) for g in groups] == groups and keys == sorted(keys)


def test_every_listed_go_out_is_accepted_and_goes_out():
    hand = BIG_HAND.split()
    state = load([BIG_HAND, *OTHERS], deal=7)
    listed = [m for m in t.legal_moves(state) if m.startswith("meld ")]
    for move in listed:
        after = t.play(state, move)
        left = after.hands[0]
        assert len(left) <= 1
        if left:
            assert t.to_move(after) == 0 and t.legal_moves(after) == [f"discard {left[0]}"]
    # the state is unchanged by all this
    assert [m for m in t.legal_moves(state) if m.startswith("meld ")] == listed
    assert Counter(state.hands[0]) == Counter(hand)


def test_a_harmless_variant_plays_as_the_listed_move_and_unlisted_melds_are_refused():
    state = load([BIG_HAND, *OTHERS], deal=7)
    listed = [m for m in t.legal_moves(state) if m.startswith("meld ")]
    move = listed[len(listed) // 2]
    groups = move[len("meld "):].split(" | ")
    variant = "MELD  " + " |  ".join(reversed(groups)).lower()
    assert t.play(state, variant) == t.play(state, move)
    # two groups short: more than one card stays, which deal 7 forbids
    short = "meld " + " | ".join(groups[:-1])
    assert short not in listed
    with pytest.raises(IllegalMove, match="at most one"):
        t.play(state, short)
    # every card but a joker in valid groups, but no run of seven: 3S-6S and 7S-9S
    no_run = ("meld AD AC JK | 9D 9C 9H | KD KC KH | 2H 3H 4H | 3S 4S 5S 6S | 5D 6D 7D 8D"
              " | 7S 8S 9S | JC QC KC")
    assert no_run not in listed
    with pytest.raises(IllegalMove, match="run"):
        t.play(state, no_run)


def test_repeated_calls_give_equal_independent_lists():
    state = load([BIG_HAND, *OTHERS], deal=7)
    first = t.legal_moves(state)
    first.clear()
    again = t.legal_moves(state)
    assert again and again == t.legal_moves(state)


def test_the_computer_player_picks_a_listed_go_out_the_same_way_twice():
    state = load([BIG_HAND, *OTHERS], deal=7)
    legal = t.legal_moves(state)
    view = t.view(state, t.to_move(state))
    picks = {ai.choose(view, legal, level, random.Random(3)) for level in ("normal", "normal")}
    assert len(picks) == 1 and next(iter(picks)).startswith("meld ") and picks <= set(legal)
