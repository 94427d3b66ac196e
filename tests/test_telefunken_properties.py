"""Telefunken rules under random legal play (hypothesis): invariants that hold everywhere."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from game.ai import telefunken as ai
from game.rules import IllegalMove
from game.rules import telefunken as t

SETTINGS = settings(max_examples=6, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])
MAX_PLIES = 20000


def all_cards(state: t.State) -> Counter:
    found = Counter(state.stock) + Counter(state.discard)
    for hand in state.hands:
        found.update(hand)
    for meld in state.melds:
        found.update(meld.cards)
    return found


def check_invariants(state: t.State) -> None:
    assert all_cards(state) == Counter(t.deck())
    assert all(0 <= c <= 7 for c in state.chips)
    assert all(m.count("JK") <= 1 for m in (meld.cards for meld in state.melds))
    for meld in state.melds:
        assert t.check_group(meld.cards) == meld.cards
    assert state.melded == tuple(any(m.owner == s for m in state.melds)
                                 for s in range(state.players))
    if state.phase != "over":
        assert t.to_move(state) is not None and t.legal_moves(state)
        assert len(state.deal_winners) == state.deal - 1


def garbage(state: t.State, rng: random.Random) -> str:
    """A well-formed-looking move that may or may not be legal."""
    cards = [rng.choice(t.ALL_CARDS) for _ in range(rng.choice((1, 2, 3, 5)))]
    verb = rng.choice(["meld", "add", "discard", "swap", "free", "buy", "draw", "cut", "take"])
    if verb == "add":
        return f"add {' '.join(cards)} to {rng.randrange(6)} {rng.choice(['', 'low', 'high'])}"
    if verb == "swap":
        return f"swap {cards[0]} in {rng.randrange(6)} {rng.choice(['low', 'high'])}"
    if verb == "free":
        return f"free {rng.randrange(6)} with {' '.join(cards[:2])}"
    if verb == "cut":
        return f"cut {rng.randrange(120)}"
    if verb in ("buy", "draw", "take"):
        return verb
    return f"{verb} {' '.join(cards)}"


def mixed_move(state: t.State, rng: random.Random, noise: float) -> str:
    """Mostly the normal AI (so deals end), sometimes any legal move at random."""
    legal = t.legal_moves(state)
    if rng.random() < noise:
        return rng.choice(legal)
    seat = t.to_move(state)
    return ai.choose(t.view(state, seat), legal, "normal", rng)


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), noise=st.floats(0.0, 0.3))
def test_whole_games_keep_every_card_and_every_deal_ends(seed, players, noise):
    rng = random.Random(seed)
    state = t.new_game(players, seed=seed)
    plies = 0
    while t.to_move(state) is not None:
        if plies % 7 == 0:
            check_invariants(state)
        if plies % 25 == 0:
            assert t.load(t.dump(state)) == state
            move = garbage(state, rng)
            before = t.dump(state)
            try:
                t.play(state, move)
            except IllegalMove:
                pass
            assert t.dump(state) == before
        state = t.play(state, mixed_move(state, rng, noise))
        plies += 1
        assert plies < MAX_PLIES, f"game stuck in deal {state.deal}"
    check_invariants(state)
    res = t.result(state)
    assert len(res["deal_winners"]) == 7 and res["winners"]
    assert sum(res["stakes"]) == 0
    assert t.load(t.dump(state)) == state


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 400))
def test_every_listed_move_is_accepted_and_the_input_kept(seed, plies):
    rng = random.Random(seed)
    state = t.new_game(rng.randint(2, 6), seed=seed)
    for _ in range(plies):
        if t.to_move(state) is None:
            return
        state = t.play(state, mixed_move(state, rng, 0.5))
    if t.to_move(state) is None:
        return
    legal = t.legal_moves(state)
    assert len(set(legal)) == len(legal)
    before = t.dump(state)
    for move in rng.sample(legal, min(12, len(legal))):
        after = t.play(state, move)
        check_invariants(after)
        assert t.load(t.dump(after)) == after
    assert t.dump(state) == before
    for _ in range(10):
        move = garbage(state, rng)
        if move in legal:
            continue
        try:
            t.play(state, move)
        except IllegalMove:
            pass
        assert t.dump(state) == before


@settings(max_examples=40, deadline=None)
@given(data=st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                         lambda inner: st.lists(inner, max_size=4)
                         | st.dictionaries(st.sampled_from(
                             ["hands", "stock", "phase", "to_move", "melds", "deal",
                              "players", "chips", "discard", "offer", "given"]), inner,
                             max_size=6), max_leaves=20))
def test_load_rejects_garbage_with_value_error_only(data):
    try:
        t.load(data)
    except ValueError:
        pass


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), field=st.sampled_from(
    ["hands", "stock", "discard", "melds", "chips", "phase", "to_move", "deal", "offer",
     "given", "fresh", "totals", "melded", "first_turn", "dealer"]),
    value=st.one_of(st.none(), st.integers(-3, 120), st.text(max_size=4),
                    st.lists(st.sampled_from(["JK", "7H", "XX", 3]), max_size=4)))
def test_corrupted_positions_load_or_raise_value_error(seed, field, value):
    rng = random.Random(seed)
    state = t.new_game(4, seed=seed)
    for _ in range(rng.randrange(200)):
        state = t.play(state, mixed_move(state, rng, 0.3))
        if t.to_move(state) is None:
            break
    data = t.dump(state)
    data[field] = value
    try:
        loaded = t.load(data)
    except ValueError:
        return
    check_invariants(loaded)


def variant(move: str, rng: random.Random) -> str:
    """The same move written differently: letter case, blanks, the order of a set's cards,
    of a meld's groups, of the cards given back or used to free a joker."""
    words = move.split()
    verb = words[0]
    if verb == "meld":
        groups = [g.split() for g in " ".join(words[1:]).split("|")]
        for g in groups:
            if len({c[:-1] for c in g if c != "JK"}) == 1:      # a set: any card order
                rng.shuffle(g)
        rng.shuffle(groups)
        words = [verb] + " | ".join(" ".join(g) for g in groups).split()
    elif verb == "exchange":
        rest = words[1:]
        rng.shuffle(rest)
        words = [verb, *rest]
    elif verb == "free":
        words = words[:3] + rng.sample(words[3:], 2)
    blanks = ["", " ", "  ", "\t"]
    text = rng.choice(blanks) + "".join(w + rng.choice(blanks[1:]) for w in words)
    return "".join(ch.upper() if rng.random() < 0.5 else ch.lower() for ch in text)


def mutant(move: str, rng: random.Random) -> str:
    """A legal move with one word changed, dropped or added."""
    words = move.split()
    i = rng.randrange(len(words))
    kind = rng.choice(["card", "number", "drop", "end"])
    if kind == "card":
        words[i] = rng.choice(t.ALL_CARDS)
    elif kind == "number":
        words[i] = str(rng.choice([0, 1, 2, 3, 5, 40, 104, 105]))
    elif kind == "drop" and len(words) > 1:
        del words[i]
    else:
        words.append(rng.choice(["low", "high", "JK", "to", "1"]))
    return " ".join(words)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 500))
@example(seed=2560, plies=110)  # "add 3C 4S to 2" on a run of spades was played (2026-12-04)
def test_play_accepts_variants_of_legal_moves_and_nothing_that_is_not_one(seed, plies):
    rng = random.Random(seed)
    state = t.new_game(rng.randint(2, 6), seed=seed)
    for _ in range(plies):
        if t.to_move(state) is None:
            return
        state = t.play(state, mixed_move(state, rng, 0.4))
    if t.to_move(state) is None:
        return
    legal = t.legal_moves(state)
    for move in rng.sample(legal, min(8, len(legal))):
        assert t.play(state, variant(move, rng)) == t.play(state, move)
    outcomes = None
    for move in rng.sample(legal, min(8, len(legal))):
        for _ in range(3):
            text = mutant(move, rng)
            try:
                after = t.play(state, text)
            except IllegalMove:
                continue
            if outcomes is None:
                outcomes = {t.play(state, m) for m in legal}
            assert after in outcomes, f"{text!r} played but is no legal move"
