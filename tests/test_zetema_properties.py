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


# ---------------------------------------------------------------------------------------------
# Views carry nothing hidden; play accepts only case and blank variants of a legal move

BLANKS = " \t\n\r\f\v"
LOOKALIKES = ["\u017f", "\u212a", "\u00a0", "\u200b", "\x1c", "\x00", "\uff33", "\uff17",
              "\u0664", "\u0131", "\ufb06", "\u00df", "@", "@pile", "10", "1", "0", " @pile"]


def normalise(move: str) -> tuple | None:
    """A move as the words that matter: plain ASCII only, case and blanks ignored.

    A meld's cards may be listed in any order, so they are compared as a sorted list.
    None for text that is not plain ASCII (or holds control characters other than blanks).
    """
    if not move.isascii() or any(ch < " " and ch not in BLANKS for ch in move) \
            or "\x7f" in move:
        return None
    words = [w.lower() for w in move.split()]
    if len(words) > 2 and words[0] == "meld":
        return ("meld", words[1], *sorted(words[2:]))
    return tuple(words)


def mutate(move: str, rng: random.Random, alphabet: str) -> str:
    """A variant of ``move``: harmless (case, blanks) or not (a changed, lost or extra word)."""
    words = move.split()
    for _ in range(rng.randint(1, 3)):
        roll = rng.random()
        if roll < 0.2:
            words = [w.swapcase() if rng.random() < 0.5 else w.lower() for w in words]
        elif roll < 0.35 and len(words) > 3:
            tail = words[2:]
            rng.shuffle(tail)
            words = words[:2] + tail
        elif roll < 0.5 and words:
            i = rng.randrange(len(words))
            word = words[i]
            j = rng.randrange(len(word) + 1)
            words[i] = word[:j] + rng.choice(LOOKALIKES) + word[j + 1:]
        elif roll < 0.6 and words:
            del words[rng.randrange(len(words))]
        elif roll < 0.7 and words:
            words.insert(rng.randrange(len(words) + 1), rng.choice(words))
        elif roll < 0.8:
            words.append("".join(rng.choice(alphabet) for _ in range(rng.randint(1, 4))))
        elif roll < 0.9 and words:
            i = rng.randrange(len(words))
            words[i] = words[i] + "@pile" if not words[i].endswith("@pile") else words[i][:-5]
        else:
            return "".join(rng.choice(alphabet + BLANKS) for _ in range(rng.randint(0, 14)))
    glue = [rng.choice([" ", " ", "  ", "\t", " \n "]) for _ in words]
    text = "".join(g + w for g, w in zip(glue, words))
    return text + rng.choice(["", " ", "\t", "\n"])


def harmless_variant(move: str, rng: random.Random) -> str:
    """``move`` with its letters' case changed at random and blanks added around its words."""
    cased = "".join(ch.swapcase() if rng.random() < 0.5 else ch for ch in move)
    return rng.choice(["", " ", "\t"]) + rng.choice(["  ", "\t", " \n "]).join(cased.split()) \
        + rng.choice(["", " ", "\r\n"])


def check_move_variants(rules, state, rng: random.Random, alphabet: str, tries: int) -> None:
    """Every variant ``play`` accepts normalises to a legal move and plays exactly as it."""
    legal = rules.legal_moves(state)
    by_form: dict[tuple, str] = {}
    for move in legal:
        by_form.setdefault(normalise(move), move)
    before = rules.dump(state)
    for _ in range(tries):
        original = rng.choice(legal)
        variant = harmless_variant(original, rng)
        assert rules.dump(rules.play(state, variant)) == rules.dump(rules.play(state, original))
        candidate = mutate(original, rng, alphabet)
        try:
            after = rules.play(state, candidate)
        except IllegalMove:
            continue
        form = normalise(candidate)
        assert form in by_form, f"{candidate!r} was played but is no legal move"
        assert rules.dump(after) == rules.dump(rules.play(state, by_form[form])), candidate
    assert rules.dump(state) == before


@SETTINGS
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), plies=st.integers(0, 150),
       choices=st.integers(0, 10**6))
def test_play_accepts_only_case_and_blank_variants_of_legal_moves(players, seed, plies, choices):
    rng = random.Random(choices)
    state = z.new_game(players, seed=seed)
    for _ in range(plies):
        if z.to_move(state) is None:
            break
        state = z.play(state, random_move(state, rng))
    if z.to_move(state) is not None:
        check_move_variants(z, state, rng, "AKQJ1023456789SHDCshdc@ meldiscarpyt", 40)


def hide_differently(state: z.State, seat: int, rng: random.Random) -> dict:
    """The dump of ``state`` with another seed and the cards ``seat`` cannot see dealt anew.

    Other seats keep their hand sizes and the stock its size; cards shown after a meld stay
    where they are (they are public).
    """
    data = z.dump(state)
    kept: dict[int, list[str]] = {}
    pool = list(state.stock)
    for other, hand in enumerate(state.hands):
        if other == seat:
            continue
        fixed = list(state.shown) if (other == state.seat and state.phase == "discard"
                                      and state.meld != "marriage") else []
        free = list((Counter(hand) - Counter(fixed)).elements())
        kept[other] = fixed
        pool += free
    rng.shuffle(pool)
    for other, fixed in kept.items():
        n = len(state.hands[other]) - len(fixed)
        data["hands"][other] = fixed + pool[:n]
        pool = pool[n:]
    data["stock"] = pool
    data["seed"] = rng.randrange(10**6)
    return data


@SETTINGS
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), plies=st.integers(0, 150),
       choices=st.integers(0, 10**6))
def test_view_depends_only_on_what_the_seat_may_know(players, seed, plies, choices):
    rng = random.Random(choices)
    state = z.new_game(players, seed=seed)
    for _ in range(plies):
        if z.to_move(state) is None:
            break
        state = z.play(state, random_move(state, rng))
    dumped = z.dump(state)
    assert z.dump(z.load(dumped)) == dumped
    for seat in range(players):
        seen = z.view(state, seat)
        assert "seed" not in seen and "shuffles" not in seen
        other = z.load(hide_differently(state, seat, rng))
        assert z.view(other, seat) == seen
