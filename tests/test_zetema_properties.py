"""Zetema rules under random legal play (hypothesis): invariants that hold in every position."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import IllegalMove
from game.rules import zetema as z

MAX_PLIES = 3000
SETTINGS = settings(max_examples=30, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def all_cards(state: z.State) -> Counter:
    found = Counter(state.stock) + Counter(state.marriage_pile)
    for hand in state.hands:
        found.update(hand)
    for pile in state.piles:
        found.update(pile)
    return found


def check_invariants(state: z.State) -> None:
    assert all_cards(state) == Counter(z.deck(state.settings.double))
    assert all(len(pile) <= 5 for pile in state.piles)
    assert all(all(z.CARD_RANK[c] == r for c in pile) for r, pile in enumerate(state.piles))
    assert all(len(h) <= z.hand_limit(state.players) for h in state.hands)
    if state.phase != "over":
        assert state.hands[state.seat], "the seat to move must hold cards"
        assert not any(points >= state.settings.target for points in state.scores)


def random_move(state: z.State, rng: random.Random) -> str:
    legal = z.legal_moves(state)
    melds = [m for m in legal if m.startswith("meld")]
    if melds and rng.random() < 0.6:
        return rng.choice(melds)
    return rng.choice(legal)


def garbage(state: z.State, rng: random.Random) -> str:
    """A well-formed-looking move that may or may not be legal."""
    roll = rng.random()
    cards = [rng.choice(z.ALL_CARDS) for _ in range(rng.choice((1, 2, 5, 6)))]
    if roll < 0.3:
        return f"discard {rng.choice(z.ALL_CARDS)}"
    if roll < 0.5 and state.hands[state.seat]:
        hand = list(state.hands[state.seat])
        rng.shuffle(hand)
        return f"meld {rng.choice(z.KINDS)} {' '.join(hand[:rng.choice((2, 5, 6))])}"
    if roll < 0.7:
        kq = [c + ("@pile" if rng.random() < 0.4 else "") for c in z.ALL_CARDS
              if c[0] in "KQ"]
        return "meld marriage " + " ".join(rng.sample(kq, rng.choice((1, 2, 4))))
    if roll < 0.85:
        return f"meld {rng.choice(z.KINDS)} {' '.join(cards)}"
    return rng.choice(["", "pass", "discard", "meld", "meld flush", "discard 11H", "meld x 2H",
                       "discard 2H 3H", "Discard", "meld marriage QH@pil"])


@SETTINGS
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6),
       double=st.sampled_from(z.SUITS), rng=st.randoms(use_true_random=False))
def test_random_games_keep_every_invariant_and_end(players, seed, double, rng):
    state = z.new_game(players, seed=seed, double=double)
    check_invariants(state)
    plies = 0
    while z.to_move(state) is not None:
        legal = z.legal_moves(state)
        assert legal and len(legal) == len(set(legal))
        before = z.dump(state)
        if plies % 7 == 0:
            move = garbage(state, rng)
            try:
                after = z.play(state, move)
            except IllegalMove:
                assert z.dump(state) == before
            else:
                outcomes = [z.dump(z.play(state, m)) for m in legal]
                assert z.dump(after) in outcomes, move
        if plies % 11 == 0:
            assert z.dump(z.load(before)) == before
            for move in legal:
                z.play(state, move)
            assert z.dump(state) == before
        move = random_move(state, rng)
        new = z.play(state, move)
        assert all(b >= a for a, b in zip(state.scores, new.scores))
        state = new
        check_invariants(state)
        plies += 1
        assert plies < MAX_PLIES
    result = z.result(state)
    assert result["scores"][result["winner"]] >= state.settings.target
    dumped = z.dump(state)
    assert z.dump(z.load(dumped)) == dumped


@SETTINGS
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), plies=st.integers(0, 120),
       rng=st.randoms(use_true_random=False))
def test_load_of_dump_plays_identically(players, seed, plies, rng):
    state = z.new_game(players, seed=seed)
    for _ in range(plies):
        if z.to_move(state) is None:
            break
        state = z.play(state, random_move(state, rng))
    copy = z.load(z.dump(state))
    assert copy == state
    for _ in range(40):
        if z.to_move(state) is None:
            break
        move = random_move(state, rng)
        state, events = z.play_events(state, move)
        copy, copy_events = z.play_events(copy, move)
        assert copy == state and copy_events == events


@SETTINGS
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), plies=st.integers(0, 150),
       rng=st.randoms(use_true_random=False))
def test_view_shows_only_what_the_seat_may_know(players, seed, plies, rng):
    state = z.new_game(players, seed=seed)
    for _ in range(plies):
        if z.to_move(state) is None:
            break
        state = z.play(state, random_move(state, rng))
    for seat in range(players):
        seen = z.view(state, seat)
        assert seen["stock"] == len(state.stock)
        for other in range(players):
            expected = list(state.hands[other]) if other == seat else len(state.hands[other])
            assert seen["hands"][other] == expected
        public = Counter(seen["marriage_pile"]) + Counter(seen["hands"][seat])
        for pile in seen["piles"].values():
            public.update(pile)
        assert public + Counter(state.stock) + sum(
            (Counter(h) for s, h in enumerate(state.hands) if s != seat), Counter()) == \
            Counter(z.deck(state.settings.double))
