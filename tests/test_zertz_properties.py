"""Property tests: random legal play from random seeds keeps the Zertz invariants."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import IllegalMove
from game.rules import zertz as z
from tests.test_zetema_properties import check_move_variants

MAX_MOVES = 400  # a game places at most 20 pieces and takes at most 18 marbles


def random_game(seed: int, choice_seed: int):
    """Yield (state, move) along a random legal game until it ends."""
    rng = random.Random(choice_seed)
    s = z.new_game(seed=seed)
    for _ in range(MAX_MOVES):
        if z.to_move(s) is None:
            return
        move = rng.choice(z.legal_moves(s))
        yield s, move
        s = z.play(s, move)
    raise AssertionError("the game did not end")


def check_invariants(s: z.State) -> None:
    for i, colour in enumerate(z.COLOURS):
        total = (list(s.marbles.values()).count(colour) + s.captured[0][i] + s.captured[1][i]
                 + s.bag.count(colour))
        assert total == 6
    for seat in (0, 1):
        on_board = sum(1 for owner in s.pieces.values() if owner == seat)
        assert on_board + s.supply[seat] == 10
        assert on_board <= 10
    assert not set(s.marbles) & set(s.pieces)
    assert set(s.marbles) <= s.rings and set(s.pieces) <= s.rings


seeds = st.integers(min_value=0, max_value=2**32 - 1)


@settings(max_examples=25, deadline=None)
@given(seed=seeds, choice_seed=seeds)
def test_random_play_keeps_the_invariants(seed, choice_seed):
    previous_rings = frozenset(z.RINGS)
    moves = 0
    for s, _move in random_game(seed, choice_seed):
        check_invariants(s)
        assert s.rings <= previous_rings  # removed rings never come back
        previous_rings = s.rings
        legal = z.legal_moves(s)
        assert legal
        assert len(legal) == len(set(legal))
        assert ("pass" in legal) == (legal == ["pass"])
        moves += 1
    assert moves <= MAX_MOVES


@settings(max_examples=15, deadline=None)
@given(seed=seeds, choice_seed=seeds)
def test_every_listed_move_is_accepted(seed, choice_seed):
    for s, _move in random_game(seed, choice_seed):
        for move in z.legal_moves(s):
            z.play(s, move)


@settings(max_examples=20, deadline=None)
@given(seed=seeds, choice_seed=seeds)
def test_dump_load_round_trips_and_plays_identically(seed, choice_seed):
    final = None
    for s, move in random_game(seed, choice_seed):
        again = z.load(z.dump(s))
        assert again == s
        assert z.legal_moves(again) == z.legal_moves(s)
        assert z.play_events(again, move) == z.play_events(s, move)
        final = z.play(s, move)
    assert final is not None
    assert z.load(z.dump(final)) == final
    assert z.result(z.load(z.dump(final))) == z.result(final)


garbage_moves = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["place", "take", "put", "pass"]).flatmap(
        lambda verb: st.text(alphabet="abcdefghz0123456789 ", max_size=4).map(
            lambda tail: f"{verb} {tail}")),
    st.integers(),
    st.none(),
)


@settings(max_examples=60, deadline=None)
@given(seed=seeds, choice_seed=seeds, steps=st.integers(min_value=0, max_value=40),
       move=garbage_moves)
def test_an_illegal_move_is_rejected_and_changes_nothing(seed, choice_seed, steps, move):
    s = z.new_game(seed=seed)
    rng = random.Random(choice_seed)
    for _ in range(steps):
        if z.to_move(s) is None:
            break
        s = z.play(s, rng.choice(z.legal_moves(s)))
    legal = z.legal_moves(s)
    normal = " ".join(move.lower().split()) if isinstance(move, str) else None
    if normal in legal:
        return
    before = z.dump(s)
    with pytest.raises(IllegalMove):
        z.play(s, move)
    assert z.dump(s) == before


@settings(max_examples=30, deadline=None)
@given(seed=seeds, first=st.sampled_from([0, 1, None]))
def test_new_game_is_consistent(seed, first):
    s = z.new_game(seed=seed, first=first)
    check_invariants(s)
    assert z.to_move(s) == (first if first is not None else z.to_move(s))
    assert z.load(z.dump(s)) == s


@settings(max_examples=30, deadline=None)
@given(seed=seeds, choice_seed=seeds, steps=st.integers(min_value=0, max_value=60))
def test_play_accepts_only_case_and_blank_variants_of_legal_moves(seed, choice_seed, steps):
    s = z.new_game(seed=seed)
    rng = random.Random(choice_seed)
    for _ in range(steps):
        if z.to_move(s) is None:
            break
        s = z.play(s, rng.choice(z.legal_moves(s)))
    if z.to_move(s) is not None:
        check_move_variants(z, s, rng, "abcdefgh0123456789 placetkusPLACETKUS", 40)


@settings(max_examples=30, deadline=None)
@given(seed=seeds, choice_seed=seeds, steps=st.integers(min_value=0, max_value=60))
def test_view_depends_only_on_what_the_seat_may_know(seed, choice_seed, steps):
    s = z.new_game(seed=seed)
    rng = random.Random(choice_seed)
    for _ in range(steps):
        if z.to_move(s) is None:
            break
        s = z.play(s, rng.choice(z.legal_moves(s)))
    dumped = z.dump(s)
    assert z.dump(z.load(dumped)) == dumped
    # Another seed and another order of the marbles still hidden in the bag.
    hidden_from = 1 if s.phase == "put" else 0
    hidden = list(s.bag[hidden_from:])
    rng.shuffle(hidden)
    other = z.load({**dumped, "seed": rng.randrange(2**32), "bag": list(s.bag[:hidden_from]) + hidden})
    for seat in (0, 1):
        seen = z.view(s, seat)
        assert "seed" not in seen and "shuffles" not in seen
        assert z.view(other, seat) == seen
